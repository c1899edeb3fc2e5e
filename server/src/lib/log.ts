// What the log may say. No line carries a password, a hash, a token, a cookie or a statement's
// parameters: errors are logged by type, message, code and statement name only (a database
// error's message and fields name every parameter of the failed statement), and pino's redaction
// covers the headers and any body that a log call might pass.
import type { FastifyServerOptions } from 'fastify';

export interface SafeError {
  type: string;
  message: string;
  code?: string;
  statement?: string;
  stack?: string;
}

/** Field names whose values never reach a log line, wherever they appear. */
const SECRET_KEYS = [
  'password',
  'currentPassword',
  'newPassword',
  'passwordHash',
  'password_hash',
  'token',
  'accessToken',
  'refreshToken',
  'access_token',
  'refresh_token',
  'authorization',
  'cookie',
  'idempotencyKey',
];

export const logRedact: string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'req.body',
  'body',
  'variables',
  'params',
  'parameters',
  ...SECRET_KEYS.map((key) => `*.${key}`),
  ...SECRET_KEYS.map((key) => `*.*.${key}`),
];

/** The first words of a statement: its verb and table ("insert into \"users\""), never its values. */
export function statementName(query: unknown): string | undefined {
  if (typeof query !== 'string') return undefined;
  const words = query.trim().split(/\s+/).slice(0, 6).join(' ');
  const match = /^(select|insert into|update|delete from|with)\b[^'$;]*?(?:from|into|update|\s)\s*("?[\w.]+"?)/i.exec(words);
  return match ? `${match[1]!.toLowerCase()} ${match[2]}` : words.split(' ')[0]?.toLowerCase();
}

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  query?: unknown;
  cause?: unknown;
  stack?: unknown;
}

/** A database error (from postgres.js, PGlite or drizzle's wrapper) anywhere in the cause chain. */
function databaseError(err: ErrorLike): { code?: string; statement?: string; message?: string } | null {
  let statement: string | undefined;
  for (let e: ErrorLike | undefined = err, depth = 0; e && typeof e === 'object' && depth < 8; e = e.cause as ErrorLike | undefined, depth++) {
    statement ??= statementName(e.query);
    const code = typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : undefined;
    if (code) return { code, statement, message: pgMessage(e) };
  }
  return statement ? { statement } : null;
}

/** PostgreSQL's own message names constraints and columns, but its DETAIL holds values: keep the
 *  first line, and nothing of a drizzle "Failed query: ... params: ..." message. */
function pgMessage(e: ErrorLike): string | undefined {
  if (typeof e.message !== 'string' || e.message.startsWith('Failed query')) return undefined;
  return e.message
    .split('\n')[0]!
    .replace(/\(.*\)=\(.*\)/g, '(…)')
    .replace(/: ".*"$/, ': "…"');
}

export function serializeError(value: unknown): SafeError {
  if (!value || typeof value !== 'object') return { type: typeof value, message: String(value).slice(0, 200) };
  const err = value as ErrorLike;
  const type = typeof err.name === 'string' ? err.name : 'Error';
  const db = databaseError(err);
  if (db) {
    return { type, message: db.message ?? 'Database statement failed', code: db.code, statement: db.statement };
  }
  const stack = typeof err.stack === 'string' ? err.stack.split('\n').slice(1, 8).join('\n') : undefined;
  return {
    type,
    message: typeof err.message === 'string' ? err.message.slice(0, 500) : '',
    code: typeof err.code === 'string' ? err.code : undefined,
    stack,
  };
}

/** Query values that are secrets (a reset link's token) are not logged with the request line. */
const SECRET_QUERY = /([?&][^=&]*(?:token|password|secret|key|code)[^=&]*=)[^&#]*/gi;

/** Path segments that are credentials: an export's signed download token, a calendar feed's secret. */
const SECRET_PATH = /(\/api\/admin\/exports\/|\/calendar\/)[^?#]*/i;

export function safeUrl(url: string): string {
  return url.replace(SECRET_PATH, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');
}

interface RequestLike {
  method?: string;
  url?: string;
  id?: unknown;
  ip?: string;
  hostname?: string;
  socket?: { remotePort?: number };
}

function serializeRequest(req: RequestLike) {
  return { method: req.method, url: safeUrl(req.url ?? ''), id: req.id, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    redact: { paths: logRedact, censor: '[redacted]' },
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
    ...(stream ? { stream } : {}),
  } as unknown as NonNullable<FastifyServerOptions['logger']>;
}
