// The Idempotency-Key header (issue 13, contract section 4; docs/API.md 'Idempotent writes'): a
// signed-in caller's mutation or REST write sent twice with one key runs once, and the repeat gets
// the first answer byte for byte with `Idempotent-Replayed: true`; a repeat while the first still
// runs answers 409 (the first is held on a real lock, so they really overlap); the key with another
// request 422; a malformed key 400; anonymous callers, queries and other accounts' keys are apart.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActions, idempotencyKeys, messages } from '../../server/src/db/schema/index.js';
import { ApiClient, newMember } from '../helpers/client.js';
import { APPROVE, bootstrapAdmin, newApplication } from '../helpers/admin.js';
import { CONTENT, SUBJECT, SEND, countSentBy, dbOf, memberId, type Member } from '../helpers/messages.js';
import { collide } from '../helpers/pg.js';
import { startServer, type TestServer } from '../helpers/server.js';

const KEY_RULE = 'Idempotency key must be 1 to 100 visible ASCII characters';
const IN_PROGRESS = 'A request with this idempotency key is still in progress.';
const REUSED = 'This idempotency key was already used for a different request.';

let server: TestServer;
let alice: Member;
let bob: Member;
let admin: Awaited<ReturnType<typeof bootstrapAdmin>>;

beforeAll(async () => {
  server = await startServer();
  [alice, bob] = await Promise.all([newMember(server.url, { fullName: 'Alice Sender' }), newMember(server.url, { fullName: 'Bob Receiver' })]);
  admin = await bootstrapAdmin(server);
});
afterAll(async () => {
  await server?.close();
});

interface Raw {
  status: number;
  text: string;
  headers: Headers;
}

/** POST /graphql as `client` (its bearer token, if any) with extra headers; the raw answer. */
async function postGraphql(client: ApiClient, body: unknown, headers: Record<string, string> = {}): Promise<Raw> {
  const res = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(client.accessToken ? { authorization: `Bearer ${client.accessToken}` } : {}), ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

const sendBody = (subject = SUBJECT) => ({ query: SEND, variables: { input: { recipientId: memberId(bob), subject, content: CONTENT } } });
const keyed = (key: string) => ({ 'idempotency-key': key });
const errorOf = (raw: Raw) => (JSON.parse(raw.text) as { errors: { message: string; extensions: { code: string } }[] }).errors[0]!;

describe('a mutation sent twice with one Idempotency-Key', () => {
  it('sendMessage: one message; the repeat answers the same body with Idempotent-Replayed', async () => {
    const key = randomUUID();
    const before = await countSentBy(server, alice.user.id);
    const first = await postGraphql(alice.client, sendBody(), keyed(key));
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(JSON.parse(first.text).data.sendMessage.message.subject).toBe(SUBJECT);
    const second = await postGraphql(alice.client, sendBody(), keyed(key));
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.headers.get('content-type')).toMatch(/^application\/json/);
    expect(second.text).toBe(first.text);
    expect(await countSentBy(server, alice.user.id)).toBe(before + 1);
  });

  it('approveClubApplication: the repeat is the same success, not "already reviewed"; one audit entry', async () => {
    const application = await newApplication(server);
    const body = { query: APPROVE, variables: { input: { clubId: application.clubId } } };
    const key = randomUUID();
    const first = await postGraphql(admin.client, body, keyed(key));
    const parsed = JSON.parse(first.text);
    expect(parsed.data.approveClubApplication.userErrors).toEqual([]);
    expect(parsed.data.approveClubApplication.club.applicationStatus).toBe('APPROVED');
    const second = await postGraphql(admin.client, body, keyed(key));
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.text).toBe(first.text);
    const audit = await dbOf(server).select().from(adminActions).where(and(eq(adminActions.targetId, application.uuid), eq(adminActions.actionType, 'approve')));
    expect(audit).toHaveLength(1);
    // Without the key the repeat really runs again, and is refused.
    const unkeyed = JSON.parse((await postGraphql(admin.client, body)).text);
    expect(unkeyed.data.approveClubApplication.userErrors[0].message).toMatch(/^Only pending applications/);
  });

  it('keeps answers that are refusals too (status below 500)', async () => {
    const key = randomUUID();
    const body = { query: SEND, variables: { input: { recipientId: memberId(bob), subject: '', content: CONTENT } } };
    const first = await postGraphql(alice.client, body, keyed(key));
    expect(JSON.parse(first.text).data.sendMessage.userErrors.length).toBeGreaterThan(0);
    const second = await postGraphql(alice.client, body, keyed(key));
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.text).toBe(first.text);
  });
});

