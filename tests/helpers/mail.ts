// Reads the mail a test server delivered as .eml files under DATA_DIR/mail (parsed by postal-mime,
// which decodes quoted-printable bodies and folded headers).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import PostalMime from 'postal-mime';

export interface Mail {
  file: string;
  headers: { to: string; subject: string };
  text: string;
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
      return { file, headers: { to, subject: parsed.subject ?? '' }, text: parsed.text ?? '' };
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
