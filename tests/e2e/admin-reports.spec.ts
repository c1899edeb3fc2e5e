// The admin panel's Clubs, Reports and Audit tabs: an administrator verifies a club (the directory
// shows its Verified badge) and unverifies it, finds those actions in the audit log by action type
// and by a search on the club's name, pages through the log, downloads it as .xlsx, and reads the
// application report with its charts' tables.
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from './fixtures.js';
import { approvalRatePercent, periodRange } from '../../server/src/modules/admin/admin.rules.js';
import { ApiClient, newMember } from '../helpers/client.js';
import { ADMIN, downloadXlsx, runSql, signIn } from './support.js';
import { workerServer } from './servers.js';

const BASE_URL = workerServer().url;
const VERIFY_CONFIRMATION = 'Are you sure you want to verify this club? This action will make them visible to all users.';
const REJECTION_REASON = `Incomplete contact details ${randomBytes(3).toString('hex')}`;

const tag = randomBytes(4).toString('hex');
const CITY = `Reportford${tag}`;
const CLUBS = {
  verify: `Verify Rovers ${tag}`,
  approved: `Report Wanderers ${tag}`,
  rejected: `Rejected Athletic ${tag}`,
};
/** Old audit entries (dated 2020, so they stay out of this month's reports) to page through. */
const PAGING_TARGET = `Paging Club ${tag}`;
const PAGING_ENTRIES = 30;

const clubGlobalId = (uuid: string) => Buffer.from(`Club:${uuid}`, 'utf8').toString('base64url');

async function gqlOk(api: ApiClient, query: string, variables: Record<string, unknown>) {
  const answer = await api.gql(query, variables);
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data;
}

test.beforeAll(async () => {
  // Three applications made through the real sign-up, with a saved profile in one town.
  const ids: Record<keyof typeof CLUBS, string> = { verify: '', approved: '', rejected: '' };
  for (const key of Object.keys(CLUBS) as (keyof typeof CLUBS)[]) {
    const { user } = await newMember(BASE_URL, { clubName: CLUBS[key], fullName: `Owner ${key}` });
    ids[key] = user.id;
    await runSql(
      `update clubs set category = 'Football', city = '${CITY}', description = 'Football for all ages on the common.',
         website = 'https://rovers.example', contact_phone = '+441234567890', profile_saved_at = now()
       where id = '${user.id}'`,
    );
  }
  // The administrator decides on them through the API: two approvals and one rejection.
  const api = new ApiClient(BASE_URL);
  expect((await api.signIn(ADMIN.email, ADMIN.password)).body.success).toBe(true);
  const approve = 'mutation ($input: ApproveClubApplicationInput!) { approveClubApplication(input: $input) { club { id } userErrors { message } } }';
  const reject = 'mutation ($input: RejectClubApplicationInput!) { rejectClubApplication(input: $input) { club { id } userErrors { message } } }';
  for (const key of ['verify', 'approved'] as const) {
    const data = await gqlOk(api, approve, { input: { clubId: clubGlobalId(ids[key]) } });
    expect(data.approveClubApplication.userErrors).toEqual([]);
  }
  const rejected = await gqlOk(api, reject, { input: { clubId: clubGlobalId(ids.rejected), rejectionReason: REJECTION_REASON } });
  expect(rejected.rejectClubApplication.userErrors).toEqual([]);

  await runSql(
    `insert into admin_actions (action_type, target_type, target_id, target_name, details, admin_name, admin_email, ip_address, created_at)
     select 'view', 'club_application', null, '${PAGING_TARGET} ' || n, 'Viewed for the paging test', 'Audit Tester', 'audit.tester@example.com',
            '203.0.113.7', timestamptz '2020-01-01 12:00:00+00' - n * interval '1 minute'
     from generate_series(1, ${PAGING_ENTRIES}) as n`,
  );
});

async function openAdminTab(page: Page, path: string, tab: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Platform Administration', level: 1 })).toBeVisible();
  // The Clubs tab's name also carries its badge ('Clubs 2 pending verification').
  await expect(page.getByRole('tab', { name: new RegExp(`^${tab}`) })).toHaveAttribute('aria-selected', 'true');
}

