// The Analytics tab's GraphQL: thin; the figures are analytics.service.ts's. Platform
// administrators only (API tokens: the admin scope).
import { Arg, Authorized, Ctx, FieldResolver, Int, Query, Resolver, Root } from 'type-graphql';
import { ReadScope } from '../../graphql/access.js';
import type { Context } from '../../graphql/context.js';
import { Member } from '../users/users.types.js';
import { ANALYTICS_WEEKS_DEFAULT, ANALYTICS_WEEKS_MAX, ANALYTICS_WEEKS_MIN } from './analytics.rules.js';
import type { PlatformActivityRow } from './analytics.service.js';
import { PlatformActivity, PlatformAnalytics } from './analytics.types.js';

@Resolver()
export class AnalyticsResolver {
  @Authorized('platform_admin')
  @ReadScope('read:admin')
  @Query(() => PlatformAnalytics, {
    description: `The Analytics tab: totals, the verification rate, weekly engagement, popular sports and recent activity, computed from the database now. Platform administrators only.`,
  })
  adminAnalytics(
    @Arg('weeks', () => Int, {
      defaultValue: ANALYTICS_WEEKS_DEFAULT,
      description: `How many weeks of engagement, the current one included (${ANALYTICS_WEEKS_MIN} to ${ANALYTICS_WEEKS_MAX}; else the error 'Weeks must be between ${ANALYTICS_WEEKS_MIN} and ${ANALYTICS_WEEKS_MAX}').`,
    })
    weeks: number,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.analytics.analytics(ctx.viewer, { weeks });
  }
}

@Resolver(() => PlatformActivity)
export class PlatformActivityResolver {
  @FieldResolver(() => Member, { nullable: true, description: 'The member who did it; null when the account is gone.' })
  member(@Root() row: PlatformActivityRow, @Ctx() ctx: Context) {
    return row.memberId ? ctx.loaders.user.load(row.memberId) : null;
  }
}
