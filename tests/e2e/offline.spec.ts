// A client that survives bad networks (issue 13; administration spec, sections 4, 8 and 9): writes
// made offline are queued, survive a reload, and run once on reconnect with their idempotency key;
// the online banner (offline, 'Back online' for 3 s, a 2g connection flagged); the support address
// of 'Report This Error' set at run time (SUPPORT_EMAIL).
//
// Clubroom has no service worker, so a reload while offline would find no page: the test then
// serves the page and its assets itself, as a browser's cache would. The API stays cut off.
import { expect, test, type Page } from './fixtures.js';
import { expectAccessible, useColorMode } from './axe.js';
import { globalId, letterTag, newClubOwner, newMember, signInByApi, sqlText } from './journey-support.js';
import { ADMIN, runSql } from './support.js';

const BANNER_OFFLINE = 'You are offline. Changes will be queued and sent when you are back online.';
/** The support address the private mirror's server runs with (E2E_SUPPORT_EMAIL, see its config). */
const SUPPORT_EMAIL = process.env.E2E_SUPPORT_EMAIL ?? 'help@clubroom.test';

/** The toast titled exactly `title`. */
const toast = (page: Page, title: string) =>
  page.locator('[data-scope="toast"][data-part="root"]').filter({ has: page.locator('[data-part="title"]').getByText(title, { exact: true }) });

const banner = (page: Page) => page.getByTestId('online-banner');

/** What the signed-in user has queued (every offline queue in this browser's storage). */
async function queuedLabels(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('clubroom.offlineQueue.') && key !== 'clubroom.offlineQueue.lease')
      .flatMap((key) => (JSON.parse(localStorage.getItem(key)!) as Array<{ label: string }>).map((op) => op.label)),
  );
}

/** Reloads while the context is offline: the page and its assets from the test, nothing else. */
async function reloadOffline(page: Page): Promise<void> {
  const shell = (url: URL) => !/^\/(graphql|api|health|uploads)(\/|$)/.test(url.pathname);
  // A request the page gives up meanwhile (a preload the reload cancels) is already handled.
  await page.route(shell, async (route) => {
    const response = await route.fetch().catch(() => null);
    if (response) await route.fulfill({ response }).catch(() => undefined);
  });
  await page.reload();
  await expect(page.locator('h1').first()).toBeVisible();
  await page.unroute(shell);
}

