// The baseline: node:http + postgres.js with nothing else, answering the four measured operations
// with the SQL statements Clubroom sends for them (bench/queries.ts), after the same access-token
// check (jose HS256 verify + the session statement). The answers have the JSON shape of the
// GraphQL answers. Prints `{ "url", "pid" }` once listening.
//
// Like drizzle, it sends each statement unprepared (postgres.js `unsafe` without `prepare`);
// BARE_PREPARE=true makes them prepared statements instead.
import { createServer, type ServerResponse } from 'node:http';
import postgres from 'postgres';
import { jwtVerify } from 'jose';
import { BENCH_DATABASE_URL } from './lib.js';
import { CONVERSATION_SQL, CONVERSATIONS_SQL, INBOX_SQL, namesSql, params, SESSION_SQL, UNREAD_SQL } from './queries.js';

const sql = postgres(BENCH_DATABASE_URL, { max: 10, onnotice: () => {} });
const prepare = process.env.BARE_PREPARE === 'true';
const run = <T extends object>(text: string, values: unknown[]) => sql.unsafe<T[]>(text, values as postgres.ParameterOrJSON<never>[], { prepare });

const [secret] = await sql<{ value: string }[]>`select value from app_settings where key = 'jwt_secret'`;
const key = new TextEncoder().encode(process.env.JWT_SECRET ?? secret!.value);

interface MessageRow {
  id: string;
  sender_id: string;
  recipient_id: string;
  subject: string;
  content: string;
  read: boolean;
  created_at: Date;
}
const message = (r: MessageRow) => ({
  id: r.id,
  senderId: r.sender_id,
  recipientId: r.recipient_id,
  subject: r.subject,
  content: r.content,
  read: r.read,
  createdAt: r.created_at.toISOString(),
});

async function viewer(authorization: string | undefined): Promise<string | null> {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, key, { issuer: 'clubroom', algorithms: ['HS256'] });
    const [row] = await run<{ status: string; revoked_at: Date | null; idle_expires_at: Date; expires_at: Date }>(SESSION_SQL, [payload.sid, payload.sub]);
    const now = Date.now();
    if (!row || row.revoked_at || row.status !== 'active' || row.idle_expires_at.getTime() <= now || row.expires_at.getTime() <= now) return null;
    return payload.sub!;
  } catch {
    return null;
  }
}

const handlers: Record<string, (me: string, query: URLSearchParams) => Promise<unknown>> = {
  async inbox(me) {
    const rows = await run<MessageRow>(INBOX_SQL, params.inbox(me));
    const ids = [...new Set(rows.map((r) => r.sender_id))];
    const names = new Map<string, string>();
    if (ids.length > 0) for (const n of await run<{ id: string; full_name: string; name: string | null }>(namesSql(ids.length), ids)) names.set(n.id, n.name ?? n.full_name);
    return { inbox: rows.map((r) => ({ ...message(r), senderName: names.get(r.sender_id) ?? 'Former member' })) };
  },
  async conversations(me) {
    const rows = await run<MessageRow & { partner_id: string; unread_count: number }>(CONVERSATIONS_SQL, params.conversations(me));
    // The partners' names in one statement, as Clubroom's member loader does.
    const ids = [...new Set(rows.map((r) => r.partner_id))];
    const names = new Map<string, string>();
    if (ids.length > 0) for (const n of await run<{ id: string; full_name: string; name: string | null }>(namesSql(ids.length), ids)) names.set(n.id, n.name ?? n.full_name);
    return {
      conversations: rows.slice(0, 50).map((r) => ({ partnerId: r.partner_id, partnerName: names.get(r.partner_id) ?? 'Former member', unreadCount: Number(r.unread_count), lastMessage: message(r) })),
    };
  },
  async conversation(me, query) {
    const partner = query.get('partnerId') ?? '';
    const rows = await run<MessageRow>(CONVERSATION_SQL, params.conversation(me, partner));
    return { conversation: rows.reverse().map(message) };
  },
  async unreadMessageCount(me) {
    const [row] = await run<{ count: string }>(UNREAD_SQL, params.unreadMessageCount(me));
    return { unreadMessageCount: Number(row?.count ?? 0) };
  },
};

const reply = (res: ServerResponse, status: number, body: unknown) => {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
  res.end(json);
};

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://bare');
  const handler = handlers[url.pathname.slice(1)];
  if (!handler) return reply(res, 404, { error: 'not found' });
  try {
    const me = await viewer(req.headers.authorization);
    if (!me) return reply(res, 401, { error: 'unauthenticated' });
    reply(res, 200, { data: await handler(me, url.searchParams) });
  } catch (err) {
    reply(res, 500, { error: String(err) });
  }
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(JSON.stringify({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, pid: process.pid }));
});

const stop = () => {
  server.close(() => void sql.end({ timeout: 5 }).then(() => process.exit(0)));
  server.closeAllConnections();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