test('an administrator verifies a club, the directory shows it verified, and unverifies it', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await openAdminTab(page, '/admin/clubs', 'Clubs');
  await expect(page.getByRole('tab', { name: 'Pending Verification', exact: true })).toHaveAttribute('aria-selected', 'true');

  // The club is pending verification; its card shows where it is, its sport and when it registered.
  const pending = page.getByRole('list', { name: 'Clubs pending verification' });
  let card = pending.getByRole('article', { name: CLUBS.verify });
  await expect(card).toBeVisible();
  await expect(card).toContainText(CITY);
  await expect(card).toContainText('Football');
  await expect(card).toContainText('Registered');

  // The detail dialog, then 'Verify Club' with the spec's confirmation.
  await card.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: 'Club Details' });
  await expect(details).toBeVisible();
  await expect(details).toContainText(CLUBS.verify);
  await expect(details).toContainText('Football for all ages on the common.');
  await expect(details).toContainText('+441234567890');
  await expect(details.getByRole('link', { name: /rovers\.example/ })).toHaveAttribute('href', 'https://rovers.example/');
  await expect(details).toContainText('Not verified');
  await details.getByRole('button', { name: 'Verify Club' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Verify Club' });
  await expect(confirm).toContainText(VERIFY_CONFIRMATION);
  await confirm.getByRole('button', { name: 'Verify Club' }).click();
  await expect(page.getByText('Club verified successfully!')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(details).toBeHidden();

  // The lists follow: gone from Pending Verification, listed under Verified Clubs.
  await expect(pending.getByRole('article', { name: CLUBS.verify })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Verified Clubs' }).click();
  card = page.getByRole('list', { name: 'Verified clubs' }).getByRole('article', { name: CLUBS.verify });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Verified');

  // The directory shows the Verified badge at once.
  await page.goto(`/clubs?q=${encodeURIComponent(CLUBS.verify)}`);
  const listed = page.getByRole('article', { name: CLUBS.verify });
  await expect(listed).toBeVisible();
  await expect(listed.getByText('Verified', { exact: true })).toBeVisible();

  // Unverify, after its own confirmation: back to Pending Verification, and no badge in the directory.
  await openAdminTab(page, '/admin/clubs', 'Clubs');
  await page.getByRole('tab', { name: 'Verified Clubs' }).click();
  await page.getByRole('list', { name: 'Verified clubs' }).getByRole('button', { name: `Unverify ${CLUBS.verify}` }).click();
  const unverify = page.getByRole('alertdialog', { name: 'Unverify Club' });
  await expect(unverify).toContainText("Are you sure you want to remove this club's verification?");
  await unverify.getByRole('button', { name: 'Unverify' }).click();
  await expect(page.getByText('Club unverified successfully!')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Verified clubs' }).getByRole('article', { name: CLUBS.verify })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Pending Verification', exact: true }).click();
  await expect(pending.getByRole('article', { name: CLUBS.verify })).toBeVisible();
  await page.goto(`/clubs?q=${encodeURIComponent(CLUBS.verify)}`);
  await expect(page.getByRole('article', { name: CLUBS.verify })).toBeVisible();
  await expect(page.getByRole('article', { name: CLUBS.verify }).getByText('Verified', { exact: true })).toHaveCount(0);
});

test('the audit tab filters by action type, searches on Enter, pages by 25 and downloads the log as xlsx', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await openAdminTab(page, '/admin#audit', 'Audit');
  const entries = page.getByRole('list', { name: 'Audit log entries' });
  await expect(entries.getByRole('listitem').first()).toBeVisible();

  // By action type: the verification of the first test is there with its badge and details.
  await page.getByLabel('Action type').selectOption({ label: 'Verify' });
  const verified = entries.getByRole('listitem').filter({ hasText: CLUBS.verify });
  await expect(verified).toHaveCount(1);
  await expect(verified).toContainText('Verify');
  await expect(verified).toContainText(ADMIN.email);
  await expect(entries.getByRole('listitem').filter({ hasText: CLUBS.approved })).toHaveCount(0);

  // The search applies only on Enter: typed, nothing changes; on Enter only that club's entries.
  await page.getByLabel('Action type').selectOption({ label: 'All actions' });
  await expect(entries.getByRole('listitem').filter({ hasText: CLUBS.approved }).first()).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill(CLUBS.verify);
  await expect(entries.getByRole('listitem').filter({ hasText: CLUBS.approved }).first()).toBeVisible();
  await search.press('Enter');
  await expect(entries.getByRole('listitem').filter({ hasText: CLUBS.approved })).toHaveCount(0);
  for (const badge of ['Approve', 'Verify', 'Unverify']) {
    await expect(entries.getByRole('listitem').filter({ hasText: CLUBS.verify }).filter({ has: page.getByText(badge, { exact: true }) }).first()).toBeVisible();
  }
  // With an action type on top of the search: the one unverification.
  await page.getByLabel('Action type').selectOption({ label: 'Unverify' });
  await expect(entries.getByRole('listitem')).toHaveCount(1);
  await expect(entries.getByRole('listitem')).toContainText(CLUBS.verify);

  // Paging: 30 entries are two pages of 25, with Previous and Next; a filter change goes back to page 1.
  await page.getByLabel('Action type').selectOption({ label: 'All actions' });
  await search.fill(PAGING_TARGET);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText(`Showing 1–25 of ${PAGING_ENTRIES} entries`)).toBeVisible();
  await expect(entries.getByRole('listitem')).toHaveCount(25);
  const pages = page.getByRole('navigation', { name: 'Audit log pages' });
  await expect(pages.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(2);
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(`Showing 26–${PAGING_ENTRIES} of ${PAGING_ENTRIES} entries`)).toBeVisible();
  await expect(entries.getByRole('listitem')).toHaveCount(PAGING_ENTRIES - 25);
  await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(entries).toContainText('203.0.113.7');
  await page.getByLabel('Action type').selectOption({ label: 'View' });
  await expect(page.getByText(`Showing 1–25 of ${PAGING_ENTRIES} entries`)).toBeVisible();

  // Dates: the paging entries are from 2020, so from today on there are none; a future day is refused.
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  await page.getByLabel('From date').fill(today);
  await expect(page.getByText('No audit log entries found')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Audit log pages' })).toHaveCount(0);
  await page.getByLabel('To date').fill('2999-01-01');
  await expect(page.getByText('Dates cannot be in the future')).toBeVisible();
  await page.getByLabel('To date').fill('');
  await page.getByLabel('From date').fill('');
  await expect(page.getByText(`Showing 1–25 of ${PAGING_ENTRIES} entries`)).toBeVisible();

  // The export: an .xlsx (a ZIP container) downloaded from the signed address.
  await downloadXlsx(page, 'Export');
});

