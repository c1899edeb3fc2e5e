// Issue 13 (W2): the admin panel's Analytics tab shows the platform's real figures (seeded through
// the API: club sign-ups approved and verified by the administrator, a position, an application,
// messages) with its charts' tables, in both colour modes; a member reports a club and an
// opportunity ('Report received', then the duplicate's message); a suspended member's open page is
// signed out with the notice, and signing in again says why; the owner of removed content is told.
import { expect, test, type Page } from './fixtures.js';
import { newMember, STRONG_PASSWORD, uniqueEmail } from '../helpers/client.js';
import { adminApi, ANALYTICS, APPLY, APPROVE, BASE_URL, CREATE_POSITION, gqlOk, payloadOk, REPORTS, signUpVolunteer, SEND, SET_LIVE, SUSPEND, VERIFY } from './analytics-report-support.js';
import { describeFindings, seriousViolations, settled, useColorMode, type AxeFinding } from './axe.js';
import { globalId, letterTag, signInByApi } from './journey-support.js';
import { ADMIN, runSql } from './support.js';

const tag = letterTag();
const SPORT = `Korfball${tag}`;
const CLUBS = { verified: `Korf Rovers ${tag}`, plain: `Korf United ${tag}` };
const POSITION = `Match Scorer ${tag}`;
const SUSPENSION_REASON = `Repeated spam to clubs ${tag}`;
const DUPLICATE = 'You have already reported this. Our moderators are reviewing it.';

interface World {
  clubIds: { verified: string; plain: string };
  ownerEmail: string;
  positionId: string;
  applicationId: string;
  volunteer: { email: string; id: string };
}
let world: World;


test.beforeAll(async () => {
  const admin = await adminApi();

  // Two clubs of one sport, registered through the real sign-up, approved by the administrator;
  // one of them verified.
  const clubIds = { verified: '', plain: '' };
  let owner: Awaited<ReturnType<typeof newMember>> | undefined;
  for (const key of ['verified', 'plain'] as const) {
    const member = await newMember(BASE_URL, { clubName: CLUBS[key], fullName: `Owner ${key} ${tag}` });
    clubIds[key] = member.user.id;
    if (key === 'verified') owner = member;
    await runSql(
      `update clubs set category = '${SPORT}', city = 'Analyticston', description = 'Korfball for every age at the leisure centre.',
         profile_saved_at = now() where id = '${member.user.id}'`,
    );
    await payloadOk(admin, 'approveClubApplication', APPROVE, { clubId: globalId('Club', member.user.id) });
  }
  await payloadOk(admin, 'setClubVerified', VERIFY, { clubId: globalId('Club', clubIds.verified), verified: true });

  // The verified club posts a position; a volunteer applies and writes to the club twice.
  const position = await payloadOk(owner!.client, 'createVolunteerPosition', CREATE_POSITION, {
    title: POSITION,
    description: 'Keep the score sheet at home matches and send the results to the league.',
    timeCommitment: '2 hours a fortnight',
  });
  await payloadOk(owner!.client, 'setVolunteerPositionLive', SET_LIVE, { id: position.position.id, isLive: true });
  const { client: volunteer, email } = await signUpVolunteer('e2e.reporter', { first: 'Rita', last: `Reporter${tag}`, location: 'Analyticston' });
  const signIn = await volunteer.signIn(email, STRONG_PASSWORD);
  expect(signIn.body.success).toBe(true);
  const applied = await payloadOk(volunteer, 'applyToOpportunity', APPLY, {
    positionId: position.position.id,
    message: 'I kept the score book for my school team for four seasons.',
  });
  for (const subject of ['Score sheets', 'Match days']) {
    await payloadOk(volunteer, 'sendMessage', SEND, {
      recipientId: globalId('Member', clubIds.verified),
      subject,
      content: 'Hello! I would love to help with the scoring on match days.',
    });
  }
  world = { clubIds, ownerEmail: owner!.email, positionId: position.position.id, applicationId: applied.application.id, volunteer: { email, id: signIn.body.data.session.user.id } };
});

