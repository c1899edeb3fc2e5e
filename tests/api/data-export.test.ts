// Download my data (issue 28): a member asks, a job builds a .zip (opened here with fflate, a
// third-party reader; its CSV read with csv-parse) of JSON and CSV files with a README, the member
// is emailed a signed, expiring link, and nobody else's private data is in it. One at a time, three
// a day; a link that is tampered with, someone else's or expired downloads nothing.
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExports } from '../../server/src/db/schema/index.js';
import { newMember } from '../helpers/client.js';
import { clubGlobalId, newClubOwner, payloadOk, refusalOf } from '../helpers/clubs.js';
import { waitForMails } from '../helpers/mail.js';
import { runJobNow } from '../helpers/jobs.js';
import { dbOf, gqlOk, sendOk } from '../helpers/messages.js';
import { startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  // The test decides when the archive is built (built(), below): with the server's own worker, a
  // request's job could be built before the test's next request arrives, and 'one at a time' not
  // be seen (on embedded PGlite, whose one connection the build holds, always).
  await server.clubroom.jobWorker.stop();
});
afterAll(async () => {
  await server?.close();
});

const REQUEST = 'mutation { requestDataExport { dataExport { id status } userErrors { field code message } } }';
const LIST = '{ myDataExports { id status sizeBytes downloadUrl expiresAt } }';

