// Issue 30 §1–2 on the web: places and waiting lists of a position without shifts.
// 1. A club sets one place with automatic promotion on its position form; two volunteers apply;
//    the club accepts one, is refused the second ('All 1 place is filled…', in the dialog) and puts
//    them on the waiting list; the waiting volunteer's page says 'number 1'; the first withdraws
//    (the confirmation says the place goes to the next in line) and the second's open page turns
//    Accepted live, with 'You got a place' in the bell; a third volunteer finds the position full
//    and joins the waiting list from 'Join the waiting list'.
// 2. Timed offers: places below those accepted refused on the form's field, then two places and a
//    12-hour timed offer saved; a freed place is offered to the first in line, whose page shows
//    the deadline with Accept place / Decline; declining (confirmed) offers it to the next, who
//    answers from the email's one-tap link signed out: the page asks first, then says the place is
//    theirs; the used link and a forged one say so.
// axe (light and dark) on every new or changed view.
import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from './fixtures.js';
import { checkViews } from './axe.js';
import { addOpportunity, animationsOver, gqlAs, letterTag, newClubOwner, newVolunteer, signInByApi, toastAfter } from './journey-support.js';
import { PASSWORD, waitForMail } from './support.js';

const FULL_ONE = 'All 1 place is filled. Add a place, or put the volunteer on the waiting list.';
const ACCEPT_LINK = /Accept the place:\s+(\S+\/offers\/answer\?token=\S+)/;
const DECLINE_LINK = /next in line:\s+(\S+\/offers\/answer\?token=\S+)/;
const APPLY = 'mutation($i: ApplyToOpportunityInput!) { applyToOpportunity(input: $i) { application { id status } userErrors { message } } }';
const ACCEPT = 'mutation($i: AcceptVolunteerApplicationInput!) { acceptVolunteerApplication(input: $i) { application { id status } userErrors { message } } }';
const WITHDRAW = 'mutation($i: WithdrawVolunteerApplicationInput!) { withdrawVolunteerApplication(input: $i) { application { id status } userErrors { message } } }';
const STATUS = 'query($id: ID!) { volunteerApplication(id: $id) { status linePosition } }';

type Request = Parameters<typeof gqlAs>[0];

async function applyByApi(request: Request, email: string, positionId: string): Promise<{ id: string; status: string }> {
  const data = await gqlAs(request, email, APPLY, { i: { positionId, message: 'I have helped at club events for years and would love to help again.', idempotencyKey: randomUUID() } });
  expect(data.applyToOpportunity.userErrors).toEqual([]);
  return data.applyToOpportunity.application;
}

async function statusOf(request: Request, email: string, id: string): Promise<{ status: string; linePosition: number | null }> {
  return (await gqlAs(request, email, STATUS, { id })).volunteerApplication;
}

/** A new browser signed in as `email` on `path`. */
async function signedIn(browser: Browser, email: string, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInByApi(page, email, PASSWORD, path);
  return page;
}

/** Opens the position's edit dialog on the dashboard. */
async function editPosition(page: Page, title: string) {
  await page.goto('/club/dashboard?tab=positions');
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Volunteer Position' });
  await expect(dialog.getByLabel('Places', { exact: true })).toBeVisible();
  await animationsOver(dialog);
  return dialog;
}

