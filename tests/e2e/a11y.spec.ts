// axe-core on every route of web/src/app/router.tsx, signed out and signed in as the roles that
// reach each page, in light and in dark mode: no serious or critical violation anywhere. The roles
// sign in through the REST API (signInByApi): the sign-in form is auth.spec's subject, not these.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './fixtures.js';
import { checkViews, type AxeView } from './axe.js';
import { ADMIN, approveClubOf, PASSWORD, registerAccount, runSql, uniqueEmail } from './support.js';
import { signInByApi } from './journey-support.js';


interface World {
  clubId: string;
  owner: string;
  member: string;
  partner: string;
  partnerId: string;
}

// The tests are independent: they may run on both workers at once (each worker's beforeAll makes
// the world in its own server's database).
test.describe.configure({ mode: 'parallel' });

let world: World;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await page.goto('/login');
  const owner = uniqueEmail('a11y.owner');
  const member = uniqueEmail('a11y.member');
  const partner = uniqueEmail('a11y.partner');
  await registerAccount(page, { email: owner, fullName: 'Olive Owner', clubName: `Axe Harriers ${owner.slice(10, 18)}` });
  await registerAccount(page, { email: member, fullName: 'Maya Member' });
  await registerAccount(page, { email: partner, fullName: 'Pat Partner' });
  await page.close();
  await approveClubOf(owner);
  const [club] = await runSql<{ id: string }>(
    `update clubs set category = 'Athletics', description = 'Running for every age on the town track.', city = 'Axeford',
       website = 'https://harriers.example', contact_phone = '+441234567890', profile_saved_at = now()
     where id = (select id from users where email = '${owner}') returning id`,
  );
  await runSql(
    `insert into club_volunteer_positions (club_id, title, description, is_live) values ('${club!.id}', 'Track Marshal', 'Keep the track safe on race days.', true)`,
  );
  const [ids] = await runSql<{ member: string; partner: string }>(
    `select (select id from users where email = '${member}') as member, (select id from users where email = '${partner}') as partner`,
  );
  await runSql(
    `insert into messages (sender_id, recipient_id, subject, content) values
       ('${ids!.partner}', '${ids!.member}', 'Saturday training', 'Are you free to help at the track on Saturday?'),
       ('${ids!.member}', '${ids!.partner}', 'Re: Saturday training', 'Yes, I will be there from nine.')`,
  );
  await runSql(
    `insert into council_meetings (title, meeting_date, meeting_time, location, agenda, status) values
       ('Axe council upcoming', current_date + 7, '19:00', 'Town Hall', '<p>Grants</p>', 'upcoming'),
       ('Axe council past', current_date - 30, null, null, '<p>Budget</p>', 'completed')`,
  );
  // Two API tokens of the member's, one used and one revoked, for the Developer page's list.
  await runSql(
    `insert into api_tokens (user_id, name, token_hash, prefix, scopes, last_used_at, revoked_at, expires_at) values
       ('${ids!.member}', 'Inbox script', md5(random()::text), 'clubroom_pat_a11yAbcd', '{read,messages:write}', now() - interval '5 minutes', null, now() + interval '30 days'),
       ('${ids!.member}', 'Old export', md5(random()::text), 'clubroom_pat_a11yEfgh', '{read}', null, now() - interval '1 day', null)`,
  );
  world = { clubId: club!.id, owner, member, partner, partnerId: ids!.partner };
});


async function openTab(page: Page, name: string | RegExp) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
  await page.waitForLoadState('networkidle');
}

test('signed out: every public page, the 404 page and the reset dialog', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await checkViews(page, [
    { name: 'home', path: '/' },
    { name: 'register', path: '/register' },
    { name: 'login', path: '/login' },
    {
      name: 'login: reset dialog',
      path: '/login',
      open: async (p) => {
        await p.getByRole('button', { name: 'Forgot password?' }).click();
        await expect(p.getByRole('dialog')).toBeVisible();
      },
    },
    { name: 'reset-password without a token', path: '/reset-password' },
    { name: 'reset-password form', path: '/reset-password?token=abc' },
    { name: 'unsubscribe, invalid link', path: '/unsubscribe?token=x' },
    { name: 'clubs', path: '/clubs' },
    // Club pages take the club's global id (base64url of 'Club:<uuid>').
    { name: 'club page', path: `/clubs/${Buffer.from(`Club:${world.clubId}`).toString('base64url')}` },
    { name: 'club page, unknown club', path: `/clubs/${randomUUID()}` },
    { name: 'sports-council', path: '/sports-council' },
    { name: 'sports-council, past', path: '/sports-council', open: (p) => openTab(p, /Past Meetings/) },
    { name: 'volunteer-opportunities', path: '/volunteer-opportunities' },
    { name: '404', path: '/no/such/page' },
  ]);
});

