// Issue 25, items 18 and 19, as an administrator sees them. The report charts: 'Applications by
// Location' with ten towns names every bar (Bristol, the tallest, too); two rejection reasons
// that begin alike are both shown whole; every chart has a title on each axis; the Engagement
// chart's Applications and Messages differ by a real colour distance (CIEDE2000, also as readers
// with protanopia, deuteranopia and tritanopia see them) in light and dark mode. And one count of
// volunteers: the panel's Total Volunteers and the Analytics tab's Volunteers agree, with a
// suspended volunteer about, and say what they count. axe passes in both modes.
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from './fixtures.js';
import { VOLUNTEERS_CAPTION } from '../../server/src/modules/volunteers/volunteer-count.rules.js';
import { newMember } from '../helpers/client.js';
import { adminApi, BASE_URL, gqlOk, signUpVolunteer } from './analytics-report-support.js';
import { describeFindings, seriousViolations, settled, useColorMode, type AxeFinding } from './axe.js';
import { axisTitles, expectEveryBarNamed, seriesDistance } from './chart-checks.js';
import { ADMIN, runSql, signIn } from './support.js';

const tag = randomBytes(3).toString('hex');
/** Ten towns; Bristol has the most applications. */
const TOWNS: Record<string, number> = {
  Bristol: 5,
  'Weston-super-Mare': 2,
  'Bradford-on-Avon': 2,
  'Chipping Sodbury': 1,
  Bath: 1,
  Keynsham: 1,
  Clevedon: 1,
  Portishead: 1,
  Nailsea: 1,
  Thornbury: 1,
};
/** Two reasons that the old chart cut to the same 'Incomplete contact …'. */
const REASONS = [`Incomplete contact details: the phone number is missing ${tag}`, `Incomplete contact details: the email address bounces ${tag}`];

const APPROVE = 'mutation ($input: ApproveClubApplicationInput!) { approveClubApplication(input: $input) { club { id } userErrors { message } } }';
const REJECT = 'mutation ($input: RejectClubApplicationInput!) { rejectClubApplication(input: $input) { club { id } userErrors { message } } }';
const clubGlobalId = (uuid: string) => Buffer.from(`Club:${uuid}`, 'utf8').toString('base64url');

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const admin = await adminApi();
  let rejected = 0;
  for (const [town, count] of Object.entries(TOWNS)) {
    for (let i = 0; i < count; i += 1) {
      const { user } = await newMember(BASE_URL, { clubName: `${town} Club ${i} ${tag}`, fullName: `Owner ${town} ${i}` });
      await runSql(`update clubs set city = '${town}', category = 'Cricket', profile_saved_at = now() where id = '${user.id}'`);
      // Four of Bristol's applications are rejected, two for each reason.
      if (town === 'Bristol' && rejected < 4) {
        const data = await gqlOk(admin, REJECT, { input: { clubId: clubGlobalId(user.id), rejectionReason: REASONS[rejected % 2] } });
        expect(data.rejectClubApplication.userErrors).toEqual([]);
        rejected += 1;
      }
      // Two towns' clubs are approved: the month has every status, and Popular Sports a sport.
      if (town === 'Bath' || town === 'Keynsham') {
        const data = await gqlOk(admin, APPROVE, { input: { clubId: clubGlobalId(user.id) } });
        expect(data.approveClubApplication.userErrors).toEqual([]);
      }
    }
  }
  // A suspended volunteer: a profile that the panel's count leaves out, so the Analytics tab must too.
  const { email } = await signUpVolunteer('e2e.suspended.volunteer', { first: 'Sue', last: `Suspended${tag}`, location: 'Bristol' });
  await runSql(`update users set status = 'suspended' where lower(email) = lower('${email}')`);
});

