// Mail is written to the outbox inside the transaction that causes it and delivered by the worker.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is about, for senders whose repeats should be one mail (e.g.
   *  `application-applied:{position}:{volunteer}`); see enqueueMail. Without a key, never folded. */
  collapseKey?: string | null;
  /** Extra headers (a notification's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /** Not before this instant (quiet hours); now when absent. */
  notBefore?: Date;
}

/**
 * Queues a mail in the caller's transaction; answers whether a new one was queued. With a
 * `collapseKey` and a window (`collapseMinutes` > 0), a mail to the same address with the same key
 * that the worker has not picked up yet takes this one's subject and text instead (one mail, saying
 * the latest), and while one was queued within the window nothing is queued again. Decided under a
 * transaction lock on address and key, so concurrent senders fold too.
 */
export async function enqueueMail(executor: Executor, mail: OutgoingMail, collapseMinutes = 0): Promise<boolean> {
  if (mail.collapseKey && collapseMinutes > 0) {
    const mine = and(eq(mailOutbox.to, mail.to), eq(mailOutbox.collapseKey, mail.collapseKey));
    await executor.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mail_outbox:${mail.to}:${mail.collapseKey}`}, 0))`);
    const [unsent] = await executor
      .update(mailOutbox)
      .set({ subject: mail.subject, text: mail.text, html: mail.html ?? null, headers: mail.headers ?? null })
      .where(and(mine, eq(mailOutbox.status, 'pending'), eq(mailOutbox.attempts, 0)))
      .returning({ id: mailOutbox.id });
    if (unsent) return false;
    const [recent] = await executor
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(mine, gt(mailOutbox.createdAt, sql`now() - make_interval(mins => ${collapseMinutes})`)))
      .limit(1);
    if (recent) return false;
  }
  const { notBefore, ...row } = mail;
  await executor.insert(mailOutbox).values({ ...row, ...(notBefore ? { nextAttemptAt: notBefore } : {}) });
  return true;
}
