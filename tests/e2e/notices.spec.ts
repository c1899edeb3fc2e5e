// Toasts (one placement that leaves a form's actions free, stale errors closed by a success,
// the connection notices) and the message page of an id that is no member.
import { randomUUID } from 'node:crypto';
import { expect, test, type Locator } from './fixtures.js';
import { expectAccessible, settled } from './axe.js';
import { PASSWORD, answerCaptcha, approveClubOf, registerAccount, runSql, signIn, uniqueEmail } from './support.js';

function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

test('after a failed registration attempt, the success toast shows alone', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Name', { exact: true }).fill('Tess Toast');
  await page.getByLabel('Email').fill(uniqueEmail('toast'));
  await page.getByLabel('Club Name').fill('Toast Tennis Club');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await answerCaptcha(page, { wrong: true });
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Invalid captcha')).toBeVisible();
  await page.waitForTimeout(500);
  await expectAccessible(page, 'register with errors and an error toast');

  await answerCaptcha(page);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Registration successful')).toBeVisible();
  await expect(page.getByText('Invalid captcha')).toBeHidden();
  await expect(page.getByRole('link', { name: 'Go to Login' })).toBeVisible();
});

test("the 'Meeting times updated successfully' toast does not cover 'Save Meeting Times'", async ({ page }) => {
  const email = uniqueEmail('toast.club');
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/login');
  await registerAccount(page, { email, fullName: 'Tim Times', clubName: `Toast Rowing ${email.slice(11, 17)}` });
  await approveClubOf(email);
  await runSql(
    `update clubs set category = 'Other', description = 'Rowing for all ages on the river.', profile_saved_at = now()
      where id = (select id from users where email = '${email}')`,
  );
  await signIn(page, email);
  await page.goto('/club/dashboard');
  await page.getByRole('tab', { name: 'Meeting Times' }).click();
  await page.getByLabel('Day', { exact: false }).first().selectOption('Monday');
  await page.getByLabel('Start time', { exact: false }).first().selectOption('19:00');
  await page.getByLabel('End time', { exact: false }).first().selectOption('20:30');
  const save = page.getByRole('button', { name: 'Save Meeting Times' });
  await save.scrollIntoViewIfNeeded();
  await save.click();
  const toast = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: 'Meeting times updated successfully' });
  await expect(toast).toBeVisible();
  // A pointer over a toast holds it open (a success toast otherwise leaves after a few seconds,
  // which a loaded machine can outlast before axe has read it), then it has slid into place.
  await toast.hover();
  await toast.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  expect(overlaps(await box(toast), await box(save))).toBe(false);
  // And not the header's controls either.
  expect(overlaps(await box(toast), await box(page.getByRole('banner')))).toBe(false);
  // Its text is readable (white on the success green reaches 4.5:1).
  await expectAccessible(page, 'success toast', '[data-scope="toast"][data-part="root"]');
});

test("'Connection Lost' stays while offline and 'Connection Restored' shows when the connection is back", async ({ page, context }) => {
  await page.goto('/');
  await settled(page);
  await context.setOffline(true);
  await expect(page.getByText('Connection Lost')).toBeVisible();
  await page.waitForTimeout(500);
  await expectAccessible(page, 'warning toast', '[data-scope="toast"][data-part="root"]');
  // Longer than a toast's usual 5 s: the warning is a state, not an event.
  await page.waitForTimeout(6_000);
  await expect(page.getByText('Connection Lost')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('Connection Restored')).toBeVisible();
  await expect(page.getByText('Connection Lost')).toBeHidden();
  // Again, after the first notices are gone.
  await expect(page.getByText('Connection Restored')).toBeHidden({ timeout: 10_000 });
  await context.setOffline(true);
  await expect(page.getByText('Connection Lost')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('Connection Restored')).toBeVisible();
});

test('/messages/{id} of an id that is no member says so and leads back to Messages', async ({ page }) => {
  const email = uniqueEmail('nobody');
  await page.goto('/login');
  await registerAccount(page, { email, fullName: 'Nina Nobody' });
  await signIn(page, email);
  // A well-formed member id (a GraphQL global id) that names nobody.
  await page.goto(`/messages/${Buffer.from(`Member:${randomUUID()}`).toString('base64url')}`);
  const panel = page.getByText('This member does not exist.');
  await expect(panel).toBeVisible();
  await expect(page.getByText('Start the conversation')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New Message' })).toHaveCount(1); // the header's only
  await settled(page);
  await expectAccessible(page, 'messages/{unknown id}');
  await page.getByRole('link', { name: 'Back to Messages' }).click();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.getByText('Select a conversation')).toBeVisible();
});