test('one place, automatic: accepted, refused, waiting; the place freed goes to the next live; a third joins the waiting list', async ({ browser, page, request }) => {
  test.setTimeout(240_000);
  const tag = letterTag();
  const title = `Kit Steward ${tag}`;
  const owner = await newClubOwner(request, { clubName: `Waitlist Rovers ${tag}` });
  const positionId = await addOpportunity(owner.clubId, title);
  const first = { email: await newVolunteer(request, 'Fay', `First${tag}`), name: `Fay First${tag}` };
  const second = { email: await newVolunteer(request, 'Sid', `Second${tag}`), name: `Sid Second${tag}` };
  const third = { email: await newVolunteer(request, 'Tia', `Third${tag}`), name: `Tia Third${tag}` };

  // ---- The club sets one place, automatic (the default), on the position form. ----
  await signInByApi(page, owner.email, PASSWORD, '/club/dashboard?tab=positions');
  let dialog = await editPosition(page, title);
  await expect(dialog.getByRole('radio', { name: /^Automatic/ })).toBeChecked();
  await expect(dialog.getByLabel('Offer stands for (hours)')).toHaveCount(0);
  await dialog.getByLabel('Places', { exact: true }).fill('0');
  await dialog.getByRole('button', { name: 'Save Position' }).click();
  await expect(dialog.getByText('Places must be a whole number from 1 to 1000, or empty for no limit.')).toBeVisible();
  await dialog.getByLabel('Places', { exact: true }).fill('1');
  await toastAfter(page, 'Position updated', () => dialog.getByRole('button', { name: 'Save Position' }).click());
  await expect(page.getByRole('article', { name: title }).getByText('0 of 1 place filled')).toBeVisible();

  // ---- Two volunteers apply while the place is free. ----
  const firstApp = await applyByApi(request, first.email, positionId);
  const secondApp = await applyByApi(request, second.email, positionId);
  expect([firstApp.status, secondApp.status]).toEqual(['PENDING', 'PENDING']);

  // ---- The club accepts the first; the second is refused (full) and put on the waiting list. ----
  await page.goto('/club/opportunities');
  const card = page.getByRole('article', { name: title });
  await card.getByRole('button', { name: 'Show applications' }).click();
  await page.getByRole('button', { name: `Accept application from ${first.name}` }).click();
  let review = page.getByRole('alertdialog', { name: 'Accept Application' });
  await toastAfter(page, 'Application accepted', () => review.getByRole('button', { name: 'Accept Application' }).click());
  await expect(card.getByText('1 of 1 place filled')).toBeVisible();
  await expect(card.getByText('Full', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: `Accept application from ${second.name}` }).click();
  review = page.getByRole('alertdialog', { name: 'Accept Application' });
  await review.getByRole('button', { name: 'Accept Application' }).click();
  await expect(review.getByRole('alert')).toContainText(FULL_ONE);
  await expect(review.getByRole('alert').getByRole('button', { name: 'Put on the waiting list instead' })).toBeVisible();
  await review.getByRole('button', { name: 'Cancel' }).click();
  await expect(review).toBeHidden();
  expect((await statusOf(request, second.email, secondApp.id)).status).toBe('PENDING');

  await page.getByRole('button', { name: `Put application from ${second.name} on the waiting list` }).click();
  review = page.getByRole('alertdialog', { name: 'Put on the Waiting List' });
  await toastAfter(page, 'Put on the waiting list', () => review.getByRole('button', { name: 'Put on Waiting List' }).click());
  const secondRow = page.getByRole('list', { name: `Applications to ${title}` }).getByRole('listitem').filter({ hasText: second.name });
  await expect(secondRow.getByText('Number 1 on the waiting list')).toBeVisible();
  await expect(page.getByRole('button', { name: `Release the place of ${first.name}` })).toBeVisible();
  await expect(card.getByText('1 on the waiting list', { exact: true })).toBeVisible();

  // ---- The waiting volunteer's application page, open from here on. ----
  const secondPage = await signedIn(browser, second.email, `/applications/${secondApp.id}`);
  await expect(secondPage.getByRole('main').getByText('On the waiting list — number 1')).toBeVisible();

  // ---- The first withdraws: the confirmation says the place goes to the next in line. ----
  const firstPage = await signedIn(browser, first.email, `/applications/${firstApp.id}`);
  await firstPage.getByRole('button', { name: 'Withdraw' }).click();
  const confirm = firstPage.getByRole('alertdialog', { name: 'Withdraw application' });
  await expect(confirm).toContainText('it goes to the next in line on the waiting list');
  await toastAfter(firstPage, 'Application withdrawn successfully!', () => confirm.getByRole('button', { name: 'Withdraw' }).click());

  // ---- The second's open page follows live, and the bell says so. ----
  await expect(secondPage.getByRole('heading', { level: 1, name: title }).locator('..').getByText('Accepted', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(secondPage.getByRole('main').getByText('On the waiting list — number 1')).toHaveCount(0);
  await secondPage.getByRole('button', { name: /^Notifications/ }).click();
  const bell = secondPage.getByRole('dialog', { name: 'Notifications' });
  await expect(bell.getByText('You got a place').first()).toBeVisible();
  await secondPage.keyboard.press('Escape');
  expect(await statusOf(request, second.email, secondApp.id)).toEqual({ status: 'ACCEPTED', linePosition: null });

  // ---- A third finds the position full and joins the waiting list. ----
  const thirdPage = await signedIn(browser, third.email, `/opportunities/${positionId}`);
  await expect(thirdPage.getByText('Full: join the waiting list')).toBeVisible();
  await thirdPage.getByRole('link', { name: 'Join the waiting list' }).click();
  await expect(thirdPage.getByRole('heading', { level: 1, name: `Apply: ${title}` })).toBeVisible();
  await thirdPage.getByLabel(/Your message to/).fill('Happy to wait for a place: I can help with the kit on any match day.');
  await toastAfter(thirdPage, 'You are on the waiting list', () => thirdPage.getByRole('button', { name: 'Join the waiting list' }).click());
  await expect(thirdPage).toHaveURL(/\/applications\//);
  // The page itself says so (the toast repeats it while it shows).
  await expect(thirdPage.getByRole('main').getByText('On the waiting list — number 1')).toBeVisible();
  const thirdAppPath = new URL(thirdPage.url()).pathname;

  // ---- axe, light and dark, on the views this story changed. ----
  await checkViews(page, [
    {
      name: 'club/dashboard: position dialog with places',
      path: '/club/dashboard?tab=positions',
      heading: 'Club Dashboard',
      open: async (p) => {
        await p.getByRole('button', { name: `Edit ${title}` }).click();
        await expect(p.getByRole('dialog').getByLabel('Places', { exact: true })).toHaveValue('1');
      },
    },
    {
      name: 'club/opportunities: places, the line, the review buttons',
      path: '/club/opportunities',
      heading: 'My Opportunities',
      open: async (p) => {
        await p.getByRole('article', { name: title }).getByRole('button', { name: 'Show applications' }).click();
        await expect(p.getByText('Number 1 on the waiting list')).toBeVisible();
      },
    },
    {
      name: 'club/opportunities: release dialog',
      path: '/club/opportunities',
      heading: 'My Opportunities',
      open: async (p) => {
        await p.getByRole('article', { name: title }).getByRole('button', { name: 'Show applications' }).click();
        await p.getByRole('button', { name: `Release the place of ${second.name}` }).click();
        await expect(p.getByRole('alertdialog', { name: 'Release the Place' })).toBeVisible();
      },
    },
  ]);
  await checkViews(thirdPage, [
    { name: 'application: on the waiting list', path: thirdAppPath, heading: title },
    { name: 'opportunity: full, join the waiting list', path: `/opportunities/${positionId}`, heading: title },
    { name: 'volunteer dashboard: applications with the line', path: '/volunteer/dashboard?tab=applications', heading: /Dashboard/ },
  ]);
});

test('timed offers: places below the accepted refused; an offer declined in the app goes to the next, who accepts from the email signed out', async ({ browser, page, request }) => {
  test.setTimeout(240_000);
  const tag = letterTag();
  const title = `Gate Marshal ${tag}`;
  const owner = await newClubOwner(request, { clubName: `Offer Harriers ${tag}` });
  const positionId = await addOpportunity(owner.clubId, title);
  const volunteers = [];
  for (const [given, family] of [['Ann', 'Able'], ['Ben', 'Bold'], ['Cai', 'Calm'], ['Dot', 'Deft']] as const) {
    volunteers.push({ email: await newVolunteer(request, given, `${family}${tag}`), name: `${given} ${family}${tag}` });
  }
  const [ann, ben, cai, dot] = volunteers as [(typeof volunteers)[number], (typeof volunteers)[number], (typeof volunteers)[number], (typeof volunteers)[number]];
  // Two accepted while the position has no limit.
  const annApp = await applyByApi(request, ann.email, positionId);
  const benApp = await applyByApi(request, ben.email, positionId);
  for (const app of [annApp, benApp]) {
    const accepted = await gqlAs(request, owner.email, ACCEPT, { i: { id: app.id } });
    expect(accepted.acceptVolunteerApplication.userErrors).toEqual([]);
  }

  // ---- One place is fewer than the two accepted: refused on the field; then two, timed offer. ----
  await signInByApi(page, owner.email, PASSWORD, '/club/dashboard?tab=positions');
  const dialog = await editPosition(page, title);
  await dialog.getByLabel('Places', { exact: true }).fill('1');
  await dialog.getByRole('button', { name: 'Save Position' }).click();
  await expect(dialog.getByText('2 volunteers are already accepted or offered a place: places cannot be fewer than that.')).toBeVisible();
  await dialog.getByLabel('Places', { exact: true }).fill('2');
  await dialog.getByText(/^Timed offer/).click();
  await dialog.getByLabel('Offer stands for (hours)').fill('12');
  await toastAfter(page, 'Position updated', () => dialog.getByRole('button', { name: 'Save Position' }).click());
  await expect(page.getByRole('article', { name: title }).getByText('2 of 2 places filled')).toBeVisible();

  // ---- Two more apply to the full position: they join the line. ----
  const caiApp = await applyByApi(request, cai.email, positionId);
  const dotApp = await applyByApi(request, dot.email, positionId);
  expect([caiApp.status, dotApp.status]).toEqual(['WAITLISTED', 'WAITLISTED']);

  // ---- Ann withdraws: Cai is offered the place until a deadline; the page asks. ----
  expect((await gqlAs(request, ann.email, WITHDRAW, { i: { id: annApp.id } })).withdrawVolunteerApplication.userErrors).toEqual([]);
  await waitForMail(cai.email, ACCEPT_LINK);
  const caiPage = await signedIn(browser, cai.email, `/applications/${caiApp.id}`);
  await expect(caiPage.getByText(/^A place is offered to you until /)).toBeVisible();
  await checkViews(caiPage, [
    { name: 'application: a place offered', path: `/applications/${caiApp.id}`, heading: title },
    {
      name: 'application: decline confirmation',
      path: `/applications/${caiApp.id}`,
      heading: title,
      open: async (p) => {
        await p.getByRole('button', { name: /^Decline the place/ }).click();
        await expect(p.getByRole('alertdialog', { name: 'Decline the place' })).toBeVisible();
      },
    },
  ]);
  // The last view left the confirmation open: Cai declines there.
  const decline = caiPage.getByRole('alertdialog', { name: 'Decline the place' });
  await toastAfter(caiPage, 'Place declined', () => decline.getByRole('button', { name: 'Decline place' }).click());
  await expect(caiPage.getByRole('heading', { level: 1, name: title }).locator('..').getByText('Withdrawn', { exact: true })).toBeVisible();

  // ---- Dot is offered it next and answers from the email, signed out: asked first, then done. ----
  const mail = await waitForMail(dot.email, ACCEPT_LINK);
  const acceptLink = ACCEPT_LINK.exec(mail)![1]!;
  expect(DECLINE_LINK.test(mail)).toBe(true);
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/offers/answer');
  await checkViews(visitor, [
    { name: 'offer link: the question', path: acceptLink, heading: 'Your place', open: async (p) => expect(p.getByText(`A place is offered to you: ${title} at Offer Harriers ${tag}.`)).toBeVisible() },
    {
      name: 'offer link: accepted',
      path: acceptLink,
      heading: 'Your place',
      open: async (p) => {
        // Opening it (twice now) changed nothing; the button answers.
        expect((await statusOf(request, dot.email, dotApp.id)).status).toBe('OFFERED');
        await p.getByRole('button', { name: 'Yes, accept the place' }).click();
        await expect(p.getByText(`The place is yours: you are accepted for ${title} at Offer Harriers ${tag}.`)).toBeVisible();
        expect((await statusOf(request, dot.email, dotApp.id)).status).toBe('ACCEPTED');
      },
    },
    { name: 'offer link: used', path: acceptLink, heading: 'Your place', open: async (p) => expect(p.getByText('This place is no longer offered to you.')).toBeVisible() },
    {
      name: 'offer link: invalid',
      path: '/offers/answer?token=not.a-real.token',
      heading: 'Your place',
      open: async (p) => expect(p.getByText('This link is not valid. Open the application in Clubroom instead.')).toBeVisible(),
    },
  ]);
  await page.goto('/club/opportunities');
  await expect(page.getByRole('article', { name: title }).getByText('2 of 2 places filled')).toBeVisible();
});