/** GraphQL as the signed-in user of the page, straight to the API. */
async function graphql<T>(page: Page, query: string, variables: Record<string, unknown>): Promise<T> {
  return page.evaluate(
    async ({ query, variables }) => {
      const session = JSON.parse(localStorage.getItem('clubroom.session')!) as { access_token: string };
      const res = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session.access_token}` },
        body: JSON.stringify({ query, variables }),
      });
      return (await res.json()).data;
    },
    { query, variables },
  ) as Promise<T>;
}

async function memberGlobalId(email: string): Promise<string> {
  const [row] = await runSql<{ id: string }>(`select id from users where email = ${sqlText(email)}`);
  return globalId('Member', row!.id);
}

test('a message sent offline is queued, survives a reload and is sent exactly once on reconnect', async ({ page, context, request }) => {
  const tag = letterTag();
  const alice = await newMember(request, 'Alice Offline');
  const bob = await newMember(request, `Bob ${tag}`);
  const bobId = await memberGlobalId(bob);
  const text = `Hello Bob, this was written on a train without signal (${tag}).`;
  await signInByApi(page, alice, undefined, '/messages');

  await page.getByRole('button', { name: 'New Message' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByPlaceholder('Search volunteers and clubs...').fill(tag);
  await dialog.getByRole('option', { name: new RegExp(`Bob ${tag}`) }).click();
  await dialog.getByLabel('Subject').fill('Written offline');
  await dialog.getByLabel('Message').fill(text);

  await context.setOffline(true);
  await expect(toast(page, 'Connection Lost')).toBeVisible();
  await expect(banner(page)).toContainText(BANNER_OFFLINE);
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(toast(page, 'Offline')).toContainText('Cannot perform send message while offline. It will be queued and run when you are back online.');
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Failed to send message')).toHaveCount(0);
  expect(await queuedLabels(page)).toEqual(['send message']);

  // A reload while still offline: the queue is still there, nothing was sent.
  await reloadOffline(page);
  await expect(banner(page)).toContainText(BANNER_OFFLINE);
  expect(await queuedLabels(page)).toEqual(['send message']);
  expect(await runSql(`select id from messages where content = ${sqlText(text)}`)).toHaveLength(0);

  // Back online: the queue runs, once.
  await context.setOffline(false);
  await expect(toast(page, 'Back Online')).toContainText('Executing 1 queued operation(s)...');
  await expect(toast(page, 'Success')).toContainText('1 queued operation(s) completed.');
  expect(await queuedLabels(page)).toEqual([]);
  const conversation = `query ($partnerId: ID!) { conversation(partnerId: $partnerId, last: 20) { edges { node { content } } } }`;
  type Conversation = { conversation: { edges: Array<{ node: { content: string } }> } };
  const sent = (data: Conversation) => data.conversation.edges.filter((edge) => edge.node.content === text).length;
  expect(sent(await graphql<Conversation>(page, conversation, { partnerId: bobId }))).toBe(1);

  // A reload online finds nothing left to run: still one message.
  await page.reload();
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(toast(page, 'Back Online')).toHaveCount(0);
  expect(sent(await graphql<Conversation>(page, conversation, { partnerId: bobId }))).toBe(1);
  expect(await runSql(`select id from messages where content = ${sqlText(text)}`)).toHaveLength(1);
});

test('an administrator approves an application offline; it runs on reconnect, once', async ({ page, context, request }) => {
  const owner = await newClubOwner(request, { clubName: `Queued ${letterTag()} Rowing`, pending: true });
  const review = `/admin/club-approvals/${globalId('Club', owner.clubId)}?status=all`;
  await signInByApi(page, ADMIN.email, ADMIN.password, review);
  await expect(page.getByRole('heading', { name: owner.clubName, level: 3 })).toBeVisible();

  await context.setOffline(true);
  await expect(banner(page)).toContainText(BANNER_OFFLINE);
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve Club Application' });
  await dialog.getByLabel('Admin Notes (optional)').fill('Approved on the road');
  await dialog.getByRole('button', { name: 'Approve Application' }).click();
  await expect(toast(page, 'Offline')).toContainText('Cannot perform approve application while offline. It will be queued and run when you are back online.');
  await expect(dialog).toBeHidden();
  // The optimistic answer stays: the review shows the decision, the approve button is gone.
  await expect(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
  await expect(toast(page, 'Network Error')).toHaveCount(0);
  const statusOf = async () => (await runSql<{ application_status: string }>(`select application_status from clubs where id = '${owner.clubId}'`))[0]!.application_status;
  expect(await statusOf()).toBe('pending');

  await context.setOffline(false);
  await expect(toast(page, 'Back Online')).toContainText('Executing 1 queued operation(s)...');
  await expect(toast(page, 'Success')).toContainText('1 queued operation(s) completed.');
  expect(await statusOf()).toBe('approved');
  const audit = await runSql(`select id from admin_actions where target_id = '${owner.clubId}' and action_type = 'approve'`);
  expect(audit).toHaveLength(1);
  await expect(page.getByRole('region', { name: 'Admin Notes' }).getByText('Approved on the road')).toBeVisible();
});

test('a queued write the server refuses counts as failed: Operation Failed names it', async ({ page, context, request }) => {
  const owner = await newClubOwner(request, { clubName: `Refused ${letterTag()} Rowing`, pending: true });
  const review = `/admin/club-approvals/${globalId('Club', owner.clubId)}?status=all`;
  await signInByApi(page, ADMIN.email, ADMIN.password, review);
  await expect(page.getByRole('heading', { name: owner.clubName, level: 3 })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Reject Club Application' });
  await dialog.getByLabel('Rejection Reason *').fill('Not a sports club at all.');
  await dialog.getByRole('button', { name: 'Reject Application' }).click();
  await expect(toast(page, 'Offline')).toContainText('Cannot perform reject application while offline.');
  // Meanwhile another administrator approved it.
  await runSql(`update clubs set application_status = 'approved', reviewed_at = now() where id = '${owner.clubId}'`);

  await context.setOffline(false);
  await expect(toast(page, 'Operation Failed')).toContainText('1 queued operation(s) failed.');
  await expect(toast(page, 'Operation Failed')).toContainText('Reject application: ');
  expect(await queuedLabels(page)).toEqual([]);
});

for (const mode of ['light', 'dark'] as const) {
  test(`the online banner (${mode}): offline, 'Back online' hidden 3 s after reconnect, a 2g connection flagged`, async ({ page, context, request }) => {
    const member = await newMember(request, 'Bea Banner');
    await signInByApi(page, member, undefined, '/profile');
    await useColorMode(page, mode);
    await page.reload();
    await expect(page.locator('h1').first()).toBeVisible();
    await expect(banner(page)).toBeEmpty();

    await context.setOffline(true);
    await expect(banner(page)).toContainText(BANNER_OFFLINE);
    await page.waitForTimeout(300);
    await expectAccessible(page, `${mode}: the offline banner`);

    await context.setOffline(false);
    await expect(banner(page)).toContainText('Back online');
    await expectAccessible(page, `${mode}: the back-online banner`);
    await expect(banner(page)).toBeEmpty({ timeout: 10_000 });

    // A 2g connection (the Network Information API, as the browser reports it) is flagged.
    await page.evaluate(() => {
      const connection = (navigator as Navigator & { connection?: EventTarget & { effectiveType?: string } }).connection;
      if (!connection) throw new Error('This browser has no navigator.connection');
      Object.defineProperty(connection, 'effectiveType', { configurable: true, value: '2g' });
      connection.dispatchEvent(new Event('change'));
    });
    await expect(banner(page)).toContainText('Poor connection');
    await expectAccessible(page, `${mode}: the poor-connection banner`);
    await page.evaluate(() => {
      const connection = (navigator as Navigator & { connection?: EventTarget }).connection!;
      Object.defineProperty(connection, 'effectiveType', { configurable: true, value: '4g' });
      connection.dispatchEvent(new Event('change'));
    });
    await expect(banner(page)).toBeEmpty();
  });
}

test("'Report This Error' writes to the support address the server runs with (SUPPORT_EMAIL)", async ({ page, request }) => {
  const owner = await newClubOwner(request, { clubName: `Support ${letterTag()} Rowing`, pending: true });
  await signInByApi(page, ADMIN.email, ADMIN.password, '/admin');
  await expect(page.locator('meta[name="clubroom-support-email"]')).toHaveAttribute('content', SUPPORT_EMAIL);
  // A server newer than this client answers a status the client does not know: the error screen.
  await page.route('**/graphql', async (route) => {
    const body = route.request().postDataJSON() as { operationName?: string } | null;
    if (body?.operationName !== 'ApprovalsApplication') return route.fallback();
    const response = await route.fetch();
    const json = (await response.json()) as { data: { clubApplication: { applicationStatus: string } } };
    json.data.clubApplication.applicationStatus = 'ON_HOLD';
    await route.fulfill({ response, json });
  });
  await page.goto(`/admin/club-approvals/${globalId('Club', owner.clubId)}?status=all`);
  const screen = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Something went wrong' }) });
  for (const name of ['Try Again', 'Reload Page', 'Go Back', 'Go to Dashboard']) {
    await expect(screen.getByRole('button', { name })).toBeVisible();
  }
  const report = screen.getByRole('link', { name: 'Report This Error' });
  expect(await report.getAttribute('href')).toContain(`mailto:${SUPPORT_EMAIL}?subject=`);
  await expect(screen).toContainText(`Reports go to ${SUPPORT_EMAIL}.`);
});
