// A member's private calendar feed (issue 29 §6): whether there is one, and making or replacing its
// secret address. Thin: calendar.service.ts. Issuing a secret is a credential operation, so the
// mutations run from a signed-in session only (as createApiToken does).
import { Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { SessionOnly, ReadScope } from '../../graphql/access.js';
import { mutate } from '../../graphql/payload.js';
import type { IssuedCalendarFeed } from './calendar.service.js';
import { CalendarFeed, CreateCalendarFeedPayload, RotateCalendarFeedPayload } from './calendar.types.js';

const issued = (feed: IssuedCalendarFeed) => ({ feed: { createdAt: feed.createdAt }, url: feed.url, webcalUrl: feed.webcalUrl });

@Resolver(() => CalendarFeed)
export class CalendarFeedResolver {
  @Authorized()
  @ReadScope('read:profile')
  @Query(() => CalendarFeed, { nullable: true, description: "The caller's calendar feed, or null when they have not made one. Its address is not here: it is shown only by createCalendarFeed and rotateCalendarFeed." })
  myCalendarFeed(@Ctx() ctx: Context) {
    return ctx.services.calendar.state(ctx.viewer!);
  }

  @Authorized()
  @SessionOnly()
  @Mutation(() => CreateCalendarFeedPayload, {
    description: "Makes the caller's private calendar feed: the sessions and events of the clubs they follow, with their answers, and the public council meetings. The address is in this answer only. A caller who has one already gets a user error (use rotateCalendarFeed). Signed-in sessions only.",
  })
  createCalendarFeed(@Ctx() ctx: Context) {
    return mutate(() => ctx.services.calendar.create(ctx.viewer!), issued);
  }

  @Authorized()
  @SessionOnly()
  @Mutation(() => RotateCalendarFeedPayload, {
    description: "Gives the caller's calendar feed a new address (makes the feed when there is none): the old address stops working at once. The new address is in this answer only. Signed-in sessions only.",
  })
  rotateCalendarFeed(@Ctx() ctx: Context) {
    return mutate(() => ctx.services.calendar.rotate(ctx.viewer!), issued);
  }
}
