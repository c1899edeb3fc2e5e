// What a member chose: each kind × channel, the email cadence, quiet hours and muted clubs. Saved
// on the server (every device agrees at once, told live) and read by the dispatcher in the
// transaction of each notification.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { clubs, users, notificationClubMutes, notificationDigestItems, notificationPreferences, notificationSettings, type NotificationSettingsRow } from '../../db/schema/index.js';
import { Topic, liveValue, type PubSub } from '../../graphql/pubsub.js';
import { cancelJob, scheduleJob } from '../../jobs/queue.js';
import { errors } from '../../lib/errors.js';
import { parseInput } from '../../lib/validate.js';
import type { Viewer } from '../../lib/viewer.js';
import { uuidRule } from '../../lib/shared/common.rules.js';
import type { SignedLinks } from '../../lib/signed-links.js';
import { z } from 'zod';
import { canSeeClub } from '../clubs/clubs.service.js';
import { channelEnabled, nextDigestAt } from './notifications.routing.js';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KIND_KEYS,
  DIGEST_LABEL,
  MUTED_CLUBS_MAX,
  NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGES as M,
  UNSUBSCRIBE_LINK_DAYS,
  maskEmail,
  type UnsubscribeTarget,
  clockMinutes,
  clockOf,
  deliverySettingsRules,
  isChoosable,
  preferenceChangesRules,
  type EmailCadence,
  type NotificationChannel,
  type NotificationKind,
} from './notifications.rules.js';

export const DIGEST_JOB = 'notification-digest';

export interface UnsubscribeLinkView {
  target: UnsubscribeTarget;
  /** What it turns off, as the Notifications page names it. */
  what: string;
  /** The member's address, mostly hidden. */
  email: string;
  /** Whether it is off already. */
  off: boolean;
}
export const digestJobKey = (userId: string) => `digest:${userId}`;

export interface ChannelSetting {
  channel: NotificationChannel;
  enabled: boolean;
  choosable: boolean;
}

export interface KindSetting {
  kind: NotificationKind;
  channels: ChannelSetting[];
}

export interface NotificationSettingsView {
  userId: string;
  preferences: KindSetting[];
  emailCadence: EmailCadence;
  quietHoursStart: string | null;
  quietHoursEnd: string | null;
  timeZone: string;
  digestHour: number;
  pushPreviews: boolean;
  lastDigestAt: Date | null;
  nextDigestAt: Date | null;
  mutedClubIds: string[];
}

const muteRules = z.object({ clubId: uuidRule('club'), muted: z.boolean() });

export class NotificationPreferencesService {
  constructor(
    private readonly db: Db,
    private readonly pubsub: PubSub,
    /** The platform's time zone (COUNCIL_TIME_ZONE): a member's until they choose one. */
    private readonly defaultTimeZone: string,
    /** Signs and checks one-click unsubscribe links (purpose `unsubscribe`). */
    private readonly links: SignedLinks,
    private readonly appUrl: string,
  ) {}

  // ---- one-click unsubscribe (RFC 8058) ------------------------------------------------------

  /** The link of a notification email that turns that kind of email (or the digest) off for that
   *  member: POSTed by the mail client with no sign-in, or opened as a page. */
  async unsubscribeUrl(userId: string, target: UnsubscribeTarget): Promise<string> {
    const token = await this.links.sign({ sub: userId, target }, UNSUBSCRIBE_LINK_DAYS * 86_400);
    return `${this.appUrl}/unsubscribe?token=${token}`;
  }

  /** What a link turns off, for whom (the address masked) and whether it already is; null for a
   *  link that is not valid (tampered, another purpose's, expired, or its account gone). */
  async unsubscribeLink(token: string): Promise<UnsubscribeLinkView | null> {
    const claims = await this.unsubscribeClaims(token);
    if (!claims) return null;
    return this.linkView(claims.userId, claims.target);
  }

  /** Turns off what the link names, for its member; once done, doing it again changes nothing. */
  async unsubscribe(token: string): Promise<UnsubscribeLinkView> {
    const claims = await this.unsubscribeClaims(token);
    if (!claims) throw errors.notFound(M.unsubscribeInvalid);
    await this.db.transaction(async (tx) => {
      if (claims.target === 'digest') {
        const [row] = await tx
          .update(notificationSettings)
          .set({ emailCadence: 'off', updatedAt: sql`now()` })
          .where(eq(notificationSettings.userId, claims.userId))
          .returning({ userId: notificationSettings.userId });
        if (row) await cancelJob(tx, digestJobKey(claims.userId));
        await this.changed(tx, claims.userId);
      } else {
        await this.chooseWithin(tx, claims.userId, [{ kind: claims.target, channel: 'email', enabled: false }]);
      }
    });
    return (await this.linkView(claims.userId, claims.target))!;
  }

