// The one road by which the platform tells a member something. A module calls notify() inside its
// own transaction (notifyMany() for many members at once: the same per member, in a fixed number
// of statements); the dispatcher stores the bell entry, decides each channel from the member's
// preferences (notifications.routing.ts) and queues the email (instant, held to the end of quiet
// hours, or kept for the member's digest) through the transactional outbox. Nothing is sent
// unless that transaction commits; the workers hear of new mail after the commit.
import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.js';
import { inParts } from '../../db/batch.js';
import { notificationDigestItems } from '../../db/schema/index.js';
import { Topic, type PubSub } from '../../graphql/pubsub.js';
import { enqueueMails, type OutgoingMail } from '../../mail/outbox.js';
import { notificationMail, whyMail, type MailContent } from './notifications.mail.js';
import { deadlineOutsideQuietHours, quietUntil, route, type MemberPreferences, type QuietHours } from './notifications.routing.js';

export { deadlineOutsideQuietHours, type QuietHours };
import { kindInfo, type EmailCadence, type NotificationChannel, type NotificationKind } from './notifications.rules.js';
import type { NotificationsService } from './notifications.service.js';
import { PUSH_ACTIONS_MAX, type PushAction, type PushPayload, type PushService } from './push.service.js';

export interface NotificationEvent {
  kind: NotificationKind;
  /** The bell's headline; the email's subject unless `email` says otherwise. */
  title: string;
  /** One or two sentences; the email's body unless `email` says otherwise. */
  description: string;
  /** The web app's path it leads to. */
  actionUrl?: string | null;
  /** The message a message notification is about. */
  messageId?: string | null;
  /** Repeats with one key within the collapse window are one bell entry and one email. */
  collapseKey?: string | null;
  /** The member whose doing it is (a message's sender, an applicant): a recipient who blocked
   *  them gets nothing of it. */
  actorId?: string | null;
  /** The club it is about: a member who muted that club gets it in the bell only. */
  clubId?: string | null;
  /** The digest's group (per club, per conversation); `other` when absent. */
  group?: { key: string; label: string };
  /** The email, where it says more than the title and description (a reset link); its own
   *  collapse key where emails fold differently from bell entries (a burst of messages is one
   *  email but one bell entry each). */
  email?: Partial<MailContent> & { collapseKey?: string };
  /** The push's buttons (a reminder's Going / Can't make it), at most PUSH_ACTIONS_MAX (2; more are
   *  dropped): each an action name, a title and a web app path the service worker acts on. Their
   *  titles show with previews off too, so they say only what the button does (pushPayload()). */
  push?: { actions: PushAction[] };
}

export interface DispatchResult {
  inApp: boolean;
  email: 'instant' | 'digest' | null;
  push: boolean;
}

interface Recipient {
  email: string;
  fullName: string;
  status: string;
  emailCadence: EmailCadence | null;
  quietStart: number | null;
  quietEnd: number | null;
  timeZone: string | null;
  pushPreviews: boolean | null;
  choices: Partial<Record<NotificationChannel, boolean>> | null;
  muted: boolean;
  blocked: boolean;
}

export interface DispatcherOptions {
  appUrl: string;
  /** The platform's time zone: a member's until they choose one. */
  timeZone: string;
  /** NOTIFICATION_COLLAPSE_MINUTES, for emails as for bell entries. */
  collapseMinutes: number;
  /** Web push: queues a delivery per device of the member (push.service.ts). */
  push?: Pick<PushService, 'queueMany'>;
  /** A one-click unsubscribe link for a member and kind (RFC 8058), when the platform signs them. */
  unsubscribeUrl?: (userId: string, kind: NotificationKind) => Promise<string>;
}

export class NotificationDispatcher {
  constructor(
    private readonly bell: Pick<NotificationsService, 'createMany'>,
    private readonly pubsub: PubSub,
    private readonly opts: DispatcherOptions,
  ) {}

  /** Tells `recipient` (a user id) of `event`, inside `tx`. Answers where it went. */
  async notify(tx: Executor, recipient: string, event: NotificationEvent): Promise<DispatchResult> {
    const [result] = await this.notifyMany(tx, [recipient], () => event);
    return result!;
  }

