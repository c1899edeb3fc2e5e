// Volunteer hours (issue 30 §3) in the browser: a volunteer accepted to a position claims hours on
// My Hours; the club's owner approves them (and declines another with a reason) on the Club
// Dashboard's Hours tab, marks an ended shift attended and revokes hours approved by mistake; the
// volunteer's totals per club and per month follow. Then axe, light and dark, on both new views.
import { expect, test, type Locator } from './fixtures.js';
import { addOpportunity, globalId, gqlAs, letterTag, newClubOwner, newVolunteer, signInByApi, sqlText, toastAfter } from './journey-support.js';
import { checkViews } from './axe.js';
import { PASSWORD, runSql } from './support.js';

const tag = letterTag();

/** Turns on the selection switch named `name` inside `scope` (a click on the switch's label, as a
 *  person clicks it). */
async function tick(scope: Locator, name: string): Promise<void> {
  // `has` is matched inside each label, so it starts from the page, not from `scope`.
  await scope.locator('label').filter({ has: scope.page().getByLabel(name, { exact: true }) }).click();
  await expect(scope.getByLabel(name, { exact: true })).toBeChecked();
}
const TITLE = `Timing Desk ${tag}`;

test('a volunteer claims hours, the club approves and declines them and confirms a shift, and the totals follow', async ({ browser, page, request }) => {
  test.setTimeout(180_000);
  const owner = await newClubOwner(request, { clubName: `Hours Harriers ${tag}`, fullName: 'Owen Owner' });
  const positionId = await addOpportunity(owner.clubId, TITLE);
  const volunteerEmail = await newVolunteer(request, 'Hana', `Hours${tag}`);
  const applied = await gqlAs(request, volunteerEmail, 'mutation($i: ApplyToOpportunityInput!) { applyToOpportunity(input: $i) { application { id } userErrors { message } } }', {
    i: { positionId, message: 'I can run the timing desk on race mornings.' },
  });
  await gqlAs(request, owner.email, 'mutation($i: AcceptVolunteerApplicationInput!) { acceptVolunteerApplication(input: $i) { application { id } userErrors { message } } }', {
    i: { id: applied.applyToOpportunity.application.id },
  });
  // Applied a fortnight ago, so that past days can be claimed; an ended shift with the volunteer's place on it.
  const [app] = await runSql<{ id: string; position_id: string; volunteer_id: string }>(
    `update volunteer_applications set applied_at = now() - interval '14 days'
     where volunteer_id = (select id from users where email = ${sqlText(volunteerEmail)}) returning id, position_id, volunteer_id`,
  );
  const [shift] = await runSql<{ id: string }>(
    `insert into position_shifts (position_id, club_id, starts_at, ends_at, places)
     values ('${app!.position_id}', '${owner.clubId}', now() - interval '2 days 3 hours', now() - interval '2 days', 4) returning id`,
  );
  await runSql(
    `insert into shift_signups (shift_id, application_id, position_id, volunteer_id, club_id, status)
     values ('${shift!.id}', '${app!.id}', '${app!.position_id}', '${app!.volunteer_id}', '${owner.clubId}', 'accepted')`,
  );
  const [days] = await runSql<{ one: string; two: string }>(
    `select ((now() at time zone 'Europe/London')::date - 3)::text as one, ((now() at time zone 'Europe/London')::date - 4)::text as two`,
  );

  // The volunteer claims 2.5 hours, then 1 hour, on My Hours.
  await signInByApi(page, volunteerEmail, PASSWORD, '/volunteer/dashboard');
  await page.getByRole('tab', { name: 'My Hours' }).click();
  await expect(page.getByRole('heading', { name: 'My Hours', level: 2 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Claim hours' });
  await form.getByLabel('Position').selectOption({ label: `${TITLE} · ${owner.clubName}` });
  await form.getByLabel('Date').fill(days!.one);
  await form.getByLabel('Hours').fill('2.5');
  await form.getByLabel('Note for the club (optional)').fill('Ran the timing desk for the 10k.');
  await toastAfter(page, 'Your hours were submitted to the club.', () => form.getByRole('button', { name: 'Claim Hours' }).click());
  await form.getByLabel('Date').fill(days!.two);
  await form.getByLabel('Hours').fill('1');
  await toastAfter(page, 'Your hours were submitted to the club.', () => form.getByRole('button', { name: 'Claim Hours' }).click());
  const claims = page.getByRole('table', { name: 'My hours and claims' });
  await expect(claims.getByRole('row')).toHaveCount(3);
  await expect(claims.getByText('Pending')).toHaveCount(2);

  // The owner approves the first claim, declines the second with a reason and confirms the shift.
  const ownerPage = await (await browser.newContext()).newPage();
  await signInByApi(ownerPage, owner.email, PASSWORD, '/club/dashboard?tab=hours');
  const pending = ownerPage.getByRole('region', { name: 'Claims to approve' });
  await expect(pending.getByRole('table', { name: 'Pending claims' }).getByRole('row')).toHaveCount(3);
  await tick(pending, `Select Hana Hours${tag}, ${days!.one}, 2.5 hours`);
  await toastAfter(ownerPage, 'Hours approved.', () => pending.getByRole('button', { name: 'Approve' }).click());
  await tick(pending, `Select Hana Hours${tag}, ${days!.two}, 1 hours`);
  await pending.getByRole('button', { name: 'Decline' }).click();
  const dialog = ownerPage.getByRole('alertdialog', { name: 'Decline hours' });
  await dialog.getByLabel('Reason').fill('You were at the finish line that day.');
  await toastAfter(ownerPage, 'Hours declined.', () => dialog.getByRole('button', { name: 'Decline' }).click());
  await expect(pending.getByText('No claims are waiting for a decision.')).toBeVisible();
  const attendance = ownerPage.getByRole('region', { name: 'Shifts awaiting attendance' });
  await tick(attendance, 'Select shifts awaiting attendance');
  await toastAfter(ownerPage, 'Attendance saved.', () => attendance.getByRole('button', { name: 'Mark attended' }).click());
  await expect(attendance.getByText('No ended shifts are waiting for attendance.')).toBeVisible();
  const perVolunteer = ownerPage.getByRole('table', { name: 'Per volunteer' });
  await expect(perVolunteer.getByRole('row', { name: `Hana Hours${tag} 5.5` })).toBeVisible();

  // The volunteer's totals: 2.5 claimed + 3 from the shift, per club and per month.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Hours', level: 2 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Approved hours per club' }).getByRole('row', { name: `${owner.clubName} 5.5` })).toBeVisible();
  await expect(page.getByText('Approved hours in total')).toBeVisible();
  await expect(claims.getByRole('row', { name: /Declined You were at the finish line that day\./ })).toBeVisible();

  // The owner revokes the claimed hours (approved by mistake); the volunteer's total drops to the shift's 3.
  const approved = ownerPage.getByRole('region', { name: 'Approved hours', exact: true });
  await approved.getByRole('button', { name: `Revoke the 2.5 hours of Hana Hours${tag} for ${TITLE} on ${days!.one}` }).click();
  const revokeDialog = ownerPage.getByRole('alertdialog', { name: 'Revoke hours' });
  await revokeDialog.getByLabel('Reason').fill('Approved by mistake: it was another volunteer.');
  await toastAfter(ownerPage, 'Hours revoked.', () => revokeDialog.getByRole('button', { name: 'Revoke' }).click());
  await expect(perVolunteer.getByRole('row', { name: `Hana Hours${tag} 3` })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('table', { name: 'Approved hours per club' }).getByRole('row', { name: `${owner.clubName} 3` })).toBeVisible();
  await expect(claims.getByRole('row', { name: /Revoked Approved by mistake: it was another volunteer\./ })).toBeVisible();

  await checkViews(page, [{ name: 'My Hours', path: '/volunteer/dashboard?tab=hours', heading: 'Volunteer Dashboard' }]);
  await checkViews(ownerPage, [{ name: 'Club Hours tab', path: '/club/dashboard?tab=hours', heading: 'Club Dashboard' }]);
  expect(globalId('VolunteerPosition', app!.position_id)).toBe(positionId);
});
