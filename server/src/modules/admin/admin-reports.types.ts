// The GraphQL types of the administration area's counters and reports: the platform counters,
// each administrator's activity and the club application report.
import { Field, Float, Int, ObjectType } from 'type-graphql';
import { connectionOf } from '../../graphql/relay.js';
import { VOLUNTEER_DEFINITION } from '../volunteers/volunteer-count.rules.js';
import { TOP_LOCATIONS, TOP_REJECTION_REASONS } from './admin.rules.js';

@ObjectType({ description: "The platform's counters for the admin panel's header." })
export class PlatformStats {
  @Field(() => Int, { description: 'Approved clubs (not removed by a moderator).' })
  totalClubs!: number;

  @Field(() => Int, { description: 'Approved clubs that are verified (not removed by a moderator).' })
  verifiedClubs!: number;

  @Field(() => Int, { description: VOLUNTEER_DEFINITION })
  totalVolunteers!: number;

  @Field(() => Int, { description: 'Live, active volunteer positions of approved clubs (neither removed by a moderator).' })
  totalOpportunities!: number;

  @Field(() => Int, { description: 'Club applications, all time.' })
  totalApplications!: number;

  @Field(() => Int, { description: 'Accounts whose status is active.' })
  activeUsers!: number;

  @Field(() => Int, { description: 'Club applications waiting for review.' })
  pendingApplications!: number;

  @Field(() => Int, { description: 'Approved clubs not yet verified (not removed by a moderator).' })
  pendingVerifications!: number;
}

@ObjectType({ description: "One administrator's activity over a period." })
export class AdminActivityMetrics {
  @Field(() => String, { description: "The administrator's name (as of their latest action)." })
  adminName!: string;

  @Field(() => String, { description: "The administrator's email (as of their latest action)." })
  adminEmail!: string;

  @Field(() => Int, { description: 'Every audited action in the period.' })
  totalActions!: number;

  @Field(() => Int, { description: 'Applications approved one by one.' })
  approvalsCount!: number;

  @Field(() => Int, { description: 'Applications rejected.' })
  rejectionsCount!: number;

  @Field(() => Int, { description: 'Applications approved or rejected within bulk operations.' })
  bulkOperationsCount!: number;

  @Field(() => Date, { nullable: true, description: 'Their latest action in the period.' })
  lastActivityAt!: Date | null;

  @Field(() => Float, { nullable: true, description: 'Mean hours from submission to their decision over the applications they decided in the period; null when none.' })
  averageProcessingTimeHours!: number | null;
}

@ObjectType({ description: 'A page of per-administrator activity.' })
export class AdminActivityMetricsConnection extends connectionOf(AdminActivityMetrics, 'AdminActivityMetrics', { totalCount: 'How many administrators acted in the period.' }) {}

@ObjectType({ description: 'How often one rejection reason was given.' })
export class RejectionReasonCount {
  @Field(() => String, { description: 'The reason, as written.' })
  reason!: string;

  @Field(() => Int, { description: 'How many rejections gave it.' })
  count!: number;
}

@ObjectType({ description: 'Applications submitted in one calendar month, by status now.' })
export class ApplicationsByMonth {
  @Field(() => String, { description: "The month, 'YYYY-MM' (UTC)." })
  month!: string;

  @Field(() => Int, { description: 'Submitted that month.' })
  total!: number;

  @Field(() => Int, { description: 'Of those, approved.' })
  approved!: number;

  @Field(() => Int, { description: 'Of those, pending.' })
  pending!: number;

  @Field(() => Int, { description: 'Of those, rejected.' })
  rejected!: number;
}

@ObjectType({ description: 'Applications from one town or city.' })
export class ApplicationsByLocation {
  @Field(() => String, { description: 'The town or city.' })
  location!: string;

  @Field(() => Int, { description: 'How many applications.' })
  count!: number;
}

@ObjectType({ description: 'The club application report over a period of submission dates.' })
export class ClubApplicationStatistics {
  @Field(() => Int, { description: 'Applications submitted in the period.' })
  totalApplications!: number;

  @Field(() => Int, { description: 'Of those, approved.' })
  approvedApplications!: number;

  @Field(() => Int, { description: 'Of those, pending.' })
  pendingApplications!: number;

  @Field(() => Int, { description: 'Of those, rejected.' })
  rejectedApplications!: number;

  @Field(() => Float, { description: 'Approved over decided (approved + rejected), 0 to 1; 0 when none is decided.' })
  approvalRate!: number;

  @Field(() => Float, { nullable: true, description: 'Mean hours from submission to decision over the decided ones; null when none.' })
  averageProcessingTimeHours!: number | null;

  @Field(() => [RejectionReasonCount], { description: `The ${TOP_REJECTION_REASONS} most given rejection reasons, most given first.` })
  topRejectionReasons!: RejectionReasonCount[];

  @Field(() => [ApplicationsByMonth], { description: 'Per month with submissions, oldest first (at most one per month of the period, and at most 120).' })
  applicationsByMonth!: ApplicationsByMonth[];

  @Field(() => [ApplicationsByLocation], { description: `The ${TOP_LOCATIONS} towns or cities with the most applications, most first.` })
  applicationsByLocation!: ApplicationsByLocation[];
}
