// What a change of an account's status or role does besides the users row: its sessions end (and
// every instance's open sockets of those sessions and of the account's API tokens are told), the
// member is told (by email, which they cannot turn off, through the notification dispatcher), and a
// suspension whose end has passed is lifted. Each runs in the caller's
// transaction, so a refused or failed change leaves none of it behind.
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any.js';
import type { Executor } from '../../db/client.js';
import { adminActions, apiTokens, clubs, sessions, users } from '../../db/schema/index.js';
import { Topic, type PubSub, type SessionEndReason } from '../../graphql/pubsub.js';
import type { NotificationDispatcher, NotificationEvent } from '../notifications/notify.service.js';
import { USER_AUDIT_DETAILS, formatSuspensionEnd } from './admin-users.rules.js';

/** The audit trail's name for what the server does by itself. */
export const SYSTEM_ACTOR = { name: 'Clubroom', email: 'system' } as const;

/**
 * Revokes every open session of the account and publishes `sessionRevoked` for each session id and
 * each API token id of it (app/ws.ts keys sockets on these), on every instance once `tx`
 * commits. API tokens are not revoked: they are refused while the account is not active and work
 * again once it is reinstated (or, after a role change, with the owner's new rights).
 */
export async function endAccess(tx: Executor, pubsub: PubSub, userId: string, reason: SessionEndReason): Promise<void> {
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  const tokens = await tx.select({ id: apiTokens.id }).from(apiTokens).where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
  for (const { id } of [...ended, ...tokens]) {
    await pubsub.publish(Topic.SessionRevoked, { sessionId: id, userId, reason }, { id, executor: tx });
  }
}

const QUESTIONS = 'If you have questions, reply to this email.';

/** The account-status notifications (kind `account_status`: email required). */
export function suspendedNotice(reason: string, until: Date | null): NotificationEvent {
  const when = until ? ` until ${formatSuspensionEnd(until)}` : '';
  const subject = 'Your Clubroom account has been suspended';
  return {
    kind: 'account_status',
    title: subject,
    description: `Your account has been suspended${when}. Reason: ${reason}`,
    email: { subject, paragraphs: [`Your Clubroom account has been suspended${when}. You cannot sign in while it is suspended.`, `Reason: ${reason}`, QUESTIONS] },
  };
}

export function bannedNotice(reason: string): NotificationEvent {
  const subject = 'Your Clubroom account has been banned';
  return {
    kind: 'account_status',
    title: subject,
    description: `Your account has been banned. Reason: ${reason}`,
    email: { subject, paragraphs: ['Your Clubroom account has been banned. You can no longer sign in.', `Reason: ${reason}`, QUESTIONS] },
  };
}

export function reinstatedNotice(appUrl: string): NotificationEvent {
  const subject = 'Your Clubroom account has been reinstated';
  return {
    kind: 'account_status',
    title: subject,
    description: 'Your account has been reinstated. Welcome back.',
    email: { subject, paragraphs: [`Your Clubroom account has been reinstated. You can sign in again at ${appUrl}/login`, QUESTIONS] },
  };
}

/**
 * Ends the suspensions whose end has passed (of one account, or of all): the account is active
 * again, with an audit entry by 'Clubroom' ('Suspension ended'). Safe on every instance at once:
 * the conditional UPDATE lifts each suspension once. `tell`: tell each member (the worker does; a
 * sign-in that lifts its own suspension does not need to). Answers how many were lifted.
 */
export async function endDueSuspensions(tx: Executor, opts: { userId?: string; tell?: { notify: Pick<NotificationDispatcher, 'notify'>; appUrl: string }; limit?: number } = {}): Promise<number> {
  const due = and(eq(users.status, 'suspended'), lte(users.suspendedUntil, sql`now()`), opts.userId ? eq(users.id, opts.userId) : undefined);
  const ids = tx
    .select({ id: users.id })
    .from(users)
    .where(due)
    .limit(opts.limit ?? 500);
  const lifted = await tx
    .update(users)
    .set({ status: 'active', statusReason: null, suspendedUntil: null, statusChangedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(inArray(users.id, ids), due))
    .returning({ id: users.id, email: users.email, fullName: users.fullName });
  if (lifted.length === 0) return 0;
  const names = await tx
    .select({ id: clubs.id, name: clubs.name })
    .from(clubs)
    .where(anyOf(clubs.id, lifted.map((u) => u.id)));
  const clubName = new Map(names.map((c) => [c.id, c.name]));
  await tx.insert(adminActions).values(
    lifted.map((u) => ({
      actionType: 'reinstate' as const,
      targetType: 'user',
      targetId: u.id,
      targetName: clubName.get(u.id) ?? u.fullName,
      details: USER_AUDIT_DETAILS.suspensionEnded,
      adminId: null,
      adminName: SYSTEM_ACTOR.name,
      adminEmail: SYSTEM_ACTOR.email,
      ipAddress: null,
    })),
  );
  if (opts.tell) for (const u of lifted) await opts.tell.notify.notify(tx, u.id, reinstatedNotice(opts.tell.appUrl));
  return lifted.length;
}