async function openAnalytics(page: Page) {
  await page.goto('/admin#analytics');
  await expect(page.getByRole('heading', { name: 'Platform Administration', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Analytics' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Engagement', level: 3 })).toBeVisible();
}

/** The value shown on the stat card `label`. */
function statValue(page: Page, label: string) {
  return page.getByRole('region', { name: 'Platform totals' }).locator('dl', { has: page.getByText(label, { exact: true }) }).locator('dd').first();
}

test('the Analytics tab shows the real figures with their tables, in both colour modes', async ({ page }) => {
  test.setTimeout(150_000);
  const expected = (await gqlOk(await adminApi(), ANALYTICS, { weeks: 12 })).adminAnalytics;
  // What beforeAll seeded is counted.
  expect(expected.totals.approvedClubs).toBeGreaterThanOrEqual(2);
  expect(expected.totals.messages).toBeGreaterThanOrEqual(2);
  expect(expected.totals.applications).toBeGreaterThanOrEqual(1);
  expect(expected.engagement).toHaveLength(12);
  const sport = expected.popularSports.find((s: { sport: string }) => s.sport === SPORT);
  expect(sport).toEqual({ sport: SPORT, clubs: 2, opportunities: 1 });

  await signInByApi(page, ADMIN.email, ADMIN.password, '/admin#analytics');
  await openAnalytics(page);

  // Totals.
  await expect(statValue(page, 'Total Members')).toHaveText(String(expected.totals.members));
  await expect(statValue(page, 'Volunteers')).toHaveText(String(expected.totals.volunteers));
  await expect(statValue(page, 'Verified Clubs')).toHaveText(String(expected.totals.verifiedClubs));
  await expect(statValue(page, 'Opportunities')).toHaveText(String(expected.totals.opportunities));
  await expect(statValue(page, 'Applications')).toHaveText(String(expected.totals.applications));
  await expect(statValue(page, 'Messages')).toHaveText(String(expected.totals.messages));
  await expect(page.getByRole('region', { name: 'Platform totals' })).toContainText(`${expected.totals.approvedClubs} approved`);

  // Engagement: a row per week, this week's figures last.
  const engagement = page.getByRole('table', { name: 'Engagement table' });
  await expect(engagement.locator('tbody tr')).toHaveCount(12);
  const thisWeek = expected.engagement[11];
  await expect(engagement.locator('tbody tr').last().locator('td')).toHaveText([
    /^Week of /,
    String(thisWeek.messages),
    String(thisWeek.applications),
    String(thisWeek.signUps),
  ]);
  await expect(page.getByRole('img', { name: /^Bar chart of messages, applications and sign-ups per week/ })).toBeVisible();

  // Popular sports: the seeded sport with its clubs and opportunities.
  const sports = page.getByRole('table', { name: 'Popular Sports table' });
  await expect(sports.getByRole('row', { name: new RegExp(SPORT) }).locator('td')).toHaveText([SPORT, '2', '1']);

  // Verification rate: a whole-number percentage and verified of approved.
  const percent = Math.round(expected.verificationRate * 100);
  const rate = page.getByRole('region', { name: 'Verification Rate' });
  await expect(rate.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(percent));
  await expect(rate).toContainText(`${percent}%`);
  await expect(rate).toContainText(`${expected.totals.verifiedClubs} of ${expected.totals.approvedClubs} approved`);

  // Recent activity, newest first.
  const recent = page.getByRole('list', { name: 'Recent platform activity' });
  await expect(recent.getByRole('listitem').first()).toContainText(expected.recentActivity[0].title);

  // Another period: 4 weeks, 4 rows.
  await page.getByLabel('Period').selectOption({ label: 'Last 4 weeks' });
  await expect(engagement.locator('tbody tr')).toHaveCount(4);

  await inBothModes(page, 'analytics tab', async () => {
    await openAnalytics(page);
    await expect(page.getByRole('table', { name: 'Popular Sports table' })).toBeVisible();
    await page.waitForLoadState('networkidle');
  });
});

