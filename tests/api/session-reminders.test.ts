// Session reminders with one-tap answers (issue 29 §4): one durable job per session and reminder
// offset, kept in step with sessions made, moved and cancelled and with the club's offsets; the
// reminder reaches the followers who answered Going or have not answered (none after Can't, none
// for a cancelled or moved session), exactly once with two workers at once and with a worker
// killed mid-run; its email carries a Going and a Can't make it link that work without signing in,
// show what they would do without changing anything, and answer once.
import { and, asc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf, type Database } from '../../server/src/db/client.js';
import { jobs, mailOutbox, notifications, sessionAnswerLinkUses, sessionAnswers } from '../../server/src/db/schema/index.js';
import { JobWorker } from '../../server/src/jobs/worker.js';
import { SignedLinks } from '../../server/src/lib/signed-links.js';
import { SESSION_REMINDER_JOB } from '../../server/src/modules/sessions/session-reminders.schedule.js';
import { REMINDERS_PER_RUN } from '../../server/src/modules/sessions/session-reminders.service.js';
import { SESSION_MESSAGES as M } from '../../server/src/modules/sessions/sessions.rules.js';
import { ApiClient, newMember } from '../helpers/client.js';
import { clubGlobalId, newClubOwner, payloadOk, refusalOf, saveTimesOk } from '../helpers/clubs.js';
import { dbOf } from '../helpers/messages.js';
import { TEST_DATABASE_URL } from '../helpers/pg.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { runAfterKill } from '../helpers/jobs.js';

let server: TestServer;
let second: Database | undefined;
beforeAll(async () => {
  server = await startServer();
  // The test decides when jobs run: the server's own worker does not poll (runOnce still works).
  await server.clubroom.jobWorker.stop();
});
afterAll(async () => {
  await second?.close();
  await server?.close();
});

const ERRORS = 'userErrors { field code message }';
const CREATE_EVENT = `mutation($i: ClubEventInput!) { createClubEvent(input: $i) { session { id } ${ERRORS} } }`;
const MOVE = `mutation($i: MoveSessionInput!) { moveSession(input: $i) { session { id } ${ERRORS} } }`;
const CANCEL = `mutation($i: CancelSessionInput!) { cancelSession(input: $i) { session { id } ${ERRORS} } }`;
const SETTINGS = `mutation($i: UpdateClubSessionSettingsInput!) { updateClubSessionSettings(input: $i) { club { id } ${ERRORS} } }`;
const FOLLOW = 'mutation($i: ClubFollowInput!) { followClub(input: $i) { club { id } userErrors { message } } }';
const ANSWER = `mutation($i: AnswerSessionInput!) { answerSession(input: $i) { session { id } ${ERRORS} } }`;
const LINK = 'query($t: String!) { sessionAnswerLink(token: $t) { answer used session { id name startsAt cancelledAt club { id name } } } }';
const BY_LINK = `mutation($i: AnswerSessionByLinkInput!) { answerSessionByLink(input: $i) { session { id name } answer { answer } ${ERRORS} } }`;

const hours = (n: number) => new Date(Date.now() + n * 3_600_000);
const dbId = (globalId: string) => Buffer.from(globalId, 'base64url').toString('utf8').split(':')[1]!;

type Owner = Awaited<ReturnType<typeof newClubOwner>>;
type Fan = Awaited<ReturnType<typeof newMember>>;

async function clubWithFans(n: number): Promise<{ owner: Owner; fans: Fan[] }> {
  const owner = await newClubOwner(server, { status: 'approved' });
  const fans: Fan[] = [];
  for (let i = 0; i < n; i++) {
    const fan = await newMember(server.url, { fullName: `Fan ${i + 1}` });
    payloadOk(await fan.client.gql(FOLLOW, { i: { clubId: clubGlobalId(owner.user.id) } }), 'followClub');
    fans.push(fan);
  }
  return { owner, fans };
}

async function newEvent(owner: Owner, startsInHours: number, title = 'Summer tournament'): Promise<string> {
  const input = { title, description: null, place: 'Main pitch', startsAt: hours(startsInHours).toISOString(), endsAt: hours(startsInHours + 2).toISOString(), capacity: null };
  return payloadOk<{ session: { id: string } }>(await owner.client.gql(CREATE_EVENT, { i: input }), 'createClubEvent').session.id;
}