test('the reports show the approval rate, the charts with their tables, the admin activity, and export statistics', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await openAdminTab(page, '/admin#reports', 'Reports');
  await expect(page.getByRole('tab', { name: 'Statistics & Reports' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Report period')).toHaveValue('current-month');

  // The approval rate is the server's, as a whole percentage.
  const api = new ApiClient(BASE_URL);
  expect((await api.signIn(ADMIN.email, ADMIN.password)).body.success).toBe(true);
  const { from, to } = periodRange('current-month', new Date(), true);
  const stats = await gqlOk(api, 'query ($from: Date, $to: Date) { clubApplicationStatistics(from: $from, to: $to) { approvalRate totalApplications } }', { from, to });
  const rate = page.getByText('Approval Rate').locator('..');
  await expect(rate).toContainText(approvalRatePercent(stats.clubApplicationStatistics.approvalRate));
  await expect(page.getByText('Total Applications').locator('..')).toContainText(String(stats.clubApplicationStatistics.totalApplications));

  // Each chart is a named image with its figures in a table.
  await expect(page.getByRole('img', { name: /^Bar chart of the top rejection reasons/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Top Rejection Reasons table' }).getByRole('row', { name: new RegExp(`${REJECTION_REASON} 1`) })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Stacked bar chart of applications by month/ })).toBeVisible();
  const month = new Intl.DateTimeFormat('en', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date());
  await expect(page.getByRole('table', { name: 'Applications by Month table' }).getByRole('row', { name: new RegExp(`^${month}`) })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Bar chart of applications by location/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Applications by Location table' }).getByRole('row', { name: `${CITY} 3` })).toBeVisible();

  // The statistics export downloads a file of the chosen format.
  await page.getByLabel('Export format').selectOption('CSV');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Statistics' }).click();
  const download = await downloading;
  await expect(page.getByText('Export Successful')).toBeVisible();
  expect(download.suggestedFilename()).toMatch(/\.csv$/);

  // Admin Activity: the administrator's metrics row, the top performer, the recent actions.
  await page.getByRole('tab', { name: 'Admin Activity' }).click();
  await expect(page.getByLabel('Activity period')).toHaveValue('current-month');
  const metrics = page.getByRole('table', { name: 'Admin Performance table' });
  await expect(metrics.getByRole('row').filter({ hasText: ADMIN.email })).toBeVisible();
  await expect(page.getByText('Top Performer').locator('..')).not.toContainText('N/A');
  const recent = page.getByRole('region', { name: 'Recent admin activity' });
  await expect(recent.getByRole('listitem').filter({ hasText: CLUBS.rejected }).first()).toContainText(`Application rejected: ${REJECTION_REASON}`);
});
