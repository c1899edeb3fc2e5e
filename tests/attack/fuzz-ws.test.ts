// Fuzzes graphql-ws on /graphql: every Subscription of schema.graphql with documents built from the
// schema and then broken (unknown arguments and fields, stray variables with control characters and
// NUL, truncated documents, alias floods, several root fields), and the protocol itself (frames
// that are not JSON, unknown message types, subscribe before connection_init, strange ids, huge
// frames). No message may carry INTERNAL_SERVER_ERROR, a socket may only be closed with a
// protocol code (44xx, never 1011 "internal error" or an abnormal drop), and the server stays
// healthy with no unhandled rejection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import WebSocket from 'ws';
import type { TestServer } from '../helpers/server.js';
import { evilString, wrongValue } from './arbitraries.js';
import {
  RUNS,
  SEED,
  timeoutFor,
  describe as show,
  documentFor,
  healthy,
  loadSchema,
  principals,
  schemaOperations,
  startAttackServer,
  watchUnhandledRejections,
  type Principals,
} from './support.js';

const schema = loadSchema();
const subscriptions = schemaOperations(schema).filter((o) => o.kind === 'subscription');

let server: TestServer;
let p: Principals;
const rejections = watchUnhandledRejections();

beforeAll(async () => {
  server = await startAttackServer();
  p = await principals(server);
}, 120_000);

afterAll(async () => {
  rejections.stop();
  await server?.close();
});

interface Session {
  messages: Array<{ type?: string; payload?: unknown }>;
  closeCode: number | null;
}

/** Opens a socket, sends `frames` (after connection_init and its ack when `init` is given), and
 *  collects what comes back for `quietMs`. */
function session(frames: Array<string | Buffer>, opts: { init?: Record<string, unknown>; quietMs?: number } = {}): Promise<Session> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
    const result: Session = { messages: [], closeCode: null };
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(timer);
      if (socket.readyState === WebSocket.OPEN) socket.close(1000);
      resolve(result);
    };
    const sendAll = () => {
      for (const frame of frames) if (socket.readyState === WebSocket.OPEN) socket.send(frame);
      timer = setTimeout(finish, opts.quietMs ?? 250);
    };
    socket.on('open', () => {
      if (opts.init) socket.send(JSON.stringify({ type: 'connection_init', payload: opts.init }));
      else sendAll();
    });
    socket.on('message', (data) => {
      let message: Session['messages'][number];
      try {
        message = JSON.parse(String(data));
      } catch {
        message = { type: 'unparseable', payload: String(data).slice(0, 100) };
      }
      result.messages.push(message);
      if (message.type === 'connection_ack' && opts.init) sendAll();
    });
    socket.on('close', (code) => {
      result.closeCode = code;
      clearTimeout(timer);
      resolve(result);
    });
    socket.on('error', (err) => reject(err));
  });
}

/** Why a session's outcome shows a server failure, or null. */
function failureOf(outcome: Session): string | null {
  const text = JSON.stringify(outcome.messages);
  if (text.includes('INTERNAL_SERVER_ERROR')) return `a message carried INTERNAL_SERVER_ERROR: ${text.slice(0, 300)}`;
  if (outcome.closeCode !== null && outcome.closeCode !== 1000 && outcome.closeCode !== 1005 && !(outcome.closeCode >= 4400 && outcome.closeCode < 4500)) {
    return `closed with ${outcome.closeCode} (not a protocol code): ${text.slice(0, 200)}`;
  }
  return null;
}

const subscribe = (id: string, payload: unknown) => JSON.stringify({ id, type: 'subscribe', payload });

describe('every subscription, fuzzed over graphql-ws', () => {
  for (const op of subscriptions) {
    it(`subscription ${op.name}`, async () => {
      const query = documentFor(op, { depth: 1 });
      const caseArb = fc.oneof(
        fc.constant({ kind: 'valid', payload: { query } as Record<string, unknown> }),
        fc.constant({ kind: 'unknown argument', payload: { query: documentFor(op, { depth: 1, extraArgs: 'zzUnknown: 1' }) } }),
        fc.constant({ kind: 'unknown field', payload: { query: documentFor(op, { depth: 1, extraSelection: 'zzUnknown' }) } }),
        evilString.map((s) => ({ kind: 'stray variable with a strange string', payload: { query, variables: { s } } })),
        wrongValue.map((v) => ({ kind: 'variables of a wrong type', payload: { query, variables: v } })),
        // Each argument the subscription has (notificationAdded's resume cursor `after`) given a
        // strange string: a cursor must be refused as BAD_USER_INPUT, never fail the server.
        evilString.map((s) => ({ kind: 'strange argument values', payload: { query, variables: Object.fromEntries(op.field.args.map((a) => [a.name, s])) } })),
        fc.nat({ max: query.length }).map((cut) => ({ kind: 'truncated document', payload: { query: query.slice(0, cut) } })),
        fc.constant({ kind: 'NUL in the document', payload: { query: query.replace('{', '\u0000{') } }),
        fc.constant({ kind: 'alias flood', payload: { query: `subscription { ${Array.from({ length: 500 }, (_, i) => `a${i}: ${op.name}`).join(' ')} }` } }),
        fc.constant({ kind: 'two root fields', payload: { query: `subscription { ${op.name} sessionRevoked { reason } }` } }),
        fc.constant({ kind: 'a query over the socket', payload: { query: '{ me { id } sportCategories }' } }),
        fc.constant({ kind: 'a mutation over the socket', payload: { query: 'mutation { markAllNotificationsRead }' } }),
        fc.constant({ kind: 'operationName unknown', payload: { query, operationName: 'Nope' } }),
        fc.constant({ kind: 'query not a string', payload: { query: 42 } }),
      );
      const failures: string[] = [];
      await fc.assert(
        // The platform administrator too: the only caller some subscriptions (moderationStatsChanged) serve.
        fc.asyncProperty(caseArb, fc.constantFrom('anonymous' as const, 'member' as const, 'platformAdmin' as const), async (fuzz, role) => {
          const token = p[role].token();
          const outcome = await session([subscribe('1', fuzz.payload)], { init: token ? { authorization: `Bearer ${token}` } : {} });
          const failure = failureOf(outcome);
          if (failure) failures.push(`${role}, ${fuzz.kind}: ${show(fuzz.payload)}\n  → ${failure}`);
          return true;
        }),
        { numRuns: RUNS, seed: SEED },
      );
      expect(await healthy(server.url)).toBe(true);
      expect(failures, failures.slice(0, 8).join('\n')).toEqual([]);
    }, timeoutFor(1));
  }
});

