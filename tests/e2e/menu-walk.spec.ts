// Every item of the user menu, for every role, leads to a real page; so does every link of the top
// navigation, on a desktop and in the mobile layout. The items are read from the menu as it is
// rendered (a new item is walked without touching this file); the spec's items per role (platform.md
// 'Navigation') must be among them. A real page: the address the item names, a main heading, not the
// 404 page, not 'Coming Soon', no error screen or failed load, no uncaught error, no server error
// and no GraphQL error other than a refusal the page explains. The admin panel's Users, Moderation
// and Analytics tabs are walked too (tabs, not menu items).
import { expect, test, type APIRequestContext, type Locator, type Page } from './fixtures.js';
import { animationsOver, letterTag, openUserMenu, newClubOwner, newCouncilAdmin, newMember, newVolunteer, signInByApi } from './journey-support.js';
import { ADMIN, PASSWORD } from './support.js';

interface Role {
  name: string;
  /** Makes the account; answers its email and password. */
  account: (request: APIRequestContext) => Promise<{ email: string; password: string }>;
  badge: string;
  /** The spec's items for this role (platform.md, Navigation), besides Messages, My clubs (issue 29,
   *  every role) and Log out. */
  items: string[];
  /** Items this role must not be offered. */
  absent: string[];
}

const VOLUNTEER_ITEMS = ['My Dashboard', 'My Profile', 'Find Opportunities'];
const CLUB_ITEMS = ['Club Dashboard', 'My Opportunities', 'Find Volunteers', 'Club Settings'];
const ADMIN_ITEMS = ['Admin Dashboard', 'Club Approvals', 'Manage Clubs'];
const NO_PROFILE_ITEMS = ['Create Volunteer Profile', 'Register Club'];

const ROLES: Role[] = [
  {
    name: 'volunteer without a profile',
    account: async (request) => ({ email: await newMember(request, 'Nora Newcomer'), password: PASSWORD }),
    badge: 'Volunteer',
    items: [...VOLUNTEER_ITEMS, ...NO_PROFILE_ITEMS],
    absent: [...CLUB_ITEMS, ...ADMIN_ITEMS, 'Sports Council Admin'],
  },
  {
    name: 'volunteer with a profile',
    account: async (request) => ({ email: await newVolunteer(request, 'Wendy', 'Walker'), password: PASSWORD }),
    badge: 'Volunteer',
    items: VOLUNTEER_ITEMS,
    absent: [...NO_PROFILE_ITEMS, ...CLUB_ITEMS, ...ADMIN_ITEMS, 'Sports Council Admin'],
  },
  {
    name: 'club owner, pending approval',
    account: async (request) => ({ email: (await newClubOwner(request, { clubName: `Pending Paddlers ${letterTag()}`, pending: true })).email, password: PASSWORD }),
    badge: 'Club Admin',
    items: CLUB_ITEMS,
    absent: [...NO_PROFILE_ITEMS, ...VOLUNTEER_ITEMS, ...ADMIN_ITEMS, 'Sports Council Admin'],
  },
  {
    name: 'club owner, approved',
    account: async (request) => ({ email: (await newClubOwner(request, { clubName: `Approved Archers ${letterTag()}` })).email, password: PASSWORD }),
    badge: 'Club Admin',
    items: CLUB_ITEMS,
    absent: [...NO_PROFILE_ITEMS, ...VOLUNTEER_ITEMS, ...ADMIN_ITEMS, 'Sports Council Admin'],
  },
  {
    name: 'council administrator',
    account: async (request) => ({ email: await newCouncilAdmin(request), password: PASSWORD }),
    badge: 'Volunteer',
    items: [...VOLUNTEER_ITEMS, 'Sports Council Admin', ...NO_PROFILE_ITEMS],
    absent: [...CLUB_ITEMS, ...ADMIN_ITEMS],
  },
  {
    name: 'platform administrator',
    account: async () => ADMIN,
    badge: 'Platform Admin',
    items: [...ADMIN_ITEMS, 'Sports Council Admin'],
    absent: [...CLUB_ITEMS, ...VOLUNTEER_ITEMS],
  },
];

// ---- what a real page is ---------------------------------------------------------------------

interface Watch {
  inFlight: number;
  problems: string[];
}

/** Follows the page's API calls (to know when it has settled) and notes uncaught errors, server
 *  errors and GraphQL errors. FORBIDDEN answers are refusals (a pending club searching volunteers):
 *  allowed when the page says so, which `expectRealPage` checks. */
