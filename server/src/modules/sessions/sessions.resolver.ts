// A club's dated sessions and events (issue 29 §2–3): the club's coming sessions, one session's
// page, answers, the owner's changes and the live head count. Thin: sessions.service.ts (the
// owner's changes), session-reads.service.ts (the live streams; the reads go through the loaders)
// and session-answers.service.ts hold the rules.
import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Resolver, Root, Subscription } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { AdminOnly, Public, RequiresScope, ReadScope } from '../../graphql/access.js';
import { mutate } from '../../graphql/payload.js';
import { registerNodeType } from '../../graphql/node.resolver.js';
import { PageArgs, connectionOfList, requireDatabaseId } from '../../graphql/relay.js';
import { errors } from '../../lib/errors.js';
import { Club } from '../clubs/clubs.types.js';
import { canSeeClub, ownsOrAdministers, type ClubView } from '../clubs/clubs.service.js';
import { Member } from '../users/users.types.js';
import type { UserView } from '../users/users.service.js';
import type { SessionAnswerRow } from '../../db/schema/index.js';
import { SESSION_MESSAGES as M, SESSION_WINDOW_WEEKS } from './sessions.rules.js';
import type { SessionView } from './session-reads.service.js';
import type { MyAnswer } from './session-answers.service.js';
import {
  AnswerSessionInput,
  AnswerSessionPayload,
  CancelSessionInput,
  CancelSessionPayload,
  ClubEventInput,
  ClubSession,
  ClubSessionConnection,
  ClubSessionsChangedEvent,
  CreateClubEventPayload,
  MoveSessionInput,
  MoveSessionPayload,
  MySessionAnswer,
  SessionAnswerEnum,
  SessionAttendee,
  SessionAttendeeConnection,
  SessionChangedEvent,
  SessionHeadCount,
  UpdateClubEventInput,
  UpdateClubEventPayload,
  UpdateClubSessionSettingsInput,
  UpdateClubSessionSettingsPayload,
} from './sessions.types.js';

/** Sessions per page of Club.upcomingSessions unless `first` or `last` says. */
export const SESSIONS_PAGE_DEFAULT = 20;

const sessionIdOf = (id: string) => requireDatabaseId(id, 'ClubSession', 'sessionId', M.sessionNotFound);

/** The session if the caller may see it (whoever may see its club), else null. */
async function visibleSession(ctx: Context, id: string): Promise<SessionView | null> {
  const session = await ctx.loaders.session.load(id);
  if (!session) return null;
  const club = await ctx.loaders.club.load(session.clubId);
  return club && canSeeClub(ctx.viewer, club) ? session : null;
}

/** The session as it is after a change (the request's loader forgets the old one). */
async function freshSession(ctx: Context, id: string): Promise<ClubSession | null> {
  ctx.loaders.session.clear(id);
  return (await visibleSession(ctx, id)) as unknown as ClubSession | null;
}

async function freshClub(ctx: Context, id: string): Promise<Club | null> {
  ctx.loaders.club.clear(id);
  const club = await ctx.loaders.club.load(id);
  return club && canSeeClub(ctx.viewer, club) ? (club as unknown as Club) : null;
}

registerNodeType('ClubSession', 'read:public', (ctx, ids) => Promise.all(ids.map((id) => visibleSession(ctx, id))));

@Resolver(() => ClubSession)
export class ClubSessionResolver {
  @FieldResolver(() => String, { description: 'Its name: an event’s title, or “{club} training” for a training session.' })
  name(@Root() session: SessionView): string {
    return session.kind === 'event' && session.title ? session.title : `${session.clubName} training`;
  }

  @FieldResolver(() => Club, { description: 'The club it belongs to.' })
  async club(@Root() session: SessionView, @Ctx() ctx: Context): Promise<ClubView> {
    return (await ctx.loaders.club.load(session.clubId))!;
  }

  @FieldResolver(() => String, { description: "The IANA time zone of the club's clock, in which its times are shown." })
  timeZone(@Root() session: SessionView): string {
    return session.clubTimeZone;
  }

  @FieldResolver(() => Int, { description: 'How many are going (with attending by default: the followers who did not say otherwise).' })
  async goingCount(@Root() session: SessionView, @Ctx() ctx: Context): Promise<number> {
    return (await ctx.loaders.headCount.load(session)).going;
  }

  @FieldResolver(() => Int, { nullable: true, description: 'Places left at an event with a capacity (0 when full: a Going joins the waiting list); null without a capacity.' })
  async placesLeft(@Root() session: SessionView, @Ctx() ctx: Context): Promise<number | null> {
    if (session.capacity === null) return null;
    return Math.max(0, session.capacity - (await ctx.loaders.headCount.load(session)).going);
  }

