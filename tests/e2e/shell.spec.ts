import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { animationsOver } from './journey-support.js';
import { registerAccount, signIn, uniqueEmail } from './support.js';

test('the home page shows the hero, the Why Join cards and the call to action', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Discover Local Sports Clubs in Your Community' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Find Clubs' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register Your Club' }).first()).toBeVisible();
  for (const card of ['Connect', 'Discover', 'Grow']) {
    await expect(page.getByRole('heading', { name: card, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Register Now' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const link of ['Home', 'Clubs', 'Volunteer', 'Sports Council']) {
    await expect(nav.getByRole('link', { name: link, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'Messages' })).toHaveCount(0);
});

/** Chooses a theme as a visitor does: the menu (loaded on the first press) open and standing still,
 *  then the item; a click while the opening animation still moves it can land beside it. */
async function chooseTheme(page: Page, choice: 'Light' | 'Dark' | 'System'): Promise<void> {
  await page.getByRole('button', { name: 'Theme' }).click();
  const menu = page.getByRole('menu', { name: 'Theme' });
  await expect(menu).toBeVisible();
  await animationsOver(menu);
  await menu.getByRole('menuitemradio', { name: choice }).click();
  await expect(menu).toBeHidden();
}

test('the theme switch offers light, dark and system and remembers the choice', async ({ page }) => {
  // Every style sheet that turns transitions off, as it is added (color-mode.tsx): only while the
  // colour mode changes, never as a page starts (each one was a style computation of the page).
  await page.addInitScript(() => {
    const added: string[] = [];
    (window as unknown as { noTransitionSheets: string[] }).noTransitionSheets = added;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.addedNodes)) if (node.nodeName === 'STYLE' && /transition:\s*none/.test(node.textContent ?? '')) added.push(document.readyState);
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const noTransitionSheets = () => page.evaluate(() => (window as unknown as { noTransitionSheets: string[] }).noTransitionSheets.length);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await expect(page.getByRole('button', { name: 'Theme' })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect(await noTransitionSheets()).toBe(0);
  await chooseTheme(page, 'Dark');
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await noTransitionSheets()).toBe(1);
  await expect(page.locator('style[data-no-transitions]')).toHaveCount(0);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await chooseTheme(page, 'System');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  expect(await noTransitionSheets()).toBe(1);
  // The system's scheme changing turns them off too while the page follows it.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await noTransitionSheets()).toBe(2);
  await expect(page.locator('style[data-no-transitions]')).toHaveCount(0);
});

test('a visitor whose system asks for less motion gets none: menus open at once and nothing fades', async ({ page }) => {
  /** The open Theme menu's enter animation and the Theme button's transition, in seconds. */
  const motion = async () => {
    await page.getByRole('button', { name: 'Theme' }).click();
    const menu = page.getByRole('menu', { name: 'Theme' });
    await expect(menu).toBeVisible();
    const animation = await menu.evaluate((element) => parseFloat(getComputedStyle(element).animationDuration));
    const transition = await page
      .getByRole('button', { name: 'Theme' })
      .evaluate((element) => Math.max(...getComputedStyle(element).transitionDuration.split(',').map(parseFloat)));
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    return { animation, transition };
  };
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Theme' })).toBeEnabled();
  const full = await motion();
  expect(full.animation).toBeGreaterThan(0.05);
  expect(full.transition).toBeGreaterThan(0.05);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const reduced = await motion();
  expect(reduced.animation).toBeLessThan(0.001);
  expect(reduced.transition).toBe(0);
});

test('an unknown path shows the 404 page and leads home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('guarded pages send signed-out visitors to the sign-in page', async ({ page }) => {
  for (const path of ['/profile', '/volunteer/dashboard', '/messages']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('the mobile layout repeats the navigation links', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Mobile' });
  for (const link of ['Home', 'Clubs', 'Volunteer', 'Sports Council']) {
    await expect(nav.getByRole('link', { name: link, exact: true })).toBeVisible();
  }
});

test("a signed-in page's HTML names the signed-in header's chunks, which download with the page's, not after the session check", async ({ page }) => {
  const email = uniqueEmail('preload');
  await page.goto('/login');
  await registerAccount(page, { email, fullName: 'Pia Preload' });
  await signIn(page, email);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.reload();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  const preloaded = await page.evaluate(() => Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'), (link) => new URL(link.href).pathname));
  const accountControls = scripts.filter((path) => /\/assets\/account-controls-[\w-]+\.js$/.test(path));
  expect(accountControls).toHaveLength(1);
  expect(preloaded).toContain(accountControls[0]);
  // After the page's own, at low priority: the page's chunks and its first query come first.
  await expect(page.locator('link[rel="modulepreload"][fetchpriority="low"][href*="/assets/account-controls-"]')).toHaveCount(1);
  // A page anyone may open (the sign-in page) does not make a visitor download them.
  const login = await (await page.request.get('/login')).text();
  expect(login).not.toMatch(/account-controls-[\w-]+\.js/);
});

test("the club dashboard's first query leaves with the session check, once, and fills the form", async ({ page }) => {
  const email = uniqueEmail('first-query');
  const clubName = `First Query Rowing ${Date.now()}`;
  await page.goto('/login');
  await registerAccount(page, { email, fullName: 'Quinn Query', clubName });
  await signIn(page, email);
  // The page's HTML names the query (its hash, no one's data); the sign-in page names none.
  const html = await (await page.request.get('/club/dashboard')).text();
  expect(html).toMatch(/<script type="application\/json" id="clubroom-first-query">\{"operationName":"MyClub","sha256Hash":"[0-9a-f]{64}"\}<\/script>/);
  expect(await (await page.request.get('/login')).text()).not.toContain('clubroom-first-query');

  const events: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/graphql') && request.postDataJSON()?.operationName === 'MyClub') events.push('MyClub sent');
    if (request.url().endsWith('/api/auth/user')) events.push('session check sent');
  });
  page.on('response', (response) => {
    if (response.url().endsWith('/api/auth/user')) events.push('session check answered');
  });
  await page.goto('/club/dashboard');
  await expect(page.getByLabel('Club Name')).toHaveValue(clubName);
  // Sent before the session check had answered (without it: after the check and the page's
  // render), and not again when the page asked for it.
  expect(events.filter((event) => event === 'MyClub sent')).toHaveLength(1);
  expect(events.indexOf('MyClub sent')).toBeLessThan(events.indexOf('session check answered'));
});

test("a signed-in page arrives with its frame rendered, every visitor's the same, which the app then renders in its place", async ({ page, playwright, baseURL }) => {
  const email = uniqueEmail('frame');
  await page.goto('/login');
  await registerAccount(page, { email, fullName: 'Fran Frame', clubName: `Frame Rowing ${Date.now()}` });
  await signIn(page, email);
  const anonymous = await playwright.request.newContext({ baseURL });
  for (const path of ['/club/dashboard', '/messages', '/profile']) {
    const html = await (await anonymous.get(path)).text();
    expect(html, path).toContain('<div id="root" data-ssr="frame">');
    // The header and the session check's spinner, with the styles they need, and nobody's data.
    expect(html, path).toMatch(/<header[^>]*>.*Clubroom.*<\/header>/s);
    expect(html, path).toContain('aria-label="Loading"');
    expect(html, path).toContain('data-emotion="css ');
    expect(await (await page.context().request.get(path)).text(), path).toBe(html);
    expect(html, path).not.toContain(email);
  }
  await anonymous.dispose();

  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|Minified React error #4(18|19|20|21|22|23|25)/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/club/dashboard');
  await expect(page.locator('#root[data-ssr="frame"][data-hydrated]')).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Club Dashboard' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  // One header and one footer: the app's render replaced the server's, it did not add to it.
  await expect(page.locator('header')).toHaveCount(1);
  await expect(page.locator('footer')).toHaveCount(1);
  // The header's styles came with the HTML and were taken over there: each of its classes has as
  // many rules in the page as the server's style sheets hold, none inserted again by the app.
  const reinserted = await page.evaluate(() => {
    const count = (sheets: CSSStyleSheet[], name: string) => sheets.reduce((n, sheet) => n + Array.from(sheet.cssRules).filter((rule) => rule.cssText.includes(`.${name}`)).length, 0);
    const all = Array.from(document.styleSheets);
    const server = all.filter((sheet) => sheet.ownerNode instanceof HTMLStyleElement && !sheet.ownerNode.hasAttribute('data-emotion') && sheet.ownerNode.textContent !== '');
    const names = Array.from(document.querySelector('header')!.classList).filter((name) => name.startsWith('css-'));
    return { names, wrong: names.filter((name) => count(server, name) === 0 || count(all, name) !== count(server, name)) };
  });
  expect(reinserted.names.length).toBeGreaterThan(0);
  expect(reinserted.wrong).toEqual([]);
  await page.goto('/messages');
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  expect(problems).toEqual([]);
});

test('an idle session expires: the notice shows and the member is on the sign-in page', async ({ page }) => {
  const email = uniqueEmail('idle');
  await page.goto('/login');
  await registerAccount(page, { email, fullName: 'Ida Idle' });
  await page.evaluate(() => {
    localStorage.setItem('clubroom.inactivityTimeoutMs', '3000');
    localStorage.setItem('clubroom.inactivityCheckMs', '500');
  });
  await signIn(page, email);
  await page.reload();
  await expect(page.getByText('Session Expired')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});

test('the GraphQL explorer loads from the app itself and runs a query', async ({ page }) => {
  const external: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (!['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol.startsWith('http')) external.push(req.url());
  });
  await page.goto('/graphql');
  await expect(page).toHaveTitle(/Clubroom GraphQL Explorer/);
  const editor = page.locator('.graphiql-query-editor .CodeMirror').first();
  await expect(editor).toBeVisible();
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('query Me { me { id } }');
  await page.getByRole('button', { name: /execute|run/i }).first().click();
  await expect(page.locator('.graphiql-response')).toContainText('"me": null');
  expect(external).toEqual([]);
});
