// Fuzzes every Query and Mutation of schema.graphql over HTTP with documents built from the
// schema (valid variables, then broken: control characters and NUL, huge strings, wrong types,
// deep nesting, unknown arguments, fields and keys, broken bodies), as an anonymous visitor, a
// member, a club owner and the platform administrator. No answer may be a 5xx or carry
// INTERNAL_SERVER_ERROR; a refused call must leave every table as it was; no promise may reject
// unhandled; the server must still answer /health. Then whole-document attacks (alias floods,
// deep introspection, batches, huge bodies, content types, Idempotency-Key headers of any shape).
// Calls that may suspend, ban or demote a caller (the fuzzer names their ids) are followed by
// putting the callers back, so later operations are still fuzzed as each role.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { toGlobalId } from '../../server/src/graphql/relay.js';
import type { TestServer } from '../helpers/server.js';
import { newAccount, newOpenPosition, newRemoval, newReport, newVolunteerApplication } from './expectations.js';
import { caseArb, type KnownValues } from './arbitraries.js';
import {
  RUNS,
  SEED,
  timeoutFor,
  changedTables,
  codesOf,
  describe as show,
  fingerprint,
  gqlRaw,
  healthy,
  loadSchema,
  principals,
  rawFetch,
  schemaOperations,
  serverFailure,
  startAttackServer,
  watchUnhandledRejections,
  type Principals,
  type Role,
} from './support.js';

const schema = loadSchema();
const operations = schemaOperations(schema).filter((o) => o.kind !== 'subscription');
const CALLERS: Role[] = ['anonymous', 'member', 'clubOwner', 'platformAdmin'];

let server: TestServer;
let p: Principals;
let known: KnownValues;
const rejections = watchUnhandledRejections();
/** Every failure found, reported together at the end of each operation. */

beforeAll(async () => {
  server = await startAttackServer();
  // Jobs (a data archive's build) run when a call has been answered, below, not whenever the
  // worker wakes: what they change is counted for the call that queued them.
  await server.clubroom.jobWorker.stop();
  p = await principals(server);
  const meeting = await p.platformAdmin.client.gql('mutation { createCouncilMeeting(input: { title: "Fuzz meeting", meetingDate: "2026-03-03" }) { meeting { id } } }');
  const position = await p.clubOwner.client.gql('mutation { createVolunteerPosition(input: { title: "Fuzz role", description: "A role for the fuzzer to find." }) { position { id } } }');
  const message = await p.member.client.gql('mutation($i: SendMessageInput!) { sendMessage(input: $i) { message { id } } }', {
    i: { recipientId: p.clubOwner.memberId, subject: 'Fuzz subject', content: 'A message for the fuzzer to find.' },
  });
  known = {
    ids: [
      p.member.userId!,
      p.clubOwner.userId!,
      p.bystander.userId!,
      p.member.memberId!,
      p.clubOwner.memberId!,
      meeting.data.createCouncilMeeting.meeting.id,
      position.data.createVolunteerPosition.position.id,
      message.data.sendMessage.message.id,
      // An open opportunity and a pending volunteer application (member's, to clubOwner's club).
      toGlobalId('VolunteerPosition', await newOpenPosition({ server, p })),
      await newVolunteerApplication({ server, p }),
      // Volunteer profiles: member's (newVolunteerApplication gives member one) and one nobody has.
      toGlobalId('VolunteerProfile', p.member.userId!),
      toGlobalId('VolunteerProfile', p.bystander.userId!),
      // Clubs by global id (the administration area's ids): an approved one and a pending one.
      p.clubOwner.clubId!,
      toGlobalId('Club', await pendingApplication()),
      toGlobalId('Club', await pendingApplication()),
      // Issue 13: accounts to suspend or ban (the bystander's and one of its own), pending
      // reports, a content removal to restore, and a message member received to report.
      p.bystander.memberId!,
      await newAccount({ server }),
      await newReport({ server, p }),
      await newReport({ server, p }),
      await newRemoval({ server, p }),
      (await p.clubOwner.client.gql('mutation($i: SendMessageInput!) { sendMessage(input: $i) { message { id } } }', {
        i: { recipientId: p.member.memberId, subject: 'Fuzz report me', content: 'A message for member to report.' },
      })).data.sendMessage.message.id,
    ],
    emails: [p.bystander.email!, p.member.email!, 'nobody@example.com'],
  };
}, 120_000);

