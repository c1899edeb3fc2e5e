// Delivers webhook events (docs/API.md, 'Webhooks'): Standard Webhooks requests, signed with the
// endpoint's secret (and, within a rotation's grace, the previous one too). Several instances may
// run it: a delivery is claimed with FOR UPDATE SKIP LOCKED and a lease, so a worker that dies
// mid-request leaves it to be sent again once the lease lapses (the one duplicate the docs allow:
// an unacknowledged request). Per endpoint, only its oldest pending delivery may be claimed, and
// only while none of its deliveries is in flight: one request at a time, in event order. A failed
// request is retried with exponential backoff and jitter (WEBHOOK_MAX_ATTEMPTS over ≥ 24 hours);
// an endpoint whose deliveries keep failing is disabled and its owner told.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { rowsOf, type Db } from '../../db/client.js';
import { isPublicAddress } from '../../lib/outbound-url.js';
import { SecretBoxError, type SecretBox } from '../../lib/secret-box.js';
import { PollLoop } from '../../lib/poll-loop.js';
import type { NotificationDispatcher } from '../notifications/notify.service.js';
import { WEBHOOK_MAX_ATTEMPTS, webhookScopeAllows, type WebhookEndpointKind } from './webhooks.rules.js';

/** Seconds to wait after failed attempt n (1-based) before attempt n + 1: 24.2 hours in all, each
 *  lengthened by up to 20 % of jitter (so never shorter). */
export const RETRY_DELAYS_SECONDS = [30, 120, 600, 3600, 3 * 3600, 6 * 3600, 14 * 3600] as const;
/** An endpoint is disabled when this many deliveries in a row failed for good… */
export const DISABLE_AFTER_FAILED_DELIVERIES = 5;
/** …or when it has been failing (no success) for this long when a delivery fails for good. */
export const DISABLE_AFTER_FAILING_HOURS = 24;
export const REQUEST_TIMEOUT_MS = 10_000;
/** The response body kept in the log. */
export const RESPONSE_BODY_MAX = 4096;
const LEASE_SECONDS = 60;
/** The attempt's error when the endpoint's secret cannot be opened. */
export const UNREADABLE_SECRET = 'The signing secret could not be read on the server (WEBHOOK_SECRETS_KEY changed?): rotate the secret.';
const BATCH = 20;

interface Logger {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** A DNS lookup (node:dns's shape with `all: true`). Tests give their own. */
export type AddressLookup = (hostname: string) => Promise<LookupAddress[]>;
const systemLookup: AddressLookup = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))));

export interface WebhookWorkerOptions {
  intervalMs: number;
  allowPrivateOutboundUrls: boolean;
  /** Requests per minute per endpoint (excess waits). */
  perMinute: number;
  log: Logger;
  notify: Pick<NotificationDispatcher, 'notify'>;
  /** Opens the endpoints' sealed signing secrets (WebhooksService seals them). */
  secrets: SecretBox;
  lookup?: AddressLookup;
  /** The web app's address (the notification's link). */
  appUrl?: string;
}

interface Claimed {
  id: string;
  event_id: string;
  endpoint_id: string;
  attempts: number;
  redelivery: boolean;
  event_kind: string;
  data: Record<string, unknown>;
  event_at: string | Date;
  url: string;
  endpoint_kind: WebhookEndpointKind;
  event_kinds: string[];
  user_id: string;
  scopes: string[];
  secret: string;
  previous_secret: string | null;
  previous_valid: boolean | null;
  user_status: string;
  is_platform_admin: boolean;
  manages_club: boolean;
}

export interface RequestOutcome {
  status: number | null;
  body: string | null;
  error: string | null;
  durationMs: number;
}

/** Why the owner may not receive it now, or null when they may. */
function skipReason(c: Claimed): string | null {
  if (c.user_status !== 'active') return "The endpoint's owner account is not active.";
  if (c.endpoint_kind === 'club' && !c.manages_club) return 'The owner no longer manages the club.';
  if (c.endpoint_kind === 'platform' && !c.is_platform_admin) return 'The owner is no longer a platform administrator.';
  if (!c.event_kinds.includes(c.event_kind)) return 'The endpoint no longer asks for this event kind.';
  if (!webhookScopeAllows(c.scopes, c.event_kind, c.endpoint_kind)) return "The endpoint's scopes do not cover this event kind.";
  return null;
}

export class WebhookWorker {
  private readonly loop: PollLoop;
  private readonly lookup: AddressLookup;
  /** The last pass sent something. */
  private busy = false;

