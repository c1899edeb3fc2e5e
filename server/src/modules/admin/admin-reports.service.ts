// The administration area's counters and reports (../shared/spec/administration.md): the panel
// header's platform counters, each administrator's activity (from the audit trail) and the club
// application report over a period.
import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf, type Db } from '../../db/client.js';
import { adminActions, clubs, clubVolunteerPositions, users, volunteerApplications } from '../../db/schema/index.js';
import { parseInput } from '../../lib/validate.js';
import type { Viewer } from '../../lib/viewer.js';
import { volunteerCount } from '../volunteers/volunteer-count.service.js';
import { TOP_LOCATIONS, TOP_REJECTION_REASONS } from './admin.rules.js';
import type { AdminService } from './admin.service.js';
import { dayAfter, dayStart, rangeRules, type DateRange } from './admin.shared.js';

export interface PlatformStatsRow {
  totalClubs: number;
  verifiedClubs: number;
  totalVolunteers: number;
  totalOpportunities: number;
  totalApplications: number;
  activeUsers: number;
  pendingApplications: number;
  pendingVerifications: number;
}

export interface ApplicationStatistics {
  totalApplications: number;
  approvedApplications: number;
  pendingApplications: number;
  rejectedApplications: number;
  approvalRate: number;
  averageProcessingTimeHours: number | null;
  topRejectionReasons: { reason: string; count: number }[];
  applicationsByMonth: { month: string; total: number; approved: number; pending: number; rejected: number }[];
  applicationsByLocation: { location: string; count: number }[];
}

export interface AdminActivityRow {
  adminId: string | null;
  adminName: string;
  adminEmail: string;
  totalActions: number;
  approvalsCount: number;
  rejectionsCount: number;
  bulkOperationsCount: number;
  lastActivityAt: Date | null;
  averageProcessingTimeHours: number | null;
}

const activityRules = rangeRules.and(z.object({ adminId: z.uuid().nullish() }));

export class AdminReportsService {
  constructor(
    private readonly db: Db,
    private readonly admin: AdminService,
  ) {}

  async platformStats(viewer: Viewer | null): Promise<PlatformStatsRow> {
    this.admin.requireAdmin(viewer);
    const [row] = await this.db.execute(sql`
      select
        (select count(*) from ${clubs} where ${clubs.applicationStatus} = 'approved' and ${clubs.removedAt} is null) as total_clubs,
        (select count(*) from ${clubs} where ${clubs.applicationStatus} = 'approved' and ${clubs.removedAt} is null and ${clubs.verified}) as verified_clubs,
        (select count(*) from ${clubs} where ${clubs.applicationStatus} = 'approved' and ${clubs.removedAt} is null and not ${clubs.verified}) as pending_verifications,
        (select count(*) from ${volunteerApplications}) as total_applications,
        (select count(*) from ${clubs} where ${clubs.applicationStatus} = 'pending') as pending_applications,
        ${volunteerCount()} as total_volunteers,
        (select count(*) from ${clubVolunteerPositions} p join ${clubs} c on c.id = p.club_id
           where p.is_live and p.status = 'active' and c.application_status = 'approved' and p.removed_at is null and c.removed_at is null) as total_opportunities,
        (select count(*) from ${users} where ${users.status} = 'active') as active_users`).then((r) => rowsOf<Record<string, string | number>>(r));
    const n = (k: string) => Number(row?.[k] ?? 0);
    return {
      totalClubs: n('total_clubs'),
      verifiedClubs: n('verified_clubs'),
      totalVolunteers: n('total_volunteers'),
      totalOpportunities: n('total_opportunities'),
      totalApplications: n('total_applications'),
      activeUsers: n('active_users'),
      pendingApplications: n('pending_applications'),
      pendingVerifications: n('pending_verifications'),
    };
  }

