// Issue 30 §1, shifts as a club and its volunteers use them: the club's owner adds a one-off shift
// and a weekly series to a position on My Opportunities; a volunteer applies picking the one-off
// shift and the club accepts it (1 of 1 filled); a second volunteer picks the same full shift and
// is put on its waiting list; the first drops the shift and the second is accepted (the position's
// automatic policy). axe in light and dark mode on the apply form's shift picker, the club's Shifts
// section and the volunteer's application page.
import { expect, test, type Page } from './fixtures.js';
import { checkViews } from './axe.js';
import { addOpportunity, gqlAs, letterTag, newClubOwner, newVolunteer, signInByApi, toastAfter, type ClubOwner } from './journey-support.js';

let owner: ClubOwner;
let first: string;
let second: string;
let third: string;
let positionId: string;
const TITLE = `Marshal ${letterTag(5)}`;
// The platform's clock (Europe/London unless COUNCIL_TIME_ZONE says otherwise), as the page shows it.
const ONE_OFF = 'Tue, 4 Mar 2031, 09:00–12:00';
const SERIES_FIRST = 'Tue, 11 Mar 2031, 14:00–16:00';

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  owner = await newClubOwner(context.request, { clubName: `Shift Striders ${letterTag()}`, fullName: 'Stella Striders' });
  first = await newVolunteer(context.request, 'Sally', 'Shift');
  second = await newVolunteer(context.request, 'Tom', 'Turn');
  third = await newVolunteer(context.request, 'Una', 'Undecided');
  positionId = await addOpportunity(owner.clubId, TITLE);
  await context.close();
});

/** My Opportunities with the position's Shifts section open. */
async function openShifts(page: Page) {
  await page.goto('/club/opportunities');
  await page.getByRole('button', { name: `Show shifts: ${TITLE}` }).click();
  const section = page.getByRole('region', { name: `Shifts: ${TITLE}` });
  await expect(section.getByRole('button', { name: `Add shift: ${TITLE}` })).toBeVisible();
  return section;
}

/** Applies to the position as the signed-in volunteer, picking the one-off shift; answers the
 *  application page's Shifts card. */
