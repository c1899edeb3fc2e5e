// Issue 13's moderation story end to end, in three browsers at once: a club owner writes two
// messages to a volunteer, who reports both from the conversation; the platform administrator,
// with the Moderation tab open, sees each report arrive (the tab's badge and the list, no reload),
// removes the first message (it disappears from the volunteer's open conversation) and suspends
// the sender from the second report; the sender's open browser is signed out at once with the
// notice, and signing in again says why. The administrator reinstates the sender from the Users
// tab, and the sender signs in. axe (light and dark) at each state only this story reaches.
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from './fixtures.js';
import { animationsOver, letterTag, newClubOwner, newVolunteer, signInByApi, toastAfter } from './journey-support.js';
import { describeFindings, seriousViolations, type AxeFinding } from './axe.js';
import { ADMIN, PASSWORD } from './support.js';

const tag = letterTag();
/** The sender is a club's owner: members see the club's name. */
const SENDER = { fullName: 'Sid Sender', name: `Moderated Movers ${tag}` };
const RECIPIENT = { first: 'Rae', last: `Recipient${tag}` };
const RECIPIENT_NAME = `${RECIPIENT.first} ${RECIPIENT.last}`;
const ABUSE = { subject: `Your kit ${tag}`, content: 'Nobody wants you at the club. Stay away from the track on Saturday.' };
const SPAM = { subject: `Cheap trainers ${tag}`, content: 'Buy cheap trainers now at a site I will not name, best prices in town!' };
const SUSPENSION_REASON = 'Abusive messages to volunteers';

/** Every page of the story follows the system's colour scheme (next-themes' 'system'), so axe can
 *  check a state in light and in dark by switching the emulated scheme, without reloading it. */
async function newStoryContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem('clubroom.theme', 'system'));
  return context;
}

/** axe's serious findings in light and then in dark mode, on the page as it is now (dialogs open). */
async function axeBoth(page: Page, where: string, include?: string): Promise<AxeFinding[]> {
  const findings: AxeFinding[] = [];
  for (const mode of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: mode, reducedMotion: 'reduce' });
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${mode}\\b`));
    // No sleep for colour transitions: seriousViolations waits until no finite animation or
    // transition runs (and the app turns transitions off while the theme changes).
    findings.push(...(await seriousViolations(page, `${where} (${mode})`, include)));
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  return findings;
}

/** Marks the page's document, so that a later check can prove it was never reloaded. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { storyMark: string }).storyMark = 'still here'));
}

async function expectNotReloaded(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { storyMark?: string }).storyMark), 'the page was reloaded').toBe('still here');
}

/** One GraphQL call as the page's signed-in member (the access token the web app keeps). */
async function gqlAs(page: Page, query: string, variables: Record<string, unknown>): Promise<any> {
  return page.evaluate(
    async ({ query, variables }) => {
      const session = JSON.parse(localStorage.getItem('clubroom.session') ?? '{}') as { access_token?: string };
      const res = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session.access_token}` },
        body: JSON.stringify({ query, variables }),
      });
      return res.json();
    },
    { query, variables },
  );
}

const SEND = 'mutation($i: SendMessageInput!) { sendMessage(input: $i) { message { id } userErrors { message } } }';

/** The Moderation tab's trigger (its badge counts the pending reports). */
const moderationTab = (admin: Page) => admin.getByRole('tab', { name: /^Moderation/ });
/** The Moderation tab's badge: `n` pending reports (no badge at 0). */
async function expectPending(admin: Page, n: number): Promise<void> {
  if (n === 0) await expect(moderationTab(admin)).not.toContainText(/\d/);
  else await expect(moderationTab(admin)).toContainText(new RegExp(`^Moderation\\s*${n}(\\D|$)`));
}

/** A report's entry in the Moderation tab's list, named by the reported message's subject. */
function reportEntry(admin: Page, subject: string): Locator {
  return admin.getByRole('list', { name: 'Reports' }).getByRole('article', { name: subject });
}

