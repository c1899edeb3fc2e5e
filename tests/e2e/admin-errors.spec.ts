// The review's failure paths (administration spec, sections 2, 4 and 8): an approval whose request
// never reaches the server, a review the client cannot draw (the generic error screen), and the
// review while the browser is offline (an approval is queued and runs on reconnect).
import { randomBytes } from 'node:crypto';
import { expect, test, type Page, type Route } from './fixtures.js';
import { expectAccessible } from './axe.js';
import { ADMIN, registerAccount, runSql, signIn, uniqueEmail } from './support.js';

/** The support address the e2e server runs with (playwright.config.ts: SUPPORT_EMAIL). */
const SUPPORT_EMAIL = process.env.E2E_SUPPORT_EMAIL ?? 'help@clubroom.test';

const OFFLINE_NOTICE = "Application details may be limited while offline. Some actions may be queued until you're back online.";

/** Registers one club account: a pending application. Answers the club's name and review address. */
async function pendingApplication(page: Page, name: string): Promise<{ clubName: string; review: string }> {
  const email = uniqueEmail('errors.applicant');
  const clubName = `${name} ${randomBytes(3).toString('hex')}`;
  await page.goto('/login');
  await registerAccount(page, { email, fullName: `${name} Owner`, clubName });
  const [club] = await runSql<{ id: string }>(`select id from clubs where name = '${clubName}'`);
  return { clubName, review: `/admin/club-approvals/${Buffer.from(`Club:${club!.id}`).toString('base64url')}?status=all` };
}

async function statusOf(clubName: string): Promise<string> {
  const [row] = await runSql<{ application_status: string }>(`select application_status from clubs where name = '${clubName}'`);
  return row!.application_status;
}

/** The pending count on the Club Approvals tab's badge (0 when it shows none). While a dialog is
 *  open the page behind it is hidden from assistive technology, hence includeHidden. */
async function pendingOnTab(page: Page): Promise<number> {
  const text = (await page.getByRole('tab', { name: /^Club Approvals/, includeHidden: true }).textContent()) ?? '';
  return Number(/(\d+)\s*pending/.exec(text)?.[1] ?? 0);
}

/** The GraphQL operation a request to /graphql carries. */
function operationOf(route: Route): string | undefined {
  const body = route.request().postDataJSON() as { operationName?: string } | null;
  return body?.operationName;
}

const toast = (page: Page, title: string) => page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: title });