  /**
   * Tells each of `recipients` of the event `eventFor` gives for them, inside `tx`, exactly as
   * notify() would one after another, in a number of statements that does not grow with the batch
   * (the recipients in one, then one each for bell entries, emails, push devices and jobs, digest
   * items, and the publishes; multi-row inserts hold ROWS_PER_INSERT rows). The events of one batch
   * share kind, club and actor (what the recipients' statement reads); their text, links and email
   * may differ per member (a reminder's signed one-tap links). Answers where each went, in the
   * order of `recipients`.
   */
  async notifyMany(tx: Executor, recipients: readonly string[], eventFor: (userId: string) => NotificationEvent | Promise<NotificationEvent>): Promise<DispatchResult[]> {
    if (recipients.length === 0) return [];
    const events = await Promise.all(recipients.map((userId) => eventFor(userId)));
    const shared = events[0]!;
    if (events.some((e) => e.kind !== shared.kind || (e.clubId ?? null) !== (shared.clubId ?? null) || (e.actorId ?? null) !== (shared.actorId ?? null))) {
      throw new Error('notifyMany: the events of one batch share kind, club and actor');
    }
    const members = await this.recipients(tx, recipients, shared);
    const info = kindInfo(shared.kind);
    const decisions = recipients.map((userId, i) => {
      const member = members.get(userId);
      // Nothing of what a blocked member does reaches the member who blocked them.
      if (!member || member.blocked) return null;
      const prefs: MemberPreferences = { choices: member.choices ?? {}, emailCadence: member.emailCadence ?? 'instant', clubMuted: member.muted };
      const decided = route(shared.kind, prefs);
      // A suspended or banned account hears only what is required (its status, by email).
      const active = member.status === 'active';
      return {
        userId,
        member,
        event: events[i]!,
        decided,
        inApp: decided.inApp && (active || info.required.includes('in_app')),
        email: decided.email && (active || info.required.includes('email')) ? decided.email : null,
        wantsPush: decided.push && active && Boolean(this.opts.push),
        quiet: decided.mayWait ? this.quietUntil(member) : null,
      };
    });
    const told = decisions.filter((d) => d !== null);

    await this.bell.createMany(
      tx,
      told
        .filter((d) => d.inApp)
        .map(({ userId, event }) => ({
          userId,
          kind: event.kind,
          type: info.type,
          title: event.title,
          description: event.description,
          actionUrl: event.actionUrl ?? null,
          messageId: event.messageId ?? null,
          collapseKey: event.collapseKey ?? null,
        })),
    );
    const mails = told.filter((d) => d.email === 'instant');
    const queued = await enqueueMails(tx, await Promise.all(mails.map((d) => this.mail(d.userId, d.member, d.event, d.quiet, d.decided.mayWait))), this.opts.collapseMinutes);
    const pushes = told.filter((d) => d.wantsPush);
    const devices = this.opts.push
      ? await this.opts.push.queueMany(
          tx,
          pushes.map((d) => ({ userId: d.userId, payload: this.pushPayload(d.event, d.member.pushPreviews ?? false), notBefore: d.quiet })),
        )
      : [];
    const pushed = new Set(pushes.filter((_, i) => devices[i]! > 0));
    for (const part of inParts(told.filter((d) => d.email === 'digest'))) {
      await tx.insert(notificationDigestItems).values(
        part.map(({ userId, event }) => ({
          userId,
          kind: event.kind,
          groupKey: event.group?.key ?? 'other',
          groupLabel: event.group?.label ?? 'Other news',
          title: event.title,
          description: event.description,
          actionUrl: event.actionUrl ?? null,
        })),
      );
    }
    // The workers hear of new mail and push jobs after the commit.
    if (queued.some(Boolean) || pushed.size > 0) await this.pubsub.publish(Topic.OutboxQueued, {}, { executor: tx });
    return decisions.map((d) => (d ? { inApp: d.inApp, email: d.email, push: pushed.has(d) } : { inApp: false, email: null, push: false }));
  }

