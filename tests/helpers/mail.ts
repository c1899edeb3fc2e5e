// Reads the mail a test server delivered as .eml files under DATA_DIR/mail (parsed by postal-mime,
// which decodes quoted-printable bodies and folded headers).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import PostalMime from 'postal-mime';

export interface Mail {
  file: string;
  headers: { to: string; subject: string; listUnsubscribe?: string; listUnsubscribePost?: string };
  text: string;
  html?: string;
}

export async function readMails(dataDir: string): Promise<Mail[]> {
  const dir = join(dataDir, 'mail');
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const parsed = await PostalMime.parse(readFileSync(join(dir, file)));
      const to = (parsed.to ?? []).map((a) => ('address' in a ? a.address : '')).join(', ');
      const header = (name: string) => parsed.headers.find((h) => h.key === name)?.value;
      return {
        file,
        headers: { to, subject: parsed.subject ?? '', listUnsubscribe: header('list-unsubscribe'), listUnsubscribePost: header('list-unsubscribe-post') },
        text: parsed.text ?? '',
        html: parsed.html,
      };
    }),
  );
}

/** Drives the server's mail worker until `count` mails matching `predicate` are delivered. */
export async function waitForMails(
  server: { dataDir: string; clubroom: { mailWorker: { runOnce(): Promise<number> } } },
  predicate: (mail: Mail) => boolean,
  count = 1,
): Promise<Mail[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    await server.clubroom.mailWorker.runOnce();
    const mails = (await readMails(server.dataDir)).filter(predicate);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`expected ${count} matching mail(s), found ${mails.length}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