  @FieldResolver(() => MySessionAnswer, { nullable: true, description: "The caller's answer (or Going by default); null when they have not answered or are not signed in." })
  myAnswer(@Root() session: SessionView, @Ctx() ctx: Context): Promise<MyAnswer | null> | null {
    if (!ctx.viewer) return null;
    return ctx.loaders.myAnswer.load({ userId: ctx.viewer.userId, session });
  }

  @AdminOnly()
  @ReadScope('read:club')
  @FieldResolver(() => SessionHeadCount, { nullable: true, description: "Going / Can't / Waiting / No answer. Only for the club's owner and platform administrators; null for everyone else." })
  headCount(@Root() session: SessionView, @Ctx() ctx: Context) {
    return ownsOrAdministers(ctx.viewer, session.clubId) ? ctx.loaders.headCount.load(session) : null;
  }

  @AdminOnly()
  @ReadScope('read:club')
  @FieldResolver(() => SessionAttendeeConnection, {
    description: "Who gave an answer, the first to answer first (the waiting list in its order); 50 a page unless `first` or `last` says. The club's owner and platform administrators only: an empty page for anyone else.",
  })
  async attendees(
    @Root() session: SessionView,
    @Arg('answer', () => SessionAnswerEnum, { description: 'Which answer.' }) answer: SessionAnswerEnum,
    @Args(() => PageArgs) args: PageArgs,
    @Ctx() ctx: Context,
  ) {
    const rows = ownsOrAdministers(ctx.viewer, session.clubId) ? await ctx.services.sessionAnswers.attendees(session.id, answer) : [];
    return connectionOfList(rows, args, (r) => [r.userId], 50, 'attendees');
  }
}

@Resolver(() => SessionAttendee)
export class SessionAttendeeResolver {
  @FieldResolver(() => Member, { description: 'The member.' })
  async member(@Root() row: SessionAnswerRow, @Ctx() ctx: Context): Promise<UserView> {
    return (await ctx.loaders.user.load(row.userId))!;
  }
}

@Resolver(() => Club)
export class ClubSessionsResolver {
  @FieldResolver(() => ClubSessionConnection, {
    description: `Its sessions and events that have not ended, by start (training sessions are made ${SESSION_WINDOW_WEEKS} weeks ahead; cancelled ones are listed as cancelled); ${SESSIONS_PAGE_DEFAULT} a page unless \`first\` or \`last\` says.`,
  })
  async upcomingSessions(@Root() club: ClubView, @Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    const rows = await ctx.loaders.comingSessions.load(club.id);
    return connectionOfList(rows, args, (s) => [s.startsAt.toISOString(), s.id], SESSIONS_PAGE_DEFAULT, 'upcomingSessions');
  }

  @FieldResolver(() => Boolean, { description: "Whether followers count as going to the club's training sessions unless they answer otherwise." })
  attendingByDefault(@Root() club: ClubView): boolean {
    return club.attendingByDefault;
  }

  @FieldResolver(() => [Int], { description: 'When reminders of its sessions go out, in minutes before the start, the earliest first; empty: none.' })
  reminderOffsetsMinutes(@Root() club: ClubView): number[] {
    return club.reminderOffsetsMinutes;
  }

  @FieldResolver(() => String, { nullable: true, description: "The IANA time zone of the club's meeting times and sessions; null: the platform's." })
  timeZone(@Root() club: ClubView): string | null {
    return club.timeZone;
  }
}

@Resolver()
export class SessionMutationsResolver {
  @Authorized()
  @RequiresScope('profile:write')
  @Mutation(() => AnswerSessionPayload, {
    description: `Answers Going or Can't make it for a session or event of a club the caller follows ('${M.notFollowing}'), until it starts ('${M.started}'); a cancelled one is refused ('${M.cancelled}'). Going to a full event puts the caller on the waiting list; leaving a place gives it to the first in line.`,
  })
  answerSession(@Arg('input', () => AnswerSessionInput, { description: 'The answer.' }) input: AnswerSessionInput, @Ctx() ctx: Context) {
    return mutate(async () => {
      const id = sessionIdOf(input.sessionId);
      await ctx.services.sessionAnswers.answer(ctx.viewer!, id, { answer: input.answer, reason: input.reason });
      ctx.loaders.headCount.clearAll();
      ctx.loaders.myAnswer.clearAll();
      return freshSession(ctx, id);
    }, (session) => ({ session }));
  }