async function applyForOneOff(page: Page, expectFull: boolean) {
  await page.goto(`/opportunities/${positionId}/apply`);
  const form = page.getByRole('form', { name: 'Application' });
  const picker = form.getByRole('group', { name: 'Pick your shifts' });
  const row = picker.getByRole('listitem').filter({ hasText: ONE_OFF });
  await expect(row.getByText(expectFull ? 'Full — you’d join its waiting list' : '1 place left')).toBeVisible();
  await form.getByLabel(/^Your message to /).fill('I can marshal the river path and help at the finish.');
  // Without a shift it is refused on the picker.
  await form.getByRole('button', { name: 'Submit Application' }).click();
  await expect(picker.getByRole('alert')).toHaveText('Pick at least one shift.');
  await row.getByText(ONE_OFF, { exact: true }).click();
  await form.getByRole('button', { name: 'Submit Application' }).click();
  await page.waitForURL(/\/applications\//);
  return page.getByRole('region', { name: 'Shifts' }).getByRole('listitem').filter({ hasText: ONE_OFF });
}

test('the club adds shifts; volunteers pick one; the club accepts, the line fills the place a volunteer drops', async ({ page }) => {
  test.setTimeout(180_000);
  await signInByApi(page, owner.email, undefined, '/');
  let section = await openShifts(page);
  await expect(section.getByText('No upcoming shifts. Add one to let volunteers pick when they help.')).toBeVisible();

  // A one-off shift: an empty form is refused field by field first.
  await section.getByRole('button', { name: `Add shift: ${TITLE}` }).click();
  let dialog = page.getByRole('dialog', { name: 'Add a shift' });
  await dialog.getByRole('button', { name: 'Add shift' }).click();
  await expect(dialog.getByText('Please enter a valid date')).toBeVisible();
  await dialog.getByLabel('Date').fill('2031-03-04');
  await dialog.getByLabel('Starts at').fill('09:00');
  await dialog.getByLabel('Ends at').fill('12:00');
  await dialog.getByLabel('Places').fill('1');
  await toastAfter(page, 'Shift added', () => dialog.getByRole('button', { name: 'Add shift' }).click());

  // A weekly series of three, 2 places each.
  await section.getByRole('button', { name: `Add shift: ${TITLE}` }).click();
  dialog = page.getByRole('dialog', { name: 'Add a shift' });
  await dialog.getByLabel('Date').fill('2031-03-11');
  await dialog.getByLabel('Starts at').fill('14:00');
  await dialog.getByLabel('Ends at').fill('16:00');
  await dialog.getByLabel('Places').fill('2');
  await dialog.getByLabel('Repeat weekly until').fill('2031-03-25');
  await toastAfter(page, '3 shifts added', () => dialog.getByRole('button', { name: 'Add shift' }).click());
  const shifts = section.getByRole('list', { name: `Shifts: ${TITLE}` });
  await expect(shifts.getByRole('listitem', { name: /^Tue, \d+ Mar 2031/ })).toHaveCount(4);
  await expect(shifts.getByRole('listitem', { name: SERIES_FIRST }).getByText('Weekly')).toBeVisible();
  const oneOff = shifts.getByRole('listitem', { name: ONE_OFF });
  await expect(oneOff.getByText('0 of 1 filled')).toBeVisible();

  // The first volunteer picks the one-off shift: requested.
  await signInByApi(page, first, undefined, '/');
  const firstCard = await applyForOneOff(page, false);
  await expect(firstCard.getByText('Requested')).toBeVisible();
  const firstApplication = page.url();

  // The club accepts it: the shift is full.
  await signInByApi(page, owner.email, undefined, '/');
  section = await openShifts(page);
  const clubShift = section.getByRole('list', { name: `Shifts: ${TITLE}` }).getByRole('listitem', { name: ONE_OFF });
  await toastAfter(page, 'Accepted for the shift', () => clubShift.getByRole('button', { name: `Accept: Sally Shift: ${ONE_OFF}` }).click());
  await expect(clubShift.getByText('1 of 1 filled')).toBeVisible();

  // The second volunteer asks for the same, full shift: on its waiting list, first in line.
  await signInByApi(page, second, undefined, '/');
  const secondCard = await applyForOneOff(page, true);
  await expect(secondCard.getByText('Waiting list')).toBeVisible();
  await expect(secondCard.getByText('Number 1 in line')).toBeVisible();
  const secondApplication = page.url();

  // The first drops the shift (asked first); the second is accepted from the line.
  await signInByApi(page, first, undefined, firstApplication.replace(/^https?:\/\/[^/]+/, ''));
  const mine = page.getByRole('region', { name: 'Shifts' }).getByRole('listitem').filter({ hasText: ONE_OFF });
  await expect(mine.getByText('Accepted')).toBeVisible();
  await mine.getByRole('button', { name: `Drop shift: ${ONE_OFF}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Drop this shift?' });
  await toastAfter(page, 'Shift dropped', () => confirm.getByRole('button', { name: 'Drop shift' }).click());
  await expect(mine.getByText('Dropped')).toBeVisible();

  await signInByApi(page, second, undefined, secondApplication.replace(/^https?:\/\/[^/]+/, ''));
  const theirs = page.getByRole('region', { name: 'Shifts' }).getByRole('listitem').filter({ hasText: ONE_OFF });
  await expect(theirs.getByText('Accepted')).toBeVisible();
  await expect(theirs.getByRole('button', { name: `Swap: ${ONE_OFF}` })).toBeVisible();

  // axe, light and dark: the apply form's shift picker, the volunteer's application page and the
  // club's Shifts section.
  await signInByApi(page, third, undefined, '/');
  await checkViews(page, [
    {
      name: 'apply form with the shift picker',
      path: `/opportunities/${positionId}/apply`,
      heading: `Apply: ${TITLE}`,
      open: async (p) => {
        await expect(p.getByRole('group', { name: 'Pick your shifts' }).getByRole('listitem')).toHaveCount(4);
      },
    },
  ]);
  await signInByApi(page, second, undefined, '/');
  await checkViews(page, [
    {
      name: 'volunteer application page with shifts',
      path: secondApplication.replace(/^https?:\/\/[^/]+/, ''),
      heading: TITLE,
      open: async (p) => {
        await expect(p.getByRole('region', { name: 'Shifts' }).getByRole('listitem')).toHaveCount(1);
      },
    },
  ]);
  await signInByApi(page, owner.email, undefined, '/');
  await checkViews(page, [
    {
      name: 'club shifts section',
      path: '/club/opportunities',
      heading: 'My Opportunities',
      open: async (p) => {
        await p.getByRole('button', { name: `Show shifts: ${TITLE}` }).click();
        await expect(p.getByRole('region', { name: `Shifts: ${TITLE}` }).getByRole('listitem', { name: ONE_OFF }).getByText('1 of 1 filled')).toBeVisible();
      },
    },
  ]);
});

test('two accepted volunteers swap shifts from their application pages: one proposes, the other agrees', async ({ page, request }) => {
  test.setTimeout(120_000);
  const title = `Steward ${letterTag(5)}`;
  const position = await addOpportunity(owner.clubId, title);
  const add = (startsAt: string, endsAt: string) =>
    gqlAs(request, owner.email, 'mutation($i: AddPositionShiftsInput!) { addPositionShifts(input: $i) { shifts { id } userErrors { message } } }', { i: { positionId: position, startsAt, endsAt, places: 1 } });
  const early = (await add('2031-04-01T08:00:00Z', '2031-04-01T10:00:00Z')).addPositionShifts.shifts[0].id as string;
  const late = (await add('2031-04-08T08:00:00Z', '2031-04-08T10:00:00Z')).addPositionShifts.shifts[0].id as string;
  const EARLY = 'Tue, 1 Apr 2031, 09:00–11:00';
  const LATE = 'Tue, 8 Apr 2031, 09:00–11:00';
  const apply = async (email: string, shiftId: string) => {
    const answer = await gqlAs(request, email, 'mutation($i: ApplyToOpportunityInput!) { applyToOpportunity(input: $i) { application { id shiftSignups { id } } userErrors { message } } }', {
      i: { positionId: position, message: 'Glad to steward on either morning.', shiftIds: [shiftId] },
    });
    const application = answer.applyToOpportunity.application as { id: string; shiftSignups: Array<{ id: string }> };
    await gqlAs(request, owner.email, 'mutation($i: DecideShiftSignupInput!) { decideShiftSignup(input: $i) { signup { status } userErrors { message } } }', { i: { id: application.shiftSignups[0]!.id, decision: 'ACCEPT' } });
    return application.id;
  };
  const ann = await newVolunteer(request, 'Ann', 'Early');
  const ben = await newVolunteer(request, 'Ben', 'Late');
  const annApplication = await apply(ann, early);
  const benApplication = await apply(ben, late);

  await signInByApi(page, ann, undefined, `/applications/${annApplication}`);
  const annShift = page.getByRole('region', { name: 'Shifts' }).getByRole('listitem').filter({ hasText: EARLY });
  await annShift.getByRole('button', { name: `Swap: ${EARLY}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Propose a swap' });
  await dialog.getByRole('button', { name: 'Propose swap' }).click();
  await expect(dialog.getByText('Choose a shift and a volunteer').last()).toBeVisible();
  await dialog.getByLabel('Swap with').selectOption({ label: `${LATE} — Ben L.` });
  await toastAfter(page, 'Swap proposed', () => dialog.getByRole('button', { name: 'Propose swap' }).click());
  const annSwaps = page.getByRole('region', { name: 'Shift swaps' });
  await expect(annSwaps.getByText(`You offered ${EARLY} for ${LATE}.`)).toBeVisible();
  await expect(annSwaps.getByRole('button', { name: 'Withdraw' })).toBeVisible();

  await signInByApi(page, ben, undefined, `/applications/${benApplication}`);
  const benSwaps = page.getByRole('region', { name: 'Shift swaps' });
  await expect(benSwaps.getByText(`offers you ${EARLY} in exchange for your ${LATE}.`, { exact: false })).toBeVisible();
  await toastAfter(page, 'Swap agreed: you have the new shift', () => benSwaps.getByRole('button', { name: 'Agree' }).click());
  await expect(page.getByRole('region', { name: 'Shifts' }).getByRole('listitem').filter({ hasText: EARLY }).getByText('Accepted')).toBeVisible();
  await expect(benSwaps.getByText('Agreed')).toBeVisible();
});