/** Reloads the page in each colour mode, brings it back to the state to check, and runs axe. */
async function inBothModes(page: Page, where: string, reach: () => Promise<void>) {
  const findings: AxeFinding[] = [];
  for (const mode of ['light', 'dark'] as const) {
    await useColorMode(page, mode);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(mode === 'dark' ? /dark/ : /light/);
    await settled(page);
    await reach();
    await page.waitForTimeout(150);
    findings.push(...(await seriousViolations(page, `${where} (${mode})`)));
  }
  expect(findings.length, `axe found serious or critical violations:\n${describeFindings(findings)}`).toBe(0);
}

async function submitReport(page: Page, reason: string, details?: string) {
  const dialog = page.getByRole('dialog', { name: 'Report content' });
  await expect(dialog).toBeVisible();
  await dialog.getByText(reason, { exact: true }).click();
  if (details) await dialog.getByLabel('Details (optional)').fill(details);
  await dialog.getByRole('button', { name: 'Submit Report' }).click();
  return dialog;
}

test('a member reports a club and an opportunity, and a second report of one is refused', async ({ page }) => {
  test.setTimeout(120_000);
  await signInByApi(page, world.volunteer.email, STRONG_PASSWORD, `/clubs/${globalId('Club', world.clubIds.plain)}`);
  await expect(page.getByRole('heading', { name: CLUBS.plain, level: 1 })).toBeVisible();

  // The dialog asks for a reason first; then the report is received.
  await page.getByRole('button', { name: 'Report' }).click();
  let dialog = page.getByRole('dialog', { name: 'Report content' });
  await expect(dialog).toBeVisible();
  for (const label of ['Spam', 'Harassment or abuse', 'Inappropriate content', 'False or misleading', 'Other']) {
    await expect(dialog.getByRole('radio', { name: label })).toBeAttached();
  }
  await dialog.getByRole('button', { name: 'Submit Report' }).click();
  await expect(dialog.getByText('Please choose a reason')).toBeVisible();
  await inBothModes(page, 'report dialog', async () => {
    await page.getByRole('button', { name: 'Report' }).click();
    await page.getByRole('dialog', { name: 'Report content' }).getByRole('button', { name: 'Submit Report' }).click();
    await expect(page.getByRole('dialog', { name: 'Report content' }).getByText('Please choose a reason')).toBeVisible();
  });
  await page.getByRole('button', { name: 'Report' }).click();
  dialog = page.getByRole('dialog', { name: 'Report content' });

  const received = page.getByText('Thank you. Our moderators will review it.');
  await submitReport(page, 'Spam', 'They keep posting adverts for trainers.');
  await expect(received).toBeVisible();
  await expect(page.getByText('Report received', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  // The same club again: the server's message, in the dialog.
  await page.getByRole('button', { name: 'Report' }).click();
  dialog = await submitReport(page, 'Other');
  await expect(dialog.getByRole('alert')).toHaveText(DUPLICATE);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The opportunity.
  await page.goto(`/opportunities/${world.positionId}`);
  await expect(page.getByRole('heading', { name: POSITION, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Report' }).click();
  await submitReport(page, 'False or misleading');
  await expect(page.getByText('Report received', { exact: true }).first()).toBeVisible();

  // Both reached the moderators.
  const reports = (await gqlOk(await adminApi(), REPORTS)).contentReports.nodes as { targetType: string; targetLabel: string; reason: string; status: string }[];
  expect(reports).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ targetType: 'CLUB', targetLabel: CLUBS.plain, reason: 'SPAM', status: 'PENDING' }),
      expect.objectContaining({ targetType: 'OPPORTUNITY', targetLabel: POSITION, reason: 'MISLEADING', status: 'PENDING' }),
    ]),
  );
});