// A member's views are checked in two tests (each view in light and dark): one test of all 36 runs
// of axe outgrew its 4 minutes on a loaded machine.
test('signed in as a member: profile, dashboards, messages', async ({ page }) => {
  test.setTimeout(180_000);
  await signInByApi(page, world.member, PASSWORD, '/health');
  await checkViews(page, [
    { name: 'home (member)', path: '/' },
    { name: 'profile', path: '/profile' },
    { name: 'volunteer/dashboard', path: '/volunteer/dashboard' },
    { name: 'club/dashboard (no club)', path: '/club/dashboard' },
    { name: 'messages', path: '/messages' },
    // Members are named by their GraphQL global ids in the address.
    { name: 'messages/{id}', path: `/messages/${Buffer.from(`Member:${world.partnerId}`).toString('base64url')}` },
    { name: 'messages/{unknown id}', path: `/messages/${Buffer.from(`Member:${randomUUID()}`).toString('base64url')}` },
    { name: 'messages/{not an id}', path: '/messages/not-a-member' },
    {
      name: 'messages: compose dialog',
      path: '/messages',
      open: async (p) => {
        await p.getByRole('button', { name: 'New Message' }).click();
        await expect(p.getByRole('dialog')).toBeVisible();
      },
    },
  ]);
});

// A test of its own: the member's other two are each near their 3 minutes on a loaded machine.
test('signed in as a member: notification settings, My clubs, and a club page with its mute and follow buttons', async ({ page }) => {
  test.setTimeout(180_000);
  await signInByApi(page, world.member, PASSWORD, '/health');
  await checkViews(page, [
    { name: 'profile/notifications', path: '/profile/notifications', heading: 'Notifications' },
    // Issue 29: the member follows no club (club-follows.spec.ts checks the list with clubs).
    { name: 'my-clubs (empty)', path: '/my-clubs', heading: 'My clubs' },
    { name: 'club page (member)', path: `/clubs/${Buffer.from(`Club:${world.clubId}`).toString('base64url')}`, heading: /^Axe Harriers/ },
  ]);
});

test('signed in as a member: developer page and its dialogs, council admin refusal, menus', async ({ page }) => {
  test.setTimeout(180_000);
  await signInByApi(page, world.member, PASSWORD, '/health');
  await checkViews(page, [
    { name: 'profile/developer', path: '/profile/developer', heading: 'Developer' },
    {
      name: 'profile/developer: new token dialog',
      path: '/profile/developer',
      heading: 'Developer',
      open: async (p) => {
        await p.getByRole('button', { name: 'New token' }).click();
        await expect(p.getByRole('dialog')).toBeVisible();
      },
    },
    {
      name: 'profile/developer: revoke dialog',
      path: '/profile/developer',
      heading: 'Developer',
      open: async (p) => {
        await p.getByRole('button', { name: 'Revoke Inbox script' }).click();
        await expect(p.getByRole('alertdialog')).toBeVisible();
      },
    },
    { name: 'sports-council/admin (denied)', path: '/sports-council/admin' },
    { name: 'sports-council (member)', path: '/sports-council' },
    { name: 'clubs (member)', path: '/clubs' },
    {
      name: 'user menu',
      path: '/profile',
      open: async (p) => {
        await p.getByRole('button', { name: 'User menu' }).click();
        await expect(p.getByRole('menu')).toBeVisible();
      },
    },
    {
      name: 'notifications',
      path: '/profile',
      open: async (p) => {
        await p.getByRole('button', { name: 'Notifications' }).click();
        await expect(p.getByText('Stay updated with your latest activity')).toBeVisible();
      },
    },
    { name: '404 (member)', path: '/no/such/page' },
  ]);
});

test('signed in as a club owner: profile and every club dashboard tab', async ({ page }) => {
  test.setTimeout(180_000);
  await signInByApi(page, world.owner, PASSWORD, '/health');
  await checkViews(page, [
    { name: 'profile (club owner)', path: '/profile' },
    { name: 'club/dashboard: profile', path: '/club/dashboard' },
    { name: 'club/dashboard: meeting times', path: '/club/dashboard', open: (p) => openTab(p, 'Meeting Times') },
    { name: 'club/dashboard: positions', path: '/club/dashboard', open: (p) => openTab(p, 'Volunteer Positions') },
    { name: 'club/dashboard: followers', path: '/club/dashboard', open: (p) => openTab(p, 'Followers') },
  ]);
});

test('signed in as a platform administrator: council admin overview, meetings and the meeting dialog', async ({ page }) => {
  test.setTimeout(180_000);
  await signInByApi(page, ADMIN.email, ADMIN.password, '/health');
  await checkViews(page, [
    { name: 'sports-council/admin: overview', path: '/sports-council/admin', heading: 'Sports Council Admin' },
    { name: 'sports-council/admin: meetings', path: '/sports-council/admin', heading: 'Sports Council Admin', open: (p) => openTab(p, 'Meetings') },
    {
      name: 'sports-council/admin: new meeting dialog',
      path: '/sports-council/admin',
      heading: 'Sports Council Admin',
      open: async (p) => {
        await p.getByRole('button', { name: 'New Meeting' }).first().click();
        await expect(p.getByRole('dialog')).toBeVisible();
      },
    },
    { name: 'profile (admin)', path: '/profile' },
  ]);
});

