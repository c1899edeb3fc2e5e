// Helpers for the end-to-end tests: unique accounts, and the mail the server wrote as .eml files.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { readMails } from '../helpers/mail.js';
import { workerServer } from './servers.js';

export const PASSWORD = 'Str0ng!Passw0rd';
export const ADMIN = { email: 'admin@clubroom.test', password: 'Admin-Passw0rd!' };

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${randomBytes(4).toString('hex')}@example.com`;
}

/** The newest mail to `to` whose text matches `pattern`, waiting for the outbox to deliver it. */
export async function waitForMail(to: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = await readMails(workerServer().dataDir);
        found = mails.reverse().find((m) => m.headers.to.toLowerCase() === to.toLowerCase() && pattern.test(m.text))?.text;
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** Answers the registration form's sum question, rightly or (to see it refused) wrongly. */
export async function answerCaptcha(page: Page, opts: { wrong?: boolean } = {}) {
  const question = await page.getByText(/What is \d \+ \d\?/).textContent();
  const [, a, b] = question!.match(/What is (\d) \+ (\d)\?/)!;
  await page.getByLabel(/What is \d \+ \d\?/).fill(String(Number(a) + Number(b) + (opts.wrong ? 1 : 0)));
}

export async function registerAccount(page: Page, opts: { email: string; fullName: string; clubName?: string }) {
  const answer = await page.evaluate(async ({ email, fullName, clubName }) => {
    const csrf = await (await fetch('/api/auth/csrf')).json();
    const res = await fetch('/api/auth/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf.data.token },
      body: JSON.stringify({ email, password: 'Str0ng!Passw0rd', metadata: { full_name: fullName, club_name: clubName } }),
    });
    return res.json();
  }, opts);
  expect(answer.success).toBe(true);
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/profile$/);
}

/** Runs SQL against the database of this worker's e2e server (test setup only: see serve.mjs). */
export async function runSql<T = Record<string, unknown>>(text: string): Promise<T[]> {
  const res = await fetch(workerServer().controlUrl, { method: 'POST', body: JSON.stringify({ sql: text }) });
  const answer = (await res.json()) as { rows?: T[]; error?: string };
  if (!res.ok) throw new Error(`setup SQL failed: ${answer.error}`);
  return answer.rows!;
}

/** Approves the club owned by this account, as a platform administrator's review would. */
export async function approveClubOf(email: string): Promise<void> {
  const rows = await runSql(
    `update clubs set application_status = 'approved', reviewed_at = now()
       where id = (select id from users where lower(email) = lower('${email.replace(/'/g, "''")}')) returning id`,
  );
  expect(rows).toHaveLength(1);
}

/** Notes every 'Processing X of Y applications' the page shows from now on (the bulk approval's
 *  progress dialog may be up for less than a second: too short to catch by polling). */
export async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      for (const text of document.body.innerText.match(/Processing \d+ of \d+ applications/g) ?? []) if (!seen.includes(text)) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** What recordProgress has seen. */
export async function progressSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
}

/** Clicks an admin export button and answers the downloaded .xlsx (a ZIP container: 'PK'). */
export async function downloadXlsx(page: Page, button: string): Promise<Buffer> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button, exact: true }).click();
  const download = await downloading;
  await expect(page.getByText('Export Successful')).toBeVisible();
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = readFileSync((await download.path())!);
  expect(file.subarray(0, 2).toString('latin1')).toBe('PK');
  return file;
}