test('a club sees Report on a volunteer it finds or reviews, and not on its own club or opportunity', async ({ page }) => {
  await signInByApi(page, world.ownerEmail, STRONG_PASSWORD, `/clubs/${globalId('Club', world.clubIds.verified)}`);
  await expect(page.getByRole('heading', { name: CLUBS.verified, level: 1 })).toBeVisible();
  await settled(page);
  await expect(page.getByRole('button', { name: 'Report' })).toHaveCount(0);
  await page.goto(`/opportunities/${world.positionId}`);
  await expect(page.getByRole('heading', { name: POSITION, level: 1 })).toBeVisible();
  await settled(page);
  await expect(page.getByRole('button', { name: 'Report' })).toHaveCount(0);

  // The volunteer, as the club finds them and as it reviews their application.
  const volunteerName = `Rita Reporter${tag}`;
  await page.goto(`/volunteers/search?q=${encodeURIComponent(`Reporter${tag}`)}`);
  await expect(page.getByRole('article', { name: volunteerName }).getByRole('button', { name: `Report ${volunteerName}` })).toBeVisible();
  await page.goto(`/applications/${world.applicationId}`);
  await expect(page.getByRole('heading', { name: POSITION, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Report volunteer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report content' });
  await expect(dialog).toContainText(`the volunteer profile of ${volunteerName}`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('a suspended member is signed out with the notice, and signing in again says why', async ({ page }) => {
  const email = uniqueEmail('e2e.suspended');
  const { user } = await newMember(BASE_URL, { email, fullName: `Sam Suspended ${tag}` });
  await signInByApi(page, email, STRONG_PASSWORD, '/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await settled(page);

  await payloadOk(await adminApi(), 'suspendUser', SUSPEND, { userId: globalId('Member', user.id), reason: SUSPENSION_REASON });

  // The open page hears of it at once.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your account has been suspended. Sign in to see why.')).toBeVisible();

  const signInRefused = async () => {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'You cannot sign in' });
    await expect(refusal).toContainText(`This account has been suspended. Reason: ${SUSPENSION_REASON}`);
    await expect(page).toHaveURL(/\/login$/);
  };
  await signInRefused();
  await inBothModes(page, 'sign-in refused', signInRefused);
});

test('the owner of removed content is told: club banner, removed position, hidden profile', async ({ page, browser }) => {
  await runSql(`update clubs set removed_at = now() where id = '${world.clubIds.verified}'`);
  const positionUuid = Buffer.from(world.positionId, 'base64url').toString('utf8').split(':')[1];
  await runSql(`update club_volunteer_positions set removed_at = now() where id = '${positionUuid}'`);
  await runSql(`update volunteer_profiles set removed_at = now() where user_id = '${world.volunteer.id}'`);
  try {
    await signInByApi(page, world.ownerEmail, STRONG_PASSWORD, '/club/dashboard?tab=positions');
    await expect(page.getByText('Your club has been hidden by a moderator. It does not appear in the directory until a moderator restores it.')).toBeVisible();
    const card = page.getByRole('article', { name: POSITION });
    await expect(card.getByText('Removed by a moderator')).toBeVisible();
    await expect(card.getByRole('checkbox', { name: `Show ${POSITION} publicly` })).toBeDisabled();
    await page.goto('/club/opportunities');
    await expect(page.getByRole('article', { name: POSITION }).getByText('Removed by a moderator')).toBeVisible();

    const volunteerPage = await (await browser.newContext()).newPage();
    await signInByApi(volunteerPage, world.volunteer.email, STRONG_PASSWORD, '/volunteer/profile');
    await expect(volunteerPage.getByText('Your profile has been hidden by a moderator.')).toBeVisible();
    await volunteerPage.context().close();
  } finally {
    await runSql(`update clubs set removed_at = null where id = '${world.clubIds.verified}'`);
    await runSql(`update club_volunteer_positions set removed_at = null where id = '${positionUuid}'`);
    await runSql(`update volunteer_profiles set removed_at = null where user_id = '${world.volunteer.id}'`);
  }
});
