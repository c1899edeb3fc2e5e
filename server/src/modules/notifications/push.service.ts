// Web Push (RFC 8030/8291/8292, the `web-push` package): a member turns push on per device (the
// browser's PushSubscription, registered here), and the dispatcher queues one delivery job per
// device in the transaction of the notification. The job worker sends it (VAPID-signed, the
// payload encrypted for the device), drops the device when the push service answers 404 or 410,
// and retries other failures with backoff. A push endpoint is a URL a member gave us: it must be
// https and public (lib/outbound-url.ts), checked when registered and again before each send.
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import { z } from 'zod';
import { anyOf } from '../../db/any.js';
import type { Db, Executor } from '../../db/client.js';
import { appSettings, pushSubscriptions, type PushSubscriptionRow } from '../../db/schema/index.js';
import type { ClaimedJob, JobOutcome } from '../../jobs/worker.js';
import { scheduleJobs } from '../../jobs/queue.js';
import { AppError, errors } from '../../lib/errors.js';
import { OutboundUrlError, checkOutboundUrl } from '../../lib/outbound-url.js';
import { uuidRule } from '../../lib/shared/common.rules.js';
import { parseInput } from '../../lib/validate.js';
import type { Viewer } from '../../lib/viewer.js';
import { PUSH_DEVICES_MAX, PUSH_MESSAGES as M, pushDeviceRules } from './notifications.rules.js';

export const PUSH_JOB = 'push';
/** How long a push service keeps a message for an offline device. */
const PUSH_TTL_SECONDS = 24 * 3600;
const PUSH_TIMEOUT_MS = 10_000;

/** The most buttons a notification carries (Chromium's Notification.maxActions). */
export const PUSH_ACTIONS_MAX = 2;

/** A notification's button: the service worker (web/public/sw.js) acts on `url` (a web app path)
 *  when it is tapped, without opening a window where it knows how (a reminder's one-tap answer). */
export interface PushAction {
  action: string;
  /** The button's text: shown on a lock screen, so it says what the button does and nothing of
   *  the notification's content. */
  title: string;
  url: string;
}

export interface PushPayload {
  title: string;
  body: string;
  /** The web app's path the notification opens. */
  url: string;
  /** Replaces an earlier notification with the same tag on the device. */
  tag: string;
  /** At most PUSH_ACTIONS_MAX buttons; absent when there are none. */
  actions?: PushAction[];
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const idRules = z.object({ id: uuidRule('device') });

export class PushService {
  constructor(
    private readonly db: Db,
    private readonly vapid: VapidKeys,
    private readonly opts: { allowPrivateOutboundUrls: boolean; unreadCount: (userId: string) => Promise<number> },
  ) {}

