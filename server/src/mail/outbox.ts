// Mail is written to the outbox inside the transaction that causes it and delivered by the worker.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { inParts, lockNames } from '../db/batch.js';
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
  const [queued] = await enqueueMails(executor, [mail], collapseMinutes);
  return queued!;
}

/**
 * Queues many mails as enqueueMail would one after another (same folding), in a fixed number of
 * statements: the locks, one update of the unsent mails they fold into, one look for those queued
 * within the window, and the inserts (ROWS_PER_INSERT a statement). Answers, per mail, whether a
 * new one was queued. Two mails of the batch with the same address and key go one by one (the
 * second folds into the first).
 */
export async function enqueueMails(executor: Executor, mails: readonly OutgoingMail[], collapseMinutes = 0): Promise<boolean[]> {
  const folds = (m: OutgoingMail) => Boolean(m.collapseKey) && collapseMinutes > 0;
  const pair = (to: string, key: string) => JSON.stringify([to, key]);
  const folding = mails.filter(folds);
  if (new Set(folding.map((m) => pair(m.to, m.collapseKey!))).size < folding.length) {
    const queued: boolean[] = [];
    for (const mail of mails) queued.push(...(await enqueueMails(executor, [mail], collapseMinutes)));
    return queued;
  }
  const taken = new Set<string>();
  if (folding.length > 0) {
    await lockNames(executor, folding.map((m) => `mail_outbox:${m.to}:${m.collapseKey}`));
    const values = sql`jsonb_to_recordset(${JSON.stringify(folding.map((m) => ({ to: m.to, key: m.collapseKey, subject: m.subject, text: m.text, html: m.html ?? null, headers: m.headers ?? null })))}::jsonb) as v("to" text, key text, subject text, text text, html text, headers jsonb)`;
    const unsent = await executor
      .update(mailOutbox)
      .set({ subject: sql`v.subject`, text: sql`v.text`, html: sql`v.html`, headers: sql`v.headers` })
      .from(values)
      .where(sql`${mailOutbox.to} = v."to" and ${mailOutbox.collapseKey} = v.key and ${mailOutbox.status} = 'pending' and ${mailOutbox.attempts} = 0`)
      .returning({ to: mailOutbox.to, key: mailOutbox.collapseKey });
    for (const u of unsent) taken.add(pair(u.to, u.key!));
    const rest = folding.filter((m) => !taken.has(pair(m.to, m.collapseKey!)));
    if (rest.length > 0) {
      const recent = await executor
        .selectDistinct({ to: mailOutbox.to, key: mailOutbox.collapseKey })
        .from(mailOutbox)
        .where(
          sql`(${mailOutbox.to}, ${mailOutbox.collapseKey}) in (select * from unnest(${sql.param(rest.map((m) => m.to))}::text[], ${sql.param(rest.map((m) => m.collapseKey!))}::text[])) and ${mailOutbox.createdAt} > now() - make_interval(mins => ${collapseMinutes})`,
        );
      for (const r of recent) taken.add(pair(r.to, r.key!));
    }
  }
  const queued = mails.map((m) => !(folds(m) && taken.has(pair(m.to, m.collapseKey!))));
  const rows = mails.filter((_, i) => queued[i]).map(({ notBefore, ...row }) => ({ ...row, ...(notBefore ? { nextAttemptAt: notBefore } : {}) }));
  for (const part of inParts(rows)) await executor.insert(mailOutbox).values(part);
  return queued;
}
