// Issue 30's journey, end to end in the browser: a club adds a shift with 1 place to a position
// whose free places go to the waiting list automatically; two volunteers pick it; the club accepts
// the first, and the second (the shift now full) is put on its waiting list; the first withdraws,
// and the second — watching their application page — is promoted and told live in the bell; once
// the shift is over the club confirms attendance on its Hours tab; the second volunteer asks for a
// certificate, downloads the PDF (read back as text), and /verify/{code}, opened signed out, shows
// the same hours.
import { readFileSync } from 'node:fs';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect, test, type Page } from './fixtures.js';
import { addOpportunity, chooseFromUserMenu, letterTag, newClubOwner, newVolunteer, signInByApi, toastAfter } from './journey-support.js';
import { runSql } from './support.js';

const TITLE = `Finish marshal ${letterTag(5)}`;
const SHIFT = 'Tue, 4 Mar 2031, 09:00–12:00';

/** Applies to the position as the signed-in volunteer picking the shift; answers the application's path. */
async function applyForShift(page: Page, positionId: string): Promise<string> {
  await page.goto(`/opportunities/${positionId}/apply`);
  const form = page.getByRole('form', { name: 'Application' });
  await form.getByLabel(/^Your message to /).fill('I can marshal the finish line and hand out water.');
  await form.getByRole('group', { name: 'Pick your shifts' }).getByRole('listitem').filter({ hasText: SHIFT }).getByText(SHIFT, { exact: true }).click();
  await form.getByRole('button', { name: 'Submit Application' }).click();
  await page.waitForURL(/\/applications\//);
  return new URL(page.url()).pathname;
}

const shiftCard = (page: Page) => page.getByRole('region', { name: 'Shifts' }).getByRole('listitem').filter({ hasText: SHIFT });

test('one place, automatic: the first withdraws, the second is promoted live; attendance, a certificate and its verification', async ({ browser, page, request }) => {
  test.setTimeout(240_000);
  const owner = await newClubOwner(request, { clubName: `Journey Joggers ${letterTag()}`, fullName: 'Jo Joggers' });
  const firstEmail = await newVolunteer(request, 'Fran', 'First');
  const secondEmail = await newVolunteer(request, 'Sam', 'Second');
  const positionId = await addOpportunity(owner.clubId, TITLE);

  // The club: its position promotes automatically (the default); one shift with 1 place.
  await signInByApi(page, owner.email, undefined, '/club/opportunities');
  await page.getByRole('button', { name: `Show shifts: ${TITLE}` }).click();
  const section = page.getByRole('region', { name: `Shifts: ${TITLE}` });
  await section.getByRole('button', { name: `Add shift: ${TITLE}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a shift' });
  await dialog.getByLabel('Date').fill('2031-03-04');
  await dialog.getByLabel('Starts at').fill('09:00');
  await dialog.getByLabel('Ends at').fill('12:00');
  await dialog.getByLabel('Places').fill('1');
  await toastAfter(page, 'Shift added', () => dialog.getByRole('button', { name: 'Add shift' }).click());

  // The first volunteer picks it, and the club accepts them: the shift is full.
  await signInByApi(page, firstEmail, undefined, '/');
  const firstApplication = await applyForShift(page, positionId);
  await signInByApi(page, owner.email, undefined, '/club/opportunities');
  await page.getByRole('button', { name: `Show shifts: ${TITLE}` }).click();
  const clubShift = page.getByRole('region', { name: `Shifts: ${TITLE}` }).getByRole('list', { name: `Shifts: ${TITLE}` }).getByRole('listitem', { name: SHIFT });
  await toastAfter(page, 'Accepted for the shift', () => clubShift.getByRole('button', { name: `Accept: Fran First: ${SHIFT}` }).click());
  await expect(clubShift.getByText('1 of 1 filled')).toBeVisible();

  // The second picks the full shift: on its waiting list, first in line. They keep the page open.
  const secondContext = await browser.newContext();
  const second = await secondContext.newPage();
  await signInByApi(second, secondEmail, undefined, '/');
  const secondApplication = await applyForShift(second, positionId);
  await expect(shiftCard(second).getByText('Waiting list')).toBeVisible();
  await expect(shiftCard(second).getByText('Number 1 in line')).toBeVisible();
  const bell = second.getByRole('button', { name: /^Notifications/ });

  // The first withdraws their application: the place goes to the second in the same transaction,
  // and the second hears of it at once in the bell, without reloading.
  await signInByApi(page, firstEmail, undefined, firstApplication);
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await toastAfter(page, 'Application withdrawn successfully!', () => page.getByRole('alertdialog').getByRole('button', { name: 'Withdraw' }).click());
  await expect(bell).toContainText('1');
  await bell.click();
  await expect(second.getByText('You got a place', { exact: true })).toBeVisible();
  await second.goto(secondApplication);
  await expect(shiftCard(second).getByText('Accepted')).toBeVisible();

  // The shift took place (moved to yesterday, 09:00–12:00 UTC: 3 hours): the club confirms attendance.
  await runSql(`update position_shifts set starts_at = date_trunc('day', now()) - interval '15 hours', ends_at = date_trunc('day', now()) - interval '12 hours'
    where position_id = (select id from club_volunteer_positions where title = '${TITLE}')`);
  await signInByApi(page, owner.email, undefined, '/club/dashboard?tab=hours');
  const attendance = page.getByRole('region', { name: 'Shifts awaiting attendance' });
  // The select-all switch (its label is the click target).
  await attendance.locator('label').filter({ has: page.getByLabel('Select shifts awaiting attendance', { exact: true }) }).click();
  await expect(attendance.getByLabel('Select shifts awaiting attendance', { exact: true })).toBeChecked();
  await toastAfter(page, 'Attendance saved.', () => attendance.getByRole('button', { name: 'Mark attended' }).click());
  await expect(attendance.getByText('No ended shifts are waiting for attendance.')).toBeVisible();

  // The second volunteer asks for a certificate and downloads it.
  await second.goto('/volunteer/dashboard');
  await chooseFromUserMenu(second, 'My certificates');
  const form = second.getByRole('region', { name: 'Ask for a certificate' });
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await form.getByLabel('From').fill(yesterday);
  await form.getByLabel('To').fill(yesterday);
  await toastAfter(second, 'Your certificate is being made: it will be ready to download in a moment.', () => form.getByRole('button', { name: 'Ask for a certificate' }).click());
  const row = second.getByRole('list', { name: 'Your certificates' }).getByRole('listitem').first();
  await expect(row).toContainText('3 hours');
  await expect(row).toContainText('Ready', { timeout: 30_000 });
  const code = (await row.locator('span').filter({ hasText: /^[0-9A-Z]{4}(-[0-9A-Z]{4}){6}$/ }).first().textContent())!.trim();
  const downloading = second.waitForEvent('download');
  await row.getByRole('link', { name: 'Download PDF' }).click();
  const pdf = await getDocumentProxy(new Uint8Array(readFileSync((await (await downloading).path())!)));
  const text = (await extractText(pdf, { mergePages: true })).text as string;
  for (const fact of ['Sam Second', TITLE, '3 hours', 'Total 3 hours', code]) expect(text, fact).toContain(fact);
  await secondContext.close();

  // /verify/{code}, signed out: the same hours.
  const anonymous = await browser.newContext();
  const visitor = await anonymous.newPage();
  await visitor.goto(`/verify/${code}`);
  await expect(visitor.getByText('This certificate is genuine.')).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Sam Second', level: 2 })).toBeVisible();
  await expect(visitor.getByRole('region', { name: owner.clubName })).toContainText(TITLE);
  await expect(visitor.getByRole('region', { name: owner.clubName })).toContainText('3 hours');
  await anonymous.close();
});