  @Authorized()
  @RequiresScope('club:write')
  @Mutation(() => CancelSessionPayload, { description: "Cancels one of the caller's club's sessions or events that has not started, with a reason; it stays listed as cancelled and everyone going is told." })
  cancelSession(@Arg('input', () => CancelSessionInput, { description: 'The session and why.' }) input: CancelSessionInput, @Ctx() ctx: Context) {
    return mutate(async () => {
      const id = sessionIdOf(input.sessionId);
      await ctx.services.sessions.cancel(ctx.viewer!, id, { reason: input.reason });
      return freshSession(ctx, id);
    }, (session) => ({ session }));
  }

  @Authorized()
  @RequiresScope('club:write')
  @Mutation(() => MoveSessionPayload, { description: "Moves one of the caller's club's sessions or events that has not started (date, time, place); everyone going is told." })
  moveSession(@Arg('input', () => MoveSessionInput, { description: 'The session and where it goes.' }) input: MoveSessionInput, @Ctx() ctx: Context) {
    return mutate(async () => {
      const id = sessionIdOf(input.sessionId);
      await ctx.services.sessions.move(ctx.viewer!, id, { startsAt: input.startsAt, endsAt: input.endsAt, place: input.place });
      return freshSession(ctx, id);
    }, (session) => ({ session }));
  }

  @Authorized()
  @RequiresScope('club:write')
  @Mutation(() => CreateClubEventPayload, { description: "Adds a one-off event to the caller's approved club (a tournament, a social, a match)." })
  createClubEvent(@Arg('input', () => ClubEventInput, { description: 'The event.' }) input: ClubEventInput, @Ctx() ctx: Context) {
    return mutate(async () => {
      const id = await ctx.services.sessions.createEvent(ctx.viewer!, { ...input });
      return freshSession(ctx, id);
    }, (session) => ({ session }));
  }

  @Authorized()
  @RequiresScope('club:write')
  @Mutation(() => UpdateClubEventPayload, { description: "Changes one of the caller's club's events that has not started; places cannot be fewer than are going, and added places go to the waiting list in order. A new time or place is told to everyone going." })
  updateClubEvent(@Arg('input', () => UpdateClubEventInput, { description: 'The event and its details.' }) input: UpdateClubEventInput, @Ctx() ctx: Context) {
    return mutate(async () => {
      const { sessionId, ...rest } = input;
      const id = sessionIdOf(sessionId);
      await ctx.services.sessions.updateEvent(ctx.viewer!, id, { ...rest }, ctx.services.sessionAnswers.promote);
      ctx.loaders.headCount.clearAll();
      return freshSession(ctx, id);
    }, (session) => ({ session }));
  }

  @Authorized()
  @RequiresScope('club:write')
  @Mutation(() => UpdateClubSessionSettingsPayload, { description: "Saves the caller's club's session settings: attending by default, and when reminders go out. A caller without a club is FORBIDDEN." })
  updateClubSessionSettings(@Arg('input', () => UpdateClubSessionSettingsInput, { description: 'The settings.' }) input: UpdateClubSessionSettingsInput, @Ctx() ctx: Context) {
    return mutate(async () => {
      await ctx.services.sessions.saveSettings(ctx.viewer!, { ...input });
      return freshClub(ctx, ctx.viewer!.userId);
    }, (club) => ({ club }));
  }

  @Public()
  @ReadScope('read:public')
  @Subscription(() => SessionChangedEvent, {
    name: 'sessionChanged',
    subscribe: ({ args, context }) => {
      const ctx = context as Context;
      const id = sessionIdOf(String((args as { sessionId: string }).sessionId));
      return ctx.services.sessionReads.stream(ctx.viewer, id);
    },
    description: 'A session or event as it is now: sent at once, then after every change (an answer, a move, a cancellation). Whoever may see it.',
  })
  sessionChanged(@Arg('sessionId', () => ID, { description: "The session's global id." }) _sessionId: string, @Root() session: SessionView): SessionChangedEvent {
    return { session: session as unknown as ClubSession };
  }

  @Authorized()
  @ReadScope('read:club')
  @Subscription(() => ClubSessionsChangedEvent, {
    name: 'clubSessionsChanged',
    subscribe: ({ args, context }) => {
      const ctx = context as Context;
      return ctx.services.sessionReads.clubStream(ctx.viewer, requireDatabaseId(String((args as { clubId: string }).clubId), 'Club', 'clubId', M.clubNotFound));
    },
    description: "A club's sessions for its owner: sent at once, then after every change to them, their answers or the club's session settings. The club's owner and platform administrators only.",
  })
  async clubSessionsChanged(@Arg('clubId', () => ID, { description: "The club's global id." }) _clubId: string, @Root() clubId: string, @Ctx() ctx: Context): Promise<ClubSessionsChangedEvent> {
    ctx.loaders.club.clear(clubId);
    const club = await ctx.loaders.club.load(clubId);
    if (!club) throw errors.notFound(M.clubNotFound);
    return { club: club as unknown as Club };
  }
}