describe('the graphql-ws protocol, fuzzed', () => {
  it('answers broken frames with a protocol close, never an internal error', async () => {
    const frameArb = fc.oneof<Array<fc.Arbitrary<{ kind: string; frames: Array<string | Buffer>; init: boolean }>>>(
      fc.string({ maxLength: 40 }).map((s) => ({ kind: 'not JSON', frames: [s], init: false })),
      wrongValue.map((v) => ({ kind: 'JSON that is not a message', frames: [JSON.stringify(v)], init: false })),
      fc.string({ maxLength: 20 }).map((t) => ({ kind: 'unknown type', frames: [JSON.stringify({ type: t })], init: true })),
      fc.constant({ kind: 'subscribe before connection_init', frames: [subscribe('1', { query: 'subscription { sessionRevoked { reason } }' })], init: false }),
      fc.constant({ kind: 'connection_init twice', frames: [JSON.stringify({ type: 'connection_init' })], init: true }),
      fc.constant({ kind: 'connection_init payload not an object', frames: [JSON.stringify({ type: 'connection_init', payload: 'x' })], init: false }),
      fc.constant({ kind: 'connection_init authorization not a string', frames: [JSON.stringify({ type: 'connection_init', payload: { authorization: { a: 1 } } })], init: false }),
      evilString.map((s) => ({ kind: 'connection_init authorization strange', frames: [JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${s}` } })], init: false })),
      fc.oneof(evilString, fc.constant('')).map((id) => ({ kind: 'strange subscribe id', frames: [subscribe(id, { query: 'subscription { unreadNotificationCount }' })], init: true })),
      fc.constant({ kind: 'the same id twice', frames: [subscribe('1', { query: 'subscription { sessionRevoked { reason } }' }), subscribe('1', { query: 'subscription { sessionRevoked { reason } }' })], init: true }),
      fc.constant({ kind: 'subscribe without payload', frames: [JSON.stringify({ id: '1', type: 'subscribe' })], init: true }),
      fc.constant({ kind: 'complete an unknown id', frames: [JSON.stringify({ id: 'nope', type: 'complete' })], init: true }),
      fc.constant({ kind: 'ping and pong', frames: [JSON.stringify({ type: 'ping', payload: { a: 1 } }), JSON.stringify({ type: 'pong' })], init: true }),
      fc.constant({ kind: 'binary frame', frames: [Buffer.from([0, 1, 2, 255])], init: true }),
      fc.constant({ kind: 'a 5 MB frame', frames: [subscribe('1', { query: `subscription { sessionRevoked { reason } } # ${'x'.repeat(5 * 1024 * 1024)}` })], init: true }),
      fc.constant({ kind: '2,000 subscriptions on one socket', frames: Array.from({ length: 2000 }, (_, i) => subscribe(String(i), { query: 'subscription { unreadNotificationCount }' })), init: true }),
    );
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(frameArb, async (fuzz) => {
        const outcome = await session(fuzz.frames, { init: fuzz.init ? { authorization: `Bearer ${p.member.token()}` } : undefined, quietMs: 400 });
        const failure = failureOf(outcome);
        if (failure) failures.push(`${fuzz.kind}: ${show(fuzz.frames.map(String))}\n  → ${failure}`);
        return true;
      }),
      { numRuns: RUNS * 3, seed: SEED },
    );
    expect(await healthy(server.url)).toBe(true);
    expect(failures, failures.slice(0, 8).join('\n')).toEqual([]);
  }, timeoutFor(3));

  it('is still healthy and saw no unhandled rejection', async () => {
    expect(await healthy(server.url)).toBe(true);
    expect(rejections.seen.map(String)).toEqual([]);
  });
});