/** The member's newest archive once no job of it is pending, the jobs run here. */
async function built(userId: string) {
  for (let i = 0; i < 100; i++) {
    await server.clubroom.jobWorker.runOnce();
    const rows = await dbOf(server).select().from(dataExports).where(eq(dataExports.userId, userId));
    if (rows.every((r) => r.status !== 'pending')) return rows.sort((a, b) => b.requestedAt.getTime() - a.requestedAt.getTime())[0]!;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the archive was not built');
}

describe('download my data', () => {
  it('builds an archive of JSON and CSV files with a README, emails a signed link, and keeps others’ private data out', async () => {
    const [me, friend] = await Promise.all([newMember(server.url, { fullName: 'Dana Data' }), newMember(server.url, { fullName: 'Frank Friend' })]);
    await sendOk(me, friend, { subject: 'Hello Frank', content: 'Written by Dana to Frank.' });
    await sendOk(friend, me, { subject: 'Hello Dana', content: 'Written by Frank to Dana.' });
    // Dana follows a club and can't make its event.
    const club = await newClubOwner(server, { status: 'approved', clubName: 'Archive Athletic' });
    payloadOk(await me.client.gql('mutation($i: ClubFollowInput!) { followClub(input: $i) { club { id } userErrors { message } } }', { i: { clubId: clubGlobalId(club.user.id) } }), 'followClub');
    const event = payloadOk<{ session: { id: string } }>(
      await club.client.gql('mutation($i: ClubEventInput!) { createClubEvent(input: $i) { session { id } userErrors { message } } }', {
        i: { title: 'Archive relay', startsAt: new Date(Date.now() + 86_400_000).toISOString(), endsAt: new Date(Date.now() + 90_000_000).toISOString() },
      }),
      'createClubEvent',
    ).session;
    payloadOk(await me.client.gql('mutation($i: AnswerSessionInput!) { answerSession(input: $i) { session { id } userErrors { message } } }', { i: { sessionId: event.id, answer: 'CANT', reason: 'Away' } }), 'answerSession');
    // …and has a webhook endpoint: its address and kinds are hers, its secret is not in the archive.
    const hook = payloadOk<{ secret: string }>(
      await me.client.gql('mutation($i: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $i) { secret userErrors { message } } }', {
        i: { kind: 'MEMBER', url: 'https://93.184.216.34/dana', eventKinds: ['council.meeting.published'], description: 'My council calendar' },
      }),
      'createWebhookEndpoint',
    );
    const asked = payloadOk<{ dataExport: { id: string; status: string } }>(await me.client.gql(REQUEST), 'requestDataExport');
    expect(asked.dataExport.status).toBe('PENDING');

    const row = await built(me.user.id);
    expect(row.status).toBe('ready');
    const [mail] = await waitForMails(server, (m) => m.headers.to === me.email && m.headers.subject === 'Your Clubroom data archive is ready');
    const link = /Download your data: (\S+)/.exec(mail!.text)![1]!;
    expect(link.startsWith(`${server.config.appUrl}/api/me/data-export?token=`)).toBe(true);
    const [listed] = (await gqlOk(me.client, LIST)).myDataExports;
    expect(listed).toMatchObject({ id: asked.dataExport.id, status: 'READY', sizeBytes: row.sizeBytes });

    // The link needs no sign-in.
    const answer = await fetch(link.replace(server.config.appUrl, server.url));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="clubroom-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(new Uint8Array(await answer.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(
      ['README.md', 'account.json', 'announcements.csv', 'api-tokens.csv', 'applications.csv', 'certificates.csv', 'messages.csv', 'notification-settings.json', 'notifications.csv', 'push-devices.csv', 'reports.csv', 'safeguarding-check-history.csv', 'safeguarding-checks.csv', 'session-answers.csv', 'sessions.csv', 'volunteer-hours.csv', 'webhook-endpoints.csv'].sort(),
    );
    const readme = strFromU8(files['README.md']!);
    for (const file of Object.keys(files).filter((f) => f !== 'README.md')) expect(readme, file).toContain(`## ${file}`);
    expect(readme).toContain('`with`: the other member, by the name the app shows (never their email)');
    expect(JSON.parse(strFromU8(files['account.json']!))).toMatchObject({ email: me.email, fullName: 'Dana Data' });
    const messages = parse(strFromU8(files['messages.csv']!), { columns: true }) as Array<Record<string, string>>;
    expect(messages.map((m) => [m.direction, m.with, m.content])).toEqual([
      ['sent', 'Frank Friend', 'Written by Dana to Frank.'],
      ['received', 'Frank Friend', 'Written by Frank to Dana.'],
    ]);
    const everything = Object.values(files).map((f) => strFromU8(f)).join('\n');
    expect(everything).not.toContain(friend.email);
    expect(everything).not.toMatch(/\$argon2/);
    expect(everything).not.toContain(hook.secret.slice('whsec_'.length));
    expect(parse(strFromU8(files['webhook-endpoints.csv']!), { columns: true })).toEqual([
      { kind: 'member', url: 'https://93.184.216.34/dana', event_kinds: 'council.meeting.published', description: 'My council calendar', scopes: 'read', status: 'active', created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) },
    ]);
    expect(parse(strFromU8(files['sessions.csv']!), { columns: true }).length).toBeGreaterThan(0);
    const answers = parse(strFromU8(files['session-answers.csv']!), { columns: true }) as Array<Record<string, string>>;
    expect(answers.map((a) => [a.club, a.session, a.answer, a.reason])).toEqual([['Archive Athletic', 'Archive relay', 'cant', 'Away']]);
  });

  it('builds one at a time, three a day, refusing the rest with a clear message and adding nothing', async () => {
    const me = await newMember(server.url);
    payloadOk(await me.client.gql(REQUEST), 'requestDataExport');
    expect(refusalOf(await me.client.gql(REQUEST), 'requestDataExport').userErrors).toEqual([
      { field: null, code: 'BAD_USER_INPUT', message: 'Your archive is being prepared: we will email you when it is ready.' },
    ]);
    await built(me.user.id);
    payloadOk(await me.client.gql(REQUEST), 'requestDataExport');
    await built(me.user.id);
    payloadOk(await me.client.gql(REQUEST), 'requestDataExport');
    await built(me.user.id);
    const fourth = await me.client.gql(REQUEST);
    expect(fourth.errors?.[0] ?? refusalOf(fourth, 'requestDataExport').userErrors[0]).toMatchObject({ message: 'You can ask for your data 3 times a day. Please try again tomorrow.' });
    expect(await dbOf(server).select().from(dataExports).where(eq(dataExports.userId, me.user.id))).toHaveLength(3);
  });

  it('downloads nothing with a tampered link, another member’s archive id, or once the archive expired', async () => {
    const [me, other] = await Promise.all([newMember(server.url), newMember(server.url)]);
    payloadOk(await me.client.gql(REQUEST), 'requestDataExport');
    payloadOk(await other.client.gql(REQUEST), 'requestDataExport');
    await built(me.user.id);
    await built(other.user.id);
    const mine = (await gqlOk(me.client, LIST)).myDataExports[0].downloadUrl as string;
    const token = new URL(mine).searchParams.get('token')!;
    const [head, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const [theirs] = await dbOf(server).select().from(dataExports).where(eq(dataExports.userId, other.user.id));
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, export: theirs!.id })).toString('base64url')}.${signature}`;
    for (const bad of [forged, 'not-a-token', `${token}x`]) {
      const answer = await fetch(`${server.url}/api/me/data-export?token=${bad}`);
      expect(answer.status).toBe(404);
      expect((await answer.json()).error).toBe('This download link is invalid or has expired. Ask for a new archive on your profile page.');
    }
    // Its expiry job runs: the file goes, and the link with it.
    const [row] = await dbOf(server).select().from(dataExports).where(eq(dataExports.userId, me.user.id));
    await runJobNow(server, `data-export-expiry:${row!.id}`);
    const [expired] = await dbOf(server).select().from(dataExports).where(eq(dataExports.userId, me.user.id));
    expect(expired).toMatchObject({ status: 'expired', archive: null });
    expect((await fetch(`${server.url}/api/me/data-export?token=${token}`)).status).toBe(404);
  });
});