/** The volunteer reports one received message from the conversation, with a reason. */
async function reportMessage(page: Page, content: string, reason: string, details: string, axe: AxeFinding[] | null): Promise<void> {
  const bubble = page.getByRole('group', { name: `Message from ${SENDER.name}` }).filter({ hasText: content });
  await bubble.getByRole('button', { name: 'Message actions' }).click();
  const menu = page.getByRole('menu');
  await animationsOver(menu);
  await menu.getByRole('menuitem', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report content' });
  await expect(dialog).toBeVisible();
  await animationsOver(dialog);
  await dialog.getByRole('button', { name: 'Submit Report' }).click();
  await expect(dialog.getByText('Please choose a reason')).toBeVisible();
  await dialog.getByText(reason, { exact: true }).click();
  await dialog.getByLabel('Details (optional)').fill(details);
  if (axe) axe.push(...(await axeBoth(page, 'volunteer: the report dialog, filled in')));
  await toastAfter(page, 'Report received', () => dialog.getByRole('button', { name: 'Submit Report' }).click());
  await expect(dialog).toBeHidden();
}

/** Opens a report's review dialog from the Moderation tab. */
async function openReview(admin: Page, subject: string): Promise<Locator> {
  await reportEntry(admin, subject).getByRole('button', { name: `Review report about ${subject}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Report Details' });
  await expect(dialog.getByText(subject).first()).toBeVisible();
  await animationsOver(dialog);
  return dialog;
}

/** The confirmation an action opens: an alert dialog named as the action (and its button). */
async function confirmation(admin: Page, name: string): Promise<Locator> {
  const dialog = admin.getByRole('alertdialog', { name });
  await expect(dialog).toBeVisible();
  await animationsOver(dialog);
  return dialog;
}

/** Signs in through the form and answers the page (the sign-in may be refused). */
async function submitSignIn(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('a volunteer reports messages; the administrator sees them live, removes one and suspends the sender, who is signed out at once; then reinstates them', async ({
  browser,
  request,
}) => {
  test.setTimeout(360_000);
  const owner = await newClubOwner(request, { clubName: SENDER.name, fullName: SENDER.fullName });
  const recipientEmail = await newVolunteer(request, RECIPIENT.first, RECIPIENT.last);
  const contexts = await Promise.all([newStoryContext(browser), newStoryContext(browser), newStoryContext(browser)]);
  const [admin, volunteer, sender] = await Promise.all(contexts.map((context) => context.newPage()));
  const axe: AxeFinding[] = [];

  try {
    for (const page of [admin!, volunteer!, sender!]) await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });

    // ---- The administrator keeps the Moderation tab open: nothing reported yet. ----
    await signInByApi(admin!, ADMIN.email, ADMIN.password, '/admin#moderation');
    await expect(admin!.getByRole('heading', { name: 'Platform Administration', level: 1 })).toBeVisible();
    await expect(moderationTab(admin!)).toHaveAttribute('aria-selected', 'true');
    // Other specs of the suite may have left reports pending: the badge counts from what is there.
    const base = ((await gqlAs(admin!, '{ moderationStats { pending } }', {})).data.moderationStats as { pending: number }).pending;
    await expectPending(admin!, base);
    await markDocument(admin!);

    // ---- The sender, signed in, writes twice to the volunteer. ----
    await signInByApi(sender!, owner.email, PASSWORD, '/messages');
    await expect(sender!.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const [{ id: recipientId }] = (await gqlAs(sender!, 'query($s: String) { messageRecipients(search: $s, first: 5) { nodes { id name } } }', { s: RECIPIENT.last })).data
      .messageRecipients.nodes as Array<{ id: string }>;
    for (const message of [ABUSE, SPAM]) {
      const sent = await gqlAs(sender!, SEND, { i: { recipientId, ...message } });
      expect(sent.data?.sendMessage?.message, JSON.stringify(sent)).toBeTruthy();
    }
    await markDocument(sender!);

    // ---- The volunteer opens the conversation and reports the first message. ----
    await signInByApi(volunteer!, recipientEmail, PASSWORD, '/messages');
    await volunteer!.getByRole('link', { name: new RegExp(SENDER.name) }).first().click();
    const thread = volunteer!.getByRole('list', { name: 'Messages in this conversation' });
    await expect(thread.getByText(ABUSE.content)).toBeVisible();
    await expect(thread.getByText(SPAM.content)).toBeVisible();
    await markDocument(volunteer!);
    await reportMessage(volunteer!, ABUSE.content, 'Harassment or abuse', 'Threatening me about Saturday.', axe);

    // The administrator sees it arrive: the badge and the list, without a reload.
    await expectPending(admin!, base + 1);
    await expect(reportEntry(admin!, ABUSE.subject)).toBeVisible();
    await expect(reportEntry(admin!, ABUSE.subject)).toContainText('Pending');
    await expectNotReloaded(admin!);

    // A second report, of the other message: the badge counts two.
    await reportMessage(volunteer!, SPAM.content, 'Spam', 'Advertising.', null);
    await expectPending(admin!, base + 2);
    await expect(reportEntry(admin!, SPAM.subject)).toBeVisible();
    axe.push(...(await axeBoth(admin!, 'admin: Moderation tab with live reports')));

    // ---- The first report: the administrator removes the message. ----
    let review = await openReview(admin!, ABUSE.subject);
    await expect(review.getByText(ABUSE.content).first()).toBeVisible();
    await expect(review.getByText(SENDER.name).first()).toBeVisible();
    axe.push(...(await axeBoth(admin!, 'admin: review of a pending message report')));
    await review.getByRole('button', { name: 'Remove Content' }).click();
    let confirm = await confirmation(admin!, 'Remove Content');
    await toastAfter(admin!, 'Content removed', () => confirm.getByRole('button', { name: 'Remove Content' }).click());
    await expect(review).toBeHidden();
    await expectPending(admin!, base + 1);

    // The message disappears from the volunteer's open conversation; the other stays.
    await expect(thread.getByText(ABUSE.content)).toHaveCount(0);
    await expect(thread.getByText(SPAM.content)).toBeVisible();
    await expectNotReloaded(volunteer!);
    axe.push(...(await axeBoth(volunteer!, 'volunteer: conversation after the removal')));

    // ---- The second report: the administrator suspends the sender. ----
    review = await openReview(admin!, SPAM.subject);
    await review.getByRole('button', { name: 'Suspend Account' }).click();
    confirm = await confirmation(admin!, 'Suspend Account');
    await confirm.getByRole('button', { name: 'Suspend Account' }).click();
    await expect(confirm.getByText('Reason is required')).toBeVisible();
    await confirm.getByLabel('Suspension Reason *').fill(SUSPENSION_REASON);
    axe.push(...(await axeBoth(admin!, 'admin: suspending the account from a report')));
    await toastAfter(admin!, 'Account suspended', () => confirm.getByRole('button', { name: 'Suspend Account' }).click());
    await expect(confirm).toBeHidden();
    await expectPending(admin!, base);
    await expect(reportEntry(admin!, ABUSE.subject)).toContainText('Resolved');
    await expect(reportEntry(admin!, ABUSE.subject)).toContainText('Removed');
    await expect(reportEntry(admin!, SPAM.subject)).toContainText('Resolved');

    // ---- The sender's open browser is signed out at once, with the notice. ----
    await expect(sender!).toHaveURL(/\/login$/);
    const notices = sender!.getByRole('region', { name: /^Notifications/ });
    await expect(notices.getByText('Account suspended', { exact: true })).toBeVisible();
    await expect(notices.getByText('Your account has been suspended. Sign in to see why.')).toBeVisible();
    axe.push(...(await axeBoth(sender!, 'sender: signed out with the suspension notice')));

    // Signing in again says why.
    await submitSignIn(sender!, owner.email);
    await expect(sender!.getByText(`This account has been suspended. Reason: ${SUSPENSION_REASON}`)).toBeVisible();
    await expect(sender!).toHaveURL(/\/login$/);
    axe.push(...(await axeBoth(sender!, 'sender: sign-in refused, with the reason')));

    // The actions list holds both decisions.
    await admin!.getByRole('tab', { name: 'Actions', exact: true }).click();
    const actions = admin!.getByRole('tabpanel', { name: 'Actions', exact: true });
    await expect(actions.getByText('Content Removal').first()).toBeVisible();
    await expect(actions.getByText('Account Suspension').first()).toBeVisible();
    axe.push(...(await axeBoth(admin!, 'admin: moderation actions')));

    // The volunteer hears the outcome of both reports.
    await volunteer!.getByRole('button', { name: /^Notifications/ }).click();
    const bell = volunteer!.getByRole('dialog', { name: 'Notifications' });
    await animationsOver(bell);
    await expect(bell.getByText('Report reviewed')).toHaveCount(2);
    await expect(bell.getByText(`Thank you. We reviewed your report about "${ABUSE.subject}" and took action.`)).toBeVisible();
    axe.push(...(await axeBoth(volunteer!, 'volunteer: bell with the outcomes of the reports')));
    await volunteer!.keyboard.press('Escape');

    // ---- The administrator reinstates the sender from the Users tab. ----
    await admin!.getByRole('tab', { name: /^Users/ }).click();
    const users = admin!.getByRole('tabpanel', { name: /^Users/ });
    await users.getByRole('tab', { name: 'Suspended', exact: true }).click();
    await users.getByLabel('Search users').fill(owner.email);
    const row = users.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: owner.email });
    await expect(row).toContainText('Suspended');
    axe.push(...(await axeBoth(admin!, 'admin: Users tab, the suspended accounts')));
    await row.getByRole('button', { name: `View ${SENDER.name}` }).click();
    const detail = admin!.getByRole('dialog', { name: 'User Details' });
    await expect(detail.getByText(owner.email)).toBeVisible();
    await animationsOver(detail);
    await expect(detail.getByText(SUSPENSION_REASON)).toBeVisible();
    axe.push(...(await axeBoth(admin!, 'admin: the suspended user')));
    await detail.getByRole('button', { name: 'Reinstate', exact: true }).click();
    const reinstate = await confirmation(admin!, 'Reinstate User');
    await toastAfter(admin!, 'User reinstated', () => reinstate.getByRole('button', { name: 'Reinstate User' }).click());
    await expectNotReloaded(admin!);

    // ---- The sender signs in again. ----
    await submitSignIn(sender!, owner.email);
    await expect(sender!).toHaveURL(/\/profile$/);

    expect(axe.length, `axe found serious or critical violations:\n${describeFindings(axe)}`).toBe(0);
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});
