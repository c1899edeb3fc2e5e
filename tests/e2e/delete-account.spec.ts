// 'Delete Account' on the profile page (issue 28): the dialog says what goes and what stays and asks
// for the password; a wrong one is refused on the field and changes nothing; the right one deletes
// the account, leaves for the home page signed out, and another device of the same account is
// signed out at once with 'Account deleted'; the old password no longer signs in; the member they
// wrote to still reads the message, from 'Deleted member'. axe in light and dark on the dialog.
import { expect, test } from './fixtures.js';
import { followSystemColorMode, violationsInBothModes, describeFindings } from './axe.js';
import { newMember, signInByApi, sqlText } from './journey-support.js';
import { PASSWORD, runSql } from './support.js';

test('a member deletes their account from the profile page; another device is signed out; their message stays, from "Deleted member"', async ({ page, request, browser }) => {
  // Two devices, axe in two modes, a refused sign-in and the friend's inbox: over a minute when loaded.
  test.setTimeout(150_000);
  const email = await newMember(request, 'Lena Leaving');
  const friendEmail = await newMember(request, 'Otto Other');
  await runSql(
    `insert into messages (sender_id, recipient_id, subject, content)
     select s.id, r.id, 'Thanks for everything', 'It was a good season.' from users s, users r
     where s.email = ${sqlText(email)} and r.email = ${sqlText(friendEmail)}`,
  );

  // A second device of the same account, watching its session.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signInByApi(other, email, PASSWORD, '/messages');
  await expect(other.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();

  await signInByApi(page, email, PASSWORD, '/profile');
  await followSystemColorMode(page, 'light');
  const section = page.getByRole('region', { name: 'Delete Account' });
  await expect(section).toContainText('Delete your account and your personal data. This cannot be undone.');
  await section.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('keeps the messages others received from you, shown from "Deleted member".');
  await expect(dialog).toContainText('This cannot be undone. Download your data first if you want a copy.');
  const findings = await violationsInBothModes(page, 'Delete your account? dialog');
  expect(findings.length, describeFindings(findings)).toBe(0);

  // Empty, then wrong: refused on the field, nothing changes.
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Enter your password to delete your account')).toBeVisible();
  await dialog.getByLabel('Your password').fill('Wr0ng!Password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Current password is incorrect')).toBeVisible();
  expect(await runSql(`select status from users where email = ${sqlText(email)}`)).toEqual([{ status: 'active' }]);

  await dialog.getByLabel('Your password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('region', { name: /^Notifications/ }).getByText('Your account has been deleted', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'User menu' })).toHaveCount(0);

  // The other device is told at once and leaves for the sign-in page.
  await expect(other.getByRole('region', { name: /^Notifications/ }).getByText('Account deleted', { exact: true })).toBeVisible();
  await expect(other).toHaveURL(/\/login/);
  await otherContext.close();

  // The old password no longer opens anything.
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password.').first()).toBeVisible();

  // The friend still reads the message, from 'Deleted member'.
  await signInByApi(page, friendEmail, PASSWORD, '/messages');
  await expect(page.getByText('Deleted member').first()).toBeVisible();
  await expect(page.getByText('Thanks for everything').first()).toBeVisible();
});
