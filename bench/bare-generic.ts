// The bare baseline of `npm run bench` (bench/run.ts): one node:http + postgres.js server that
// replays, for each scenario, the statements Clubroom sent for that request (recorded by
// bench/recorder.ts) and answers their rows as JSON. Statements Clubroom sent in the same
// event-loop turn (a DataLoader batch, a Promise.all) run concurrently, the turns one after the
// other. Signed-in scenarios check the bearer token as the server does (jose, HS256, issuer
// clubroom, the jwt_secret the server uses) and replay the session statement with the token's
// session and user ids, refusing a missing, revoked, suspended or expired session. The sign-in
// replays its statements (a fresh refresh-token hash each time), verifies the password with
// argon2 against the hash it read and signs an access token with jose. Statements are prepared
// when the server prepares its own (BARE_PREPARE). Only node:http, postgres.js, jose and argon2.
//
// Started by bench/run.ts (lib.ts startChild) with BENCH_DATABASE_URL and BARE_PLAN, the path of
// a JSON file { prepare, scenarios: BarePlanScenario[] }; scenario i answers GET or POST /s/i (a POST's JSON
// body is read and parsed, as the server would).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import argon2 from 'argon2';
import { jwtVerify, SignJWT } from 'jose';
import postgres from 'postgres';
import { replayClient, serveBare, type Reply, type Row } from './bare-server.js';

export interface BareStatement {
  sql: string;
  params: unknown[];
}

export interface BarePlanScenario {
  name: string;
  /** The session check (signed-in scenarios): its recorded statement and the ids it was sent with. */
  session: { statement: BareStatement; sessionId: string; userId: string } | null;
  /** The scenario's statements after the session check, in turns. */
  turns: BareStatement[][];
  /** The sign-in's password (its bare handler verifies it with argon2). */
  signInPassword?: string;
  /** GraphQL scenarios: the data Clubroom answered when the statements were recorded (the
   *  lean-Apollo peer's rootValue; the bare handler ignores it). */
  data?: unknown;
}

export interface BarePlan {
  prepare: boolean;
  scenarios: BarePlanScenario[];
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** The replay of `plan` on `databaseUrl`: `answer` does what the bare handler does for one request
 *  of a scenario (the lean-Apollo peer, bench/peers/lean-apollo.ts, does the same through it). */
export async function openReplay(databaseUrl: string, plan: BarePlan) {
  const sql = replayClient(databaseUrl);

  /** A statement's rows as objects named by the first column of each name (as drizzle reads them). */
  async function rows(text: string, params: unknown[]): Promise<Row[]> {
    const result = await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: plan.prepare }).values();
    const first = new Map<string, number>();
    result.columns.forEach((c, i) => first.has(c.name) || first.set(c.name, i));
    return result.map((values) => {
      const row: Row = {};
      for (const [name, i] of first) row[name] = values[i];
      return row;
    });
  }

  const [secretRow] = await sql<{ value: string }[]>`select value from app_settings where key = 'jwt_secret'`;
  const key = new TextEncoder().encode(process.env.JWT_SECRET ?? secretRow!.value);

  /** The server's authenticate(): the token, then its session row and the checks on it. */
  async function authenticated(authorization: string | undefined, session: NonNullable<BarePlanScenario['session']>): Promise<boolean> {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    if (!token) return false;
    try {
      const { payload } = await jwtVerify(token, key, { issuer: 'clubroom', algorithms: ['HS256'] });
      const params = session.statement.params.map((p) => (p === session.sessionId ? payload.sid : p === session.userId ? payload.sub : p));
      const [row] = await rows(session.statement.sql, params);
      const now = Date.now();
      if (!row || row.id !== payload.sub || row.revoked_at || (row.status !== undefined && row.status !== 'active')) return false;
      for (const column of ['idle_expires_at', 'expires_at']) if (row[column] instanceof Date && (row[column] as Date).getTime() <= now) return false;
      return true;
    } catch {
      return false;
    }
  }

  async function answer(s: BarePlanScenario, authorization: string | undefined): Promise<Reply> {
    if (s.session && !(await authenticated(authorization, s.session))) return [401, { error: 'unauthenticated' }];
    const results: Row[][] = [];
    for (const turn of s.turns) {
      const answered = await Promise.all(
        turn.map((t) => rows(t.sql, s.signInPassword ? t.params.map((p) => (typeof p === 'string' && SHA256_HEX.test(p) ? randomBytes(32).toString('hex') : p)) : t.params)),
      );
      results.push(...answered);
      if (s.signInPassword) {
        const hash = answered.flat().find((r) => typeof r.password_hash === 'string')?.password_hash as string | undefined;
        if (hash && !(await argon2.verify(hash, s.signInPassword))) return [401, { error: 'wrong password' }];
      }
    }
    if (s.signInPassword) {
      const user = results.flat().find((r) => typeof r.password_hash === 'string');
      const expiresAt = Math.floor(Date.now() / 1000) + 900;
      const accessToken = await new SignJWT({ sid: 'bare', expires_at: expiresAt })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user?.id))
        .setIssuer('clubroom')
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .sign(key);
      return [200, { data: { accessToken, results } }];
    }
    return [200, { data: results }];
  }

  return { sql, answer };
}

// The server itself only when this file is the process's script (the lean-Apollo peer imports
// openReplay).
if (process.argv[1] === import.meta.filename) {
  const plan = JSON.parse(readFileSync(process.env.BARE_PLAN!, 'utf8')) as BarePlan;
  const { sql, answer } = await openReplay(process.env.BENCH_DATABASE_URL!, plan);
  serveBare(sql, async (url, req) => {
    const i = Number(/^\/s\/(\d+)$/.exec(url.pathname)?.[1]);
    const s = plan.scenarios[i];
    if (!s) return [404, { error: 'no such scenario' }];
    // The request's body is read and parsed as the server parses it (the plan holds what it says).
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (chunks.length > 0) JSON.parse(Buffer.concat(chunks).toString('utf8'));
    try {
      return await answer(s, req.headers.authorization);
    } catch (err) {
      return [500, { error: String(err) }];
    }
  });
}
