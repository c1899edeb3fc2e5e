// The Notifications page (/profile/notifications): a member reaches it from the user menu, turns a
// kind's email off (it stays off), sets a daily digest with quiet hours (and sees the shared rule
// refuse quiet hours with only a start), sees another device's change live, and mutes a club from
// its page and unmutes it here; turns push on for this device (it is listed, a message reaches it
// as a push, it is removed), or is told why it cannot; no serious or critical axe violation in
// light and dark mode.
import { expect, test, type APIRequestContext, type BrowserContext, type Page, type Response } from './fixtures.js';
import { checkViews, expectAccessible } from './axe.js';
import { chooseFromUserMenu, globalId, gqlAs, letterTag, newClubOwner, newMember, signInByApi, toastAfter } from './journey-support.js';
import { PushReceiver } from '../helpers/push-receiver.js';
import { fakePushService } from './push-support.js';
import { PASSWORD } from './support.js';

// Turning push on needs the app's service worker (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const PATH = '/profile/notifications';
const QUIET_HOURS_BOTH = 'Give both the start and the end of quiet hours, or neither';

/** A kind × channel switch: a visually hidden checkbox, named e.g. 'Email for New private message'. */
const channelSwitch = (page: Page, name: string) => page.getByRole('checkbox', { name, exact: true });

/** The answer of the GraphQL operation `name`. */
const answerOf = (page: Page, name: string): Promise<Response> =>
  page.waitForResponse((response) => new URL(response.url()).pathname === '/graphql' && response.request().postDataJSON()?.operationName === name);

/** Flips a switch as a person does (its visible control is the label wrapping the checkbox) and
 *  waits for the server's answer. */
async function flip(page: Page, name: string): Promise<void> {
  const saved = answerOf(page, 'UpdateNotificationPreferences');
  await page.locator('label').filter({ has: channelSwitch(page, name) }).click();
  expect((await saved).ok()).toBe(true);
}

/** Resolves once the page hears the settings live: the server answers a new subscription with the
 *  settings at once, so their first frame means the page will hear changes. Set up before the page
 *  opens (its socket opens with the app, lazily). */
function subscribed(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"notificationSettingsChanged"')) resolve();
      }),
    );
  });
}

test('a member opens Notifications from the user menu and turns message emails off: it stays off', async ({ page, request }) => {
  const email = await newMember(request, 'Nadia Notify');
  await signInByApi(page, email, PASSWORD, '/profile');
  await chooseFromUserMenu(page, 'Notifications');
  await expect(page).toHaveURL((url) => url.pathname === PATH);
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();

  // The matrix: one row per kind, a switch per channel; a channel that cannot change says why.
  const messageEmail = channelSwitch(page, 'Email for New private message');
  await expect(messageEmail).toBeChecked();
  await expect(messageEmail).toBeEnabled();
  const statusEmail = channelSwitch(page, 'Email for Your account’s status');
  await expect(statusEmail).toBeChecked();
  await expect(statusEmail).toBeDisabled();
  await expect(statusEmail).toHaveAccessibleDescription('Always on');
  const statusPush = channelSwitch(page, 'Push for Your account’s status');
  await expect(statusPush).not.toBeChecked();
  await expect(statusPush).toBeDisabled();
  await expect(statusPush).toHaveAccessibleDescription('Not used');
  await expect(page.getByRole('region', { name: 'Muted clubs' }).getByText('You have not muted any club. Mute a club from its page to get its news in the app only.')).toBeVisible();

  await flip(page, 'Email for New private message');
  await expect(messageEmail).not.toBeChecked();
  await page.reload();
  await expect(messageEmail).not.toBeChecked();
  await expect(channelSwitch(page, 'In the app for New private message')).toBeChecked();
  await expect(channelSwitch(page, 'Push for New private message')).toBeChecked();

  // The profile page leads here too.
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Notification settings' }).click();
  await expect(page).toHaveURL((url) => url.pathname === PATH);
  await expect(messageEmail).not.toBeChecked();
});