  /** What a lock screen shows: without previews, only that something of this kind happened (no
   *  names, no text); with them, the bell's headline and text. The event's buttons ride along
   *  either way: their titles say only what they do ('Going'), never whose or what it is. */
  private pushPayload(event: NotificationEvent, previews: boolean): PushPayload {
    const info = kindInfo(event.kind);
    const actions = event.push?.actions.slice(0, PUSH_ACTIONS_MAX) ?? [];
    return {
      title: previews ? event.title : 'Clubroom',
      body: previews ? event.description : info.label,
      url: event.actionUrl ?? '/',
      tag: event.collapseKey ?? `${event.kind}:${event.messageId ?? event.actionUrl ?? ''}`,
      ...(actions.length > 0 ? { actions: actions.map(({ action, title, url }) => ({ action, title, url })) } : {}),
    };
  }

  /** A member's quiet hours (in their time zone), or null when they set none. */
  async quietHours(executor: Executor, userId: string): Promise<QuietHours | null> {
    const [row] = rowsOf<{ start: number | null; end: number | null; timeZone: string }>(
      await executor.execute(sql`select quiet_start as "start", quiet_end as "end", time_zone as "timeZone" from notification_settings where user_id = ${userId}`),
    );
    return row && row.start !== null && row.end !== null ? { start: row.start, end: row.end, timeZone: row.timeZone } : null;
  }

  /** When the member's quiet hours hold now, their end; otherwise null. */
  private quietUntil(member: Recipient): Date | null {
    if (member.quietStart === null || member.quietEnd === null) return null;
    return quietUntil(new Date(), { start: member.quietStart, end: member.quietEnd, timeZone: member.timeZone ?? this.opts.timeZone });
  }

  /** The email of `event` for the member (its unsubscribe link, when the member may wait). */
  private async mail(userId: string, member: Recipient, event: NotificationEvent, quiet: Date | null, mayWait: boolean): Promise<OutgoingMail> {
    const { appUrl } = this.opts;
    const content: MailContent = {
      subject: event.email?.subject ?? event.title,
      paragraphs: event.email?.paragraphs ?? [event.description],
      action: event.email?.action ?? (event.actionUrl ? { url: `${appUrl}${event.actionUrl}`, label: 'Open in Clubroom' } : undefined),
    };
    const unsubscribeUrl = mayWait && this.opts.unsubscribeUrl ? await this.opts.unsubscribeUrl(userId, event.kind) : undefined;
    const collapseKey = event.email?.collapseKey ?? event.collapseKey ?? null;
    const mail = notificationMail({ to: { email: member.email, name: member.fullName }, why: whyMail(event.kind, appUrl), content, collapseKey, unsubscribeUrl });
    return { ...mail, notBefore: quiet ?? undefined };
  }

  /** The members, their settings, their choices for the batch's kind, whether its club is muted
   *  and whether they blocked its actor, in one statement. */
  private async recipients(tx: Executor, userIds: readonly string[], event: NotificationEvent): Promise<Map<string, Recipient>> {
    const rows = rowsOf<Recipient & { userId: string }>(
      await tx.execute(sql`
        select u.id as "userId", u.email, u.full_name as "fullName", u.status,
          s.email_cadence as "emailCadence", s.quiet_start as "quietStart", s.quiet_end as "quietEnd", s.time_zone as "timeZone", s.push_previews as "pushPreviews",
          (select jsonb_object_agg(p.channel, p.enabled) from notification_preferences p where p.user_id = u.id and p.kind = ${event.kind}) as choices,
          exists (select 1 from notification_club_mutes m where m.user_id = u.id and m.club_id = ${event.clubId ?? null}::uuid) as muted,
          exists (select 1 from member_blocks b where b.blocker_id = u.id and b.blocked_id = ${event.actorId ?? null}::uuid) as blocked
        from users u left join notification_settings s on s.user_id = u.id
        where u.id = any(${sql.param([...new Set(userIds)])}::uuid[])`),
    );
    return new Map(rows.map((r) => [r.userId, r]));
  }
}
declare module '../../lib/services.js' {
  interface Services {
    notify: NotificationDispatcher;
  }
}
