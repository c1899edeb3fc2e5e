// Delivers the outbox: SMTP via nodemailer when SMTP_URL is set, otherwise .eml files under
// DATA_DIR/mail so that a user of the embedded default can open a reset link. Several instances
// may run the worker: rows are claimed with FOR UPDATE SKIP LOCKED and a lease.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.js';
import { PollLoop } from '../lib/poll-loop.js';

export const MAX_ATTEMPTS = 5;
const BATCH = 10;
const LEASE_SECONDS = 60;

interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

interface ClaimedMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string> | null;
  attempts: number;
}

export type Deliver = (mail: ClaimedMail) => Promise<void>;

export function createTransport(opts: { smtpUrl?: string; from: string; mailDir: string; log: Logger }): Deliver {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return async (mail) => {
      await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? undefined, headers: mail.headers ?? undefined });
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return async (mail) => {
    const info = await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? undefined, headers: mail.headers ?? undefined });
    await mkdir(opts.mailDir, { recursive: true });
    const file = join(opts.mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.id}.eml`);
    await writeFile(file, info.message as Buffer);
    // The file holds the mail (a reset link is a token): the log only says where it is.
    opts.log.info({ file }, `Mail "${mail.subject}" written to ${file}`);
  };
}

export class MailWorker {
  private readonly loop: PollLoop;

  constructor(
    private readonly db: Db,
    private readonly deliver: Deliver,
    intervalMs: number,
    private readonly log: Logger,
  ) {
    this.loop = new PollLoop({
      intervalMs,
      pass: () => this.runOnce(),
      onError: (err) => log.error({ err }, 'mail worker failed'),
    });
  }

  start(): void {
    this.loop.start();
  }

  /** Deliver now rather than at the next tick (called after a commit that queued mail). */
  kick(): void {
    this.loop.kick();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Claims due mail and delivers it; returns how many were sent. */
  async runOnce(): Promise<number> {
    const claimed = (await this.db.execute(sql`
      update mail_outbox set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
      where id in (
        select id from mail_outbox where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at limit ${BATCH} for update skip locked)
      returning id, "to", subject, text, html, headers, attempts`));
    const rows = rowsOf<ClaimedMail>(claimed);
    let sent = 0;
    for (const mail of rows) {
      try {
        await this.deliver(mail);
        await this.db.execute(sql`update mail_outbox set status = 'sent', sent_at = now(), last_error = null where id = ${mail.id}`);
        sent++;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        const failed = mail.attempts >= MAX_ATTEMPTS;
        const backoffSeconds = Math.min(3600, 30 * 2 ** (mail.attempts - 1));
        await this.db.execute(sql`
          update mail_outbox set status = ${failed ? 'failed' : 'pending'}, last_error = ${message},
            next_attempt_at = now() + make_interval(secs => ${backoffSeconds})
          where id = ${mail.id}`);
        this.log.warn({ mailId: mail.id, attempts: mail.attempts, err: message }, failed ? 'mail delivery failed for good' : 'mail delivery failed; will retry');
      }
    }
    return sent;
  }
}