  /** Per-administrator activity over a period (by the audit trail), most active first. */
  async activity(viewer: Viewer | null, raw: DateRange & { adminId?: string | null }): Promise<AdminActivityRow[]> {
    this.admin.requireAdmin(viewer);
    const range = parseInput(activityRules, raw);
    const conditions: (SQL | undefined)[] = [];
    if (range.from) conditions.push(gte(adminActions.createdAt, dayStart(range.from)));
    if (range.to) conditions.push(lt(adminActions.createdAt, dayAfter(range.to)));
    if (range.adminId) conditions.push(eq(adminActions.adminId, range.adminId));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const decided = sql`${adminActions.actionType} in ('approve', 'reject', 'bulk_approve', 'bulk_reject')`;
    const rows = await this.db
      .select({
        adminId: adminActions.adminId,
        adminName: sql<string>`(array_agg(${adminActions.adminName} order by ${adminActions.createdAt} desc))[1]`,
        adminEmail: sql<string>`(array_agg(${adminActions.adminEmail} order by ${adminActions.createdAt} desc))[1]`,
        totalActions: count(),
        approvalsCount: sql<number>`count(*) filter (where ${adminActions.actionType} = 'approve')`,
        rejectionsCount: sql<number>`count(*) filter (where ${adminActions.actionType} = 'reject')`,
        bulkOperationsCount: sql<number>`count(*) filter (where ${adminActions.actionType} in ('bulk_approve', 'bulk_reject'))`,
        lastActivityAt: sql<string>`max(${adminActions.createdAt})`,
        averageProcessingTimeHours: sql<string | null>`avg(extract(epoch from (${adminActions.createdAt} - ${clubs.createdAt})) / 3600) filter (where ${decided})`,
      })
      .from(adminActions)
      .leftJoin(clubs, and(eq(clubs.id, adminActions.targetId), decided))
      .where(where)
      .groupBy(adminActions.adminId, sql`case when ${adminActions.adminId} is null then ${adminActions.adminEmail} end`)
      .orderBy(desc(count()), asc(sql`(array_agg(${adminActions.adminEmail} order by ${adminActions.createdAt} desc))[1]`));
    return rows.map((r) => ({
      adminId: r.adminId,
      adminName: r.adminName,
      adminEmail: r.adminEmail,
      totalActions: Number(r.totalActions),
      approvalsCount: Number(r.approvalsCount),
      rejectionsCount: Number(r.rejectionsCount),
      bulkOperationsCount: Number(r.bulkOperationsCount),
      lastActivityAt: r.lastActivityAt ? new Date(r.lastActivityAt) : null,
      averageProcessingTimeHours: r.averageProcessingTimeHours == null ? null : Number(r.averageProcessingTimeHours),
    }));
  }

  /** The application report over a period of submission days. */
  async statistics(viewer: Viewer | null, raw: DateRange): Promise<ApplicationStatistics> {
    this.admin.requireAdmin(viewer);
    const range = parseInput(rangeRules, raw);
    const conditions: (SQL | undefined)[] = [];
    if (range.from) conditions.push(gte(clubs.createdAt, dayStart(range.from)));
    if (range.to) conditions.push(lt(clubs.createdAt, dayAfter(range.to)));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [totals] = await this.db
      .select({
        total: count(),
        approved: sql<number>`count(*) filter (where ${clubs.applicationStatus} = 'approved')`,
        pending: sql<number>`count(*) filter (where ${clubs.applicationStatus} = 'pending')`,
        rejected: sql<number>`count(*) filter (where ${clubs.applicationStatus} = 'rejected')`,
        avgHours: sql<string | null>`avg(extract(epoch from (${clubs.reviewedAt} - ${clubs.createdAt})) / 3600) filter (where ${clubs.applicationStatus} <> 'pending' and ${clubs.reviewedAt} is not null)`,
      })
      .from(clubs)
      .where(where);
    const reasons = await this.db
      .select({ reason: sql<string>`${clubs.adminNotes}`, count: count() })
      .from(clubs)
      .where(and(where, eq(clubs.applicationStatus, 'rejected'), sql`coalesce(${clubs.adminNotes}, '') <> ''`))
      .groupBy(clubs.adminNotes)
      .orderBy(desc(count()), asc(clubs.adminNotes))
      .limit(TOP_REJECTION_REASONS);
    const month = sql<string>`to_char(${clubs.createdAt} at time zone 'UTC', 'YYYY-MM')`;
    const months = await this.db
      .select({
        month,
        total: count(),
        approved: sql<number>`count(*) filter (where ${clubs.applicationStatus} = 'approved')`,
        pending: sql<number>`count(*) filter (where ${clubs.applicationStatus} = 'pending')`,
        rejected: sql<number>`count(*) filter (where ${clubs.applicationStatus} = 'rejected')`,
      })
      .from(clubs)
      .where(where)
      .groupBy(month)
      .orderBy(desc(month))
      .limit(120);
    const locations = await this.db
      .select({ location: sql<string>`min(trim(${clubs.city}))`, count: count() })
      .from(clubs)
      .where(and(where, sql`coalesce(trim(${clubs.city}), '') <> ''`))
      .groupBy(sql`lower(trim(${clubs.city}))`)
      .orderBy(desc(count()), asc(sql`lower(trim(${clubs.city}))`))
      .limit(TOP_LOCATIONS);
    const approved = Number(totals?.approved ?? 0);
    const rejected = Number(totals?.rejected ?? 0);
    return {
      totalApplications: Number(totals?.total ?? 0),
      approvedApplications: approved,
      pendingApplications: Number(totals?.pending ?? 0),
      rejectedApplications: rejected,
      approvalRate: approved + rejected === 0 ? 0 : approved / (approved + rejected),
      averageProcessingTimeHours: totals?.avgHours == null ? null : Number(totals.avgHours),
      topRejectionReasons: reasons.map((r) => ({ reason: r.reason, count: Number(r.count) })),
      applicationsByMonth: months.reverse().map((m) => ({ month: m.month, total: Number(m.total), approved: Number(m.approved), pending: Number(m.pending), rejected: Number(m.rejected) })),
      applicationsByLocation: locations.map((l) => ({ location: l.location, count: Number(l.count) })),
    };
  }
}

declare module '../../lib/services.js' {
  interface Services {
    adminReports: AdminReportsService;
  }
}
