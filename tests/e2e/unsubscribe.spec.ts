// One-click unsubscribe in the browser (/unsubscribe?token=…): a member follows the link in the
// footer of a real notification email, signed out, sees what it turns off, and turns it off with
// the button (opening the page alone changes nothing: mail scanners open links); the API then
// reports that email off. An invalid or missing token says so. No serious or critical axe
// violation in light and dark mode. (The mail client's RFC 8058 POST is tested in the API tests.)
import { expect, test, type APIRequestContext, type Page } from './fixtures.js';
import { checkViews } from './axe.js';
import { gqlAs, newMember } from './journey-support.js';
import { PASSWORD, waitForMail } from './support.js';

const FOOTER = /Turn these emails off with one click: (\S+)/;
const INVALID = 'This unsubscribe link is invalid or has expired.';
const SETTINGS_LINK = 'Change the rest of your notification settings';
const DONE = 'You will no longer receive “New private message” emails.';

/** Whether `email` gets an email for each new private message (their notification settings). */
async function messageEmailsOn(request: APIRequestContext, email: string): Promise<boolean> {
  const data = await gqlAs(request, email, 'query { notificationSettings { preferences { kind channels { channel enabled } } } }');
  const row = data.notificationSettings.preferences.find((p: { kind: string }) => p.kind === 'MESSAGE_RECEIVED');
  return row.channels.find((c: { channel: string }) => c.channel === 'EMAIL').enabled as boolean;
}

/** A member who was sent a private message, and the one-click link in the footer of its email. */
async function memberWithUnsubscribeLink(request: APIRequestContext, name: string): Promise<{ email: string; link: string }> {
  // One after the other: the request context has one cookie jar, and the security token fetched
  // for one sign-up would be replaced by the other's.
  const email = await newMember(request, name);
  const sender = await newMember(request, 'Simon Sender');
  const { me } = await gqlAs(request, email, 'query { me { id } }');
  await gqlAs(request, sender, 'mutation($i: SendMessageInput!) { sendMessage(input: $i) { message { id } userErrors { message } } }', {
    i: { recipientId: me.id, subject: 'Kit for Saturday', content: 'Bring the spare bibs, please.' },
  });
  const mail = await waitForMail(email, FOOTER);
  return { email, link: FOOTER.exec(mail)![1]! };
}

const settingsLink = (page: Page) => page.getByRole('link', { name: SETTINGS_LINK });

test('a member turns message emails off with the link from a notification email, signed out', async ({ page, request, baseURL }) => {
  const { email, link } = await memberWithUnsubscribeLink(request, 'Una Unsubscribe');
  expect(link.startsWith(`${baseURL}/unsubscribe?token=`)).toBe(true);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Unsubscribe', level: 1 })).toBeVisible();
  // The address is masked: anyone holding the link may read it.
  await expect(page.getByText(/^Stop emails about “New private message” to \w{2}\*+@example\.com\?$/)).toBeVisible();
  await expect(page).toHaveTitle('Unsubscribe · Clubroom');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  // Opening the page changed nothing.
  expect(await messageEmailsOn(request, email)).toBe(true);

  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText(DONE)).toBeVisible();
  await expect(settingsLink(page)).toHaveAttribute('href', '/profile/notifications');
  expect(await messageEmailsOn(request, email)).toBe(false);

  // The link again: already off, nothing to press.
  await page.reload();
  await expect(page.getByText(DONE)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
  // The rest of the settings need a sign-in.
  await settingsLink(page).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
});

test('an invalid or missing token says the link is invalid or has expired', async ({ page }) => {
  await page.goto('/unsubscribe?token=not.a-real.token');
  await expect(page.getByText(INVALID)).toBeVisible();
  await expect(settingsLink(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);

  await page.goto('/unsubscribe');
  await expect(page.getByText(INVALID)).toBeVisible();
  await expect(settingsLink(page)).toBeVisible();
});

test('the unsubscribe page has no serious or critical axe violation, light and dark', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { link } = await memberWithUnsubscribeLink(request, 'Axel Unsubscribe');
  // checkViews sets the colour mode in the origin's storage: the page must be on it first.
  await page.goto('/unsubscribe');
  await checkViews(page, [
    { name: 'unsubscribe: the question', path: link, heading: 'Unsubscribe' },
    {
      name: 'unsubscribe: done',
      path: link,
      heading: 'Unsubscribe',
      open: async (p) => {
        await p.getByRole('button', { name: 'Unsubscribe' }).click();
        await expect(p.getByText(DONE)).toBeVisible();
      },
    },
    { name: 'unsubscribe: invalid link', path: '/unsubscribe?token=not.a-real.token', heading: 'Unsubscribe' },
  ]);
});
