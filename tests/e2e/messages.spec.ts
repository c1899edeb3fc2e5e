import { expect, test, type Browser, type Page } from './fixtures.js';
import { registerAccount, runSql, signIn, uniqueEmail } from './support.js';

async function memberIn(browser: Browser, fullName: string, clubName?: string): Promise<{ page: Page; email: string; close(): Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail(fullName.split(' ')[0]!.toLowerCase());
  await page.goto('/login');
  await registerAccount(page, { email, fullName, clubName });
  await signIn(page, email);
  return { page, email, close: () => context.close() };
}

test('a message reaches the other member live: badge, bell, conversation and the Read mark', async ({ browser }) => {
  const alice = await memberIn(browser, 'Alice Sender');
  const bob = await memberIn(browser, 'Bob Receiver');
  try {
    const bobNav = bob.page.getByRole('navigation', { name: 'Main' });
    await expect(bobNav.getByRole('link', { name: /^Messages/ })).toBeVisible();

    // Alice writes to Bob.
    await alice.page.goto('/messages');
    await alice.page.getByRole('button', { name: 'New Message' }).click();
    const dialog = alice.page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expect(dialog.getByText('Please select a recipient')).toBeVisible();
    await expect(dialog.getByText('Subject must be at least 5 characters')).toBeVisible();
    await expect(dialog.getByText('Message must be at least 10 characters')).toBeVisible();
    await dialog.getByPlaceholder('Search volunteers and clubs...').fill('Bob Rec');
    await dialog.getByRole('option', { name: /Bob Receiver/ }).click();
    await dialog.getByLabel('Subject').fill('Training on Saturday');
    await dialog.getByLabel('Message').fill('Hi Bob,\nAre you free to help on Saturday?');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expect(alice.page.getByText('Message sent successfully!')).toBeVisible();

    // Bob's badge and bell update without a reload.
    await expect(bobNav.getByRole('link', { name: /^Messages/ })).toContainText('1');
    const bell = bob.page.getByRole('button', { name: 'Notifications' });
    await expect(bell).toContainText('1');
    await bell.click();
    await expect(bob.page.getByText('Stay updated with your latest activity')).toBeVisible();
    await bob.page.getByText('New message from Alice Sender').click();
    await expect(bob.page).toHaveURL(/\/messages\/[A-Za-z0-9_-]{20,}$/);
    const bobThread = bob.page.getByRole('list', { name: 'Messages in this conversation' });
    await expect(bobThread.getByText('Are you free to help on Saturday?')).toBeVisible();
    await expect(bobNav.getByRole('link', { name: /^Messages/ })).not.toContainText('1');

    // Alice sees her message turn from Sent to Read, live.
    await alice.page.waitForURL(/\/messages\/[A-Za-z0-9_-]{20,}$/);
    const aliceThread = alice.page.getByRole('list', { name: 'Messages in this conversation' });
    await expect(aliceThread.getByRole('group', { name: 'Your message' }).getByText('Read', { exact: true })).toBeVisible();

    // Bob replies with Ctrl+Enter; the subject is derived.
    await expect(bob.page.getByText('Re: Training on Saturday').first()).toBeVisible();
    await bob.page.getByLabel('Reply').fill('Yes, count me in.');
    await bob.page.getByLabel('Reply').press('Control+Enter');
    await expect(bob.page.getByLabel('Reply')).toHaveValue('');
    await expect(aliceThread.getByText('Yes, count me in.')).toBeVisible();
  } finally {
    await alice.close();
    await bob.close();
  }
});

test('a long conversation opens at its newest messages and loads older ones on request', async ({ browser }) => {
  const reader = await memberIn(browser, 'Rita Reader');
  const writer = await memberIn(browser, 'Walt Writer');
  try {
    // 75 messages from Walt to Rita, one a minute, the newest last.
    await runSql(
      `insert into messages (sender_id, recipient_id, subject, content, read, created_at)
       select w.id, r.id, 'Update ' || g, 'Long thread message number ' || g || '.', true, now() - (76 - g) * interval '1 minute'
       from users w, users r, generate_series(1, 75) g
       where w.email = '${writer.email}' and r.email = '${reader.email}'`,
    );
    await reader.page.goto('/messages');
    await reader.page.getByRole('link', { name: /Walt Writer/ }).click();
    const thread = reader.page.getByRole('list', { name: 'Messages in this conversation' });
    await expect(thread.getByText('Long thread message number 75.')).toBeVisible();
    await expect(reader.page.getByText('75 messages')).toBeVisible();
    await expect(thread.getByRole('listitem')).toHaveCount(50);
    await expect(thread.getByText('Long thread message number 1.', { exact: true })).toHaveCount(0);

    await reader.page.getByRole('button', { name: 'Load older messages' }).click();
    await expect(thread.getByText('Long thread message number 1.', { exact: true })).toBeVisible();
    await expect(thread.getByRole('listitem')).toHaveCount(75);
    await expect(reader.page.getByRole('button', { name: 'Load older messages' })).toHaveCount(0);

    // A reply still goes at the end, after the newest message.
    await reader.page.getByLabel('Reply').fill('Thanks for all the updates.');
    await reader.page.getByLabel('Reply').press('Control+Enter');
    await expect(thread.getByRole('listitem').last()).toContainText('Thanks for all the updates.');
    await expect(reader.page.getByText('76 messages')).toBeVisible();
  } finally {
    await reader.close();
    await writer.close();
  }
});