describe('two requests with one key at the same moment', () => {
  // Needs a second connection holding a lock: PostgreSQL only (npm test runs on it).
  it.skipIf(!process.env.TEST_DATABASE_URL)('one runs; the other, arriving while the first is held on a lock, answers 409 CONFLICT', async () => {
    const key = randomUUID();
    const before = await countSentBy(server, alice.user.id);
    let repeat: Promise<Raw> | null = null;
    let repeatDone = false;
    // The first request claims the key, then waits for the SHARE lock on messages held by another
    // connection; only once the repeat has answered is the lock released.
    const { results } = await collide(
      server.db.url!,
      (tx) => tx.unsafe('lock table "messages" in share mode'),
      async (watcher) => {
        const [row] = await watcher`select count(*)::int as n from pg_locks where relation = 'messages'::regclass and mode = 'RowExclusiveLock' and not granted`;
        const waiting = row!.n as number;
        if (waiting >= 1 && !repeat) repeat = postGraphql(alice.client, sendBody('Held back'), keyed(key)).finally(() => (repeatDone = true));
        return repeatDone ? waiting : 0;
      },
      1,
      () => [postGraphql(alice.client, sendBody('Held back'), keyed(key))],
    );
    const [first] = results;
    const second = await repeat!;
    expect(first!.status).toBe(200);
    expect(JSON.parse(first!.text).data.sendMessage.message.subject).toBe('Held back');
    expect(second.status).toBe(409);
    expect(errorOf(second)).toEqual({ message: IN_PROGRESS, extensions: { code: 'CONFLICT' } });
    expect(await countSentBy(server, alice.user.id)).toBe(before + 1);
    // Once the first has answered, a repeat gets its answer.
    const third = await postGraphql(alice.client, sendBody('Held back'), keyed(key));
    expect(third.headers.get('idempotent-replayed')).toBe('true');
    expect(third.text).toBe(first!.text);
  });
});