const reminderJobs = (sessionId: string) =>
  dbOf(server)
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, SESSION_REMINDER_JOB), like(jobs.key, `${SESSION_REMINDER_JOB}:${sessionId}:%`)))
    .orderBy(asc(jobs.runAt));
const pendingOffsets = async (sessionId: string) =>
  (await reminderJobs(sessionId))
    .filter((j) => j.status === 'pending')
    .map((j) => ({ offset: Number(j.key.split(':')[2]), runAt: j.runAt.getTime() }));

/** Makes the session's pending reminders due now (time moved forward, not waited for). */
const dueNow = (sessionIds: string[]) =>
  dbOf(server).execute(sql`update jobs set run_at = now() where kind = ${SESSION_REMINDER_JOB} and status = 'pending' and key like any(${sql.param(sessionIds.map((id) => `${SESSION_REMINDER_JOB}:${id}:%`))}::text[])`);

const remindersOf = (userId: string) => dbOf(server).select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, 'session_reminder')));
const mailsTo = (email: string) => dbOf(server).select().from(mailOutbox).where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, 'Reminder:%')));
const answerOf = async (sessionId: string, userId: string) =>
  (await dbOf(server).select().from(sessionAnswers).where(and(eq(sessionAnswers.sessionId, sessionId), eq(sessionAnswers.userId, userId))))[0]?.answer ?? null;

/** Runs the server's worker until nothing is due. */
async function runDue(): Promise<number> {
  let total = 0;
  for (let i = 0; i < 20; i++) {
    const ran = await server.clubroom.jobWorker.runOnce();
    total += ran;
    if (ran === 0) break;
  }
  return total;
}

/** The Going and Can't links of a reminder email. */
function linksIn(text: string): { going: string; cant: string } {
  const urls = [...text.matchAll(/https?:\/\/\S+\/sessions\/answer\?token=([\w.-]+)/g)].map((m) => m[1]!);
  expect(urls).toHaveLength(2);
  const goingAt = text.indexOf('Going:');
  const cantAt = text.indexOf('Can’t make it:');
  expect(goingAt).toBeGreaterThanOrEqual(0);
  expect(cantAt).toBeGreaterThan(goingAt);
  return { going: urls[0]!, cant: urls[1]! };
}

describe('reminder scheduling', () => {
  it("schedules one reminder per offset still ahead, moves them with the session, follows the club's offsets and drops them with a cancellation", async () => {
    const { owner } = await clubWithFans(0);
    const far = dbId(await newEvent(owner, 72));
    const farStart = hours(72).getTime();
    const offsets = await pendingOffsets(far);
    expect(offsets.map((o) => o.offset)).toEqual([2880, 120]);
    // At the start less each offset (the event's start is within a second of `hours(72)`).
    expect(Math.abs(offsets[0]!.runAt - (farStart - 2880 * 60_000))).toBeLessThan(5_000);
    expect(Math.abs(offsets[1]!.runAt - (farStart - 120 * 60_000))).toBeLessThan(5_000);

    // A session sooner than 48 hours: only the 2-hour reminder.
    const near = dbId(await newEvent(owner, 24));
    expect((await pendingOffsets(near)).map((o) => o.offset)).toEqual([120]);

    // Moved: the reminders go with it.
    const moved = hours(100);
    payloadOk(await owner.client.gql(MOVE, { i: { sessionId: `${await globalOf(far)}`, startsAt: moved.toISOString(), endsAt: hours(102).toISOString(), place: null } }), 'moveSession');
    const after = await pendingOffsets(far);
    expect(after.map((o) => o.offset)).toEqual([2880, 120]);
    expect(after[1]!.runAt).toBe(moved.getTime() - 120 * 60_000);

    // The club chooses 1 hour only: each coming session has just that one.
    payloadOk(await owner.client.gql(SETTINGS, { i: { attendingByDefault: false, reminderOffsetsMinutes: [60] } }), 'updateClubSessionSettings');
    expect((await pendingOffsets(far)).map((o) => o.offset)).toEqual([60]);
    expect((await pendingOffsets(near)).map((o) => o.offset)).toEqual([60]);

    // Cancelled: none left.
    payloadOk(await owner.client.gql(CANCEL, { i: { sessionId: await globalOf(near), reason: 'Pitch flooded' } }), 'cancelSession');
    expect(await pendingOffsets(near)).toEqual([]);
  });

  it('schedules the reminders of the sessions made from meeting times', async () => {
    const owner = await newClubOwner(server, { status: 'approved' });
    await saveTimesOk(owner.client, [{ dayOfWeek: 3, startTime: '18:00', endTime: '19:00' }]);
    const sessions = rowsOf<{ id: string; startsAt: Date }>(await dbOf(server).execute(sql`select id, starts_at as "startsAt" from club_sessions where club_id = ${owner.user.id}`));
    expect(sessions.length).toBeGreaterThan(5);
    const counted = rowsOf<{ n: number }>(
      await dbOf(server).execute(sql`select count(*)::int as n from jobs where status = 'pending' and key like any(${sql.param(sessions.map((s) => `${SESSION_REMINDER_JOB}:${s.id}:%`))}::text[])`),
    );
    const expected = sessions.reduce((n, s) => n + [2880, 120].filter((m) => new Date(s.startsAt).getTime() - m * 60_000 > Date.now()).length, 0);
    expect(Number(counted[0]!.n)).toBe(expected);
    // None of them may come due while the later tests count the jobs they run.
    await dbOf(server).execute(sql`delete from jobs where key like any(${sql.param(sessions.map((s) => `${SESSION_REMINDER_JOB}:${s.id}:%`))}::text[])`);
  });
});

