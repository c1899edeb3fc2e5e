// The admin panel and its Club Approvals tab (administration spec, section 2; issue 11): an
// administrator filters the list (the address keeps the filters), opens an application, rejects
// it with a reason, bulk-approves three others watching the progress and the results; anyone else
// is refused.
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from './fixtures.js';
import { ADMIN, progressSeen, recordProgress, registerAccount, runSql, signIn, uniqueEmail } from './support.js';
import { chooseFromUserMenu, toastAfter } from './journey-support.js';

/** Registers club accounts named `${name} ${tag}` in `city`: pending applications. */
async function registerClubs(page: Page, names: string[], tag: string, city: string): Promise<string[]> {
  await page.goto('/login');
  const emails: string[] = [];
  for (const name of names) {
    const email = uniqueEmail('applicant');
    await registerAccount(page, { email, fullName: `${name} Owner`, clubName: `${name} ${tag}` });
    emails.push(email);
  }
  const list = emails.map((e) => `'${e}'`).join(', ');
  await runSql(`update clubs set city = '${city}' where id in (select id from users where email in (${list}))`);
  return emails;
}

async function statusOf(clubName: string): Promise<string> {
  const [row] = await runSql<{ application_status: string }>(`select application_status from clubs where name = '${clubName}'`);
  return row!.application_status;
}