/** A pending club application (its owner's account and club row), inserted directly. */
async function pendingApplication(): Promise<string> {
  const tag = Math.random().toString(36).slice(2, 10);
  const db = server.clubroom.database.db;
  const result = await db.execute(sql`insert into users (email, full_name, password_hash) values (${`fuzz.app.${tag}@example.com`}, 'Fuzz Applicant', 'not-a-hash') returning id`);
  const id = String((Array.isArray(result) ? result : (result as { rows: Array<{ id: string }> }).rows)[0]!.id);
  await db.execute(sql`insert into clubs (id, name, contact_email, application_status) values (${id}, ${`Fuzz Application ${tag}`}, ${`fuzz.app.${tag}@example.com`}, 'pending')`);
  return id;
}

/** Operations that may suspend, ban or demote an account (a caller's among them: the fuzzer names
 *  their ids) or end its sessions. After each such call the callers are put back as they were. */
const ACCOUNT_OPERATIONS = new Set(['suspendUser', 'banUser', 'reinstateUser', 'setPlatformAdmin', 'takeModerationAction']);

/** Every caller active again, the platform administrator the only administrator among them, and
 *  each signed in again whose session a suspension or a role change ended. */
async function restoreCallers(): Promise<void> {
  const callers = [p.member, p.otherMember, p.clubOwner, p.otherClubOwner, p.councilAdmin, p.bystander, p.platformAdmin];
  const ids = callers.map((c) => c.userId!);
  const db = server.clubroom.database.db;
  await db.execute(sql`update users set status = 'active', status_reason = null, suspended_until = null
    where id in ${sql.raw(`(${ids.map((id) => `'${id}'`).join(',')})`)} and status <> 'active'`);
  await db.execute(sql`update users set is_platform_admin = (id = ${p.platformAdmin.userId})
    where id in ${sql.raw(`(${ids.map((id) => `'${id}'`).join(',')})`)} and is_platform_admin <> (id = ${p.platformAdmin.userId})`);
  for (const caller of CALLERS.filter((r) => r !== 'anonymous').map((r) => p[r])) {
    const me = await gqlRaw(server.url, { query: '{ me { id } }' }, caller.token());
    if (me.status !== 200 || !me.json?.data?.me) await caller.renew();
  }
}

afterAll(async () => {
  rejections.stop();
  await server?.close();
});

