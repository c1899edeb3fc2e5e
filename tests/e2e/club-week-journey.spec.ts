// Issue 29's journey, end to end in the browser: the owner's weekly meeting time becomes dated
// sessions; a member follows the club from its page, gets their calendar link on My clubs, opens
// the next session and answers Going; the session's 48-hour reminder comes by email (time moved
// forward by making its job due, not waited for); in a fresh browser nobody is signed in to, the
// member taps "Can't make it" in that email (the page asks first; the link then says it was used),
// and the owner's head count, open all along, changes live; the owner moves the session to another
// place and then cancels it with a reason, and the member's page, open all along, shows both live;
// the member's calendar feed, parsed by ical.js,
// keeps the session under the same UID, a higher SEQUENCE, STATUS:CANCELLED and the member's
// answer as DECLINED.
import ICAL from 'ical.js';
import { expect, test, type APIRequestContext } from './fixtures.js';
import { globalId, letterTag, newClubOwner, newMember, signInByApi, toastAfter } from './journey-support.js';
import { runSql, waitForMail } from './support.js';

const CANT_LINK = /Can’t make it:\s+(\S+\/sessions\/answer\?token=\S+)/;
const CLUB_ZONE = 'Europe/London'; // COUNCIL_TIME_ZONE's default: the club's until it chooses one

/** The feed as a calendar app reads it (no credentials), and its events by summary. */
async function feedEvents(request: APIRequestContext, url: string) {
  const res = await request.get(new URL(url).pathname);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  return new ICAL.Component(ICAL.parse(await res.text())).getAllSubcomponents('vevent');
}