function watch(page: Page): Watch {
  const state: Watch = { inFlight: 0, problems: [] };
  const isApi = (url: string) => /\/(graphql|api\/)/.test(new URL(url).pathname);
  page.on('pageerror', (error) => state.problems.push(`uncaught error on ${page.url()}: ${error.message}`));
  page.on('request', (request) => {
    if (isApi(request.url())) state.inFlight += 1;
  });
  page.on('requestfailed', (request) => {
    if (isApi(request.url())) state.inFlight -= 1;
  });
  page.on('requestfinished', async (request) => {
    if (!isApi(request.url())) return;
    try {
      const response = await request.response();
      if (response && response.status() >= 500) state.problems.push(`${response.status()} from ${request.method()} ${request.url()} on ${page.url()}`);
      if (response && new URL(request.url()).pathname === '/graphql' && request.method() === 'POST') {
        const answer = (await response.json().catch(() => null)) as { errors?: { message: string; extensions?: { code?: string } }[] } | null;
        const operation = (request.postDataJSON() as { operationName?: string } | null)?.operationName ?? '?';
        for (const error of answer?.errors ?? []) {
          if (error.extensions?.code !== 'FORBIDDEN') state.problems.push(`GraphQL error in ${operation} on ${page.url()}: ${error.extensions?.code} ${error.message}`);
        }
      }
    } finally {
      state.inFlight -= 1;
    }
  });
  return state;
}

/** The page at `path` is a real one, settled: see the file's opening comment. */
async function expectRealPage(page: Page, state: Watch, where: string, path: string): Promise<void> {
  await expect(page, `${where}: the address`).toHaveURL((url) => url.pathname === path);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 }).first(), `${where}: a main heading`).toBeVisible();
  await expect(page.getByRole('status', { name: /Loading|Checking/ }), `${where}: still loading`).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /Loading|Checking/ }), `${where}: still loading`).toHaveCount(0);
  await expect.poll(() => state.inFlight, { message: `${where}: API calls still running`, timeout: 15_000 }).toBeLessThanOrEqual(0);
  await page.waitForTimeout(100); // the last answers rendered
  await expect(main.getByText('Oops! Page not found'), `${where}: the 404 page`).toHaveCount(0);
  await expect(page.getByText(/Coming Soon/i), `${where}: a 'Coming Soon' placeholder`).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Something went wrong' }), `${where}: the error screen`).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reload Page' }), `${where}: the error screen`).toHaveCount(0);
  await expect(main.getByRole('button', { name: /^Try again$/i }), `${where}: a failed load`).toHaveCount(0);
  await expect(main.getByText(/could not be (loaded|refreshed)|we could not load|unable to load|failed to load/i), `${where}: a failed load`).toHaveCount(0);
  await expect(main.getByRole('heading', { name: 'Access Denied' }), `${where}: refused`).toHaveCount(0);
  expect(state.problems, `${where}: errors`).toEqual([]);
}

// ---- the user menu ----------------------------------------------------------------------------

interface MenuItem {
  label: string;
  href: string | null;
}

/** The items as rendered: the label without the unread count, and where the item leads. */
async function renderedItems(menu: Locator): Promise<MenuItem[]> {
  const items = await menu.getByRole('menuitem').evaluateAll((elements) =>
    elements.map((element) => ({ label: (element.textContent ?? '').trim(), href: element.getAttribute('href') })),
  );
  return items.map((item) => ({ ...item, label: item.label.replace(/\s*(\d+|99\+)$/, '') }));
}

/** Clicks every link of the navigation (read as rendered) and checks each page. */
async function walkNavigation(page: Page, state: Watch, where: string, nav: () => Promise<Locator>): Promise<string[]> {
  const opened = await nav();
  const links = await opened.getByRole('link').evaluateAll((elements) =>
    elements.map((element) => ({ label: (element.textContent ?? '').trim().replace(/\s*(\d+|99\+)$/, ''), href: element.getAttribute('href')! })),
  );
  // The mobile drawer, opened to read it, is closed again (each link is then clicked from a fresh one).
  if ((await page.getByRole('dialog').count()) > 0) {
    await page.keyboard.press('Escape');
    await expect(opened).toBeHidden();
  }
  for (const link of links) {
    await (await nav()).locator(`a[href="${link.href}"]`).first().click();
    await expectRealPage(page, state, `${where} '${link.label}' (${link.href})`, link.href);
  }
  return links.map((link) => link.label);
}

const desktopNav = (page: Page) => async () => page.getByRole('navigation', { name: 'Main' });

/** The mobile drawer's navigation, opened. */
const mobileNav = (page: Page) => async () => {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Mobile' });
  await expect(nav).toBeVisible();
  await animationsOver(nav);
  return nav;
};

const MOBILE = { width: 390, height: 844 };