test('an administrator filters the list, rejects one application and bulk-approves three others', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = `T${randomBytes(3).toString('hex')}`;
  const town = `Approvetown${tag}`;
  const rejected = `Rejected Rovers ${tag}`;
  const approved = ['Alpha Anglers', 'Beta Bowls', 'Gamma Gymnastics'].map((name) => `${name} ${tag}`);
  await registerClubs(page, ['Rejected Rovers', 'Alpha Anglers', 'Beta Bowls', 'Gamma Gymnastics'], tag, town);
  // Matches the search but not the location.
  await registerClubs(page, ['Decoy Darts'], tag, `Elsewhere${tag}`);

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/club-approvals');
  await expect(page.getByRole('heading', { name: 'Platform Administration', level: 1 })).toBeVisible();
  await expect(page.getByText('Administrator Access')).toBeVisible();
  await expect(page.getByRole('tab', { name: /Club Approvals/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Club Approval Dashboard' })).toBeVisible();
  await expect(page.getByText('Pending Review')).toBeVisible();
  await expect(page.getByText(/\d+ club applications? awaiting review/).first()).toBeVisible();

  // The list with every status, then pending ones matching the search in one town.
  await page.getByRole('button', { name: 'View All Applications', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Club Applications' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/club-approvals\?view=list&status=all$/);
  await page.getByLabel('Status', { exact: true }).selectOption('pending');
  const search = page.getByRole('combobox', { name: 'Search applications' });
  await search.fill(tag);
  // Suggestions: matching names, at most 5.
  await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option')).toHaveCount(5);
  await search.press('Escape');
  await page.getByLabel('Location').fill(town);
  await expect(page).toHaveURL(new RegExp(`search=${tag}.*location=${town}`));
  expect(new URL(page.url()).searchParams.get('status')).toBeNull();
  const table = page.getByRole('table', { name: 'Club applications' });
  await expect(table.getByRole('row')).toHaveCount(5);
  await expect(table.getByText(`Decoy Darts ${tag}`)).toHaveCount(0);

  // A future date is refused by the date picker's rules and not applied.
  await page.getByLabel('Submitted from').fill('2999-01-01');
  await expect(page.getByText('Dates cannot be in the future')).toBeVisible();
  await page.getByLabel('Submitted from').fill('');
  await expect(page.getByText('Dates cannot be in the future')).toHaveCount(0);

  // A reload reopens the same view.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Search applications' })).toHaveValue(tag);
  await expect(page.getByLabel('Location')).toHaveValue(town);
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('pending');
  await expect(table.getByRole('row')).toHaveCount(5);

  // The review: reject with a reason.
  await table.getByRole('row').filter({ hasText: rejected }).click();
  await expect(page.getByRole('heading', { name: 'Application Review' })).toBeVisible();
  await expect(page.getByRole('heading', { name: rejected })).toBeVisible();
  await expect(page.getByText(/^Applied /)).toBeVisible();
  const timeline = page.getByRole('region', { name: 'Application Timeline' });
  await expect(timeline.getByText('Viewed').first()).toBeVisible();
  await expect(timeline.getByText(/Showing \d+ timeline (entry|entries)/)).toBeVisible();
  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  const rejectDialog = page.getByRole('alertdialog', { name: 'Reject Club Application' });
  await expect(rejectDialog.getByText('This action cannot be undone.', { exact: false })).toBeVisible();
  const confirmReject = rejectDialog.getByRole('button', { name: 'Reject Application' });
  await expect(confirmReject).toBeDisabled();
  await rejectDialog.getByLabel('Rejection Reason *').fill('   ');
  await expect(confirmReject).toBeDisabled();
  await rejectDialog.getByLabel('Rejection Reason *').fill('Incomplete safeguarding policy');
  await confirmReject.click();
  await expect(page.getByText('Club application rejected successfully.')).toBeVisible();
  await expect(rejectDialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Admin Notes' }).getByText('Incomplete safeguarding policy')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
  await expect(timeline.getByText('Application rejected: Incomplete safeguarding policy')).toBeVisible();
  expect(await statusOf(rejected)).toBe('rejected');

  // Back to the same list: three pending left; tick them all and approve them together.
  await page.getByRole('button', { name: 'Back to Applications' }).click();
  await expect(page.getByRole('combobox', { name: 'Search applications' })).toHaveValue(tag);
  await expect(table.getByRole('row')).toHaveCount(4);
  await page.getByRole('checkbox', { name: 'Select all pending applications on this page' }).check();
  await page.getByRole('button', { name: 'Approve Selected (3)' }).click();
  const confirm = page.getByRole('dialog', { name: 'Approve Selected Applications' });
  await expect(confirm.getByText('receive login credentials by email', { exact: false })).toBeVisible();
  await confirm.getByLabel('Admin Notes (optional)').fill('Welcome aboard');
  await recordProgress(page);
  // The success toast is looked for from the click on (it stays 2 s: checked after the results, it
  // had gone on a loaded machine).
  await toastAfter(page, 'Successfully approved 3 applications.', () => confirm.getByRole('button', { name: 'Approve 3 Applications' }).click());
  const results = page.getByRole('dialog', { name: 'Bulk Approval Results' });
  await expect(results.getByText('Approved 3 of 3 applications.')).toBeVisible();
  for (const name of approved) await expect(results.getByRole('list', { name: 'Approved applications' }).getByText(name)).toBeVisible();
  // The progress dialog was shown on the way, with the server's progress.
  expect(await progressSeen(page)).toContainEqual(expect.stringMatching(/^Processing [1-3] of 3 applications$/));
  await results.getByRole('button', { name: 'Close' }).last().click();
  await expect(results).toBeHidden();
  await expect(page.getByRole('heading', { name: 'No pending applications' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear All Filters' }).last()).toBeVisible();
  for (const name of approved) expect(await statusOf(name)).toBe('approved');

  // The approved ones are listed under 'approved', with the rejected one under 'rejected'.
  await page.getByLabel('Status', { exact: true }).selectOption('approved');
  await expect(page).toHaveURL(/status=approved/);
  await expect(table.getByRole('row')).toHaveCount(4);
  await page.getByLabel('Status', { exact: true }).selectOption('rejected');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText(rejected)).toBeVisible();
});

test('a bulk approval whose application was decided meanwhile reports the failure', async ({ page }) => {
  const tag = `P${randomBytes(3).toString('hex')}`;
  const town = `Partialton${tag}`;
  await registerClubs(page, ['Kestrel Karate', 'Lynx Lacrosse'], tag, town);
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`/admin/club-approvals?view=list&search=${tag}`);
  const table = page.getByRole('table', { name: 'Club applications' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.getByRole('checkbox', { name: `Select Kestrel Karate ${tag}` }).check();
  await page.getByRole('checkbox', { name: `Select Lynx Lacrosse ${tag}` }).check();
  // Another administrator decides one of them first.
  await runSql(`update clubs set application_status = 'rejected', reviewed_at = now() where name = 'Lynx Lacrosse ${tag}'`);
  await page.getByRole('button', { name: 'Approve Selected (2)' }).click();
  await page.getByRole('dialog', { name: 'Approve Selected Applications' }).getByRole('button', { name: 'Approve 2 Applications' }).click();
  const results = page.getByRole('dialog', { name: 'Bulk Approval Results' });
  await expect(results.getByText('Approved 1 of 2 applications. 1 failed.')).toBeVisible();
  await expect(
    results.getByText(`Application Lynx Lacrosse ${tag}: Only pending applications can be approved or rejected. This application has already been reviewed.`),
  ).toBeVisible();
  await expect(page.getByText('Partial Success: Approved 1 applications. 1 failed.')).toBeVisible();
});

/** A one-finger horizontal swipe over `target` (React listens for touch events at the root). */
async function swipe(page: Page, target: string, dx: number): Promise<void> {
  await page.getByRole('heading', { name: target, level: 3 }).evaluate((element, distance) => {
    const touch = (x: number) => new Touch({ identifier: 1, target: element, clientX: x, clientY: 300 });
    element.dispatchEvent(new TouchEvent('touchstart', { bubbles: true, cancelable: true, touches: [touch(200)], changedTouches: [touch(200)] }));
    element.dispatchEvent(new TouchEvent('touchend', { bubbles: true, cancelable: true, touches: [], changedTouches: [touch(200 + distance)] }));
  }, dx);
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('an administrator swipes between applications, sees the offline notice and approves one', async ({ page, context }) => {
    const tag = `S${randomBytes(3).toString('hex')}`;
    await registerClubs(page, ['Osprey Orienteering', 'Puffin Pilates'], tag, `Swipeford${tag}`);
    const [older, newer] = [`Osprey Orienteering ${tag}`, `Puffin Pilates ${tag}`];
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto(`/admin/club-approvals?view=list&search=${tag}`);

    // Cards, newest first, and the filters in a bottom sheet.
    const cards = page.getByRole('list', { name: 'Club applications' }).getByRole('listitem');
    await expect(cards).toHaveCount(2);
    await expect(cards.first()).toContainText(newer);
    await page.getByRole('button', { name: 'Filters' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filter Applications' });
    await sheet.getByLabel('Order').selectOption('asc');
    await sheet.getByRole('button', { name: 'Show Results' }).click();
    await expect(page).toHaveURL(/sort_order=asc/);
    await expect(cards.first()).toContainText(older);

    // Swiping left moves to the next application of that list, right back again.
    await cards.first().getByRole('button').click();
    await expect(page.getByRole('heading', { name: older, level: 3 })).toBeVisible();
    await expect(page.getByText('Swipe to navigate')).toBeVisible();
    await expect(page.getByText('Swipe to navigate')).toBeHidden();
    await swipe(page, older, -120);
    await expect(page.getByRole('heading', { name: newer, level: 3 })).toBeVisible();
    await swipe(page, newer, 120);
    await expect(page.getByRole('heading', { name: older, level: 3 })).toBeVisible();
    // Mostly vertical: not a swipe.
    await page.getByRole('heading', { name: older, level: 3 }).evaluate((element) => {
      const touch = (x: number, y: number) => new Touch({ identifier: 1, target: element, clientX: x, clientY: y });
      element.dispatchEvent(new TouchEvent('touchstart', { bubbles: true, touches: [touch(200, 100)], changedTouches: [touch(200, 100)] }));
      element.dispatchEvent(new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [touch(60, 400)] }));
    });
    await expect(page.getByRole('heading', { name: older, level: 3 })).toBeVisible();

    await context.setOffline(true);
    await expect(page.getByText("Application details may be limited while offline. Some actions may be queued until you're back online.")).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByText('Application details may be limited while offline.', { exact: false })).toHaveCount(0);

    // Approve with notes.
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve Club Application' });
    await expect(dialog.getByText('The club will gain platform access and receive login credentials by email.', { exact: false })).toBeVisible();
    await dialog.getByLabel('Admin Notes (optional)').fill('Checked the affiliation');
    await dialog.getByRole('button', { name: 'Approve Application' }).click();
    await expect(page.getByText('Club application approved successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: 'Admin Notes' }).getByText('Checked the affiliation')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reject', exact: true })).toHaveCount(0);
    expect(await statusOf(older)).toBe('approved');
  });
});

test('the panel opens on the tab its address names, and changing tab changes the address', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin');
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();
  await expect(page.getByText('Total Clubs')).toBeVisible();
  await expect(page.getByText('Active profiles')).toBeVisible();
  await page.getByRole('button', { name: 'Review Club Approvals' }).click();
  await expect(page).toHaveURL(/\/admin\/club-approvals$/);
  await expect(page.getByRole('heading', { name: 'Club Approval Dashboard' })).toBeVisible();
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin#users$/);
  await expect(page.getByText('Total Users')).toBeVisible();
  await expect(page.getByLabel('Search users')).toBeVisible();

  await page.goto('/admin#club-approvals');
  await expect(page.getByRole('tab', { name: /Club Approvals/ })).toHaveAttribute('aria-selected', 'true');
  await page.goto('/admin/clubs');
  await expect(page.getByRole('tab', { name: /^Clubs/ })).toHaveAttribute('aria-selected', 'true');
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');

  // The administrator's menu leads to the same panel.
  await chooseFromUserMenu(page, 'Club Approvals');
  await expect(page).toHaveURL(/\/admin\/club-approvals$/);
  await expect(page.getByRole('tab', { name: /Club Approvals/ })).toHaveAttribute('aria-selected', 'true');

  await page.goto('/admin/club-approvals/not-an-id');
  await expect(page.getByText('Invalid club ID format')).toBeVisible();
});

test('anyone but a platform administrator is refused', async ({ page }) => {
  const email = uniqueEmail('member');
  await page.goto('/login');
  await registerAccount(page, { email, fullName: 'Plain Member' });
  await signIn(page, email);
  for (const path of ['/admin', '/admin/club-approvals']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(
      page.getByText(
        "You don't have permission to access the platform administration panel. Only authorized platform administrators can access this area.",
      ),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Platform Administration' })).toHaveCount(0);
  }
  // Signed out: the login guard.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
});
