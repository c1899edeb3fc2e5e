// The Analytics tab's GraphQL types: platform totals, weekly engagement, popular sports and recent
// activity, all computed by the database (analytics.service.ts).
import { Field, Float, Int, ObjectType, registerEnumType } from 'type-graphql';
import { DateScalar } from '../../graphql/scalars.js';
import { VOLUNTEER_DEFINITION } from '../volunteers/volunteer-count.rules.js';
import { ANALYTICS_HOURS_MONTHS, POPULAR_SPORTS, RECENT_ACTIVITY } from './analytics.rules.js';

@ObjectType({ description: 'Approved volunteer hours of one month, over the whole platform.' })
export class VolunteerHoursMonth {
  @Field(() => String, { description: 'The month, YYYY-MM.' })
  month!: string;

  @Field(() => Int, { description: 'Approved minutes given that month.' })
  minutes!: number;

  @Field(() => Float, { description: 'Approved hours given that month (two decimals).' })
  hours!: number;
}

@ObjectType({ description: "The platform's totals, now." })
export class AnalyticsTotals {
  @Field(() => Int, { description: 'Member accounts, whatever their role or status.' })
  members!: number;

  @Field(() => Int, { description: VOLUNTEER_DEFINITION })
  volunteers!: number;

  @Field(() => Int, { description: 'Club registrations in any application status (not removed by a moderator).' })
  clubs!: number;

  @Field(() => Int, { description: 'Approved clubs (not removed by a moderator).' })
  approvedClubs!: number;

  @Field(() => Int, { description: 'Of the approved clubs, the verified ones.' })
  verifiedClubs!: number;

  @Field(() => Int, { description: 'Live, active volunteer positions of approved clubs (not removed by a moderator).' })
  opportunities!: number;

  @Field(() => Int, { description: 'Volunteer applications, all time, whatever their status.' })
  applications!: number;

  @Field(() => Int, { description: 'Private messages sent, all time (removed ones included: they were sent).' })
  messages!: number;

  @Field(() => Int, { description: 'Content reports waiting for a decision (pending or reviewed).' })
  openReports!: number;
}

@ObjectType({ description: 'What happened on the platform in one week (Monday to Sunday, UTC).' })
export class EngagementWeek {
  @Field(() => DateScalar, { description: 'The Monday the week starts on (UTC).' })
  weekStart!: string;

  @Field(() => Int, { description: 'Private messages sent that week.' })
  messages!: number;

  @Field(() => Int, { description: 'Volunteer applications made that week.' })
  applications!: number;

  @Field(() => Int, { description: 'Accounts created that week.' })
  signUps!: number;
}

@ObjectType({ description: 'One sport (club category) and how much of the platform it has.' })
export class SportCount {
  @Field(() => String, { description: "The sport, as the clubs' category says it." })
  sport!: string;

  @Field(() => Int, { description: 'Approved clubs of this sport.' })
  clubs!: number;

  @Field(() => Int, { description: 'Live, active volunteer positions of those clubs.' })
  opportunities!: number;
}

export enum PlatformActivityKindEnum {
  SIGN_UP = 'sign_up',
  CLUB_REGISTERED = 'club_registered',
  OPPORTUNITY_POSTED = 'opportunity_posted',
  APPLICATION = 'application',
  REPORT = 'report',
}
registerEnumType(PlatformActivityKindEnum, {
  name: 'PlatformActivityKind',
  description: 'What kind of event a recent-activity entry is.',
  valuesConfig: {
    SIGN_UP: { description: 'A member account was created.' },
    CLUB_REGISTERED: { description: 'A club registered (its application was submitted).' },
    OPPORTUNITY_POSTED: { description: 'A volunteer position was created.' },
    APPLICATION: { description: 'A volunteer applied to a position.' },
    REPORT: { description: 'A member reported content to the moderators.' },
  },
});

@ObjectType({ description: 'One recent event on the platform (its `member` is resolved in analytics.resolver.ts).' })
export class PlatformActivity {
  @Field(() => PlatformActivityKindEnum, { description: 'What kind of event.' })
  kind!: PlatformActivityKindEnum;

  @Field(() => String, { description: "What happened, in words (e.g. 'Riverside Rowing Club registered')." })
  title!: string;

  @Field(() => Date, { description: 'When it happened.' })
  occurredAt!: Date;
}

@ObjectType({ description: "The Analytics tab: the platform's totals, weekly engagement, popular sports and recent activity, computed from the database." })
export class PlatformAnalytics {
  @Field(() => AnalyticsTotals, { description: "The platform's totals, now." })
  totals!: AnalyticsTotals;

  @Field(() => Float, { description: 'Verified over approved clubs, 0 to 1; 0 when no club is approved.' })
  verificationRate!: number;

  @Field(() => [EngagementWeek], { description: 'One entry per week asked for, oldest first, the current week last; weeks without activity have zeros.' })
  engagement!: EngagementWeek[];

  @Field(() => [SportCount], { description: `The ${POPULAR_SPORTS} sports with the most approved clubs, most first (ties by name).` })
  popularSports!: SportCount[];

  @Field(() => [VolunteerHoursMonth], {
    description: `Approved volunteer hours per month of the days they were given, the last ${ANALYTICS_HOURS_MONTHS} months (UTC), oldest first, the current month last; months without hours have zeros.`,
  })
  volunteerHours!: VolunteerHoursMonth[];

  @Field(() => [PlatformActivity], { description: `The ${RECENT_ACTIVITY} most recent events (sign-ups, club registrations, positions, applications, reports), newest first.` })
  recentActivity!: PlatformActivity[];
}
