// The Analytics tab (issue 13): the platform's totals, weekly engagement (messages, applications,
// sign-ups), popular sports, the verification rate and recent activity. Everything is computed by
// PostgreSQL in four statements (bench/analytics-explain.ts shows their plans at scale): the totals
// count whole tables (index-only where the planner finds it cheaper); the weeks come from
// generate_series (zero-filled) and one range read of each created-at index per week; the popular
// sports through the directory's category index and each club's open positions by their per-club
// index; the recent activity is the newest few of each kind through its created-at index.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf, type Db, type Executor } from '../../db/client.js';
import { clubs, clubVolunteerPositions, contentReports, messages, users, volunteerApplications, volunteerHours } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import { parseInput } from '../../lib/validate.js';
import type { Viewer } from '../../lib/viewer.js';
import { volunteerCount } from '../volunteers/volunteer-count.service.js';
import { ANALYTICS_HOURS_MONTHS, ANALYTICS_WEEKS_DEFAULT, POPULAR_SPORTS, RECENT_ACTIVITY, weeksRule, type PlatformActivityKind } from './analytics.rules.js';

export interface AnalyticsTotalsRow {
  members: number;
  volunteers: number;
  clubs: number;
  approvedClubs: number;
  verifiedClubs: number;
  opportunities: number;
  applications: number;
  messages: number;
  openReports: number;
}
export interface EngagementWeekRow {
  weekStart: string;
  messages: number;
  applications: number;
  signUps: number;
}
export interface HoursMonthRow {
  /** YYYY-MM. */
  month: string;
  minutes: number;
  /** minutes / 60, two decimals. */
  hours: number;
}
export interface SportCountRow {
  sport: string;
  clubs: number;
  opportunities: number;
}
export interface PlatformActivityRow {
  kind: PlatformActivityKind;
  title: string;
  occurredAt: Date;
  /** The member who did it (their user id); null when the account is gone. */
  memberId: string | null;
}
export interface PlatformAnalyticsResult {
  totals: AnalyticsTotalsRow;
  verificationRate: number;
  engagement: EngagementWeekRow[];
  popularSports: SportCountRow[];
  recentActivity: PlatformActivityRow[];
  volunteerHours: HoursMonthRow[];
}

const weeksInput = z.object({ weeks: weeksRule });

const REPORT_TARGET_NOUNS: Record<string, string> = { message: 'message', profile: 'profile', opportunity: 'opportunity', club: 'club' };

export class AnalyticsService {
  constructor(private readonly db: Db) {}

