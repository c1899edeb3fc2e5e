// A member's daily or weekly digest, run from the durable job table (jobs/worker.ts): in one
// transaction it claims every waiting item (digest_id set), queues one mail grouped per club and
// per conversation, moves the member's watermark and schedules the next digest. An item committed
// while this runs is invisible to the claim and waits for the next digest; a claimed item is never
// claimed again; and the job's completion commits with all of it. So each item is sent once.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { notificationDigestItems, notificationSettings, users, type NotificationDigestItemRow } from '../../db/schema/index.js';
import { Topic, type PubSub } from '../../graphql/pubsub.js';
import type { ClaimedJob, JobOutcome } from '../../jobs/worker.js';
import { enqueueMail } from '../../mail/outbox.js';
import { PREFERENCES_PATH, notificationMail } from './notifications.mail.js';
import { nextDigestAt } from './notifications.routing.js';

/** The digest's paragraphs: each group's heading, then its items, oldest first. */
export function digestParagraphs(items: NotificationDigestItemRow[], appUrl: string): string[] {
  const groups = new Map<string, { label: string; items: NotificationDigestItemRow[] }>();
  for (const item of items) {
    const group = groups.get(item.groupKey) ?? { label: item.groupLabel, items: [] };
    group.items.push(item);
    groups.set(item.groupKey, group);
  }
  return [...groups.values()].map(
    (g) => `${g.label}\n${g.items.map((i) => `• ${i.title}: ${i.description}${i.actionUrl ? ` (${appUrl}${i.actionUrl})` : ''}`).join('\n')}`,
  );
}

export function digestJobHandler(opts: { appUrl: string; pubsub: PubSub; unsubscribeUrl?: (userId: string) => Promise<string> }) {
  return async (tx: Executor, job: ClaimedJob): Promise<JobOutcome> => {
    const userId = String(job.payload.userId);
    // The settings row, locked: a change of cadence waits for this digest (and vice versa).
    const [member] = await tx
      .select({ email: users.email, name: users.fullName, status: users.status, settings: notificationSettings })
      .from(users)
      .innerJoin(notificationSettings, eq(notificationSettings.userId, users.id))
      .where(eq(users.id, userId))
      .for('update', { of: notificationSettings });
    if (!member) return { done: true };
    const digestId = randomUUID();
    const items = await tx
      .update(notificationDigestItems)
      .set({ digestId })
      .where(and(eq(notificationDigestItems.userId, userId), isNull(notificationDigestItems.digestId)))
      .returning();
    const cadence = member.settings.emailCadence;
    // `off`: what was gathered is let go (claimed, never sent). A suspended member's digest waits.
    if (items.length > 0 && cadence !== 'off' && member.status === 'active') {
      items.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
      // The cadence the items were gathered under (a member who has just gone back to instant
      // email gets the last of their weekly digest as a weekly one).
      const gathered = cadence === 'daily' || cadence === 'weekly' ? cadence : job.payload.cadence;
      const word = gathered === 'weekly' ? 'weekly' : 'daily';
      const mail = notificationMail({
        to: { email: member.email, name: member.name },
        why: `You receive this ${word} digest because of your notification settings. Change them: ${opts.appUrl}${PREFERENCES_PATH}`,
        content: {
          subject: `Your Clubroom ${word === 'weekly' ? 'week' : 'day'}: ${items.length} ${items.length === 1 ? 'update' : 'updates'}`,
          paragraphs: [`Here is what happened since your last digest.`, ...digestParagraphs(items, opts.appUrl)],
          action: { url: `${opts.appUrl}/`, label: 'Open Clubroom' },
        },
        unsubscribeUrl: opts.unsubscribeUrl ? await opts.unsubscribeUrl(userId) : undefined,
      });
      await enqueueMail(tx, mail);
      await opts.pubsub.publish(Topic.OutboxQueued, {}, { executor: tx });
    } else if (items.length > 0 && member.status !== 'active') {
      await tx.update(notificationDigestItems).set({ digestId: null }).where(eq(notificationDigestItems.digestId, digestId));
    }
    await tx.update(notificationSettings).set({ lastDigestAt: sql`now()` }).where(eq(notificationSettings.userId, userId));
    if (cadence === 'daily' || cadence === 'weekly') {
      return { again: nextDigestAt(new Date(), cadence, member.settings.digestHour, member.settings.timeZone), payload: { userId, cadence } };
    }
    return { done: true };
  };
}