describe('every GraphQL operation, fuzzed over HTTP', () => {
  for (const op of operations) {
    it(`${op.kind} ${op.name}`, async () => {
      const failures: string[] = [];
      await fc.assert(
        fc.asyncProperty(caseArb(op, known), fc.constantFrom(...CALLERS), async (fuzz, role) => {
          const caller = p[role];
          const before = await fingerprint(server.clubroom);
          let answer;
          try {
            answer = await gqlRaw(server.url, fuzz.body, caller.token());
          } catch (err) {
            failures.push(`${role}, ${fuzz.kind}: ${show(fuzz.body)}\n  → the request failed: ${String(err)}`);
            return true;
          }
          // Bulk approvals run after their answer: let them finish, so that what they change is
          // counted for the call that started them, not for the next one.
          await server.clubroom.services.adminApprovals.settle();
          while ((await server.clubroom.jobWorker.runOnce()) > 0);
          const after = await fingerprint(server.clubroom);
          const what = `${role}, ${fuzz.kind}: ${show(fuzz.body)}`;
          const failure = serverFailure(answer);
          if (failure) failures.push(`${what}\n  → ${failure}`);
          const data = answer.json?.data?.[op.name];
          const refused = answer.status !== 200 || (answer.json?.errors?.length ?? 0) > 0 || data === undefined || data === null;
          const changed = changedTables(before, after);
          if (refused && changed.length) {
            failures.push(`${what}\n  → refused (HTTP ${answer.status} ${codesOf(answer).join(',')}) yet changed ${changed.join(', ')}`);
          }
          // A successful sign-out ends the caller's session: sign in again for the next run.
          if (op.name === 'signOut' && !refused) await caller.renew();
          if (ACCOUNT_OPERATIONS.has(op.name)) await restoreCallers();
          return true;
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      expect(await healthy(server.url), 'the server answers /health').toBe(true);
      const unique = [...new Set(failures.map((f) => f.replace(/\d{3,}/g, 'N')))].length;
      expect(failures, `${failures.length} failing calls (${unique} distinct):\n${failures.slice(0, 8).join('\n')}`).toEqual([]);
    }, timeoutFor(1));
  }
});

describe('whole-document attacks on /graphql', () => {
  const post = (body: unknown, headers: Record<string, string> = {}) => gqlRaw(server.url, body, p.member.token(), headers);

  async function noServerFailure(answer: Awaited<ReturnType<typeof post>>, what: string) {
    expect(serverFailure(answer), what).toBeNull();
  }

  it('refuses an alias flood (1,000 aliases of one list) before running it', async () => {
    const query = `{ ${Array.from({ length: 1000 }, (_, i) => `a${i}: sportCategories`).join(' ')} }`;
    const answer = await post({ query });
    await noServerFailure(answer, 'alias flood');
    expect(answer.status, answer.text.slice(0, 200)).toBe(400);
    expect(answer.json?.data).toBeUndefined();
  });

  it('refuses an alias flood on an expensive field (200 aliases of the club directory)', async () => {
    const query = `{ ${Array.from({ length: 200 }, (_, i) => `d${i}: clubs(first: 100) { nodes { id name meetingTimes { dayOfWeek } positions { nodes { title } } } }`).join(' ')} }`;
    const started = Date.now();
    const answer = await post({ query });
    await noServerFailure(answer, 'directory alias flood');
    expect(answer.status, answer.text.slice(0, 200)).toBe(400);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('answers a deeply nested introspection query quickly and without failing', async () => {
    let inner = 'name';
    for (let i = 0; i < 25; i++) inner = `name fields { name type { name ofType { name } } } interfaces { ${inner} }`;
    const query = `{ __schema { types { ${inner} } } }`;
    const started = Date.now();
    const answer = await post({ query });
    await noServerFailure(answer, 'deep introspection');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('answers a circular introspection query (fields → type → fields …, 15 levels) without failing', async () => {
    let inner = 'name';
    for (let i = 0; i < 15; i++) inner = `fields { type { name ${inner} } }`;
    const answer = await post({ query: `{ __type(name: "Query") { ${inner} } }` });
    await noServerFailure(answer, 'circular introspection');
  });

  it('refuses 500 directives, and 60,000 tokens, without failing', async () => {
    const directives = await post({ query: `{ sportCategories ${'@include(if: true) '.repeat(500)} }` });
    await noServerFailure(directives, 'directives');
    expect(directives.status).toBe(400);
    const tokens = await post({ query: `{ ${'__typename '.repeat(60_000)} }` });
    await noServerFailure(tokens, 'tokens');
    expect(tokens.status).toBe(400);
  });

  it('answers a batch (an array of 500 operations) without running it', async () => {
    const answer = await post(Array.from({ length: 500 }, () => ({ query: '{ sportCategories }' })));
    await noServerFailure(answer, 'batch');
    expect(answer.status).toBeGreaterThanOrEqual(400);
  });

  it('answers an oversized body (2 MB) with 413', async () => {
    const answer = await post({ query: `{ sportCategories }`, variables: { pad: 'x'.repeat(2 * 1024 * 1024) } });
    await noServerFailure(answer, 'oversized body');
    expect(answer.status).toBe(413);
  });

  it.each([
    ['null', 'null'],
    ['a number', '42'],
    ['a string', '"{ sportCategories }"'],
    ['an empty object', '{}'],
    ['truncated JSON', '{"query": "{ sportCat'],
    ['a lone brace', '{'],
    ['an empty body', ''],
    ['NUL bytes', '\u0000\u0000\u0000'],
    ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0x71, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])],
    ['a deeply nested array (100,000 levels)', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
    ['a deeply nested object in variables (100,000 levels)', `{"query":"{ sportCategories }","variables":{"a":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}}`],
    ['duplicate keys', '{"query":"{ sportCategories }","query":"{ me { id } }"}'],
    ['__proto__ in variables', '{"query":"query($i: SaveClubProfileInput!) { saveClubProfile(input: $i) { club { id } } }","variables":{"i":{"__proto__":{"name":"x"},"constructor":{"prototype":{"polluted":1}}}}}'],
  ])('answers a malformed JSON body (%s) without failing', async (_name, body) => {
    const answer = await rawFetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body as BodyInit });
    await noServerFailure(answer, String(_name));
    expect(answer.status).toBeLessThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ['text/plain', '{"query":"{ sportCategories }"}'],
    ['application/x-www-form-urlencoded', 'query=%7B+sportCategories+%7D'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="operations"\r\n\r\n{"query":"{ sportCategories }"}\r\n--x--'],
    ['application/graphql', '{ sportCategories }'],
    ['application/json; charset=utf-16', '{"query":"{ sportCategories }"}'],
    ['application/xml', '<query/>'],
    ['', '{"query":"{ sportCategories }"}'],
  ])('answers a %j body without failing (and never runs a write from a form)', async (type, body) => {
    const before = await fingerprint(server.clubroom);
    const answer = await rawFetch(`${server.url}/graphql`, { method: 'POST', headers: type ? { 'content-type': type } : {}, body });
    await noServerFailure(answer, type);
    expect(changedTables(before, await fingerprint(server.clubroom))).toEqual([]);
  });

  it('answers an Idempotency-Key of any shape on a mutation without failing; a refused key changes nothing', async () => {
    const mutation = { query: 'mutation { markAllNotificationsRead { count } }' };
    const other = { query: 'mutation($i: UpdateMyProfileInput!) { updateMyProfile(input: $i) { userErrors { message } } }', variables: { i: { fullName: 'Mia Member' } } };
    // Header values fetch can send (no NUL, CR, LF or DEL): Latin-1 beyond ASCII, spaces, 0..130 characters.
    const keyArb = fc.oneof(
      fc.array(fc.integer({ min: 0x20, max: 0xff }).filter((c) => c !== 0x7f), { maxLength: 130 }).map((codes) => String.fromCharCode(...codes)),
      fc.constantFrom('', ' ', 'k'.repeat(100), 'k'.repeat(101), '%00', '\\u0000', "'; drop table idempotency_keys; --", 'a\tb', '\u00e9t\u00e9'),
    );
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(keyArb, fc.boolean(), async (key, reuse) => {
        const headers = { 'idempotency-key': key };
        const before = await fingerprint(server.clubroom);
        const first = await gqlRaw(server.url, mutation, p.member.token(), headers);
        // The same key again, for the same request or for another one.
        const again = await gqlRaw(server.url, reuse ? mutation : other, p.member.token(), headers);
        const changed = changedTables(before, await fingerprint(server.clubroom));
        for (const answer of [first, again]) {
          const failure = serverFailure(answer);
          if (failure) failures.push(`key ${show(key)}: ${failure}`);
        }
        if (first.status >= 400 && again.status >= 400 && changed.length) failures.push(`key ${show(key)}: refused twice (${first.status}, ${again.status}) yet changed ${changed.join(', ')}`);
        if (first.status === 200 && !reuse && again.status === 200 && key.trim()) failures.push(`key ${show(key)}: reused for another request and run (HTTP 200)`);
        return true;
      }),
      { numRuns: RUNS * 3, seed: SEED },
    );
    expect(await healthy(server.url)).toBe(true);
    expect(failures, failures.slice(0, 8).join('\n')).toEqual([]);
  }, timeoutFor(6));

  it('runs no mutation over GET', async () => {
    const before = await fingerprint(server.clubroom);
    const query = encodeURIComponent('mutation { markAllNotificationsRead { count } }');
    const answer = await rawFetch(`${server.url}/graphql?query=${query}`, { method: 'GET', headers: { 'apollo-require-preflight': 'true', authorization: `Bearer ${p.member.token()}` } });
    await noServerFailure(answer, 'GET mutation');
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(changedTables(before, await fingerprint(server.clubroom))).toEqual([]);
  });

  it('is still healthy and saw no unhandled rejection', async () => {
    expect(await healthy(server.url)).toBe(true);
    expect(rejections.seen.map(String)).toEqual([]);
  });
});
