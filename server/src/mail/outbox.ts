// Mail is written to the outbox inside the transaction that causes it and delivered by the worker.
import type { Executor } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export async function enqueueMail(executor: Executor, mail: OutgoingMail): Promise<void> {
  await executor.insert(mailOutbox).values(mail);
}