  constructor(
    private readonly db: Db,
    private readonly opts: WebhookWorkerOptions,
  ) {
    this.lookup = opts.lookup ?? systemLookup;
    this.loop = new PollLoop({
      intervalMs: opts.intervalMs,
      // A pass that sent something may have freed the next delivery of each endpoint: look again
      // at once rather than after the interval (a backlog drains at the endpoints' pace).
      // After the last of a run of such passes, one more look once the endpoints' rate spacing has
      // passed (their next deliveries were only waiting for it), not after the whole interval.
      pass: async () => {
        if ((await this.runOnce()) > 0) {
          this.busy = true;
          this.loop.kick();
        } else if (this.busy) {
          this.busy = false;
          setTimeout(() => this.loop.kick(), Math.ceil(60_000 / Math.max(1, opts.perMinute)) + 10).unref();
        }
      },
      onError: (err) => opts.log.error({ error: err instanceof Error ? err.name : typeof err }, 'webhook worker pass failed'),
    });
  }

  start(): void {
    this.loop.start();
  }

  kick(): void {
    this.loop.kick();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Claims the due deliveries (at most one per endpoint) and sends them; answers how many were
   *  claimed. */
  async runOnce(): Promise<number> {
    const claimed = await this.claim();
    await Promise.all(claimed.map((c) => this.deliver(c)));
    return claimed.length;
  }

  /** One statement: each active endpoint's oldest pending delivery, when due, not leased, with no
   *  other delivery of its endpoint in flight and the endpoint's rate allowing; leased, with what
   *  sending it needs. */
  private async claim(): Promise<Claimed[]> {
    const spacingSeconds = 60 / Math.max(1, this.opts.perMinute);
    return rowsOf<Claimed>(
      await this.db.execute(sql`
        with heads as (
          select distinct on (d.endpoint_id) d.id, d.endpoint_id, d.next_attempt_at, d.lease_until
          from webhook_deliveries d
          where d.status = 'pending'
          order by d.endpoint_id, d.seq
        ),
        due as (
          select h.id from heads h
          join webhook_endpoints p on p.id = h.endpoint_id
          where p.status = 'active' and p.next_send_at <= now() and h.next_attempt_at <= now()
            and (h.lease_until is null or h.lease_until < now())
            and not exists (
              select 1 from webhook_deliveries o
              where o.endpoint_id = h.endpoint_id and o.status = 'pending' and o.id <> h.id and o.lease_until >= now())
          order by h.next_attempt_at
          limit ${BATCH}
        ),
        claimed as (
          update webhook_deliveries d set attempts = d.attempts + 1, lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
          where d.id in (
            select l.id from webhook_deliveries l
            where l.id in (select id from due) and l.status = 'pending' and (l.lease_until is null or l.lease_until < now()) and l.next_attempt_at <= now()
            for update skip locked)
          returning d.id, d.event_id, d.endpoint_id, d.attempts, d.redelivery
        ),
        paced as (
          update webhook_endpoints p set next_send_at = now() + make_interval(secs => ${spacingSeconds})
          where p.id in (select endpoint_id from claimed)
        )
        select c.id, c.event_id, c.endpoint_id, c.attempts, c.redelivery,
          e.kind as event_kind, e.data, e.created_at as event_at,
          p.url, p.kind as endpoint_kind, p.event_kinds, p.user_id, p.scopes, p.secret, p.previous_secret,
          (p.previous_secret_until > now()) as previous_valid,
          u.status as user_status, u.is_platform_admin,
          exists (select 1 from clubs k where k.id = p.club_id and k.id = p.user_id) as manages_club
        from claimed c
        join webhook_events e on e.id = c.event_id
        join webhook_endpoints p on p.id = c.endpoint_id
        join users u on u.id = p.user_id`),
    );
  }

  private async deliver(c: Claimed): Promise<void> {
    try {
      const reason = skipReason(c);
      if (reason) {
        await this.db.execute(sql`
          update webhook_deliveries set status = 'skipped', skipped_reason = ${reason}, lease_until = null, completed_at = now()
          where id = ${c.id}`);
        return;
      }
      const requestedAt = new Date();
      const secrets = this.signingSecrets(c);
      if (secrets === null) {
        // Nothing is sent unsigned: a failed attempt, retried as any other (a rotation mends it).
        await this.record(c, requestedAt, { status: null, body: null, error: UNREADABLE_SECRET, durationMs: 0 });
        return;
      }
      const body = JSON.stringify({ type: c.event_kind, timestamp: new Date(c.event_at).toISOString(), data: c.data });
      const msgId = `msg_${c.event_id}`;
      const signatures = secrets.map((secret) => new Webhook(secret).sign(msgId, requestedAt, body));
      const outcome = await this.post(c.url, body, {
        'content-type': 'application/json',
        'user-agent': 'Clubroom-Webhooks/1',
        'webhook-id': msgId,
        'webhook-timestamp': String(Math.floor(requestedAt.getTime() / 1000)),
        'webhook-signature': signatures.join(' '),
      });
      await this.record(c, requestedAt, outcome);
    } catch (err) {
      // The lease lapses and another pass tries again. Only the error's kind is logged: a failed
      // statement's message carries its parameters.
      this.opts.log.error({ deliveryId: c.id, endpointId: c.endpoint_id, error: err instanceof Error ? err.name : typeof err }, 'webhook delivery could not be recorded');
    }
  }

  /** The endpoint's signing secrets, opened (the previous one too within a rotation's grace);
   *  null when a stored one does not open with this server's key (WEBHOOK_SECRETS_KEY changed). */
  private signingSecrets(c: Claimed): string[] | null {
    try {
      const secrets = [this.opts.secrets.open(c.secret)];
      if (c.previous_secret && c.previous_valid) secrets.push(this.opts.secrets.open(c.previous_secret));
      return secrets;
    } catch (err) {
      if (!(err instanceof SecretBoxError)) throw err;
      this.opts.log.error({ endpointId: c.endpoint_id }, 'a webhook signing secret does not open with this server\'s key');
      return null;
    }
  }

  /** Writes the attempt and what follows from it, in one transaction. */
  private async record(c: Claimed, requestedAt: Date, outcome: RequestOutcome): Promise<void> {
    const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    const finalFailure = !ok && c.attempts >= WEBHOOK_MAX_ATTEMPTS;
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into webhook_attempts (delivery_id, attempt_number, requested_at, duration_ms, response_status, response_body, error, redelivery)
        select ${c.id}, coalesce(max(attempt_number), 0) + 1, ${requestedAt.toISOString()}::timestamptz, ${outcome.durationMs}, ${outcome.status}, ${outcome.body}, ${outcome.error}, ${c.redelivery}
        from webhook_attempts where delivery_id = ${c.id}`);
      if (ok) {
        await tx.execute(sql`update webhook_deliveries set status = 'delivered', lease_until = null, completed_at = now() where id = ${c.id}`);
        await tx.execute(sql`update webhook_endpoints set consecutive_failures = 0, failing_since = null where id = ${c.endpoint_id} and (consecutive_failures <> 0 or failing_since is not null)`);
        return;
      }
      if (!finalFailure) {
        const base = RETRY_DELAYS_SECONDS[Math.min(c.attempts, RETRY_DELAYS_SECONDS.length) - 1]!;
        const delay = Math.round(base * (1 + Math.random() * 0.2));
        await tx.execute(sql`
          update webhook_deliveries set lease_until = null, next_attempt_at = now() + make_interval(secs => ${delay}) where id = ${c.id}`);
        await tx.execute(sql`update webhook_endpoints set failing_since = coalesce(failing_since, now()) where id = ${c.endpoint_id}`);
        return;
      }
      await tx.execute(sql`update webhook_deliveries set status = 'failed', lease_until = null, completed_at = now() where id = ${c.id}`);
      const [endpoint] = rowsOf<{ status: string; url: string; consecutive_failures: number }>(
        await tx.execute(sql`
          update webhook_endpoints set
            consecutive_failures = consecutive_failures + 1,
            failing_since = coalesce(failing_since, now()),
            status = case when consecutive_failures + 1 >= ${DISABLE_AFTER_FAILED_DELIVERIES}
              or coalesce(failing_since, now()) <= now() - make_interval(hours => ${DISABLE_AFTER_FAILING_HOURS}) then 'disabled' else status end,
            disabled_at = case when consecutive_failures + 1 >= ${DISABLE_AFTER_FAILED_DELIVERIES}
              or coalesce(failing_since, now()) <= now() - make_interval(hours => ${DISABLE_AFTER_FAILING_HOURS}) then now() else disabled_at end
          where id = ${c.endpoint_id} and status = 'active'
          returning status, url, consecutive_failures`),
      );
      if (endpoint?.status !== 'disabled') return;
      const reason = `${endpoint.consecutive_failures} deliveries in a row failed after every retry (the last: ${outcome.status !== null ? `HTTP ${outcome.status}` : (outcome.error ?? 'no answer')}).`;
      await tx.execute(sql`update webhook_endpoints set disabled_reason = ${reason} where id = ${c.endpoint_id}`);
      const host = hostOf(endpoint.url);
      await this.opts.notify.notify(tx, c.user_id, {
        kind: 'webhook_endpoint_disabled',
        title: 'A webhook endpoint was disabled',
        description: `Deliveries to ${host} kept failing, so the endpoint was disabled. Its events wait until you enable it again on the Developer page.`,
        actionUrl: '/profile/developer',
        collapseKey: `webhook-disabled:${c.endpoint_id}`,
      });
    });
    if (!ok) this.opts.log.warn({ deliveryId: c.id, endpointId: c.endpoint_id, attempt: c.attempts, status: outcome.status, err: outcome.error }, finalFailure ? 'webhook delivery failed for good' : 'webhook delivery failed; will retry');
  }

  /** POSTs the body; never follows a redirect; refuses, at connect time, an address that is not
   *  public (unless allowed): the name is resolved by the connection itself, so a name that
   *  resolved to a public address when the URL was checked cannot point elsewhere now. */
  async post(rawUrl: string, body: string, headers: Record<string, string>): Promise<RequestOutcome> {
    const started = performance.now();
    const done = (o: Omit<RequestOutcome, 'durationMs'>): RequestOutcome => ({ ...o, durationMs: Math.round(performance.now() - started) });
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      return done({ status: null, body: null, error: 'The URL is not valid.' });
    }
    const allowPrivate = this.opts.allowPrivateOutboundUrls;
    if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return done({ status: null, body: null, error: 'The address must use https.' });
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // An address literal is connected to without a lookup: judge it here.
    if (isIP(host) && !allowPrivate && !isPublicAddress(host)) return done({ status: null, body: null, error: 'Refused: the address is private or reserved.' });
    const lookup: LookupFunction = (hostname, options, callback) => {
      this.lookup(hostname).then(
        (addresses) => {
          const usable = addresses.filter((a) => (options.family === 4 || options.family === 6 ? a.family === options.family : true));
          if (usable.length === 0) return callback(systemError(`No address for ${hostname}`, 'ENOTFOUND'), '', 0);
          if (!allowPrivate && !usable.every((a) => isPublicAddress(a.address))) {
            return callback(systemError('Refused: the host name resolves to a private or reserved address.', 'EREFUSEDADDRESS'), '', 0);
          }
          if (options.all) (callback as unknown as (err: null, addresses: LookupAddress[]) => void)(null, usable);
          else callback(null, usable[0]!.address, usable[0]!.family);
        },
        (err: Error) => callback(err as NodeJS.ErrnoException, '', 0),
      );
    };
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<RequestOutcome>((resolve) => {
      let settled = false;
      const finish = (o: Omit<RequestOutcome, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        resolve(done(o));
      };
      const req = client.request(
        url,
        { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup, agent: false, timeout: REQUEST_TIMEOUT_MS },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            if (size < RESPONSE_BODY_MAX) {
              chunks.push(chunk);
              size += chunk.length;
            }
            if (size >= RESPONSE_BODY_MAX) res.destroy();
          });
          const answered = () => finish({ status: res.statusCode ?? null, body: Buffer.concat(chunks).subarray(0, RESPONSE_BODY_MAX).toString('utf8'), error: null });
          res.on('end', answered);
          res.on('close', answered);
          res.on('error', answered);
        },
      );
      // The whole request, not only idle time, is bounded.
      const timer = setTimeout(() => req.destroy(systemError(`No answer within ${REQUEST_TIMEOUT_MS / 1000} s.`, 'ETIMEDOUT')), REQUEST_TIMEOUT_MS);
      req.on('timeout', () => req.destroy(systemError(`No answer within ${REQUEST_TIMEOUT_MS / 1000} s.`, 'ETIMEDOUT')));
      req.on('error', (err) => finish({ status: null, body: null, error: err.message }));
      req.on('close', () => clearTimeout(timer));
      req.end(body);
    });
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the endpoint';
  }
}

/** An error as Node's network layer makes one (its `code` a system error name, not an API error
 *  code): what the attempt's log shows. */
function systemError(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}
