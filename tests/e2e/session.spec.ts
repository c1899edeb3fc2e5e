import { expect, test } from './fixtures.js';
import { registerAccount, signIn, uniqueEmail } from './support.js';
import { chooseFromUserMenu } from './journey-support.js';

// The e2e server issues access tokens that live 30 seconds (tests/e2e/serve.mjs).
test('the access token is refreshed before it expires without the member noticing', async ({ page }) => {
  const email = uniqueEmail('refresh');
  await page.goto('/login');
  await registerAccount(page, { email, fullName: 'Rey Fresh' });
  await signIn(page, email);
  const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem('clubroom.session') ?? 'null'));
  const first = await stored();
  expect(first.access_token).toBeTruthy();
  // Keep the member active while the token ages.
  await expect
    .poll(
      async () => {
        await page.mouse.move(Math.random() * 200, Math.random() * 200);
        return (await stored())?.access_token;
      },
      { timeout: 40_000, intervals: [1_000] },
    )
    .not.toBe(first.access_token);
  const second = await stored();
  expect(second.expires_at).toBeGreaterThan(first.expires_at);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Session Expired')).toHaveCount(0);
  // The new token works: the profile loads again from the server.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Rey Fresh' })).toBeVisible();
});

test('going offline and back online is announced', async ({ page, context }) => {
  await page.goto('/');
  // The toasts' region is on the page (its chunk arrived) before the connection goes.
  await expect(page.getByRole('region', { name: /^Notifications/ })).toBeAttached();
  await context.setOffline(true);
  await expect(page.getByText('Connection Lost')).toBeVisible();
  await expect(page.getByText('You are currently offline. Some features may not work.')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('Connection Restored')).toBeVisible();
  await expect(page.getByText('You are back online.')).toBeVisible();
});

test('a member who signs out in one tab is signed out in the others', async ({ page, context }) => {
  const email = uniqueEmail('tabs');
  await page.goto('/login');
  await registerAccount(page, { email, fullName: 'Tab Two' });
  await signIn(page, email);
  const other = await context.newPage();
  await other.goto('/profile');
  await expect(other.getByRole('heading', { name: 'Tab Two' })).toBeVisible();
  await chooseFromUserMenu(page, 'Log out');
  await expect(page).toHaveURL(/\/$/);
  await expect(other).toHaveURL(/\/login$/, { timeout: 15_000 });
});
