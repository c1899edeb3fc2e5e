// The kinds of item a member can report (a message, a volunteer profile, a volunteer position, a
// club, a club's announcement): reading one for a report's snapshot, and setting or clearing its removed_at. Only this
// file knows which table and columns each kind is; the read paths that hide removed items are the
// domains' own (issue 13, section 3).
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any.js';
import type { Executor } from '../../db/client.js';
import { clubAnnouncements, clubs, clubVolunteerPositions, messages, volunteerProfiles, type ReportTargetType } from '../../db/schema/index.js';
import { Topic, type PubSub } from '../../graphql/pubsub.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { EXCERPT_MAX } from './moderation.rules.js';

/** What a report copies of its item when it is filed. */
export interface TargetSnapshot {
  /** The account answerable for the item: the sender, the club (its owner), the volunteer. */
  ownerId: string;
  /** For a message: its recipient (the only other party to it). */
  recipientId: string | null;
  label: string;
  excerpt: string;
  removedAt: Date | null;
}

/** The global id type of each kind's target id. */
export const TARGET_NODE_TYPE: Record<ReportTargetType, string> = {
  message: 'Message',
  opportunity: 'VolunteerPosition',
  club: 'Club',
  profile: 'Member',
  announcement: 'Announcement',
};

/** How the owner's notification names the kind of item. */
export const TARGET_WORD: Record<ReportTargetType, string> = { message: 'message', opportunity: 'opportunity', club: 'club', profile: 'profile', announcement: 'announcement' };

const excerpt = (text: string | null | undefined) => (text ?? '').slice(0, EXCERPT_MAX);

/**
 * The item as it is now, or null when there is none. With `lock`, its row is share-locked until
 * the transaction ends: a report filed at the moment of a removal either commits first (and is
 * closed by it) or waits and finds the item removed.
 */
export async function snapshotTarget(tx: Executor, type: ReportTargetType, id: string, lock = false): Promise<TargetSnapshot | null> {
  switch (type) {
    case 'message': {
      const q = tx.select().from(messages).where(eq(messages.id, id));
      const [row] = lock ? await q.for('share') : await q;
      return row ? { ownerId: row.senderId, recipientId: row.recipientId, label: row.subject, excerpt: excerpt(row.content), removedAt: row.removedAt } : null;
    }
    case 'opportunity': {
      const q = tx.select().from(clubVolunteerPositions).where(eq(clubVolunteerPositions.id, id));
      const [row] = lock ? await q.for('share') : await q;
      return row ? { ownerId: row.clubId, recipientId: null, label: row.title, excerpt: excerpt(row.description), removedAt: row.removedAt } : null;
    }
    case 'club': {
      const q = tx.select().from(clubs).where(eq(clubs.id, id));
      const [row] = lock ? await q.for('share') : await q;
      return row ? { ownerId: row.id, recipientId: null, label: row.name, excerpt: excerpt(row.description), removedAt: row.removedAt } : null;
    }
    case 'profile': {
      const q = tx.select().from(volunteerProfiles).where(eq(volunteerProfiles.userId, id));
      const [row] = lock ? await q.for('share') : await q;
      return row ? { ownerId: row.userId, recipientId: null, label: `${row.firstName} ${row.lastName}`.trim(), excerpt: excerpt(row.bio), removedAt: row.removedAt } : null;
    }
    case 'announcement': {
      // The club answers for it (a club's id is its owner's account).
      const q = tx.select().from(clubAnnouncements).where(eq(clubAnnouncements.id, id));
      const [row] = lock ? await q.for('share') : await q;
      return row ? { ownerId: row.clubId, recipientId: null, label: row.title, excerpt: excerpt(row.body), removedAt: row.removedAt } : null;
    }
  }
}

/** Each kind's table, id column and removed_at column. */
function tableOf(type: ReportTargetType) {
  switch (type) {
    case 'message':
      return { table: messages, id: messages.id, removedAt: messages.removedAt } as const;
    case 'opportunity':
      return { table: clubVolunteerPositions, id: clubVolunteerPositions.id, removedAt: clubVolunteerPositions.removedAt } as const;
    case 'club':
      return { table: clubs, id: clubs.id, removedAt: clubs.removedAt } as const;
    case 'profile':
      return { table: volunteerProfiles, id: volunteerProfiles.userId, removedAt: volunteerProfiles.removedAt } as const;
    case 'announcement':
      return { table: clubAnnouncements, id: clubAnnouncements.id, removedAt: clubAnnouncements.removedAt } as const;
  }
}

export interface RemovalEffects {
  pubsub: PubSub;
  notifications: NotificationsService;
}

/**
 * Sets (`removed`) or clears removed_at of the item, only when it is not so already; answers
 * whether it changed. A removed message is also marked read, its notifications with it, and its
 * recipient hears that it is gone (open views drop it; the unread badge is counted again).
 */
export async function setRemoved(tx: Executor, type: ReportTargetType, id: string, removed: boolean, effects: RemovalEffects): Promise<boolean> {
  if (type === 'message') {
    const [before] = await tx.select({ read: messages.read, recipientId: messages.recipientId }).from(messages).where(eq(messages.id, id)).for('update');
    const [row] = await tx
      .update(messages)
      .set(removed ? { removedAt: sql`now()`, read: true, readAt: sql`coalesce(${messages.readAt}, now())` } : { removedAt: null })
      .where(and(eq(messages.id, id), removed ? isNull(messages.removedAt) : isNotNull(messages.removedAt)))
      .returning({ recipientId: messages.recipientId });
    if (!row || !before) return false;
    if (removed) {
      await effects.pubsub.publish(Topic.MessageDeleted, { messageId: id }, { id: row.recipientId, executor: tx });
      if (!before.read) await effects.pubsub.publish(Topic.UnreadMessagesChanged, {}, { id: row.recipientId, executor: tx });
      await effects.notifications.markReadForMessages(tx, row.recipientId, [id]);
      await effects.pubsub.publish(Topic.NotificationsChanged, {}, { id: row.recipientId, executor: tx });
    }
    return true;
  }
  const { table, id: idColumn, removedAt } = tableOf(type);
  const rows = await tx
    .update(table)
    .set({ removedAt: removed ? sql`now()` : null } as never)
    .where(and(eq(idColumn, id), removed ? isNull(removedAt) : isNotNull(removedAt)))
    .returning({ id: idColumn });
  return rows.length > 0;
}

/** Which of the items (`${type}:${id}` keys) are removed now; an item that is gone is not. */
export async function removedTargets(tx: Executor, keys: readonly string[]): Promise<Set<string>> {
  const byType = new Map<ReportTargetType, string[]>();
  for (const key of keys) {
    const [type, id] = key.split(':') as [ReportTargetType, string];
    byType.set(type, [...(byType.get(type) ?? []), id]);
  }
  const removed = new Set<string>();
  await Promise.all(
    [...byType].map(async ([type, ids]) => {
      const { table, id: idColumn, removedAt } = tableOf(type);
      const rows = await tx
        .select({ id: idColumn })
        .from(table as never)
        .where(and(anyOf(idColumn, ids), isNotNull(removedAt)));
      for (const row of rows as { id: string }[]) removed.add(`${type}:${row.id}`);
    }),
  );
  return removed;
}