test("signed in as a platform administrator: the admin panel's Clubs, Reports and Audit tabs", async ({ page }) => {
  test.setTimeout(240_000);
  const panel = 'Platform Administration';
  const openDialog = (button: string, role: 'dialog' | 'alertdialog') => async (p: Page) => {
    await p.getByRole('list', { name: 'Clubs pending verification' }).getByRole('button', { name: button }).first().click();
    await expect(p.getByRole(role)).toBeVisible();
  };
  await signInByApi(page, ADMIN.email, ADMIN.password, '/health');
  await checkViews(page, [
    { name: 'admin/clubs: pending verification', path: '/admin/clubs', heading: panel },
    { name: 'admin/clubs: verified clubs', path: '/admin/clubs', heading: panel, open: (p) => openTab(p, 'Verified Clubs') },
    { name: 'admin/clubs: club details dialog', path: '/admin/clubs', heading: panel, open: openDialog('View Details', 'dialog') },
    { name: 'admin/clubs: verify confirmation', path: '/admin/clubs', heading: panel, open: openDialog('Verify Club', 'alertdialog') },
    { name: 'admin#reports: statistics & reports', path: '/admin#reports', heading: panel },
    { name: 'admin#reports: admin activity', path: '/admin#reports', heading: panel, open: (p) => openTab(p, 'Admin Activity') },
    { name: 'admin#audit', path: '/admin#audit', heading: panel },
  ]);
});

test('signed in as a member: the admin panel refuses', async ({ page }) => {
  await signInByApi(page, world.member, PASSWORD, '/health');
  await checkViews(page, [{ name: 'admin (denied)', path: '/admin', heading: 'Access Denied' }]);
});

test("signed in as a platform administrator: the admin panel's frame and Club Approvals (dashboard, list, review, dialogs)", async ({ page }) => {
  test.setTimeout(300_000);
  const panel = 'Platform Administration';
  // A pending application to review.
  await page.goto('/login');
  const applicant = uniqueEmail('a11y.applicant');
  await registerAccount(page, { email: applicant, fullName: 'Avery Applicant', clubName: `Axe Archers ${applicant.slice(14, 22)}` });
  const [pending] = await runSql<{ id: string }>(
    `update clubs set city = 'Axeford', website = 'https://archers.example', contact_phone = '+441234567891'
     where id = (select id from users where email = '${applicant}') returning id`,
  );
  const review = `/admin/club-approvals/${Buffer.from(`Club:${pending!.id}`).toString('base64url')}?status=all`;
  const openReviewDialog = (button: string, role: 'dialog' | 'alertdialog') => async (p: Page) => {
    await p.getByRole('button', { name: button, exact: true }).click();
    await expect(p.getByRole(role)).toBeVisible();
  };

  await signInByApi(page, ADMIN.email, ADMIN.password, '/health');
  await checkViews(page, [
    { name: 'admin: overview', path: '/admin', heading: panel },
    { name: 'admin#users (coming later)', path: '/admin#users', heading: panel },
    { name: 'admin/club-approvals: dashboard', path: '/admin/club-approvals', heading: panel },
    { name: 'admin/club-approvals: list, every status', path: '/admin/club-approvals?view=list&status=all', heading: panel },
    {
      name: 'admin/club-approvals: list, pending, one ticked, suggestions open',
      path: '/admin/club-approvals?view=list',
      heading: panel,
      open: async (p) => {
        await p.getByRole('checkbox', { name: /^Select Axe Archers/ }).check();
        await expect(p.getByRole('button', { name: /^Approve Selected/ })).toBeVisible();
        await p.getByRole('combobox', { name: 'Search applications' }).fill('Axe');
        await expect(p.getByRole('listbox', { name: 'Suggestions' })).toBeVisible();
      },
    },
    { name: 'admin/club-approvals: list, empty with filters', path: '/admin/club-approvals?view=list&search=no-such-club-anywhere', heading: panel },
    { name: 'admin/club-approvals: review', path: review, heading: panel },
    { name: 'admin/club-approvals: approve dialog', path: review, heading: panel, open: openReviewDialog('Approve', 'dialog') },
    { name: 'admin/club-approvals: reject dialog', path: review, heading: panel, open: openReviewDialog('Reject', 'alertdialog') },
    { name: 'admin/club-approvals: invalid id', path: '/admin/club-approvals/not-an-id', heading: panel },
  ]);

  // On a phone: cards, the bottom-sheet filters and the review.
  await page.setViewportSize({ width: 390, height: 844 });
  await checkViews(page, [
    { name: 'admin/club-approvals: list (phone)', path: '/admin/club-approvals?view=list&status=all', heading: panel },
    {
      name: 'admin/club-approvals: filter sheet (phone)',
      path: '/admin/club-approvals?view=list&status=all',
      heading: panel,
      open: async (p) => {
        await p.getByRole('button', { name: 'Filters' }).click();
        await expect(p.getByRole('dialog', { name: 'Filter Applications' })).toBeVisible();
      },
    },
    { name: 'admin/club-approvals: review (phone)', path: review, heading: panel },
  ]);
});