  async analytics(viewer: Viewer | null, raw: { weeks?: number | null }): Promise<PlatformAnalyticsResult> {
    if (!viewer) throw errors.unauthenticated();
    if (!viewer.isPlatformAdmin) throw errors.forbidden('Admin permissions required');
    const { weeks } = parseInput(weeksInput, { weeks: raw.weeks ?? ANALYTICS_WEEKS_DEFAULT });
    // One read-only snapshot, so the figures agree with each other. JIT off: these statements are
    // index reads whose cost estimates cross jit_above_cost at scale, and compiling them costs
    // more than running them (bench/analytics-explain.ts).
    const [totals, engagement, popularSports, recentActivity, volunteerHours] = await this.db.transaction(
      async (tx) => {
        await tx.execute(sql`set local jit = off`);
        return [await this.totals(tx), await this.engagement(tx, weeks), await this.popularSports(tx), await this.recentActivity(tx), await this.volunteerHours(tx)] as const;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    return {
      totals,
      verificationRate: totals.approvedClubs === 0 ? 0 : totals.verifiedClubs / totals.approvedClubs,
      engagement,
      popularSports,
      recentActivity,
      volunteerHours,
    };
  }

  /** Approved volunteer hours per month of their work days, the last ANALYTICS_HOURS_MONTHS months
   *  (UTC calendar; the current one last), zero-filled: one range read of the approved hours'
   *  work-day index per month. */
  private async volunteerHours(tx: Executor): Promise<HoursMonthRow[]> {
    const result = await tx.execute(sql`
      with months as (
        select m::date as starts, (m + interval '1 month')::date as ends
        from generate_series(
          date_trunc('month', now() at time zone 'UTC') - make_interval(months => ${ANALYTICS_HOURS_MONTHS - 1}::int),
          date_trunc('month', now() at time zone 'UTC'),
          interval '1 month') m
      )
      select to_char(starts, 'YYYY-MM') as month,
        (select coalesce(sum(h.minutes), 0) from ${volunteerHours} h where h.status = 'approved' and h.work_date >= starts and h.work_date < ends)::int as minutes
      from months
      order by starts`);
    return rowsOf<{ month: string; minutes: number }>(result).map((r) => ({ month: r.month, minutes: Number(r.minutes), hours: Math.round((Number(r.minutes) / 60) * 100) / 100 }));
  }

  /** One statement of counts; each whole-table count is an index-only scan (tables vacuumed). */
  private async totals(tx: Executor): Promise<AnalyticsTotalsRow> {
    const approvedLive = sql`${clubs.applicationStatus} = 'approved' and ${clubs.removedAt} is null`;
    const result = await tx.execute(sql`
      select
        (select count(*) from ${users})::int as members,
        ${volunteerCount()} as volunteers,
        (select count(*) from ${clubs} where ${clubs.removedAt} is null)::int as clubs,
        (select count(*) from ${clubs} where ${approvedLive})::int as approved_clubs,
        (select count(*) from ${clubs} where ${approvedLive} and ${clubs.verified})::int as verified_clubs,
        (select count(*) from ${clubVolunteerPositions} p join ${clubs} c on c.id = p.club_id
           where p.is_live and p.status = 'active' and p.removed_at is null
             and c.application_status = 'approved' and c.removed_at is null)::int as opportunities,
        (select count(*) from ${volunteerApplications})::int as applications,
        (select count(*) from ${messages})::int as messages,
        (select count(*) from ${contentReports} where ${contentReports.status} in ('pending', 'reviewed'))::int as open_reports`);
    const row = rowsOf<Record<string, number | string>>(result)[0] ?? {};
    const n = (k: string) => Number(row[k] ?? 0);
    return {
      members: n('members'),
      volunteers: n('volunteers'),
      clubs: n('clubs'),
      approvedClubs: n('approved_clubs'),
      verifiedClubs: n('verified_clubs'),
      opportunities: n('opportunities'),
      applications: n('applications'),
      messages: n('messages'),
      openReports: n('open_reports'),
    };
  }

  /** `weeks` Mondays (UTC) up to this week's, oldest first (generate_series: a week without
   *  activity is there with zeros), each source counted per week by one range read of its
   *  created-at index (index-only): no per-row grouping, nothing older than the first week read. */
  private async engagement(tx: Executor, weeks: number): Promise<EngagementWeekRow[]> {
    const result = await tx.execute(sql`
      with week_list as (
        select w as week, w at time zone 'UTC' as starts, (w + interval '1 week') at time zone 'UTC' as ends
        from generate_series(
          date_trunc('week', now() at time zone 'UTC') - make_interval(weeks => ${weeks - 1}::int),
          date_trunc('week', now() at time zone 'UTC'),
          interval '1 week') w
      )
      select to_char(week, 'YYYY-MM-DD') as week_start,
        (select count(*) from ${messages} m where m.created_at >= starts and m.created_at < ends)::int as messages,
        (select count(*) from ${volunteerApplications} a where a.applied_at >= starts and a.applied_at < ends)::int as applications,
        (select count(*) from ${users} u where u.created_at >= starts and u.created_at < ends)::int as sign_ups
      from week_list
      order by week`);
    return rowsOf<{ week_start: string; messages: number; applications: number; sign_ups: number }>(result).map((r) => ({
      weekStart: r.week_start,
      messages: Number(r.messages),
      applications: Number(r.applications),
      signUps: Number(r.sign_ups),
    }));
  }

  /** The sports with the most approved clubs: the directory's category index, and each club's
   *  open positions counted through their per-club index. */
  private async popularSports(tx: Executor): Promise<SportCountRow[]> {
    const result = await tx.execute(sql`
      select c.category as sport, count(*)::int as clubs, coalesce(sum(o.n), 0)::int as opportunities
      from ${clubs} c
      cross join lateral (
        select count(*) as n from ${clubVolunteerPositions} p
        where p.club_id = c.id and p.is_live and p.status = 'active' and p.removed_at is null
      ) o
      where c.application_status = 'approved' and c.removed_at is null and c.category is not null
      group by c.category
      order by count(*) desc, c.category asc
      limit ${POPULAR_SPORTS}`);
    return rowsOf<{ sport: string; clubs: number; opportunities: number }>(result).map((r) => ({ sport: r.sport, clubs: Number(r.clubs), opportunities: Number(r.opportunities) }));
  }

  /** The newest events of every kind, each kind's newest few through its created-at index. */
  private async recentActivity(tx: Executor): Promise<PlatformActivityRow[]> {
    const limit = RECENT_ACTIVITY;
    const result = await tx.execute(sql`
      select * from (
        (select 'sign_up' as kind, u.full_name as name, null::text as label, null::text as extra, u.created_at as at, u.id as member_id
           from ${users} u order by u.created_at desc, u.id desc limit ${limit})
        union all
        (select 'club_registered', c.name, null, null, c.created_at, c.id
           from ${clubs} c where c.removed_at is null order by c.created_at desc, c.id desc limit ${limit})
        union all
        (select 'opportunity_posted', c.name, p.title, null, p.created_at, c.id
           from ${clubVolunteerPositions} p join ${clubs} c on c.id = p.club_id
           where p.is_live and p.status = 'active' and p.removed_at is null and c.application_status = 'approved' and c.removed_at is null
           order by p.created_at desc, p.id desc limit ${limit})
        union all
        (select 'application', u.full_name, p.title, null, a.applied_at, a.volunteer_id
           from ${volunteerApplications} a join ${users} u on u.id = a.volunteer_id join ${clubVolunteerPositions} p on p.id = a.position_id
           order by a.applied_at desc limit ${limit})
        union all
        (select 'report', null, r.target_label, r.target_type, r.created_at, r.reporter_id
           from ${contentReports} r order by r.created_at desc, r.id desc limit ${limit})
      ) recent
      order by at desc
      limit ${limit}`);
    return rowsOf<{ kind: PlatformActivityKind; name: string | null; label: string | null; extra: string | null; at: string | Date; member_id: string | null }>(result).map((r) => ({
      kind: r.kind,
      title: activityTitle(r.kind, r.name ?? '', r.label ?? '', r.extra ?? ''),
      occurredAt: new Date(r.at),
      memberId: r.member_id,
    }));
  }
}

function activityTitle(kind: PlatformActivityKind, name: string, label: string, extra: string): string {
  switch (kind) {
    case 'sign_up':
      return `${name} joined Clubroom`;
    case 'club_registered':
      return `${name} registered`;
    case 'opportunity_posted':
      return `${name} posted ${label}`;
    case 'application':
      return `${name} applied for ${label}`;
    case 'report':
      const noun = REPORT_TARGET_NOUNS[extra] ?? 'item';
      return `${/^[aeiou]/.test(noun) ? 'An' : 'A'} ${noun} was reported: ${label}`;
  }
}

declare module '../../lib/services.js' {
  interface Services {
    /** The Analytics tab's figures. */
    analytics: AnalyticsService;
  }
}