async function globalOf(sessionId: string): Promise<string> {
  return Buffer.from(`ClubSession:${sessionId}`).toString('base64url');
}

describe('the reminder', () => {
  it("reaches followers who answered Going or have not answered, none after Can't; the email carries both links", async () => {
    const { owner, fans } = await clubWithFans(3);
    const [going, silent, cant] = fans as [Fan, Fan, Fan];
    const event = await newEvent(owner, 72, 'Reminder cup');
    payloadOk(await going.client.gql(ANSWER, { i: { sessionId: event, answer: 'GOING' } }), 'answerSession');
    payloadOk(await cant.client.gql(ANSWER, { i: { sessionId: event, answer: 'CANT' } }), 'answerSession');
    await dueNow([dbId(event)]);
    expect(await runDue()).toBe(2);

    expect(await remindersOf(going.user.id)).toHaveLength(2);
    expect(await remindersOf(silent.user.id)).toHaveLength(2);
    expect(await remindersOf(cant.user.id)).toHaveLength(0);
    const [bell] = await remindersOf(going.user.id);
    expect(bell!.title).toContain('Reminder cup');
    expect(bell!.description).toContain("You're going");
    const mails = await mailsTo(going.email);
    expect(mails).toHaveLength(2);
    const links = linksIn(mails[0]!.text);
    expect(links.going).not.toBe(links.cant);
    expect(mails[0]!.html).toContain('/sessions/answer?token=');
    expect(await mailsTo(cant.email)).toHaveLength(0);
    // Done: nothing due again.
    expect(await runDue()).toBe(0);
  });

  it('does nothing for a session cancelled or moved behind its back, or an offset the club dropped', async () => {
    const { owner, fans } = await clubWithFans(1);
    const cancelled = dbId(await newEvent(owner, 72, 'Cancelled cup'));
    const moved = dbId(await newEvent(owner, 72, 'Moved cup'));
    await dueNow([cancelled, moved]);
    // Changed without the service (as if the job had been scheduled before the change).
    await dbOf(server).execute(sql`update club_sessions set cancelled_at = now(), cancel_reason = 'Rain' where id = ${cancelled}`);
    await dbOf(server).execute(sql`update club_sessions set starts_at = starts_at + interval '1 day', ends_at = ends_at + interval '1 day' where id = ${moved}`);
    expect(await runDue()).toBe(4);
    expect(await remindersOf(fans[0]!.user.id)).toHaveLength(0);

    const dropped = dbId(await newEvent(owner, 72, 'Dropped cup'));
    await dueNow([dropped]);
    await dbOf(server).execute(sql`update clubs set reminder_offsets_minutes = '{60}' where id = ${owner.user.id}`);
    expect(await runDue()).toBe(2);
    expect(await remindersOf(fans[0]!.user.id)).toHaveLength(0);
  });

  it('counts silent followers of an attending-by-default club as going', async () => {
    const { owner, fans } = await clubWithFans(1);
    payloadOk(await owner.client.gql(SETTINGS, { i: { attendingByDefault: true, reminderOffsetsMinutes: [120] } }), 'updateClubSessionSettings');
    await saveTimesOk(owner.client, [{ dayOfWeek: 5, startTime: '18:00', endTime: '19:00' }]);
    const [first] = rowsOf<{ id: string }>(await dbOf(server).execute(sql`select id from club_sessions where club_id = ${owner.user.id} and starts_at > now() + interval '3 hours' order by starts_at limit 1`));
    // Only this session's reminder is in play (no other of the club's may come due meanwhile).
    await dbOf(server).execute(sql`delete from jobs where kind = ${SESSION_REMINDER_JOB} and payload->>'sessionId' in (select id::text from club_sessions where club_id = ${owner.user.id} and id <> ${first!.id})`);
    await dueNow([first!.id]);
    expect(await runDue()).toBe(1);
    const [bell] = await remindersOf(fans[0]!.user.id);
    expect(bell!.description).toContain("You're counted as going");
  });

  it(`tells a big club's followers ${REMINDERS_PER_RUN} per run, each once`, async () => {
    const { owner } = await clubWithFans(0);
    const tag = Math.random().toString(36).slice(2, 8);
    await dbOf(server).execute(sql`insert into users (email, full_name, password_hash) select 'crowd.' || ${tag} || '.' || i || '@example.com', 'Crowd ' || i, 'x' from generate_series(1, ${REMINDERS_PER_RUN + 1}) as i`);
    await dbOf(server).execute(sql`insert into club_follows (club_id, user_id) select ${owner.user.id}, id from users where email like ${`crowd.${tag}.%`}`);
    const event = dbId(await newEvent(owner, 72, 'Crowd cup'));
    await dbOf(server).execute(sql`delete from jobs where key = ${`${SESSION_REMINDER_JOB}:${event}:120`}`);
    await dueNow([event]);
    expect(await runDue()).toBe(2);
    const [told] = rowsOf<{ n: number; people: number }>(
      await dbOf(server).execute(sql`select count(*)::int as n, count(distinct user_id)::int as people from notifications where kind = 'session_reminder' and user_id in (select user_id from club_follows where club_id = ${owner.user.id})`),
    );
    expect(Number(told!.n)).toBe(REMINDERS_PER_RUN + 1);
    expect(Number(told!.people)).toBe(REMINDERS_PER_RUN + 1);
    const [job] = await dbOf(server).select().from(jobs).where(eq(jobs.key, `${SESSION_REMINDER_JOB}:${event}:2880`));
    expect(job!.status).toBe('done');
  });
});