for (const role of ROLES) {
  test(`user menu and navigation of a ${role.name}: every item leads to a real page`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const state = watch(page);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const { email, password } = await role.account(request);
    await signInByApi(page, email, password, '/profile');
    await expectRealPage(page, state, `${role.name}: /profile`, '/profile');

    // The menu as rendered: the role's badge and the spec's items, none it must not have.
    let menu = await openUserMenu(page);
    await expect(menu.getByText(role.badge, { exact: true })).toBeVisible();
    await expect(menu.getByText(email, { exact: true })).toBeVisible();
    const items = await renderedItems(menu);
    const labels = items.map((item) => item.label);
    expect(labels, `${role.name}: the spec's items`).toEqual(expect.arrayContaining([...role.items, 'Messages', 'My clubs', 'Log out']));
    for (const label of role.absent) expect(labels, `${role.name}: must not offer '${label}'`).not.toContain(label);
    expect(new Set(labels).size, `${role.name}: an item twice`).toBe(labels.length);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    // Every item that leads somewhere, clicked from the menu.
    for (const item of items.filter((entry) => entry.href !== null)) {
      menu = await openUserMenu(page);
      await menu.locator(`[href="${item.href}"]`).click();
      await expect(menu).toBeHidden();
      await expectRealPage(page, state, `${role.name}: menu item '${item.label}' (${item.href})`, new URL(item.href!, 'http://x').pathname);
    }

    // The top navigation, on a desktop.
    const navLabels = await walkNavigation(page, state, `${role.name}: navigation`, desktopNav(page));
    expect(navLabels).toEqual(['Home', 'Clubs', 'Volunteer', 'Sports Council', 'Messages']);

    // The mobile layout, once signed in (the signed-out visitor's is walked below).
    if (role.name === 'volunteer with a profile') {
      await page.setViewportSize(MOBILE);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
      await expect(await walkNavigation(page, state, `${role.name}: mobile navigation`, mobileNav(page))).toEqual(navLabels);
      await page.setViewportSize({ width: 1280, height: 720 });
    }

    // Log out: the item the rest leave for last; it leads home, signed out.
    menu = await openUserMenu(page);
    await menu.getByRole('menuitem', { name: 'Log out' }).click();
    await expectRealPage(page, state, `${role.name}: Log out`, '/');
    await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'User menu' })).toHaveCount(0);
  });
}

// The admin panel's Users, Moderation and Analytics are tabs, not menu items: each must show its
// real content (a stat card of its own), never the 'coming in a later release' placeholder.
const ADMIN_TABS = [
  { tab: 'Users', shows: 'Total Users' },
  { tab: 'Moderation', shows: 'Total Reports' },
  { tab: 'Analytics', shows: 'Verification Rate' },
];

test("the admin panel's Users, Moderation and Analytics tabs show real content", async ({ page }) => {
  test.setTimeout(90_000);
  const state = watch(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInByApi(page, ADMIN.email, ADMIN.password, '/admin');
  await expectRealPage(page, state, 'admin panel', '/admin');
  for (const { tab, shows } of ADMIN_TABS) {
    await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
    await expect(page, `${tab}: the address`).toHaveURL((url) => url.hash === `#${tab.toLowerCase()}`);
    const panel = page.getByRole('tabpanel', { name: new RegExp(`^${tab}`) });
    await expect(panel.getByText(shows, { exact: true }).first(), `${tab}: its content`).toBeVisible();
    await expectRealPage(page, state, `admin tab '${tab}'`, '/admin');
    await expect(page.getByText(/coming in a later release/i), `${tab}: the placeholder`).toHaveCount(0);
  }
});

test('signed out: every link of the top navigation and the guest actions, on a desktop and in the mobile layout', async ({ page }) => {
  test.setTimeout(90_000);
  const state = watch(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await expectRealPage(page, state, 'home', '/');

  const navLabels = await walkNavigation(page, state, 'signed out: navigation', desktopNav(page));
  expect(navLabels).toEqual(['Home', 'Clubs', 'Volunteer', 'Sports Council']);
  const banner = page.getByRole('banner');
  for (const [label, path] of [['Sign In', '/login'], ['Register Club', '/register']] as const) {
    await banner.getByRole('link', { name: label, exact: true }).click();
    await expectRealPage(page, state, `signed out: '${label}'`, path);
  }

  await page.setViewportSize(MOBILE);
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  // The drawer holds the links and the guest actions: all walked.
  const mobileLabels = await walkNavigation(page, state, 'signed out: mobile navigation', mobileNav(page));
  expect(mobileLabels).toEqual([...navLabels, 'Sign In', 'Register Club']);
});