  private async unsubscribeClaims(token: string): Promise<{ userId: string; target: UnsubscribeTarget } | null> {
    const check = await this.links.verify<{ target?: unknown }>(token);
    if (!check.ok) return null;
    const { sub, target } = check.claims;
    if (typeof sub !== 'string' || typeof target !== 'string') return null;
    if (target !== 'digest' && !(NOTIFICATION_KIND_KEYS as readonly string[]).includes(target)) return null;
    if (target !== 'digest' && !isChoosable(target as NotificationKind, 'email')) return null;
    return { userId: sub, target: target as UnsubscribeTarget };
  }

  private async linkView(userId: string, target: UnsubscribeTarget): Promise<UnsubscribeLinkView | null> {
    const [user] = await this.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) return null;
    const settings = await this.view(userId);
    const off =
      target === 'digest'
        ? settings.emailCadence !== 'daily' && settings.emailCadence !== 'weekly'
        : !settings.preferences.find((p) => p.kind === target)!.channels.find((c) => c.channel === 'email')!.enabled;
    return { target, what: target === 'digest' ? DIGEST_LABEL : NOTIFICATION_KINDS[target].label, email: maskEmail(user.email), off };
  }

  async view(userId: string, executor: Executor = this.db): Promise<NotificationSettingsView> {
    const [settings] = await executor.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
    const rows = await executor.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
    const mutes = await executor
      .select({ clubId: notificationClubMutes.clubId })
      .from(notificationClubMutes)
      .where(eq(notificationClubMutes.userId, userId))
      .orderBy(asc(notificationClubMutes.createdAt));
    const choices = new Map(rows.map((r) => [`${r.kind}:${r.channel}`, r.enabled]));
    const preferences = NOTIFICATION_KIND_KEYS.map((kind) => ({
      kind,
      channels: NOTIFICATION_CHANNELS.map((channel) => {
        const chosen = choices.get(`${kind}:${channel}`);
        return { channel, enabled: channelEnabled(kind, channel, chosen === undefined ? {} : { [channel]: chosen }), choosable: isChoosable(kind, channel) };
      }),
    }));
    const s = this.withDefaults(userId, settings);
    const digest = s.emailCadence === 'daily' || s.emailCadence === 'weekly' ? nextDigestAt(new Date(), s.emailCadence, s.digestHour, s.timeZone) : null;
    return {
      userId,
      preferences,
      emailCadence: s.emailCadence,
      quietHoursStart: s.quietStart === null ? null : clockOf(s.quietStart),
      quietHoursEnd: s.quietEnd === null ? null : clockOf(s.quietEnd),
      timeZone: s.timeZone,
      digestHour: s.digestHour,
      pushPreviews: s.pushPreviews,
      lastDigestAt: s.lastDigestAt,
      nextDigestAt: digest,
      mutedClubIds: mutes.map((m) => m.clubId),
    };
  }

  private withDefaults(userId: string, row: NotificationSettingsRow | undefined): NotificationSettingsRow {
    return row ?? { userId, emailCadence: 'instant', quietStart: null, quietEnd: null, timeZone: this.defaultTimeZone, digestHour: 8, pushPreviews: false, lastDigestAt: null, updatedAt: new Date(0) };
  }

  /** The member's settings now and after every change (from any device). */
  stream(viewer: Viewer | null): AsyncIterable<NotificationSettingsView> {
    if (!viewer) throw errors.unauthenticated();
    return liveValue(this.pubsub, Topic.NotificationPreferencesChanged, viewer.userId, () => this.view(viewer.userId));
  }

  /** Changes some kind × channel choices at once; refuses unknown kinds or channels and channels
   *  that cannot change, changing nothing. */
  async updatePreferences(viewer: Viewer, raw: unknown): Promise<NotificationSettingsView> {
    const { changes } = parseInput(preferenceChangesRules, raw);
    await this.db.transaction((tx) => this.chooseWithin(tx, viewer.userId, changes));
    return this.view(viewer.userId);
  }

  /** Kind × channel choices, in the caller's transaction (the club settings' two email switches
   *  are the owner's choices for the application kinds); every device hears of it after commit. */
  async chooseWithin(tx: Executor, userId: string, changes: { kind: NotificationKind; channel: NotificationChannel; enabled: boolean }[]): Promise<void> {
    for (const { kind, channel, enabled } of changes) {
      await tx
        .insert(notificationPreferences)
        .values({ userId, kind, channel, enabled })
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.kind, notificationPreferences.channel],
          set: { enabled, updatedAt: sql`now()` },
        });
    }
    await this.changed(tx, userId);
  }

  /** Whether a kind reaches the member by email (the club settings' switches read this). */
  async emailOn(userId: string, kind: NotificationKind, executor: Executor = this.db): Promise<boolean> {
    const [row] = await executor
      .select({ enabled: notificationPreferences.enabled })
      .from(notificationPreferences)
      .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind), eq(notificationPreferences.channel, 'email')));
    return channelEnabled(kind, 'email', row ? { email: row.enabled } : {});
  }

  /** Email cadence, quiet hours, time zone, digest hour and push previews. Moving to a daily or
   *  weekly digest schedules it (in the same transaction); moving away sends what was gathered at
   *  once (instant) or lets it go (off). */
  async updateDelivery(viewer: Viewer, raw: unknown): Promise<NotificationSettingsView> {
    const input = parseInput(deliverySettingsRules, raw);
    const values = {
      emailCadence: input.emailCadence,
      quietStart: input.quietHoursStart === null ? null : clockMinutes(input.quietHoursStart),
      quietEnd: input.quietHoursEnd === null ? null : clockMinutes(input.quietHoursEnd),
      timeZone: input.timeZone,
      digestHour: input.digestHour,
      pushPreviews: input.pushPreviews,
      updatedAt: sql`now()`,
    };
    await this.db.transaction(async (tx) => {
      const [before] = await tx.select({ cadence: notificationSettings.emailCadence }).from(notificationSettings).where(eq(notificationSettings.userId, viewer.userId)).for('update');
      await tx
        .insert(notificationSettings)
        .values({ userId: viewer.userId, ...values })
        .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
      const key = digestJobKey(viewer.userId);
      if (input.emailCadence === 'daily' || input.emailCadence === 'weekly') {
        const runAt = nextDigestAt(new Date(), input.emailCadence, input.digestHour, input.timeZone);
        await scheduleJob(tx, { kind: DIGEST_JOB, key, runAt, payload: { userId: viewer.userId, cadence: input.emailCadence } });
      } else {
        const [waiting] = await tx
          .select({ id: notificationDigestItems.id })
          .from(notificationDigestItems)
          .where(and(eq(notificationDigestItems.userId, viewer.userId), sql`${notificationDigestItems.digestId} is null`))
          .limit(1);
        // What was gathered goes out now as a last digest (or is let go, for `off`).
        if (waiting) {
          // Named after the cadence it was gathered under ("Your Clubroom week").
          await scheduleJob(tx, { kind: DIGEST_JOB, key, runAt: new Date(), payload: { userId: viewer.userId, cadence: before?.cadence ?? 'daily' } });
          await this.pubsub.publish(Topic.OutboxQueued, {}, { executor: tx });
        } else await cancelJob(tx, key);
      }
      await this.changed(tx, viewer.userId);
    });
    return this.view(viewer.userId);
  }

  /** Mutes or unmutes a club the member may see: its notifications then reach them in the bell
   *  only. */
  async setClubMuted(viewer: Viewer, raw: unknown): Promise<NotificationSettingsView> {
    const input = parseInput(muteRules, raw);
    const [club] = await this.db.select({ id: clubs.id, applicationStatus: clubs.applicationStatus, removedAt: clubs.removedAt }).from(clubs).where(eq(clubs.id, input.clubId));
    const visible = club && (canSeeClub(viewer, club) || club.id === viewer.userId);
    if (!visible && input.muted) throw errors.notFound(M.clubNotFound);
    await this.db.transaction(async (tx) => {
      if (input.muted) {
        // Counted under a lock on the member's mutes, so two mutes at once cannot pass the limit.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`club_mutes:${viewer.userId}`}, 0))`);
        const [row] = await tx
          .select({ n: count(), already: sql<boolean>`bool_or(${notificationClubMutes.clubId} = ${input.clubId})` })
          .from(notificationClubMutes)
          .where(eq(notificationClubMutes.userId, viewer.userId));
        if (Number(row?.n ?? 0) >= MUTED_CLUBS_MAX && !row?.already) throw errors.validation(M.tooManyMutes, { clubId: M.tooManyMutes });
        await tx.insert(notificationClubMutes).values({ userId: viewer.userId, clubId: input.clubId }).onConflictDoNothing();
      }
      if (!input.muted) await tx.delete(notificationClubMutes).where(and(eq(notificationClubMutes.userId, viewer.userId), eq(notificationClubMutes.clubId, input.clubId)));
      await this.changed(tx, viewer.userId);
    });
    return this.view(viewer.userId);
  }

  private async changed(tx: Executor, userId: string): Promise<void> {
    await this.pubsub.publish(Topic.NotificationPreferencesChanged, {}, { id: userId, executor: tx });
  }
}

declare module '../../lib/services.js' {
  interface Services {
    notificationPreferences: NotificationPreferencesService;
  }
}