describe('refusals and what ignores the header', () => {
  it('the same key with a different request: 422', async () => {
    const key = randomUUID();
    await postGraphql(alice.client, sendBody('Subject one'), keyed(key));
    const other = await postGraphql(alice.client, sendBody('Subject two'), keyed(key));
    expect(other.status).toBe(422);
    expect(errorOf(other)).toEqual({ message: REUSED, extensions: { code: 'BAD_USER_INPUT' } });
    const subjects = await dbOf(server).select({ subject: messages.subject }).from(messages).where(and(eq(messages.senderId, alice.user.id), eq(messages.subject, 'Subject two')));
    expect(subjects).toHaveLength(0);
  });

  it.each(['', 'x'.repeat(101), 'with space', 'tab\tkey', 'caf\u00e9'])('a malformed key %j: 400, nothing runs', async (key) => {
    const before = await countSentBy(server, alice.user.id);
    const answer = await postGraphql(alice.client, sendBody(), keyed(key));
    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toEqual({ message: KEY_RULE, extensions: { code: 'BAD_USER_INPUT' } });
    expect(await countSentBy(server, alice.user.id)).toBe(before);
  });

  it('the longest key (100 visible characters) is accepted', async () => {
    const key = `${randomUUID()}${'~'.repeat(64)}`;
    expect(key).toHaveLength(100);
    expect((await postGraphql(alice.client, sendBody(), keyed(key))).status).toBe(200);
  });

  it('anonymous requests ignore the header (and keep nothing)', async () => {
    const key = randomUUID();
    const signUp = 'mutation SignUp($input: SignUpInput!) { signUp(input: $input) { userErrors { message } } }';
    const anonymous = new ApiClient(server.url);
    const answer = await postGraphql(anonymous, { query: signUp, variables: { input: { email: 'not-an-email', password: 'x', fullName: 'X' } } }, keyed(key));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('idempotent-replayed')).toBeNull();
    const bad = await postGraphql(anonymous, { query: '{ __typename }' }, keyed(''));
    expect(bad.status).toBe(200);
    expect(await dbOf(server).select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(0);
  });

  it("another account's same key is its own", async () => {
    const key = randomUUID();
    const fromAlice = await postGraphql(alice.client, sendBody('Shared key'), keyed(key));
    const toAlice = { query: SEND, variables: { input: { recipientId: memberId(alice), subject: 'Shared key', content: CONTENT } } };
    const fromBob = await postGraphql(bob.client, toAlice, keyed(key));
    expect(fromBob.status).toBe(200);
    expect(fromBob.headers.get('idempotent-replayed')).toBeNull();
    expect(JSON.parse(fromBob.text).data.sendMessage.message.sender.name).toBe('Bob Receiver');
    expect(JSON.parse(fromAlice.text).data.sendMessage.message.sender.name).toBe('Alice Sender');
  });

  it('a query ignores the header: each runs, nothing kept, a malformed key is not refused', async () => {
    const key = randomUUID();
    const query = { query: '{ unreadMessageCount }' };
    const first = await postGraphql(bob.client, query, keyed(key));
    await postGraphql(alice.client, sendBody('Counted'));
    const second = await postGraphql(bob.client, query, keyed(key));
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    expect(JSON.parse(second.text).data.unreadMessageCount).toBe(JSON.parse(first.text).data.unreadMessageCount + 1);
    expect((await postGraphql(bob.client, query, keyed('bad key'))).status).toBe(200);
    expect(await dbOf(server).select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(0);
  });

  it('an operation that answers credentials is never kept (signIn with a bearer token)', async () => {
    const key = randomUUID();
    const signIn = 'mutation SignIn($input: SignInInput!) { signIn(input: $input) { session { accessToken } userErrors { message } } }';
    const answer = await postGraphql(alice.client, { query: signIn, variables: { input: { email: alice.email, password: 'Str0ng!Passw0rd' } } }, keyed(key));
    expect(answer.status).toBe(200);
    expect(await dbOf(server).select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(0);
  });
});

describe('REST writes', () => {
  it('POST /admin/club-applications/approve twice with one key: approved once, the same answer replayed', async () => {
    const application = await newApplication(server);
    const key = randomUUID();
    const first = await admin.client.rest('POST', '/admin/club-applications/approve', { club_id: application.uuid }, { headers: keyed(key) });
    expect(first.status).toBe(200);
    expect(first.body.success).toBe(true);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const second = await admin.client.rest('POST', '/admin/club-applications/approve', { club_id: application.uuid }, { headers: keyed(key) });
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    const audit = await dbOf(server).select().from(adminActions).where(and(eq(adminActions.targetId, application.uuid), eq(adminActions.actionType, 'approve')));
    expect(audit).toHaveLength(1);
    const other = await admin.client.rest('POST', '/admin/club-applications/reject', { club_id: application.uuid, rejection_reason: 'No' }, { headers: keyed(key) });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ success: false, data: null, error: REUSED, code: 'BAD_USER_INPUT' });
    const bad = await admin.client.rest('POST', '/admin/club-applications/approve', { club_id: application.uuid }, { headers: keyed('') });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ success: false, data: null, error: KEY_RULE, code: 'BAD_USER_INPUT' });
  });
});

describe('the purge', () => {
  it('drops answers older than 24 hours; an expired key may be used again', async () => {
    const key = randomUUID();
    const first = await postGraphql(alice.client, sendBody('Expiring'), keyed(key));
    expect(first.status).toBe(200);
    await dbOf(server)
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(and(eq(idempotencyKeys.userId, alice.user.id), eq(idempotencyKeys.key, key)));
    // Expired but not yet purged: the key is free again, even for another request.
    const reused = await postGraphql(alice.client, sendBody('Reused'), keyed(key));
    expect(reused.status).toBe(200);
    expect(reused.headers.get('idempotent-replayed')).toBeNull();
    await dbOf(server)
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(and(eq(idempotencyKeys.userId, alice.user.id), eq(idempotencyKeys.key, key)));
    const fresh = randomUUID();
    await postGraphql(alice.client, sendBody('Fresh'), keyed(fresh));
    expect(await server.clubroom.services.idempotency.purgeExpired()).toBeGreaterThanOrEqual(1);
    const left = await dbOf(server).select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.userId, alice.user.id));
    expect(left.map((r) => r.key)).toContain(fresh);
    expect(left.map((r) => r.key)).not.toContain(key);
  });
});