test('an approval lost on the network: Network Error with Retry, the counters roll back, the dialog stays open', async ({ page }) => {
  const { clubName, review } = await pendingApplication(page, 'Lostpacket Lacrosse');
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(review);
  await expect(page.getByRole('heading', { name: clubName, level: 3 })).toBeVisible();
  await expect.poll(() => pendingOnTab(page)).toBeGreaterThan(0);
  const pending = await pendingOnTab(page);
  const banner = page.getByText(new RegExp(`^${pending} club applications? awaiting review$`));
  await expect(banner).toBeVisible();

  // Only the approval is cut off, and only once the counters have moved.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/graphql', async (route) => {
    if (operationOf(route) !== 'ApprovalsApprove') return route.fallback();
    await released;
    await route.abort('internetdisconnected');
  });

  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve Club Application' });
  await dialog.getByLabel('Admin Notes (optional)').fill('Checked by phone');
  await dialog.getByRole('button', { name: 'Approve Application' }).click();
  // Optimistic: one fewer pending at once.
  await expect.poll(() => pendingOnTab(page)).toBe(pending - 1);
  release();

  const failed = toast(page, 'Network Error');
  await expect(failed).toBeVisible();
  await expect(failed).toContainText('Unable to connect to the server. Please try again.');
  await expect(failed.getByRole('button', { name: 'Retry' })).toBeVisible();
  // Rolled back, nothing decided, and the dialog still holds what was typed.
  await expect.poll(() => pendingOnTab(page)).toBe(pending);
  await expect(banner).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Admin Notes (optional)')).toHaveValue('Checked by phone');
  await expect(page.getByText('Club application approved successfully!')).toHaveCount(0);
  expect(await statusOf(clubName)).toBe('pending');
  await expectAccessible(page, 'review: approve dialog after a network error, with its toast');

  // Retry reloads the page; with the network back the approval goes through.
  await page.unroute('**/graphql');
  await Promise.all([page.waitForEvent('load'), failed.getByRole('button', { name: 'Retry' }).click()]);
  await expect(page.getByRole('heading', { name: clubName, level: 3 })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await dialog.getByRole('button', { name: 'Approve Application' }).click();
  await expect(page.getByText('Club application approved successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect.poll(() => pendingOnTab(page)).toBe(pending - 1);
  expect(await statusOf(clubName)).toBe('approved');
});

test('a review the client cannot draw shows the error screen inside the panel, with its ways out', async ({ page }) => {
  const { clubName, review } = await pendingApplication(page, 'Malformed Mallets');
  await signIn(page, ADMIN.email, ADMIN.password);
  // A server newer than this client answers a status the client does not know.
  await page.route('**/graphql', async (route) => {
    if (operationOf(route) !== 'ApprovalsApplication') return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as { data: { clubApplication: { applicationStatus: string } } };
    body.data.clubApplication.applicationStatus = 'ON_HOLD';
    await route.fulfill({ response, json: body });
  });
  await page.goto(review);

  // The panel stays; the review's part is replaced by the error screen.
  await expect(page.getByRole('heading', { name: 'Platform Administration', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Application Review', level: 2 })).toBeVisible();
  const screen = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Something went wrong', level: 3 }) });
  await expect(screen).toBeVisible();
  await expect(screen).toContainText("We're sorry, but something unexpected happened. Please try again.");
  await expect(screen).toContainText('This looks like a problem in the application itself.');
  for (const name of ['Try Again', 'Reload Page', 'Go Back', 'Go to Dashboard']) {
    await expect(screen.getByRole('button', { name })).toBeVisible();
  }
  // 'Report This Error': an email to the support address, filled in with what happened.
  const report = screen.getByRole('link', { name: 'Report This Error' });
  const href = (await report.getAttribute('href'))!;
  expect(href.startsWith(`mailto:${SUPPORT_EMAIL}?`)).toBe(true);
  const mail = new URL(href);
  expect(mail.searchParams.get('subject')).toBe('Error report: Application review');
  expect(mail.searchParams.get('body')).toContain('Where: Application review');
  expect(mail.searchParams.get('body')).toContain(`Page: ${page.url()}`);
  await expect(screen).toContainText(`Reports go to ${SUPPORT_EMAIL}.`);
  await expect(page.getByRole('heading', { name: clubName })).toHaveCount(0);
  await expectAccessible(page, 'review: the generic error screen');

  // Trying again draws the same answer again: the same screen.
  await screen.getByRole('button', { name: 'Try Again' }).click();
  await expect(screen).toBeVisible();
  // Go Back leads to the list the review was opened from.
  await screen.getByRole('button', { name: 'Go Back' }).click();
  await expect(page.getByRole('heading', { name: 'Club Applications' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/club-approvals\?view=list&status=all$/);

  // Go to Dashboard leads to the Club Approval Dashboard.
  await page.goto(review);
  await expect(screen).toBeVisible();
  await screen.getByRole('button', { name: 'Go to Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Club Approval Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/club-approvals$/);

  // Once the server answers what the client knows, Reload Page shows the review.
  await page.goto(review);
  await expect(screen).toBeVisible();
  await page.unroute('**/graphql');
  await Promise.all([page.waitForEvent('load'), screen.getByRole('button', { name: 'Reload Page' }).click()]);
  await expect(page.getByRole('heading', { name: clubName, level: 3 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
});

test('offline, the review says its details may be limited and an approval is queued until the connection is back', async ({ page, context }) => {
  const { clubName, review } = await pendingApplication(page, 'Offgrid Orienteering');
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(review);
  await expect(page.getByRole('heading', { name: clubName, level: 3 })).toBeVisible();
  await expect(page.getByText(OFFLINE_NOTICE)).toHaveCount(0);

  await context.setOffline(true);
  await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible();
  await expect(toast(page, 'Connection Lost')).toContainText('You are currently offline. Some features may not work.');
  // The review itself stays readable.
  await expect(page.getByRole('region', { name: 'Club Information' })).toContainText(clubName);
  await page.waitForTimeout(300);
  await expectAccessible(page, 'review offline: the offline notice and Connection Lost');

  // An approval tried offline is queued (web/src/lib/offline-queue): the dialog closes, nothing
  // reaches the server yet.
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve Club Application' });
  await dialog.getByRole('button', { name: 'Approve Application' }).click();
  await expect(page.getByRole('status', { name: 'Offline', exact: true })).toContainText('Cannot perform approve application while offline. It will be queued and run when you are back online.');
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Network Error')).toHaveCount(0);
  expect(await statusOf(clubName)).toBe('pending');

  // Back online: the notice goes and the queued approval runs (tests/e2e/offline.spec.ts follows it further).
  await context.setOffline(false);
  await expect(page.getByText(OFFLINE_NOTICE)).toHaveCount(0);
  await expect(toast(page, 'Connection Restored')).toContainText('You are back online.');
  await expect(page.getByRole('status', { name: 'Success', exact: true })).toContainText('1 queued operation(s) completed.');
  expect(await statusOf(clubName)).toBe('approved');
});
