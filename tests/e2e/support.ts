// Helpers for the end-to-end tests: unique accounts, and the mail the server wrote as .eml files.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Str0ng!Passw0rd';
export const ADMIN = { email: 'admin@clubroom.test', password: 'Admin-Passw0rd!' };

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${randomBytes(4).toString('hex')}@example.com`;
}

function mailDir(): string {
  return join(process.env.E2E_DATA_DIR!, 'mail');
}

/** The newest mail to `to` whose text matches `pattern`, waiting for the outbox to deliver it.
 *  Quoted-printable soft line breaks are joined so that links read whole. */
export async function waitForMail(to: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        if (!existsSync(mailDir())) return false;
        const files = readdirSync(mailDir()).sort().reverse();
        for (const file of files) {
          const raw = readFileSync(join(mailDir(), file), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
          if (raw.toLowerCase().includes(`to: ${to.toLowerCase()}`) && pattern.test(raw)) {
            found = raw;
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
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
