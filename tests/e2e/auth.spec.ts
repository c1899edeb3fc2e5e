import { expect, test } from './fixtures.js';
import { ADMIN, PASSWORD, answerCaptcha, registerAccount, signIn, uniqueEmail, waitForMail } from './support.js';
import { openUserMenu } from './journey-support.js';

test('a club registers, signs in, sees its profile and signs out', async ({ page }) => {
  const email = uniqueEmail('club');
  await page.goto('/');
  await page.getByRole('link', { name: 'Register Your Club' }).first().click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { name: 'Register Your Club' })).toBeVisible();

  // Every field is checked before anything is sent.
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Name must be at least 2 characters', { exact: true })).toBeVisible();
  await expect(page.getByText('Club name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Please complete the captcha')).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill('Sam Carter');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Club Name').fill('Riverside Rowing Club');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm Password').fill('different');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Password must be at least 8 characters', { exact: true })).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await answerCaptcha(page, { wrong: true });
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Please enter the correct sum').first()).toBeVisible();

  await answerCaptcha(page);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Thank you for registering!')).toBeVisible();
  await expect(page.getByText('Registration successful')).toBeVisible();

  await page.getByRole('button', { name: 'Go to Login' }).or(page.getByRole('link', { name: 'Go to Login' })).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Sam Carter' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('Riverside Rowing Club')).toBeVisible();
  await expect(page.getByText(/pending admin approval/i)).toBeVisible();

  const menu = await openUserMenu(page);
  await expect(menu.getByRole('menuitem', { name: 'Club Dashboard' })).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Signed out')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
});

test('a second registration with the same email in another case is refused', async ({ page }) => {
  const email = uniqueEmail('dup');
  await page.goto('/register');
  await registerAccount(page, { email, fullName: 'First Owner', clubName: 'First Club' });
  await page.getByLabel('Name', { exact: true }).fill('Second Owner');
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByLabel('Club Name').fill('Second Club');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await answerCaptcha(page);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Email already in use')).toBeVisible();
  await expect(page.getByText('This email address has already been used with a sports club.').first()).toBeVisible();
  await expect(page.getByText('Thank you for registering!')).toHaveCount(0);
});

test('a wrong password is refused with the spec message', async ({ page }) => {
  const email = uniqueEmail('wrong');
  await page.goto('/login');
  await registerAccount(page, { email, fullName: 'Pat Wrong' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Not-the-passw0rd');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Sign in failed')).toBeVisible();
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a member resets a forgotten password by following the emailed link', async ({ page, browser }) => {
  const email = uniqueEmail('reset');
  await page.goto('/login');
  await registerAccount(page, { email, fullName: 'Robin Reset' });

  // A second device is signed in: the reset must end its session.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, email);

  await page.getByRole('button', { name: 'Forgot password?' }).or(page.getByRole('link', { name: 'Forgot password?' })).click();
  const dialog = page.getByRole('dialog', { name: 'Reset Password' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Password reset email sent')).toBeVisible();

  const mail = await waitForMail(email, /reset-password\?token=/);
  const link = mail.match(/https?:\/\/[^\s"<>]+reset-password\?token=[0-9a-f]+/)![0];
  await page.goto(link);
  const newPassword = 'N3w!Passw0rd';
  await page.getByLabel('New Password').fill('weak');
  await page.getByLabel('Confirm Password').fill('weak');
  await page.getByRole('button', { name: /set|update|reset|save/i }).click();
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
  await expect(page.getByText('Password must contain at least one uppercase letter')).toBeVisible();
  await expect(page.getByText('Password must contain at least one number')).toBeVisible();
  await expect(page.getByText('Password must contain at least one special character')).toBeVisible();

  await page.getByLabel('New Password').fill(newPassword);
  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByRole('button', { name: /set|update|reset|save/i }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The other device's session ended.
  await expect(otherPage).toHaveURL(/\/login$/, { timeout: 20_000 });
  await other.close();

  // The old password no longer works; the new one does.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  // The link is spent.
  await page.goto(link);
  await page.getByLabel('New Password').fill('An0ther!Passw0rd');
  await page.getByLabel('Confirm Password').fill('An0ther!Passw0rd');
  await page.getByRole('button', { name: /set|update|reset|save/i }).click();
  await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();
});

test('the platform administrator sees the administrator menu items and role', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByText('Platform Admin', { exact: false }).first()).toBeVisible();
  await page.getByRole('button', { name: 'User menu' }).click();
  for (const item of ['Admin Dashboard', 'Club Approvals', 'Manage Clubs', 'Sports Council Admin', 'Messages', 'Log out']) {
    await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
  }
  await expect(page.getByRole('menuitem', { name: 'Club Dashboard' })).toHaveCount(0);
});

test('a plain member sees the member menu items', async ({ page }) => {
  const email = uniqueEmail('member');
  await page.goto('/login');
  await registerAccount(page, { email, fullName: 'Mo Member' });
  await signIn(page, email);
  await page.getByRole('button', { name: 'User menu' }).click();
  for (const item of ['My Dashboard', 'My Profile', 'Find Opportunities', 'Create Volunteer Profile', 'Register Club', 'Messages', 'Log out']) {
    await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
  }
  await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveCount(0);
});