  /** The keys from the environment, or a pair generated once and kept in app_settings (so every
   *  instance signs with the same one). */
  static async keys(db: Db, configured: { publicKey?: string; privateKey?: string; subject: string }): Promise<VapidKeys> {
    if (configured.publicKey && configured.privateKey) return { publicKey: configured.publicKey, privateKey: configured.privateKey, subject: configured.subject };
    await db.insert(appSettings).values({ key: 'vapid_keys', value: JSON.stringify(webpush.generateVAPIDKeys()) }).onConflictDoNothing();
    const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'vapid_keys'));
    const keys = JSON.parse(row!.value) as { publicKey: string; privateKey: string };
    return { ...keys, subject: configured.subject };
  }

  get publicKey(): string {
    return this.vapid.publicKey;
  }

  /** Registers this device's subscription for the caller (again: its keys and label are updated;
   *  a device that moved to another account moves with it). */
  async register(viewer: Viewer, raw: unknown): Promise<PushSubscriptionRow> {
    const input = parseInput(pushDeviceRules, raw);
    try {
      await checkOutboundUrl(input.endpoint, { allowPrivate: this.opts.allowPrivateOutboundUrls });
    } catch (err) {
      if (err instanceof OutboundUrlError) throw errors.validation(err.message, { endpoint: err.message });
      throw err;
    }
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`push_devices:${viewer.userId}`}, 0))`);
      const [mine] = await tx
        .select({ n: count(), same: sql<boolean>`coalesce(bool_or(${pushSubscriptions.endpoint} = ${input.endpoint}), false)` })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, viewer.userId));
      if (!mine?.same && Number(mine?.n ?? 0) >= PUSH_DEVICES_MAX) throw errors.validation(M.tooMany, { endpoint: M.tooMany });
      const values = { userId: viewer.userId, endpoint: input.endpoint, p256dh: input.p256dh, auth: input.auth, label: input.label };
      const [row] = await tx
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId: viewer.userId, p256dh: input.p256dh, auth: input.auth, label: input.label } })
        .returning();
      return row!;
    });
  }

  /** Removes one of the caller's devices; another member's, or none, is NOT_FOUND. */
  async remove(viewer: Viewer, raw: unknown): Promise<string> {
    const parsed = idRules.safeParse(raw);
    const id = parsed.success ? parsed.data.id : null;
    const [row] = id
      ? await this.db
          .delete(pushSubscriptions)
          .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, viewer.userId)))
          .returning({ id: pushSubscriptions.id })
      : [];
    if (!row) throw new AppError('NOT_FOUND', M.deviceNotFound, { id: M.deviceNotFound });
    return row.id;
  }

  async devices(userId: string): Promise<PushSubscriptionRow[]> {
    return this.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(asc(pushSubscriptions.createdAt)).limit(PUSH_DEVICES_MAX);
  }

  async byIds(ids: readonly string[]): Promise<PushSubscriptionRow[]> {
    if (ids.length === 0) return [];
    return this.db.select().from(pushSubscriptions).where(anyOf(pushSubscriptions.id, ids));
  }

  /** One delivery job per device of `userId`, in the notification's transaction (not before
   *  `notBefore`: quiet hours). Answers how many devices. */
  async queue(tx: Executor, userId: string, payload: PushPayload, notBefore: Date | null): Promise<number> {
    const [devices] = await this.queueMany(tx, [{ userId, payload, notBefore }]);
    return devices!;
  }

  /** queue() for many members, in one statement for their devices and one per ROWS_PER_INSERT
   *  jobs; answers how many devices, per member. */
  async queueMany(tx: Executor, pushes: ReadonlyArray<{ userId: string; payload: PushPayload; notBefore: Date | null }>): Promise<number[]> {
    if (pushes.length === 0) return [];
    const devices = await tx
      .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(anyOf(pushSubscriptions.userId, [...new Set(pushes.map((p) => p.userId))]));
    const byUser = new Map<string, string[]>();
    for (const d of devices) byUser.set(d.userId, [...(byUser.get(d.userId) ?? []), d.id]);
    const now = new Date();
    await scheduleJobs(
      tx,
      pushes.flatMap(({ userId, payload, notBefore }) =>
        (byUser.get(userId) ?? []).map((subscriptionId) => ({ kind: PUSH_JOB, key: `push:${randomUUID()}`, runAt: notBefore ?? now, payload: { subscriptionId, ...payload } })),
      ),
    );
    return pushes.map((p) => byUser.get(p.userId)?.length ?? 0);
  }

  /** The job: sends one push to one device, with the member's unread count for the app badge. */
  readonly deliver = async (tx: Executor, job: ClaimedJob): Promise<JobOutcome> => {
    const { subscriptionId, ...payload } = job.payload as unknown as PushPayload & { subscriptionId: string };
    const [device] = await tx.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
    if (!device) return { done: true };
    try {
      await checkOutboundUrl(device.endpoint, { allowPrivate: this.opts.allowPrivateOutboundUrls });
    } catch (err) {
      if (!(err instanceof OutboundUrlError)) throw err;
      // Its name now points somewhere it may not: the device is dropped, never fetched.
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
      return { done: true };
    }
    const badge = await this.opts.unreadCount(device.userId);
    // web-push encrypts the payload for the device and signs the VAPID header; the request itself
    // is ours (fetch, with a timeout), so http endpoints work where they are allowed (development).
    const request = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, JSON.stringify({ ...payload, badge }), {
      vapidDetails: this.vapid,
      TTL: PUSH_TTL_SECONDS,
      // The push service keeps one message per topic: a delivery retried after a crash replaces
      // the first instead of showing twice.
      topic: job.id.replace(/-/g, ''),
      contentEncoding: 'aes128gcm',
    });
    let status: number;
    try {
      const answer = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: new Uint8Array(request.body as Buffer),
        redirect: 'error',
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      });
      status = answer.status;
      await answer.body?.cancel();
    } catch {
      throw new Error('push service unreachable');
    }
    if (status === 404 || status === 410) {
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
      return { done: true };
    }
    if (status < 200 || status >= 300) throw new Error(`push service answered ${status}`);
    await tx.update(pushSubscriptions).set({ lastSuccessAt: sql`now()` }).where(eq(pushSubscriptions.id, device.id));
    return { done: true };
  };
}

declare module '../../lib/services.js' {
  interface Services {
    push: PushService;
  }
}