test('a member sets a daily digest with quiet hours 22:00–07:00; quiet hours with only a start are refused', async ({ page, request }) => {
  const email = await newMember(request, 'Dario Digest');
  await signInByApi(page, email, PASSWORD, PATH);
  const delivery = page.getByRole('form', { name: 'Email delivery' });
  await expect(delivery.getByRole('radio', { name: 'As they happen' })).toBeChecked();
  await expect(delivery.getByLabel('Digest time')).toHaveCount(0);
  await expect(delivery.getByLabel('Quiet hours start')).toHaveCount(0);
  await expect(delivery.getByRole('button', { name: 'Save' })).toBeDisabled();

  await delivery.locator('label').filter({ has: page.getByRole('radio', { name: 'Daily digest' }) }).click();
  await delivery.getByLabel('Digest time').selectOption({ label: '7:00 AM' });
  await delivery.locator('label').filter({ has: page.getByRole('checkbox', { name: 'Quiet hours', exact: true }) }).click();
  await delivery.getByLabel('Quiet hours start').fill('22:00');
  await delivery.getByLabel('Quiet hours end').fill('07:00');
  await toastAfter(page, 'Notification settings saved', () => delivery.getByRole('button', { name: 'Save' }).click());
  await expect(delivery.getByText('Next digest:')).toBeVisible();
  await expect(delivery.getByText(/Next digest: \w{3} \d{1,2}, \d{4} at 7:00 AM \(/)).toBeVisible();
  await expect(delivery.getByRole('button', { name: 'Save' })).toBeDisabled();

  await page.reload();
  await expect(delivery.getByRole('radio', { name: 'Daily digest' })).toBeChecked();
  await expect(delivery.getByLabel('Digest time')).toHaveValue('7');
  await expect(delivery.getByLabel('Quiet hours start')).toHaveValue('22:00');
  await expect(delivery.getByLabel('Quiet hours end')).toHaveValue('07:00');
  await expect(delivery.getByText('Next digest:')).toBeVisible();

  // Only a start: the shared rule's message under the end, and nothing saved.
  await delivery.getByLabel('Quiet hours end').fill('');
  await delivery.getByRole('button', { name: 'Save' }).click();
  await expect(delivery.getByText(QUIET_HOURS_BOTH)).toBeVisible();
  await expectAccessible(page, 'notifications with a quiet hours error');
  await page.reload();
  await expect(delivery.getByLabel('Quiet hours end')).toHaveValue('07:00');
});

test('another device of the member changes a switch: the open page shows it without a reload', async ({ page, browser, request }) => {
  const email = await newMember(request, 'Lena Live');
  const live = subscribed(page);
  await signInByApi(page, email, PASSWORD, PATH);
  await live;
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  const pushMessages = channelSwitch(page, 'Push for New private message');
  await expect(pushMessages).toBeChecked();

  const otherContext = await browser.newContext();
  try {
    const other = await otherContext.newPage();
    const otherLive = subscribed(other);
    await signInByApi(other, email, PASSWORD, PATH);
    await otherLive;
    await flip(other, 'Push for New private message');
    await expect(channelSwitch(other, 'Push for New private message')).not.toBeChecked();

    await expect(pushMessages).not.toBeChecked();
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    // And back again, from this page: the other device follows.
    await flip(page, 'Push for New private message');
    await expect(channelSwitch(other, 'Push for New private message')).toBeChecked();
  } finally {
    await otherContext.close();
  }
});

test('a member mutes a club from its page and unmutes it from Notifications; axe in light and dark', async ({ page, request }) => {
  test.setTimeout(120_000);
  const clubName = `Muted Mariners ${letterTag()}`;
  const owner = await newClubOwner(request, { clubName });
  const clubPath = `/clubs/${globalId('Club', owner.clubId)}`;

  // Rendered on the server for a visitor: no mute button there.
  const visitorHtml = await (await request.get(clubPath)).text();
  expect(visitorHtml).toContain(clubName);
  expect(visitorHtml).not.toContain('Mute notifications');

  const email = await newMember(request, 'Milo Mute');
  await signInByApi(page, email, PASSWORD, clubPath);
  await expect(page.getByRole('heading', { name: clubName, level: 1 })).toBeVisible();
  await toastAfter(page, `${clubName} muted`, () => page.getByRole('button', { name: 'Mute notifications' }).click());
  await expect(page.getByRole('button', { name: 'Unmute notifications' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Unmute notifications' })).toBeVisible();

  // The page with a muted club and a digest, in both colour modes.
  await chooseFromUserMenu(page, 'Notifications');
  const muted = page.getByRole('list', { name: 'Muted clubs' });
  await expect(muted.getByRole('link', { name: clubName })).toHaveAttribute('href', clubPath);
  await checkViews(page, [
    {
      name: 'notifications with a muted club and a daily digest',
      path: PATH,
      heading: 'Notifications',
      open: async (p) => {
        await p.locator('label').filter({ has: p.getByRole('radio', { name: 'Daily digest' }) }).click();
        await p.locator('label').filter({ has: p.getByRole('checkbox', { name: 'Quiet hours', exact: true }) }).click();
        await expect(p.getByLabel('Quiet hours start')).toHaveValue('22:00');
      },
    },
    { name: 'club page with the mute button (member)', path: clubPath, heading: clubName },
  ]);

  await page.goto(PATH);
  await toastAfter(page, `${clubName} unmuted`, () => muted.getByRole('button', { name: `Unmute ${clubName}` }).click());
  await expect(page.getByText('You have not muted any club. Mute a club from its page to get its news in the app only.')).toBeVisible();
  await page.goto(clubPath);
  await expect(page.getByRole('button', { name: 'Mute notifications' })).toBeVisible();
});

// Push on this device. Headless Chromium has no push service of its own (its subscribe() is
// refused: 'Registration failed - permission denied', even with the permission granted), so the
// page's PushManager hands out a subscription of the tests' own push receiver instead, as a
// browser's push service would: an endpoint and keys. Everything else is real: the permission,
// the VAPID key from the server, registerPushDevice, the server's push to that endpoint (decrypted
// by the receiver), pushDevices and removePushDevice.
let receiver: PushReceiver;
test.beforeAll(async () => {
  receiver = await PushReceiver.start();
});
test.afterAll(async () => {
  await receiver?.close();
});

test('a member turns push on for this device, gets a push there, sees it listed and removes it; axe in light and dark', async ({ page, context, request }) => {
  test.setTimeout(150_000);
  const email = await newMember(request, 'Petra Push');
  const senderEmail = await newMember(request, 'Sol Sender');
  const name = `e2e-page-${Date.now()}`;
  await fakePushService(context, receiver.device(name));
  await context.grantPermissions(['notifications']);
  // Another device of the member's, turned on elsewhere.
  await gqlAs(request, email, 'mutation($i: RegisterPushDeviceInput!) { registerPushDevice(input: $i) { device { id } } }', {
    i: { ...receiver.device(`e2e-phone-${Date.now()}`), label: 'Firefox on Android' },
  });

  await signInByApi(page, email, PASSWORD, PATH);
  const section = page.getByRole('region', { name: 'Push on this device' });
  const devices = section.getByRole('list', { name: 'Devices with push on' });
  await expect(section.getByText('Push is off for this device.')).toBeVisible();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(devices.getByRole('listitem').first()).toContainText('Firefox on Android');

  await toastAfter(page, 'Push is on for this device', () => section.getByRole('button', { name: 'Turn on push on this device' }).click());
  await expect(section.getByText('Push is on for this device')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Turn off on this device' })).toBeVisible();
  const mine = devices.getByRole('listitem').filter({ has: page.getByText('This device', { exact: true }) });
  await expect(mine).toContainText('Chrome on Windows'); // Playwright's Desktop Chrome user agent
  await expect(mine).toContainText(/Added \w{3} \d{1,2}, \d{4}/);
  await expect(mine).toContainText('No push sent yet');
  await expect(devices.getByRole('listitem')).toHaveCount(2);

  // The device is real to the server: a message to the member reaches it as a push.
  const me = await gqlAs(request, email, 'query { me { id } }');
  await gqlAs(request, senderEmail, 'mutation($i: SendMessageInput!) { sendMessage(input: $i) { message { id } userErrors { message } } }', {
    i: { recipientId: me.me.id, subject: 'Rota for Sunday', content: 'Could you take the early shift?' },
  });
  const [push] = await receiver.waitFor(1, name);
  expect(push!.payload).toMatchObject({ title: 'Clubroom', body: 'New private message' });
  // The server notes the delivery when its job commits, a moment after the receiver has it.
  // Each look reloads the page and waits for its device list (a loaded machine can take more than
  // 2 s to show it: the loaded run of 2026-12-01 spent every look waiting for the list), then gives
  // the delivery 2 s to be noted.
  await expect(async () => {
    await page.reload();
    await expect(mine).toBeVisible({ timeout: 15_000 });
    await expect(mine).toContainText(/Last used .* ago/, { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  // Still on after the reload: this browser's subscription is the registered one.
  await expect(section.getByText('Push is on for this device')).toBeVisible();

  await checkViews(page, [{ name: 'notifications with push on for this device and two devices', path: PATH, heading: 'Notifications' }]);

  // Off here, then on again.
  await page.goto(PATH);
  await toastAfter(page, 'Push is off for this device', () => section.getByRole('button', { name: 'Turn off on this device' }).click());
  await expect(section.getByText('Push is off for this device.')).toBeVisible();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(devices).not.toContainText('Chrome on Windows');
  await toastAfter(page, 'Push is on for this device', () => section.getByRole('button', { name: 'Turn on push on this device' }).click());
  await expect(devices.getByRole('listitem')).toHaveCount(2);

  // The other device, removed from here after a confirmation.
  await devices.getByRole('button', { name: 'Remove this device: Firefox on Android' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove this device?' });
  await expect(confirm).toContainText('Firefox on Android');
  await expectAccessible(page, 'notifications, removing a push device');
  await toastAfter(page, 'Firefox on Android removed', () => confirm.getByRole('button', { name: 'Remove' }).click());
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(section.getByText('Push is on for this device')).toBeVisible();

  // This device, removed from the list: push is off here too.
  await devices.getByRole('button', { name: 'Remove this device: Chrome on Windows' }).click();
  await toastAfter(page, 'Chrome on Windows removed', () => confirm.getByRole('button', { name: 'Remove' }).click());
  await expect(section.getByText('Push is not on for any of your devices.')).toBeVisible();
  await expect(section.getByText('Push is off for this device.')).toBeVisible();
  await page.reload();
  await expect(section.getByText('Push is not on for any of your devices.')).toBeVisible();
  await expect(section.getByText('Push is off for this device.')).toBeVisible();
  expect(await gqlAs(request, email, 'query { pushDevices { id } }')).toEqual({ pushDevices: [] });
});

test('push blocked by the browser, or not there at all: the page says what to do; axe in light and dark', async ({ page, browser, request }) => {
  // Two members' sign-ins and four axe runs (two pages, light and dark): more than a minute on a loaded machine.
  test.setTimeout(150_000);
  const email = await newMember(request, 'Bea Blocked');
  // Headless Chromium denies notifications a page was not granted, as a member's 'Block' would.
  await signInByApi(page, email, PASSWORD, PATH);
  const section = page.getByRole('region', { name: 'Push on this device' });
  const denied = async (p: Page) => {
    const here = p.getByRole('region', { name: 'Push on this device' });
    await here.getByRole('button', { name: 'Turn on push on this device' }).click();
    await expect(here.getByRole('alert')).toContainText('Your browser blocks notifications for Clubroom. Allow them in the site settings, then try again.');
  };
  await denied(page);
  await expect(section.getByText('Push is off for this device.')).toBeVisible();
  await expect(section.getByText('Push is not on for any of your devices.')).toBeVisible();
  await checkViews(page, [{ name: 'notifications with notifications blocked by the browser', path: PATH, heading: 'Notifications', open: denied }]);

  const other = await browser.newContext();
  try {
    await other.addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager;
    });
    const bare = await other.newPage();
    await signInByApi(bare, email, PASSWORD, PATH);
    const bareSection = bare.getByRole('region', { name: 'Push on this device' });
    await expect(bareSection.getByText(/^This browser cannot receive push notifications\./)).toBeVisible();
    await expect(bareSection.getByRole('button', { name: 'Turn on push on this device' })).toHaveCount(0);
    await checkViews(bare, [{ name: 'notifications in a browser without push', path: PATH, heading: 'Notifications' }]);
  } finally {
    await other.close();
  }
});