async function openReports(page: Page) {
  await page.goto('/admin#reports');
  await expect(page.getByRole('heading', { name: 'Platform Administration', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Statistics & Reports' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('img', { name: /^Bar chart of applications by location/ })).toBeVisible();
}

/** The first column of a report table: the names its chart must show. */
async function tableNames(page: Page, table: string): Promise<string[]> {
  const cells = page.getByRole('table', { name: table }).locator('tbody tr td:first-child');
  await expect(cells.first()).toBeVisible();
  return (await cells.allTextContents()).map((t) => t.trim());
}

/** Runs `check` and axe in light and in dark mode (reloading into each). */
async function inBothModes(page: Page, where: string, reach: () => Promise<void>, check: (mode: 'light' | 'dark') => Promise<void>) {
  const findings: AxeFinding[] = [];
  for (const mode of ['light', 'dark'] as const) {
    await useColorMode(page, mode);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(mode === 'dark' ? /dark/ : /light/);
    await settled(page);
    await reach();
    await check(mode);
    findings.push(...(await seriousViolations(page, `${where} (${mode})`)));
  }
  expect(findings.length, `axe found serious or critical violations:\n${describeFindings(findings)}`).toBe(0);
}

test('the statistics charts name every bar in full and title their axes, in both colour modes', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN.email, ADMIN.password);
  await openReports(page);

  // Ten towns in the table, Bristol among them with 5 (other specs on this server add towns of
  // their own, which may outnumber it); every one of them named on its bar.
  const towns = await tableNames(page, 'Applications by Location table');
  expect(towns).toHaveLength(10);
  expect(towns).toContain('Bristol');
  await expect(page.getByRole('table', { name: 'Applications by Location table' }).getByRole('row', { name: 'Bristol 5' })).toBeVisible();
  const locations = page.getByRole('img', { name: /^Bar chart of applications by location/ });

  // Both reasons, whole, each on its own bar.
  const reasons = await tableNames(page, 'Top Rejection Reasons table');
  expect(reasons).toEqual(expect.arrayContaining(REASONS));
  const rejections = page.getByRole('img', { name: /^Bar chart of the top rejection reasons/ });
  const months = page.getByRole('img', { name: /^Stacked bar chart of applications by month/ });

  await inBothModes(page, 'statistics report', () => openReports(page), async () => {
    await expectEveryBarNamed(locations, towns);
    await expectEveryBarNamed(rejections, reasons);
    await expectEveryBarNamed(months, await tableNames(page, 'Applications by Month table'));
    expect.soft((await axisTitles(locations)).sort()).toEqual(['Applications', 'Location']);
    expect.soft((await axisTitles(rejections)).sort()).toEqual(['Rejection reason', 'Rejections']);
    expect.soft((await axisTitles(months)).sort()).toEqual(['Applications', 'Month']);
    // Approved, pending and rejected stay apart for every reader.
    for (const [a, b] of [['Approved', 'Pending'], ['Approved', 'Rejected'], ['Pending', 'Rejected']] as const) {
      expect.soft((await seriesDistance(months, a, b)).distance, `${a} and ${b}`).toBeGreaterThanOrEqual(10);
    }
  });
  await page.screenshot({ path: 'test-results/report-charts-statistics-dark.png', fullPage: true });

  // Admin Activity: the administrators' bars, named, with titled axes.
  await page.getByRole('tab', { name: 'Admin Activity' }).click();
  const performance = page.getByRole('img', { name: /^Bar chart of each administrator's approvals/ });
  await expectEveryBarNamed(performance, await tableNames(page, 'Admin Performance table'));
  expect.soft((await axisTitles(performance)).sort()).toEqual(['Actions', 'Administrator']);
});

async function openAnalytics(page: Page) {
  await page.goto('/admin#analytics');
  await expect(page.getByRole('tab', { name: 'Analytics' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('img', { name: /^Bar chart of messages, applications and sign-ups per week/ })).toBeVisible();
}

/** The value and the caption of the stat card `label` in the region `region`. */
function card(page: Page, region: string, label: string) {
  const dl = page.getByRole('region', { name: region }).locator('dl', { has: page.getByText(label, { exact: true }) });
  return { value: dl.locator('dd').first(), caption: dl.locator('dd').nth(1) };
}

test('Analytics: the engagement colours differ for every reader, every chart is titled, and the volunteers are counted once', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN.email, ADMIN.password);
  await openAnalytics(page);

  // One count of volunteers on the one screen: the header's and the tab's agree with the server's,
  // and both say what they count.
  const expected = (await gqlOk(await adminApi(), 'query { adminPlatformStats { totalVolunteers } adminAnalytics(weeks: 12) { totals { volunteers } } }')) as {
    adminPlatformStats: { totalVolunteers: number };
    adminAnalytics: { totals: { volunteers: number } };
  };
  expect.soft(expected.adminAnalytics.totals.volunteers, 'the two counts agree').toBe(expected.adminPlatformStats.totalVolunteers);
  const header = card(page, 'Platform statistics', 'Total Volunteers');
  const tab = card(page, 'Platform totals', 'Volunteers');
  await expect.soft(header.value).toHaveText(String(expected.adminPlatformStats.totalVolunteers));
  await expect.soft(tab.value).toHaveText(String(expected.adminPlatformStats.totalVolunteers));
  await expect.soft(header.caption).toHaveText(VOLUNTEERS_CAPTION);
  await expect.soft(tab.caption).toHaveText(VOLUNTEERS_CAPTION);

  const engagement = page.getByRole('img', { name: /^Bar chart of messages, applications and sign-ups per week/ });
  const sports = page.getByRole('img', { name: /^Bar chart of the most popular sports/ });
  await inBothModes(page, 'analytics tab', () => openAnalytics(page), async (mode) => {
    const apart = await seriesDistance(engagement, 'Messages', 'Applications');
    expect.soft(apart.distance, `Messages and Applications (${mode}), closest under ${apart.vision}`).toBeGreaterThanOrEqual(10);
    await expectEveryBarNamed(engagement, await engagementLabels(page));
    expect.soft((await axisTitles(engagement)).sort()).toEqual(['Count', 'Week starting']);
    await expectEveryBarNamed(sports, await tableNames(page, 'Popular Sports table'));
    expect.soft((await axisTitles(sports)).sort()).toEqual(['Count', 'Sport']);
    await page.screenshot({ path: `test-results/report-charts-analytics-${mode}.png`, fullPage: true });
  });
});

/** The Engagement table names weeks 'Week of Nov 23, 2026'; its chart 'Nov 23'. */
async function engagementLabels(page: Page): Promise<string[]> {
  return (await tableNames(page, 'Engagement table')).map((name) => name.replace(/^Week of /, '').replace(/, \d{4}$/, ''));
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the charts still name every bar: long names wrap, a year of weeks lies across', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, ADMIN.email, ADMIN.password);
    await openReports(page);
    const towns = await tableNames(page, 'Applications by Location table');
    await expectEveryBarNamed(page.getByRole('img', { name: /^Bar chart of applications by location/ }), towns);
    await expectEveryBarNamed(page.getByRole('img', { name: /^Bar chart of the top rejection reasons/ }), await tableNames(page, 'Top Rejection Reasons table'));

    await openAnalytics(page);
    await page.getByLabel('Period').selectOption({ label: 'Last 52 weeks' });
    await expect(page.getByRole('table', { name: 'Engagement table' }).locator('tbody tr')).toHaveCount(52);
    const engagement = page.getByRole('img', { name: /^Bar chart of messages, applications and sign-ups per week/ });
    await expectEveryBarNamed(engagement, await engagementLabels(page));
    await engagement.screenshot({ path: 'test-results/report-charts-phone-engagement.png' });
  });
});
