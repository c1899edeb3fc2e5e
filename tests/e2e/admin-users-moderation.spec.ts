// The admin panel's Users and Moderation tabs (issue 13). Users: the list, its search and
// sub-tabs (the 'Volunteers' card and tab are the panel's one count of volunteers, issue 25 item
// 19: the header's number and caption, only accounts with a volunteer profile), one account's
// detail, suspending it (the member's sign-in then says why), reinstating it, and the administrator
// role; one's own account offers no action. Moderation: reports filed through the API arrive in the
// open tab; one is marked reviewed and dismissed, the other's message is removed and then restored
// from the Actions tab. axe (light and dark) on each tab and dialog.
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from './fixtures.js';
import { describeFindings, seriousViolations, type AxeFinding } from './axe.js';
import { animationsOver, letterTag, newClubOwner, newMember, newVolunteer, signInByApi, toastAfter } from './journey-support.js';
import { ADMIN, PASSWORD, runSql } from './support.js';
import { VOLUNTEERS_CAPTION } from '../../server/src/modules/volunteers/volunteer-count.rules.js';

/** Pages follow the system's colour scheme, so axe checks light and dark by switching it. */
async function newStoryContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem('clubroom.theme', 'system'));
  return context;
}

async function axeBoth(page: Page, where: string, findings: AxeFinding[]): Promise<void> {
  for (const mode of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: mode, reducedMotion: 'reduce' });
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${mode}\\b`));
    await page.waitForTimeout(150); // colour transitions over before axe reads the colours
    findings.push(...(await seriousViolations(page, `${where} (${mode})`)));
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
}

async function opened(dialog: Locator): Promise<Locator> {
  await expect(dialog).toBeVisible();
  await animationsOver(dialog);
  return dialog;
}

/** A member's access token, through the REST sign-in. */
async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const csrf = (await (await request.get('/api/auth/csrf')).json()).data.token as string;
  const answer = await (await request.post('/api/auth/signin', { headers: { 'x-csrf-token': csrf }, data: { email, password: PASSWORD } })).json();
  expect(answer.success, JSON.stringify(answer)).toBe(true);
  return answer.data.session.access_token as string;
}

async function gql(request: APIRequestContext, token: string, query: string, variables: Record<string, unknown>): Promise<any> {
  const res = await request.post('/graphql', { headers: { authorization: `Bearer ${token}` }, data: { query, variables } });
  const answer = await res.json();
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data;
}

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

test('an administrator finds, filters, suspends and reinstates users and changes the administrator role', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const tag = letterTag();
  const volunteerEmail = await newVolunteer(request, 'Vera', `Users${tag}`);
  const memberEmail = await newMember(request, `Milo Users${tag}`);
  const owner = await newClubOwner(request, { clubName: `Users Club ${tag}`, fullName: `Owen Users${tag}` });
  const context = await newStoryContext(browser);
  const page = await context.newPage();
  const axe: AxeFinding[] = [];

  try {
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    await signInByApi(page, ADMIN.email, ADMIN.password, '/admin#users');
    await expect(page.getByRole('tab', { name: /^Users/ })).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel', { name: /^Users/ });
    const stats = panel.getByRole('region', { name: 'User statistics' });
    for (const label of ['Total Users', 'Volunteers', 'Clubs', 'Suspended']) await expect(stats.getByText(label, { exact: true })).toBeVisible();
    await expect(stats.getByText(/\d+ new this week/)).toBeVisible();
    // One count of volunteers on the one screen: the tab's card shows the header's number and caption.
    const volunteerCard = stats.locator('dl', { has: page.getByText('Volunteers', { exact: true }) });
    const headerCard = page.getByRole('region', { name: 'Platform statistics' }).locator('dl', { has: page.getByText('Total Volunteers', { exact: true }) });
    await expect(headerCard.locator('dd').first()).toHaveText(/^\d+$/);
    const volunteersBefore = Number(await headerCard.locator('dd').first().textContent());
    await expect(volunteerCard.locator('dd').first()).toHaveText(String(volunteersBefore));
    await expect(volunteerCard.locator('dd').nth(1)).toHaveText(VOLUNTEERS_CAPTION);
    await expect(headerCard.locator('dd').nth(1)).toHaveText(VOLUNTEERS_CAPTION);

    // The search (debounced) finds the three accounts; each sub-tab keeps its own.
    await panel.getByRole('searchbox', { name: 'Search users' }).fill(`users${tag.toUpperCase()}`);
    const table = panel.getByRole('table', { name: 'Users' });
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(table.getByRole('row').filter({ hasText: `Vera Users${tag}` })).toContainText('Volunteer');
    await expect(table.getByRole('row').filter({ hasText: owner.email })).toContainText(`Users Club ${tag}`);
    await expect(table.getByRole('row').filter({ hasText: memberEmail })).toContainText('Active');
    await panel.getByRole('tab', { name: 'Clubs' }).click();
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText(owner.email);
    // Volunteers: Vera (a volunteer profile), not Milo (no club, no profile: under All only).
    await panel.getByRole('tab', { name: 'Volunteers' }).click();
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText(volunteerEmail);
    await expect(table).not.toContainText(memberEmail);
    await expect(table).not.toContainText(owner.email);
    await panel.getByRole('tab', { name: 'Suspended' }).click();
    await expect(panel.getByRole('heading', { name: 'No users match your search' })).toBeVisible();
    await axeBoth(page, 'Users tab, empty search result', axe);
    await panel.getByRole('tab', { name: 'All' }).click();
    await expect(table.getByRole('row')).toHaveCount(4);
    await axeBoth(page, 'Users tab', axe);

    // One's own account: no actions.
    await panel.getByRole('searchbox', { name: 'Search users' }).fill(ADMIN.email);
    await expect(table.getByRole('row')).toHaveCount(2);
    await table.getByRole('button', { name: /^View/ }).click();
    let detail = await opened(page.getByRole('dialog', { name: 'User Details' }));
    await expect(detail.getByText('This is your own account', { exact: false })).toBeVisible();
    await expect(detail.getByRole('button', { name: /Suspend|Ban|Administrator/ })).toHaveCount(0);
    await detail.getByRole('button', { name: 'Close' }).first().click();
    await expect(detail).toBeHidden();

    // The volunteer's detail: role, status, profile and activity.
    await panel.getByRole('searchbox', { name: 'Search users' }).fill(volunteerEmail);
    await expect(table.getByRole('row')).toHaveCount(2);
    await table.getByRole('button', { name: `View Vera Users${tag}` }).click();
    detail = await opened(page.getByRole('dialog', { name: 'User Details' }));
    await expect(detail.getByText(volunteerEmail)).toBeVisible();
    await expect(detail.getByText('Messages sent')).toBeVisible();
    await expect(detail.getByText('Active sessions')).toBeVisible();
    await expect(detail.getByText('Location: Journeyton')).toBeVisible();
    await axeBoth(page, 'User Details dialog', axe);

    // Suspend: the reason is required and the end cannot be in the past.
    await detail.getByRole('button', { name: 'Suspend', exact: true }).click();
    const suspend = await opened(page.getByRole('alertdialog', { name: 'Suspend User' }));
    await suspend.getByRole('button', { name: 'Suspend User' }).click();
    await expect(suspend.getByText('Reason is required')).toBeVisible();
    const reason = `Repeated spam ${tag}`;
    await suspend.getByLabel('Suspension Reason *').fill(reason);
    const yesterday = new Date(Date.now() - 86_400_000);
    await suspend.getByLabel('Suspend until').fill(ymd(yesterday));
    await suspend.getByRole('button', { name: 'Suspend User' }).click();
    await expect(suspend.getByText('Suspension end must be in the future')).toBeVisible();
    await suspend.getByLabel('Suspend until').fill(ymd(new Date(Date.now() + 7 * 86_400_000)));
    await axeBoth(page, 'Suspend User dialog', axe);
    await toastAfter(page, 'User suspended', () => suspend.getByRole('button', { name: 'Suspend User' }).click());
    await expect(suspend).toBeHidden();
    await expect(detail.getByText(`Reason: ${reason}`)).toBeVisible();
    await expect(detail.getByRole('button', { name: 'Reinstate' })).toBeVisible();
    await expect(detail.getByText(/^Until /)).toBeVisible();
    await detail.getByRole('button', { name: 'Close' }).first().click();
    await expect(table.getByRole('row').filter({ hasText: volunteerEmail })).toContainText('Suspended');
    // Vera is no longer counted, on the tab's card and the header's at once.
    await expect(volunteerCard.locator('dd').first()).toHaveText(String(volunteersBefore - 1));
    await expect(headerCard.locator('dd').first()).toHaveText(String(volunteersBefore - 1));
    const [row] = await runSql<{ status: string }>(`select status from users where email = '${volunteerEmail}'`);
    expect(row!.status).toBe('suspended');

    // The member's sign-in is refused and says why.
    const memberContext = await browser.newContext();
    try {
      const member = await memberContext.newPage();
      await member.goto('/login');
      await member.getByLabel('Email').fill(volunteerEmail);
      await member.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await member.getByRole('button', { name: 'Sign In' }).click();
      await expect(member.getByText(new RegExp(`This account has been suspended until .+\\. Reason: ${reason}`))).toBeVisible();
      await expect(member).toHaveURL(/\/login$/);
    } finally {
      await memberContext.close();
    }

    // The Suspended sub-tab lists the account; reinstating it makes it active again.
    await panel.getByRole('tab', { name: 'Suspended' }).click();
    await expect(table.getByRole('row')).toHaveCount(2);
    await table.getByRole('button', { name: /^View/ }).click();
    detail = await opened(page.getByRole('dialog', { name: 'User Details' }));
    await detail.getByRole('button', { name: 'Reinstate' }).click();
    const reinstate = await opened(page.getByRole('alertdialog', { name: 'Reinstate User' }));
    await toastAfter(page, 'User reinstated', () => reinstate.getByRole('button', { name: 'Reinstate User' }).click());
    await expect(detail.getByRole('button', { name: 'Suspend', exact: true })).toBeVisible();
    await detail.getByRole('button', { name: 'Close' }).first().click();
    await expect(panel.getByRole('heading', { name: 'No users match your search' })).toBeVisible();

    // The administrator role, granted and removed.
    await panel.getByRole('tab', { name: 'All' }).click();
    await panel.getByRole('searchbox', { name: 'Search users' }).fill(memberEmail);
    // The member's row, not just one row: the All tab first lists the last search's (Vera's), and
    // a View clicked on it as the search's answer replaced it opened no dialog (a loaded run).
    await expect(table.getByRole('row').filter({ hasText: memberEmail })).toHaveCount(1);
    await expect(table.getByRole('row')).toHaveCount(2);
    await table.getByRole('button', { name: /^View/ }).click();
    detail = await opened(page.getByRole('dialog', { name: 'User Details' }));
    await detail.getByRole('button', { name: 'Make Administrator' }).click();
    let role = await opened(page.getByRole('alertdialog', { name: 'Make Administrator' }));
    await axeBoth(page, 'Make Administrator dialog', axe);
    await toastAfter(page, 'Administrator role granted', () => role.getByRole('button', { name: 'Make Administrator' }).click());
    await expect(detail.getByText('Platform Admin')).toBeVisible();
    await detail.getByRole('button', { name: 'Remove Administrator' }).click();
    role = await opened(page.getByRole('alertdialog', { name: 'Remove Administrator' }));
    await toastAfter(page, 'Administrator role removed', () => role.getByRole('button', { name: 'Remove Administrator' }).click());
    await expect(detail.getByRole('button', { name: 'Make Administrator' })).toBeVisible();

    expect(axe.length, `axe found serious or critical violations:\n${describeFindings(axe)}`).toBe(0);
  } finally {
    await context.close();
  }
});

const REPORT = `mutation($input: ReportContentInput!) { reportContent(input: $input) { report { id } userErrors { message } } }`;
const SEND = `mutation($input: SendMessageInput!) { sendMessage(input: $input) { message { id } userErrors { message } } }`;

test('reports arrive in the Moderation tab; one is reviewed and dismissed, the other removed and restored', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const tag = letterTag();
  const owner = await newClubOwner(request, { clubName: `Moderated Club ${tag}`, fullName: 'Sam Sender' });
  const recipientEmail = await newVolunteer(request, 'Rita', `Reporter${tag}`);
  const senderToken = await tokenOf(request, owner.email);
  const reporterToken = await tokenOf(request, recipientEmail);
  const recipients = await gql(request, senderToken, 'query($s: String) { messageRecipients(search: $s, first: 5) { nodes { id } } }', { s: `Reporter${tag}` });
  const recipientId = recipients.messageRecipients.nodes[0].id as string;
  const SPAM = { subject: `Cheap kit ${tag}`, content: 'Buy cheap kit now from a site I will not name, the best prices in town!' };
  const ABUSE = { subject: `Stay away ${tag}`, content: 'Nobody wants you at the track. Stay away on Saturday or else.' };
  const ids: Record<string, string> = {};
  for (const message of [SPAM, ABUSE]) {
    const sent = await gql(request, senderToken, SEND, { input: { recipientId, ...message } });
    expect(sent.sendMessage.userErrors).toEqual([]);
    ids[message.subject] = sent.sendMessage.message.id;
  }
  const report = async (subject: string, reason: string, details: string) => {
    const filed = await gql(request, reporterToken, REPORT, { input: { targetType: 'MESSAGE', targetId: ids[subject], reason, details } });
    expect(filed.reportContent.userErrors).toEqual([]);
  };

  const context = await newStoryContext(browser);
  const page = await context.newPage();
  const axe: AxeFinding[] = [];
  try {
    await report(SPAM.subject, 'SPAM', 'Advertising in my inbox.');
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    await signInByApi(page, ADMIN.email, ADMIN.password, '/admin#moderation');
    const tab = page.getByRole('tab', { name: /^Moderation/ });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel', { name: /^Moderation/ });
    const entry = (subject: string) => panel.getByRole('article').filter({ hasText: subject });
    await expect(entry(SPAM.subject)).toContainText('Pending');
    await expect(entry(SPAM.subject)).toContainText('Spam');
    await expect(entry(SPAM.subject)).toContainText('Message');
    await expect(entry(SPAM.subject)).toContainText(`Reported by Rita Reporter${tag}`);
    await expect(entry(SPAM.subject)).toContainText(`Owner Moderated Club ${tag}`);
    await expect(tab).toContainText('1');

    // A report filed while the tab is open arrives without a reload.
    await report(ABUSE.subject, 'HARASSMENT', 'Threatening me about Saturday.');
    await expect(entry(ABUSE.subject)).toContainText('Harassment or abuse');
    await expect(tab).toContainText('2');
    const stats = panel.getByRole('region', { name: 'Moderation statistics' });
    for (const label of ['Total Reports', 'Pending', 'Resolved', 'Actions Taken']) await expect(stats.getByText(label, { exact: true })).toBeVisible();
    await axeBoth(page, 'Moderation tab', axe);

    // The first report: reviewed, then dismissed.
    await entry(SPAM.subject).getByRole('button', { name: /^Review/ }).click();
    let review = await opened(page.getByRole('dialog', { name: 'Report Details' }));
    await expect(review.getByText(SPAM.content)).toBeVisible();
    await expect(review.getByText('Advertising in my inbox.')).toBeVisible();
    await axeBoth(page, 'Report Details dialog', axe);
    await toastAfter(page, 'Report marked as reviewed', () => review.getByRole('button', { name: 'Mark as Reviewed' }).click());
    await expect(review.getByText('Reviewed', { exact: true })).toBeVisible();
    await expect(review.getByRole('button', { name: 'Mark as Reviewed' })).toHaveCount(0);
    await review.getByRole('button', { name: 'Dismiss Report' }).click();
    const dismiss = await opened(page.getByRole('alertdialog', { name: 'Dismiss Report' }));
    await axeBoth(page, 'Dismiss Report dialog', axe);
    await toastAfter(page, 'Report dismissed', () => dismiss.getByRole('button', { name: 'Dismiss Report' }).click());
    await expect(review).toBeHidden();
    await expect(entry(SPAM.subject)).toContainText('Dismissed');
    await expect(tab).toContainText('1');

    // The second report, under Pending: the message is removed.
    await panel.getByRole('tab', { name: /^Pending/ }).click();
    await expect(panel.getByRole('list', { name: 'Pending reports' }).getByRole('article')).toHaveCount(1);
    await entry(ABUSE.subject).getByRole('button', { name: /^Review/ }).click();
    review = await opened(page.getByRole('dialog', { name: 'Report Details' }));
    await review.getByRole('button', { name: 'Remove Content' }).click();
    const remove = await opened(page.getByRole('alertdialog', { name: 'Remove Content' }));
    await axeBoth(page, 'Remove Content dialog', axe);
    await toastAfter(page, 'Content removed', () => remove.getByRole('button', { name: 'Remove Content' }).click());
    await expect(review).toBeHidden();
    await expect(panel.getByRole('heading', { name: 'No pending reports' })).toBeVisible();
    await expect(tab).not.toContainText(/\d/);
    const [removed] = await runSql<{ removed: boolean }>(`select removed_at is not null as removed from messages where subject = '${ABUSE.subject}'`);
    expect(removed!.removed).toBe(true);

    // The Actions tab: both decisions; the removal is restored.
    await panel.getByRole('tab', { name: /^Actions/ }).click();
    const actions = panel.getByRole('list', { name: 'Moderation actions' });
    await expect(actions.getByRole('listitem').filter({ hasText: 'Dismissal' })).toContainText(SPAM.subject);
    const removal = actions.getByRole('listitem').filter({ hasText: 'Content Removal' });
    await expect(removal).toContainText(ABUSE.subject);
    await expect(removal).toContainText('By ');
    await axeBoth(page, 'Moderation actions', axe);
    await removal.getByRole('button', { name: `Restore ${ABUSE.subject}` }).click();
    const restore = await opened(page.getByRole('alertdialog', { name: 'Restore Content' }));
    await axeBoth(page, 'Restore Content dialog', axe);
    await toastAfter(page, 'Content restored', () => restore.getByRole('button', { name: 'Restore' }).click());
    await expect(actions.getByRole('listitem').filter({ hasText: 'Content Restoration' })).toContainText(ABUSE.subject);
    await expect(actions.getByRole('button', { name: /^Restore/ })).toHaveCount(0);
    const [restored] = await runSql<{ removed: boolean }>(`select removed_at is not null as removed from messages where subject = '${ABUSE.subject}'`);
    expect(restored!.removed).toBe(false);

    expect(axe.length, `axe found serious or critical violations:\n${describeFindings(axe)}`).toBe(0);
  } finally {
    await context.close();
  }
});