test("the club's week: meeting time → sessions, follow, Going, the 48-hour reminder, Can't from the email signed out, the owner's live count, a cancellation the calendar keeps", async ({ browser, page, request, baseURL }) => {
  test.setTimeout(180_000);
  const owner = await newClubOwner(request, { clubName: `Weekly Wagtails ${letterTag()}`, fullName: 'Wendy Wagtail' });
  const memberEmail = await newMember(request, 'Jules Journey');
  const clubPath = `/clubs/${globalId('Club', owner.clubId)}`;
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  const strangerContext = await browser.newContext();
  try {
    // The owner's meeting time: the weekday three days from now (so its next session is more than
    // 48 hours away and its 48-hour reminder still to come), 18:00–19:30 in the club's zone.
    const weekday = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString('en-GB', { weekday: 'long', timeZone: CLUB_ZONE });
    await signInByApi(ownerPage, owner.email, undefined, '/club/dashboard');
    await ownerPage.getByRole('tab', { name: 'Meeting Times' }).click();
    await ownerPage.getByLabel('Day', { exact: false }).first().selectOption(weekday);
    await ownerPage.getByLabel('Start time', { exact: false }).first().selectOption('18:00');
    await ownerPage.getByLabel('End time', { exact: false }).first().selectOption('19:30');
    await ownerPage.getByRole('button', { name: 'Save Meeting Times' }).click();
    await expect(ownerPage.getByText('Meeting times updated successfully')).toBeVisible();

    // The member follows from the club's page, which lists the dated sessions.
    await signInByApi(page, memberEmail, undefined, clubPath);
    await expect(page.getByRole('heading', { name: owner.clubName, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: `Follow ${owner.clubName}` }).click();
    await expect(page.getByRole('button', { name: `Following ${owner.clubName}` })).toHaveAttribute('aria-pressed', 'true');
    const upcoming = page.getByRole('list', { name: /: sessions and events$/ }).getByRole('link', { name: `${owner.clubName} training` });
    await expect(upcoming.first()).toBeVisible();

    // My clubs: the club, and the member's private calendar link.
    await page.goto('/my-clubs');
    await expect(page.getByRole('link', { name: owner.clubName })).toBeVisible();
    const calendar = page.getByRole('region', { name: 'Subscribe in your calendar' });
    await calendar.getByRole('button', { name: 'Get my calendar link' }).click();
    const linkInput = calendar.getByRole('textbox', { name: 'Your calendar link' });
    await expect(linkInput).toHaveValue(/\/calendar\/[0-9a-f]{64}\.ics$/);
    const feedUrl = await linkInput.inputValue();

    // The next session: the member says Going.
    await page.goto(clubPath);
    await upcoming.first().click();
    await expect(page.getByRole('heading', { name: `${owner.clubName} training`, level: 1 })).toBeVisible();
    const sessionPath = new URL(page.url()).pathname;
    const sessionId = Buffer.from(sessionPath.split('/').pop()!, 'base64url').toString('utf8').split(':')[1]!;
    await toastAfter(page, 'Answer saved', () => page.getByRole('group', { name: 'Your answer' }).getByRole('button', { name: 'Going' }).click());
    await expect(page.getByText('You’re going')).toBeVisible();

    // The owner opens the same session: one going.
    await ownerPage.goto(sessionPath);
    const counts = ownerPage.getByRole('region', { name: 'Who is coming' });
    await expect(counts).toContainText('1Going');
    await expect(ownerPage.getByRole('list', { name: 'Going' }).getByRole('listitem')).toHaveText(['Jules Journey']);

    // The feed before anything changes: the session, with the member's answer.
    const before = (await feedEvents(request, feedUrl)).find((e) => String(e.getFirstPropertyValue('url')).endsWith(sessionPath));
    expect(before?.getFirstPropertyValue('summary')).toBe(`${owner.clubName} training (Going)`);
    expect(before?.getFirstProperty('attendee')?.getParameter('partstat')).toBe('ACCEPTED');
    const uid = String(before!.getFirstPropertyValue('uid'));
    const sequenceBefore = Number(before!.getFirstPropertyValue('sequence') ?? 0);

    // 48 hours before: the reminder's job is made due, and its email comes with one-tap answers.
    const due = await runSql(`update jobs set run_at = now() where key = 'session-reminder:${sessionId}:2880' and status = 'pending' returning id`);
    expect(due).toHaveLength(1);
    const mail = await waitForMail(memberEmail, CANT_LINK);
    expect(mail).toContain(`${owner.clubName} training`);
    const cantLink = CANT_LINK.exec(mail)![1]!;
    expect(cantLink.startsWith(`${baseURL}/sessions/answer?token=`)).toBe(true);

    // Tapped in a browser nobody is signed in to: it asks, then answers.
    const phone = await strangerContext.newPage();
    await phone.goto(cantLink);
    await expect(phone.getByRole('heading', { name: 'Your answer', level: 1 })).toBeVisible();
    await expect(phone.getByText(new RegExp(`^Answer “Can’t make it” for ${owner.clubName} training on \\w{3} \\d{1,2} \\w{3}, 18:00–19:30\\?$`))).toBeVisible();
    await expect(phone.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await phone.getByRole('button', { name: 'Yes, I can’t make it' }).click();
    await expect(phone.getByText('Saved: you can’t make it.')).toBeVisible();
    await expect(phone.getByRole('link', { name: 'Open the session to change your answer' })).toHaveAttribute('href', sessionPath);

    // The owner's head count follows without a reload.
    await expect(counts).toContainText('0Going');
    await expect(counts).toContainText('1Can’t make it');
    await expect(ownerPage.getByRole('list', { name: 'Can’t make it' }).getByRole('listitem')).toHaveText(['Jules Journey']);

    // The link again: used, nothing to press.
    await phone.reload();
    await expect(phone.getByText('This link was already used. Open the session to change your answer.')).toBeVisible();
    await expect(phone.getByRole('button', { name: 'Yes, I can’t make it' })).toHaveCount(0);

    // The owner moves it to another place (the same time): the member's page, still open, shows it.
    const moveForm = ownerPage.getByRole('form', { name: 'Move this session' });
    await moveForm.getByLabel('Place').fill('The small pool');
    await toastAfter(ownerPage, 'Session moved', () => moveForm.getByRole('button', { name: 'Move session' }).click());
    await expect(page.getByText('The small pool')).toBeVisible();
    await expect(page.getByText('Moved', { exact: true })).toBeVisible();

    // The owner cancels it: a reason is required; the member's page shows it cancelled, live.
    await ownerPage.getByRole('button', { name: 'Cancel session' }).click();
    await expect(ownerPage.getByText('Say why the session is cancelled; followers who were coming are told.')).toBeVisible();
    await ownerPage.getByLabel('Reason', { exact: true }).fill('Pool closed for cleaning');
    await toastAfter(ownerPage, 'Session cancelled', () => ownerPage.getByRole('button', { name: 'Cancel session' }).click());
    await expect(page.getByText('Cancelled by the club: Pool closed for cleaning')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Your answer' })).toHaveCount(0);

    // The member's calendar keeps it, cancelled: same UID, a higher SEQUENCE, their answer declined.
    const after = (await feedEvents(request, feedUrl)).find((e) => e.getFirstPropertyValue('uid') === uid);
    expect(after?.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(after?.getFirstPropertyValue('summary')).toBe(`Cancelled: ${owner.clubName} training`);
    expect(String(after?.getFirstPropertyValue('description'))).toContain('Pool closed for cleaning');
    expect(after?.getFirstProperty('attendee')?.getParameter('partstat')).toBe('DECLINED');
    expect(Number(after!.getFirstPropertyValue('sequence'))).toBeGreaterThan(sequenceBefore);
    expect(String(after!.getFirstPropertyValue('url'))).toBe(`${baseURL}${sessionPath}`);
  } finally {
    await strangerContext.close();
    await ownerContext.close();
  }
});
