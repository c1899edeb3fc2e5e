// The bare baseline of bench/notify-dispatch.ts: node:http + postgres.js + jose replaying, for each
// case, the statements Clubroom sent for one sendMessage (recorded in process): the token checked
// as the server checks it and its session row read, the statements before the message's insert
// (the recipient, blocks, the write limits, the sender's name: concurrent ones concurrently), then
// the insert and everything after it in one transaction, one after the other, as the server sends
// them. The recorded sender's id is replaced by the caller's wherever it appears in a parameter
// (the message's sender, the email's collapse key and lock), so each connection writes as its own
// sender as Clubroom's do. Statements are prepared, as the server prepares its own.
//
// Started by bench/notify-dispatch.ts with BENCH_DATABASE_URL and NOTIFY_PLAN (a JSON file,
// NotifyPlan); case i answers POST /s/i.
import { readFileSync } from 'node:fs';
import { jwtVerify } from 'jose';
import postgres from 'postgres';
import { replayClient, serveBare, type Row } from './bare-server.js';
import type { BareStatement } from './bare-generic.js';

export interface NotifyPlanCase {
  name: string;
  /** The sender whose request was recorded, and the session statement's ids. */
  senderId: string;
  sessionId: string;
  session: BareStatement;
  /** Before the transaction, in event-loop turns (a turn's statements ran concurrently). */
  before: BareStatement[][];
  /** The transaction: the message's insert and all that followed it. */
  transaction: BareStatement[];
}

export interface NotifyPlan {
  cases: NotifyPlanCase[];
}

const plan = JSON.parse(readFileSync(process.env.NOTIFY_PLAN!, 'utf8')) as NotifyPlan;
const sql = replayClient(process.env.BENCH_DATABASE_URL!);
const [secretRow] = await sql<{ value: string }[]>`select value from app_settings where key = 'jwt_secret'`;
const key = new TextEncoder().encode(secretRow!.value);

type Runner = postgres.Sql | postgres.TransactionSql;
const run = async (on: Runner, s: BareStatement, params: unknown[]): Promise<Row[]> =>
  (await on.unsafe(s.sql, params as postgres.ParameterOrJSON<never>[], { prepare: true })) as unknown as Row[];

/** The parameters with the recorded sender's (and session's) ids replaced by the caller's. */
const as = (params: unknown[], from: { senderId: string; sessionId: string }, to: { userId: string; sessionId: string }) =>
  params.map((p) => (p === from.sessionId ? to.sessionId : typeof p === 'string' && p.includes(from.senderId) ? p.replaceAll(from.senderId, to.userId) : p));

let loggedError = false;
serveBare(sql, async (url, req) => {
  const c = plan.cases[Number(/^\/s\/(\d+)$/.exec(url.pathname)?.[1])];
  if (!c) return [404, { error: 'no such case' }];
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  JSON.parse(Buffer.concat(chunks).toString('utf8'));
  try {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!token) return [401, { error: 'unauthenticated' }];
    const { payload } = await jwtVerify(token, key, { issuer: 'clubroom', algorithms: ['HS256'] });
    const caller = { userId: String(payload.sub), sessionId: String(payload.sid) };
    const [session] = await run(sql, c.session, as(c.session.params, c, caller));
    if (!session || session.revoked_at) return [401, { error: 'unauthenticated' }];
    const results: Row[][] = [];
    for (const turn of c.before) results.push(...(await Promise.all(turn.map((s) => run(sql, s, as(s.params, c, caller))))));
    await sql.begin(async (tx) => {
      for (const s of c.transaction) results.push(await run(tx, s, as(s.params, c, caller)));
    });
    return [200, { data: results.length }];
  } catch (err) {
    if (!loggedError) {
      loggedError = true;
      console.error('notify-bare: first failed request:', String(err));
    }
    return [500, { error: String(err) }];
  }
});