describe.runIf(Boolean(TEST_DATABASE_URL))('exactly once', () => {
  it('sends each reminder once when two workers (two connection pools) run the due jobs at the same moment', async () => {
    const { owner, fans } = await clubWithFans(3);
    const events = [];
    for (let i = 0; i < 4; i++) events.push(dbId(await newEvent(owner, 72 + i, `Pair cup ${i}`)));
    await dueNow(events);
    second ??= await openDatabase({ databaseUrl: server.db.url! });
    const handlers = { [SESSION_REMINDER_JOB]: server.clubroom.services.sessionReminders.reminderJob };
    const other = new JobWorker(second.db, handlers, { intervalMs: 600_000, leaseSeconds: 60, log: console });
    const [a, b] = await Promise.all([server.clubroom.jobWorker.runOnce(), other.runOnce()]);
    expect(a + b).toBe(8);
    for (const fan of fans) {
      const bells = await remindersOf(fan.user.id);
      expect(bells).toHaveLength(8);
      expect((await mailsTo(fan.email)).length).toBe(8);
    }
  });

  it('sends a reminder once after the worker running it is killed before it committed', async () => {
    const { owner, fans } = await clubWithFans(2);
    const event = dbId(await newEvent(owner, 72, 'Kill cup'));
    await dbOf(server).execute(sql`delete from jobs where key = ${`${SESSION_REMINDER_JOB}:${event}:120`}`);
    await dueNow([event]);
    second ??= await openDatabase({ databaseUrl: server.db.url! });
    // A worker with a short lease that runs the reminder to its end inside its transaction, then
    // hangs before committing, and its connection is killed (as a process killed mid-run).
    let backendPid = 0;
    const holding = new Promise<void>((resolve) => {
      const handlers = {
        [SESSION_REMINDER_JOB]: async (tx: Parameters<typeof server.clubroom.services.sessionReminders.reminderJob>[0], job: Parameters<typeof server.clubroom.services.sessionReminders.reminderJob>[1]) => {
          const outcome = await server.clubroom.services.sessionReminders.reminderJob(tx, job);
          backendPid = Number(rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`))[0]!.pid);
          resolve();
          await new Promise<void>(() => {});
          return outcome;
        },
      };
      const doomed = new JobWorker(second!.db, handlers, { intervalMs: 600_000, leaseSeconds: 2, log: { warn: () => {}, error: () => {} } });
      void doomed.runOnce();
    });
    await holding;
    // Its reminders were made, inside a transaction that has not committed.
    const [claimed] = await dbOf(server).select().from(jobs).where(eq(jobs.key, `${SESSION_REMINDER_JOB}:${event}:2880`));
    expect(claimed!.claimId).not.toBeNull();
    for (const fan of fans) expect(await remindersOf(fan.user.id)).toHaveLength(0);
    // A running worker's claim is not taken while its lease holds.
    expect(await server.clubroom.jobWorker.runOnce()).toBe(0);

    await dbOf(server).execute(sql`select pg_terminate_backend(${backendPid})`);
    // Once the killed worker's claim is gone (its lease ran out, or its failure path let the job go),
    // the server's worker takes the job over, exactly once.
    const ran = await runAfterKill(server, server.clubroom.jobWorker, `${SESSION_REMINDER_JOB}:${event}:2880`);
    expect(ran).toBe(1);
    // The killed worker never goes on (as a killed process): its handler is left waiting. (Letting
    // it return would write COMMIT on the terminated connection, which postgres.js throws outside
    // any promise: 'Cannot read properties of null (reading 'write')'.)
    for (const fan of fans) {
      expect(await remindersOf(fan.user.id)).toHaveLength(1);
      expect(await mailsTo(fan.email)).toHaveLength(1);
    }
  });
});

describe('one-tap links', () => {
  async function remindedFan() {
    const { owner, fans } = await clubWithFans(1);
    const fan = fans[0]!;
    const event = await newEvent(owner, 72, 'Link cup');
    payloadOk(await fan.client.gql(ANSWER, { i: { sessionId: event, answer: 'GOING' } }), 'answerSession');
    await dbOf(server).execute(sql`delete from jobs where key = ${`${SESSION_REMINDER_JOB}:${dbId(event)}:120`}`);
    await dueNow([dbId(event)]);
    expect(await runDue()).toBe(1);
    const [mail] = await mailsTo(fan.email);
    return { owner, fan, event, sessionId: dbId(event), links: linksIn(mail!.text) };
  }

  it("shows what a link would do without changing anything, answers once on confirmation, and refuses a reuse", async () => {
    const { fan, event, sessionId, links } = await remindedFan();
    const anonymous = new ApiClient(server.url);
    const view = await anonymous.gql(LINK, { t: links.cant });
    expect(view.errors).toBeUndefined();
    expect(view.data.sessionAnswerLink).toMatchObject({ answer: 'CANT', used: false, session: { id: event, name: 'Link cup', cancelledAt: null } });
    // Looking (a mail scanner's prefetch) changed nothing.
    expect(await answerOf(sessionId, fan.user.id)).toBe('going');

    const done = payloadOk<{ answer: { answer: string } }>(await anonymous.gql(BY_LINK, { i: { token: links.cant } }), 'answerSessionByLink');
    expect(done.answer.answer).toBe('CANT');
    expect(await answerOf(sessionId, fan.user.id)).toBe('cant');
    expect(await dbOf(server).select().from(sessionAnswerLinkUses).where(eq(sessionAnswerLinkUses.sessionId, sessionId))).toHaveLength(1);
    expect((await anonymous.gql(LINK, { t: links.cant })).data.sessionAnswerLink.used).toBe(true);

    // The member changes their mind in the app; the used link then changes nothing.
    payloadOk(await fan.client.gql(ANSWER, { i: { sessionId: event, answer: 'GOING' } }), 'answerSession');
    const again = refusalOf(await anonymous.gql(BY_LINK, { i: { token: links.cant } }), 'answerSessionByLink');
    expect(again.message).toBe(M.linkUsed);
    expect(await answerOf(sessionId, fan.user.id)).toBe('going');

    // The other link of the same email still works, once.
    payloadOk(await anonymous.gql(BY_LINK, { i: { token: links.going } }), 'answerSessionByLink');
    expect(await answerOf(sessionId, fan.user.id)).toBe('going');
  });

  it('refuses a forged link and an expired one, changing nothing', async () => {
    const { fan, sessionId, links } = await remindedFan();
    const anonymous = new ApiClient(server.url);
    const [head, body, signature] = links.cant.split('.') as [string, string, string];
    const forgedClaims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...forgedClaims, jti: 'another' })).toString('base64url')}.${signature}`;
    const otherKey = (await SignedLinks.create(dbOf(server), 'unsubscribe')).sign({ sub: fan.user.id, sid: sessionId, ans: 'cant', jti: 'x' }, 600);
    const expired = (await SignedLinks.create(dbOf(server), 'session-answer')).sign({ sub: fan.user.id, sid: sessionId, ans: 'cant', jti: 'expired-link' }, -60);
    for (const token of [forged, await otherKey, await expired, 'not-a-token']) {
      expect((await anonymous.gql(LINK, { t: token })).data.sessionAnswerLink).toBeNull();
      const refused = refusalOf(await anonymous.gql(BY_LINK, { i: { token } }), 'answerSessionByLink');
      expect(refused.code).toBe('NOT_FOUND');
      expect(refused.message).toBe(M.linkInvalid);
    }
    expect(await answerOf(sessionId, fan.user.id)).toBe('going');
    expect(await dbOf(server).select().from(sessionAnswerLinkUses).where(eq(sessionAnswerLinkUses.sessionId, sessionId))).toHaveLength(0);
  });

  it("forgets a link's use a week after its session started, and keeps the others", async () => {
    const { owner, fan, sessionId, links } = await remindedFan();
    payloadOk(await new ApiClient(server.url).gql(BY_LINK, { i: { token: links.cant } }), 'answerSessionByLink');
    // A use of a link to a session a month later (as another reminder would leave).
    const later = dbId(await newEvent(owner, 24 * 30, 'Autumn cup'));
    await dbOf(server).insert(sessionAnswerLinkUses).values({ linkId: `later-${later}`, userId: fan.user.id, sessionId: later });
    const usesOf = async (id: string) => (await dbOf(server).select().from(sessionAnswerLinkUses).where(eq(sessionAnswerLinkUses.sessionId, id))).length;
    const startsAt = Date.now() + 72 * 3_600_000;
    const reminders = server.clubroom.services.sessionReminders;
    // Six days after the start: kept; eight days after: gone; the later session's stays.
    await reminders.purgeSpentLinks(new Date(startsAt + 6 * 86_400_000));
    expect(await usesOf(sessionId)).toBe(1);
    expect(await reminders.purgeSpentLinks(new Date(startsAt + 8 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect(await usesOf(sessionId)).toBe(0);
    expect(await usesOf(later)).toBe(1);
  });

  it('says so for a cancelled session, and the link stays unused', async () => {
    const { owner, fan, event, sessionId, links } = await remindedFan();
    payloadOk(await owner.client.gql(CANCEL, { i: { sessionId: event, reason: 'Pitch flooded' } }), 'cancelSession');
    const anonymous = new ApiClient(server.url);
    const view = (await anonymous.gql(LINK, { t: links.cant })).data.sessionAnswerLink;
    expect(view.session.cancelledAt).not.toBeNull();
    const refused = refusalOf(await anonymous.gql(BY_LINK, { i: { token: links.cant } }), 'answerSessionByLink');
    expect(refused.message).toBe(M.cancelled);
    expect(await answerOf(sessionId, fan.user.id)).toBe('going');
    expect(await dbOf(server).select().from(sessionAnswerLinkUses).where(eq(sessionAnswerLinkUses.sessionId, sessionId))).toHaveLength(0);
  });
});
