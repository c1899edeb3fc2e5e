// When a session's reminders go out (issue 29 §4): one durable job per session and reminder
// offset (`session-reminder:<session>:<minutes>`), due at the start less the offset, scheduled in
// the transaction of the change that makes it (sessions made or moved, an event added, the club's
// offsets saved) and dropped with a cancellation. Each statement covers any number of sessions.
// The job itself (session-reminders.service.ts) re-reads the session and the club's offsets when
// it runs, so a job that outlived its reason does nothing.
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { REMINDER_OFFSET_CHOICES } from './sessions.rules.js';

export const SESSION_REMINDER_JOB = 'session-reminder';

/** The job key of one session's reminder at one offset. */
export const reminderJobKey = (sessionId: string, offsetMinutes: number) => `${SESSION_REMINDER_JOB}:${sessionId}:${offsetMinutes}`;

/** Which sessions to schedule for: some by id, a club's, or every one (at start-up). */
export type ReminderTarget = { sessionIds: readonly string[] } | { clubId: string } | { all: true };

/** Every key a session's reminders may have (one per offset a club may choose). */
function keysOf(sessionIds: readonly string[]): string[] {
  return sessionIds.flatMap((id) => REMINDER_OFFSET_CHOICES.map((m) => reminderJobKey(id, m)));
}

/**
 * (Re)schedules the reminders of the target's sessions that are not cancelled, at the club's
 * current offsets, for the offsets whose time is still ahead: pending reminders of those
 * sessions are replaced (a moved session's, an offset the club dropped), and a reminder that
 * already went is scheduled again only for a new time. Two statements whatever the number of
 * sessions (`keep`: leave existing pending jobs as they are, at start-up).
 */
export async function scheduleReminders(tx: Executor, target: ReminderTarget, now = new Date(), opts: { keep?: boolean } = {}): Promise<void> {
  let where: SQL;
  if ('sessionIds' in target) {
    if (target.sessionIds.length === 0) return;
    if (!opts.keep) await dropReminders(tx, target.sessionIds);
    where = sql`s.id = any(${sql.param([...target.sessionIds])}::uuid[])`;
  } else if ('clubId' in target) {
    if (!opts.keep) {
      await tx.execute(sql`
        delete from jobs where status = 'pending' and key = any(
          select ${SESSION_REMINDER_JOB} || ':' || s.id || ':' || m from club_sessions s cross join unnest(${sql.param([...REMINDER_OFFSET_CHOICES])}::int[]) as m
          where s.club_id = ${target.clubId} and s.starts_at > ${now.toISOString()}::timestamptz)`);
    }
    where = sql`s.club_id = ${target.clubId}`;
  } else {
    where = sql`true`;
  }
  await tx.execute(sql`
    insert into jobs (kind, key, run_at, payload)
    select ${SESSION_REMINDER_JOB}, ${SESSION_REMINDER_JOB} || ':' || s.id || ':' || o.m, s.starts_at - make_interval(mins => o.m),
      jsonb_build_object('sessionId', s.id, 'offset', o.m, 'startsAt', to_char(s.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
    from club_sessions s join clubs c on c.id = s.club_id cross join lateral unnest(c.reminder_offsets_minutes) as o(m)
    where ${where} and s.cancelled_at is null and s.starts_at - make_interval(mins => o.m) > ${now.toISOString()}::timestamptz
    on conflict (key) do ${
      opts.keep
        ? sql`nothing`
        : sql`update set run_at = excluded.run_at, payload = excluded.payload, status = 'pending', attempts = 0, claim_id = null, lease_until = null, last_error = null, finished_at = null
      where jobs.status <> 'pending' and jobs.run_at <> excluded.run_at`
    }`);
}

/** Drops the reminders of these sessions that have not gone out (cancelled or removed ones). */
export async function dropReminders(tx: Executor, sessionIds: readonly string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await tx.execute(sql`delete from jobs where status = 'pending' and key = any(${sql.param(keysOf(sessionIds))}::text[])`);
}
