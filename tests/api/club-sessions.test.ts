// A club's dated sessions from its meeting times (issue 29 §2): saving meeting times makes the
// sessions of the next SESSION_WINDOW_WEEKS weeks in the club's zone; saving again keeps the
// sessions of the slots that stay (same rows), removes those of a slot that went and adds the new
// slot's; a session the owner moved or cancelled, and one that started, is never touched; the
// daily window job (03:00 on the platform's clock) carries the window forward, and runs once
// however many workers look.
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubSessions, jobs } from '../../server/src/db/schema/index.js';
import { SESSION_WINDOW_WEEKS } from '../../server/src/modules/sessions/sessions.rules.js';
import { newClubOwner, saveTimesOk } from '../helpers/clubs.js';
import { dbOf } from '../helpers/messages.js';
import { startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const sessionsOf = (clubId: string) => dbOf(server).select().from(clubSessions).where(eq(clubSessions.clubId, clubId)).orderBy(asc(clubSessions.startsAt));
const TUESDAY = { dayOfWeek: 2, startTime: '19:00', endTime: '20:30' };
const SATURDAY = { dayOfWeek: 6, startTime: '09:00', endTime: '10:00' };

describe('sessions from meeting times', () => {
  it(`makes ${SESSION_WINDOW_WEEKS} weeks of sessions in the club's zone when the meeting times are saved`, async () => {
    const owner = await newClubOwner(server, { status: 'approved' });
    await saveTimesOk(owner.client, [TUESDAY, SATURDAY]);
    const rows = await sessionsOf(owner.user.id);
    expect(rows.length).toBeGreaterThanOrEqual(2 * SESSION_WINDOW_WEEKS - 1);
    expect(rows.length).toBeLessThanOrEqual(2 * SESSION_WINDOW_WEEKS);
    const now = Date.now();
    for (const row of rows) {
      expect(row.kind).toBe('session');
      expect(row.startsAt.getTime()).toBeGreaterThan(now - 60_000);
      expect(row.startsAt.getTime()).toBeLessThan(now + SESSION_WINDOW_WEEKS * 7 * 86_400_000);
      // Europe/London (the tests' COUNCIL_TIME_ZONE): 19:00 or 09:00 on the club's clock.
      const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'short', hour: '2-digit', minute: '2-digit' }).format(row.startsAt);
      expect(['Tue 19:00', 'Sat 09:00']).toContain(local);
    }
  });

  it('keeps the sessions of a slot that stays, removes a dropped slot’s and adds a new one’s; moved, cancelled and started ones stay', async () => {
    const owner = await newClubOwner(server, { status: 'approved' });
    await saveTimesOk(owner.client, [TUESDAY, SATURDAY]);
    const before = await sessionsOf(owner.user.id);
    const tuesdays = before.filter((s) => s.slotKey === '2-19:00-20:30');
    const saturdays = before.filter((s) => s.slotKey === '6-09:00-10:00');
    // The owner cancelled one Saturday and moved another; one Saturday "started" already.
    await dbOf(server).update(clubSessions).set({ cancelledAt: new Date(), cancelReason: 'Pitch closed' }).where(eq(clubSessions.id, saturdays[1]!.id));
    await dbOf(server).update(clubSessions).set({ movedAt: new Date(), startsAt: sql`starts_at + interval '1 hour'`, endsAt: sql`ends_at + interval '1 hour'` }).where(eq(clubSessions.id, saturdays[2]!.id));
    await dbOf(server).update(clubSessions).set({ startsAt: sql`now() - interval '10 minutes'` }).where(eq(clubSessions.id, saturdays[0]!.id));

    const THURSDAY = { dayOfWeek: 4, startTime: '18:00', endTime: '19:00' };
    await saveTimesOk(owner.client, [TUESDAY, THURSDAY]);
    const after = await sessionsOf(owner.user.id);
    // Tuesdays: the very same rows.
    expect(after.filter((s) => s.slotKey === '2-19:00-20:30').map((s) => s.id)).toEqual(tuesdays.map((s) => s.id));
    // Saturdays: only the started, cancelled and moved ones are left.
    expect(after.filter((s) => s.slotKey === '6-09:00-10:00').map((s) => s.id).sort()).toEqual([saturdays[0]!.id, saturdays[1]!.id, saturdays[2]!.id].sort());
    // Thursdays: a full window of new ones.
    expect(after.filter((s) => s.slotKey === '4-18:00-19:00').length).toBeGreaterThanOrEqual(SESSION_WINDOW_WEEKS - 1);

    // No meeting times: the future sessions that followed them go; the owner's decisions stay.
    await saveTimesOk(owner.client, []);
    const left = await sessionsOf(owner.user.id);
    expect(left.map((s) => s.id).sort()).toEqual([saturdays[0]!.id, saturdays[1]!.id, saturdays[2]!.id].sort());
  });

  it('carries the window forward from the daily job, once, whoever runs it', async () => {
    const owner = await newClubOwner(server, { status: 'approved' });
    await saveTimesOk(owner.client, [TUESDAY]);
    // As if planned long ago: only the first two sessions were made.
    const made = await sessionsOf(owner.user.id);
    await dbOf(server).delete(clubSessions).where(and(eq(clubSessions.clubId, owner.user.id), sql`starts_at > now() + interval '14 days'`));
    expect((await sessionsOf(owner.user.id)).length).toBeLessThan(made.length);

    await server.clubroom.services.sessionPlanner.runWindowJobNow();
    // Two workers at once: the job is claimed by one of them.
    await Promise.all([server.clubroom.jobWorker.runOnce(), server.clubroom.jobWorker.runOnce()]);
    const again = await sessionsOf(owner.user.id);
    expect(again.map((s) => s.localDate)).toEqual(made.map((s) => s.localDate));
    const [job] = await dbOf(server).select().from(jobs).where(eq(jobs.key, 'club-sessions-window'));
    expect(job!.status).toBe('pending');
    // Next at 03:00 on the platform's clock (Europe/London here), within a day.
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(job!.runAt.getTime()).toBeLessThanOrEqual(Date.now() + 86_400_000);
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' }).format(job!.runAt)).toBe('03:00');
  });
});
