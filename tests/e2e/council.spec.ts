import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.js';
import { ADMIN, registerAccount, runSql, signIn, uniqueEmail } from './support.js';

/** A date n days from today in the council's time zone (Europe/London by default). */
function londonDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

test('a member who is not a council administrator is turned away from the admin page', async ({ page }) => {
  const email = uniqueEmail('member');
  await page.goto('/login');
  await registerAccount(page, { email, fullName: 'Plain Member' });
  await signIn(page, email);
  await page.goto('/sports-council/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Meeting' })).toHaveCount(0);
});

test('an administrator publishes a meeting; it moves from upcoming to past with its minutes; its .ics opens as a calendar', async ({ page }) => {
  const title = `Council meeting ${uniqueEmail('m').slice(2, 10)}`;
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/sports-council/admin');
  await expect(page.getByRole('heading', { name: 'Sports Council Admin' })).toBeVisible();

  // The dialog's messages, then a valid meeting dated tomorrow.
  await page.getByRole('button', { name: 'New Meeting' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Save Meeting' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expect(dialog.getByText('Meeting date is required')).toBeVisible();
  await expect(dialog.getByText('Please enter a valid date')).toHaveCount(0);
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Meeting Date').fill(londonDate(1));
  await dialog.getByLabel('Meeting Time').fill('19:00');
  await dialog.getByLabel('Location').fill('Town Hall, Committee Room 2');
  await dialog.getByLabel('Agenda').fill('<p>Grants for <b>junior</b> sport</p><script>alert(1)</script>');
  await dialog.getByRole('button', { name: 'Save Meeting' }).click();
  await expect(page.getByText('Meeting created successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The public page lists it as upcoming, with its agenda (the script gone).
  await page.goto('/sports-council');
  await expect(page.getByRole('tab', { name: /Upcoming Meetings/ })).toHaveAttribute('aria-selected', 'true');
  const card = page.locator('[id^="meeting-"]').filter({ hasText: title });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Show details' }).click();
  await expect(card.getByText('junior')).toBeVisible();
  await expect(card.locator('script')).toHaveCount(0);

  // 'Add to calendar' downloads an iCalendar file of this meeting.
  const downloading = page.waitForEvent('download');
  await card.getByRole('link', { name: 'Add to calendar' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  const ics = readFileSync((await download.path())!, 'utf8');
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(ics).toContain(`SUMMARY:${title}`);
  expect(ics).toContain('END:VCALENDAR');

  // The event links to the meeting's own page; its way back opens the list at its card, expanded.
  const event = ics.replace(/\r\n[ \t]/g, '').split('BEGIN:VEVENT')[1]!;
  const link = new URL(event.match(/^URL(?:;[^:]*)?:(.+)$/m)![1]!.trim());
  expect(link.pathname).toMatch(/^\/sports-council\/meetings\/[A-Za-z0-9_-]+$/);
  await page.goto(link.pathname);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('link', { name: 'Back to meetings' }).click();
  await expect(page).toHaveURL(/\/sports-council#meeting-/);
  const linked = page.locator(`[id="${new URL(page.url()).hash.slice(1)}"]`);
  await expect(linked).toContainText(title);
  await expect(linked.getByRole('button', { name: 'Hide details' })).toBeVisible();

  // The administrator marks it completed with minutes: dated tomorrow, it is still upcoming.
  await page.goto('/sports-council/admin');
  await page.getByRole('tab', { name: 'Meetings' }).click();
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  await dialog.getByLabel('Status').selectOption({ label: 'Completed' });
  await dialog.getByLabel('Minutes').fill('<p>Grants approved for three clubs.</p>');
  await dialog.getByRole('button', { name: 'Save Meeting' }).click();
  await expect(page.getByText('Meeting updated successfully!')).toBeVisible();
  await page.goto('/sports-council');
  await expect(page.locator('[id^="meeting-"]').filter({ hasText: title })).toBeVisible();

  // Once its date has passed (test setup moves it to yesterday) it is under past, with minutes.
  await runSql(`update council_meetings set meeting_date = '${londonDate(-1)}' where title = '${title}'`);
  await page.reload();
  // Both lists are rendered (the inactive tab's hidden): the card is there once, and not in sight
  // under 'Upcoming Meetings'. (A count of 0 right after the reload would pass before the
  // meetings had loaded at all; under load it failed on the hidden past card instead.)
  const past = page.locator('[id^="meeting-"]').filter({ hasText: title });
  await expect(page.getByRole('tab', { name: /Upcoming Meetings/ })).toHaveAttribute('aria-selected', 'true');
  await expect(past).toHaveCount(1);
  await expect(past).toBeHidden();
  await page.getByRole('tab', { name: /Past Meetings & Minutes/ }).click();
  await expect(past).toBeVisible();
  await past.getByRole('button', { name: 'Show details' }).click();
  await expect(past.getByText('Grants approved for three clubs.')).toBeVisible();

  // A past meeting's page leads back to the past tab, at its card, expanded.
  await page.goto(link.pathname);
  await page.getByRole('link', { name: 'Back to meetings' }).click();
  await expect(page.getByRole('tab', { name: /Past Meetings & Minutes/ })).toHaveAttribute('aria-selected', 'true');
  await expect(linked.getByText('Grants approved for three clubs.')).toBeVisible();
});
