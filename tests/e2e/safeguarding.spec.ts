// Issue 30 §5, safeguarding checks as administrators, volunteers and clubs use them: the
// administrator adds a kind of check in the admin panel's 'Safeguarding checks' tab; a volunteer
// records one on their volunteer profile; after they apply, the club's owner sees it on the
// application page and verifies it for the club; the volunteer then sees who verified it and the
// history of views and changes. axe in light and dark mode on the three screens.
import { expect, test } from './fixtures.js';
import { checkViews } from './axe.js';
import { addOpportunity, gqlAs, letterTag, newClubOwner, newVolunteer, signInByApi, toastAfter, type ClubOwner } from './journey-support.js';
import { ADMIN } from './support.js';

let owner: ClubOwner;
let volunteerEmail: string;
let positionId: string;
const KIND = `Enhanced DBS ${letterTag(4)}`;

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  owner = await newClubOwner(context.request, { clubName: `Safe Strides ${letterTag()}`, fullName: 'Sam Strides' });
  volunteerEmail = await newVolunteer(context.request, 'Vera', 'Vetted');
  positionId = await addOpportunity(owner.clubId, 'Junior coach');
  await context.close();
});

test('the administrator adds a check; the volunteer records it; the club verifies it after they apply', async ({ page }) => {
  test.setTimeout(150_000);
  await signInByApi(page, ADMIN.email, ADMIN.password, '/admin#checks');
  const tab = page.getByRole('tabpanel', { name: /^Safeguarding checks/ });
  await tab.getByRole('button', { name: 'Add check' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add a check' });
  await addDialog.getByRole('button', { name: 'Save' }).click();
  await expect(addDialog.getByText('Please give the check a name of at least 2 characters')).toBeVisible();
  await addDialog.getByLabel('Name').fill(KIND);
  await addDialog.getByLabel('Description').fill('A criminal record check for work with children.');
  await toastAfter(page, 'Check saved', () => addDialog.getByRole('button', { name: 'Save' }).click());
  await expect(tab.getByRole('list', { name: 'Safeguarding checks' }).getByText(KIND, { exact: true })).toBeVisible();

  // The volunteer records it: an issue date in the future is refused first.
  await signInByApi(page, volunteerEmail, undefined, '/volunteer/profile');
  const section = page.getByRole('region', { name: 'Safeguarding checks' });
  await expect(section.getByText('You have not recorded any checks.')).toBeVisible();
  await section.getByRole('button', { name: 'Record a check' }).click();
  const recordDialog = page.getByRole('dialog', { name: 'Record a check' });
  await recordDialog.getByLabel('Check').selectOption({ label: KIND });
  await recordDialog.getByLabel('Issued on').fill('2099-01-01');
  await recordDialog.getByLabel('Expires or renewal due on').fill('2099-06-01');
  await recordDialog.getByRole('button', { name: 'Save' }).click();
  await expect(recordDialog.getByText('The issue date cannot be in the future')).toBeVisible();
  await recordDialog.getByLabel('Issued on').fill('2025-01-15');
  await recordDialog.getByLabel('Expires or renewal due on').fill('2029-01-15');
  await toastAfter(page, 'Check saved', () => recordDialog.getByRole('button', { name: 'Save' }).click());
  const card = section.getByRole('listitem').filter({ hasText: KIND });
  await expect(card.getByText('Not verified by any club yet.')).toBeVisible();

  // They apply; the club's owner opens the application and verifies the check for the club.
  const applied = await gqlAs(page.context().request, volunteerEmail, 'mutation($i: ApplyToOpportunityInput!) { applyToOpportunity(input: $i) { application { id } userErrors { message } } }', {
    i: { positionId, message: 'I coach juniors every Saturday morning.' },
  });
  const applicationId = applied.applyToOpportunity.application.id as string;
  await signInByApi(page, owner.email, undefined, `/applications/${applicationId}`);
  const checks = page.getByRole('region', { name: 'Safeguarding checks' });
  const item = checks.getByRole('listitem').filter({ hasText: KIND });
  await toastAfter(page, 'Check verified for your club', () => item.getByRole('button', { name: 'Verify for my club' }).click());
  await expect(item.getByText(/^Verified by your club on /)).toBeVisible();

  // The volunteer sees who verified it, and the history of the club's view and verification.
  await signInByApi(page, volunteerEmail, undefined, '/volunteer/profile');
  const region = page.getByRole('region', { name: 'Safeguarding checks' });
  await expect(region.getByRole('list', { name: `Verified by: ${KIND}` }).getByText(new RegExp(`^Verified by ${owner.clubName} on `))).toBeVisible();
  await region.getByText(/^History \(\d+\)$/).click();
  await expect(region.getByText(new RegExp(`: Viewed by ${owner.clubName}$`))).toBeVisible();
  await expect(region.getByText(new RegExp(`: Verified by ${owner.clubName}$`))).toBeVisible();
  await expect(region.getByText(/: Recorded by Vera Vetted$/)).toBeVisible();
});

test('axe, light and dark: the admin tab, the volunteer profile with checks and the application page', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signInByApi(page, ADMIN.email, ADMIN.password, '/admin');
  await checkViews(page, [
    {
      name: 'admin: safeguarding checks',
      path: '/admin#checks',
      heading: 'Platform Administration',
      open: async (p) => {
        await expect(p.getByRole('tabpanel', { name: /^Safeguarding checks/ }).getByRole('button', { name: 'Add check' })).toBeVisible();
      },
    },
  ]);
  const made = await gqlAs(request, ADMIN.email, 'mutation($i: CreateCheckKindInput!) { createCheckKind(input: $i) { checkKind { id } userErrors { message } } }', { i: { name: `Axe check ${letterTag(4)}` } }, ADMIN.password);
  const kind = made.createCheckKind.checkKind as { id: string };
  const axeVolunteer = await newVolunteer(request, 'Axel', 'Axe');
  await gqlAs(request, axeVolunteer, 'mutation($i: RecordVolunteerCheckInput!) { recordVolunteerCheck(input: $i) { check { id } userErrors { message } } }', {
    i: { kindId: kind.id, issuedOn: '2025-02-01', expiresOn: '2028-02-01' },
  });
  const applied = await gqlAs(request, axeVolunteer, 'mutation($i: ApplyToOpportunityInput!) { applyToOpportunity(input: $i) { application { id } userErrors { message } } }', {
    i: { positionId, message: 'Happy to help at the track on Sundays.' },
  });
  await signInByApi(page, axeVolunteer, undefined, '/');
  await checkViews(page, [
    {
      name: 'volunteer profile with checks',
      path: '/volunteer/profile',
      heading: 'Volunteer Profile',
      open: async (p) => {
        await expect(p.getByRole('region', { name: 'Safeguarding checks' }).getByRole('listitem')).toHaveCount(1);
      },
    },
  ]);
  await signInByApi(page, owner.email, undefined, '/');
  await checkViews(page, [
    {
      name: 'application page with the applicant’s checks',
      path: `/applications/${applied.applyToOpportunity.application.id}`,
      heading: 'Junior coach',
      open: async (p) => {
        await expect(p.getByRole('region', { name: 'Safeguarding checks' }).getByRole('button', { name: 'Verify for my club' })).toBeVisible();
      },
    },
  ]);
});
