// Issue 27: the public pages arrive rendered (content and metadata without JavaScript), are the
// same HTML for everyone, hydrate without a mismatch, pass axe in both colour modes, and answer
// 404 for what is not there (410 for a club a moderator removed).
import type { APIRequestContext, Page } from '@playwright/test';
import { checkViews } from './axe.js';
import { expect, test } from './fixtures.js';
import { addOpportunity, globalId, letterTag, newClubOwner, newMember, signInByApi, sqlText } from './journey-support.js';
import { runSql } from './support.js';

interface PublicData {
  clubPath: string;
  clubName: string;
  opportunityPath: string;
  opportunityTitle: string;
  meetingTitle: string;
  meetingId: string;
  /** The meeting's own page (/sports-council/meetings/{global id}). */
  meetingPath: string;
  /** An event of the club in ten days, and its page (/clubs/{club}/sessions/{session}). */
  eventTitle: string;
  eventPath: string;
}

/** An approved club with meeting times and a live position, and a public council meeting. */
async function publicData(request: APIRequestContext): Promise<PublicData> {
  const tag = letterTag();
  const owner = await newClubOwner(request, { clubName: `Harbour Rowing ${tag}`, city: 'Portsmouth' });
  await runSql(`update clubs set category = 'Rowing', description = 'Rowing on the harbour for juniors and masters, all year round.' where id = '${owner.clubId}'`);
  await runSql(`insert into club_meeting_times (club_id, day_of_week, start_time, end_time) values ('${owner.clubId}', 2, '19:00', '20:30')`);
  const opportunityTitle = `Boathouse steward ${tag}`;
  const opportunityId = await addOpportunity(owner.clubId, opportunityTitle, ['First aid']);
  const meetingTitle = `Council meeting ${tag}`;
  const [meeting] = await runSql<{ id: string }>(
    `insert into council_meetings (title, meeting_date, meeting_time, location, agenda, status, is_public)
     values (${sqlText(meetingTitle)}, (now() + interval '20 days')::date, '18:30', 'Town Hall', '<p>Grants for junior rowing</p>', 'upcoming', true) returning id`,
  );
  const eventTitle = `Open day ${tag}`;
  const [event] = await runSql<{ id: string }>(
    `insert into club_sessions (club_id, kind, title, description, place, starts_at, ends_at)
     values ('${owner.clubId}', 'event', ${sqlText(eventTitle)}, '<p>Try a boat with our coaches.</p>', 'The slipway', now() + interval '10 days', now() + interval '10 days 3 hours') returning id`,
  );
  return {
    eventTitle,
    eventPath: `/clubs/${globalId('Club', owner.clubId)}/sessions/${globalId('ClubSession', event!.id)}`,
    clubPath: `/clubs/${globalId('Club', owner.clubId)}`,
    clubName: owner.clubName,
    opportunityPath: `/opportunities/${opportunityId}`,
    opportunityTitle,
    meetingTitle,
    meetingId: meeting!.id,
    meetingPath: `/sports-council/meetings/${globalId('CouncilMeeting', meeting!.id)}`,
  };
}

async function headOf(page: Page) {
  return page.evaluate(() => ({
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content') ?? null,
    twitterCard: document.querySelector('meta[name="twitter:card"]')?.getAttribute('content') ?? null,
    robots: document.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null,
    jsonLd: Array.from(document.querySelectorAll('script[type="application/ld+json"]')).map((s) => JSON.parse(s.textContent ?? 'null')),
    descriptions: document.querySelectorAll('meta[name="description"]').length,
    titles: document.querySelectorAll('title').length,
  }));
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every public page has its content and its metadata in the HTML', async ({ page, request, baseURL }) => {
    const data = await publicData(request);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    let head = await headOf(page);
    expect(head.title).toBe('Clubroom');
    expect(head.canonical).toBe(`${baseURL}/`);
    expect(head.jsonLd[0]['@type']).toBe('WebSite');

    // The club's page: name, sport, city, description, meeting times, positions.
    const club = await page.goto(data.clubPath);
    expect(club!.status()).toBe(200);
    await expect(page.getByRole('heading', { name: data.clubName })).toBeVisible();
    await expect(page.getByText('Rowing', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Rowing on the harbour for juniors and masters, all year round.')).toBeVisible();
    await expect(page.getByText(/Tuesday/).first()).toBeVisible();
    await expect(page.getByText(data.opportunityTitle).first()).toBeVisible();
    head = await headOf(page);
    expect(head.title).toBe(`${data.clubName} – Rowing in Portsmouth · Clubroom`);
    expect(head.description).toBe('Rowing on the harbour for juniors and masters, all year round.');
    expect(head.canonical).toBe(`${baseURL}${data.clubPath}`);
    expect(head.ogTitle).toBe(`${data.clubName} – Rowing in Portsmouth`);
    expect(head.twitterCard).toBe('summary');
    expect([head.titles, head.descriptions]).toEqual([1, 1]);
    expect(head.jsonLd).toEqual([
      expect.objectContaining({
        '@context': 'https://schema.org',
        '@type': 'SportsClub',
        name: data.clubName,
        sport: 'Rowing',
        url: `${baseURL}${data.clubPath}`,
        address: expect.objectContaining({ addressLocality: 'Portsmouth' }),
        openingHoursSpecification: [expect.objectContaining({ dayOfWeek: 'Tuesday', opens: '19:00', closes: '20:30' })],
      }),
    ]);

    // The directory's first page lists it.
    await page.goto(`/clubs?q=${encodeURIComponent(data.clubName)}`);
    await expect(page.getByRole('heading', { name: 'Sports Clubs Directory' })).toBeVisible();
    await expect(page.getByText(data.clubName).first()).toBeVisible();
    head = await headOf(page);
    expect(head.title).toBe('Sports Clubs Directory · Clubroom');
    expect(head.canonical).toBe(`${baseURL}/clubs`);

    // The opportunities and one opportunity.
    for (const path of ['/volunteer-opportunities', '/opportunities']) {
      await page.goto(`${path}?q=${encodeURIComponent(data.opportunityTitle)}`);
      await expect(page.getByText(data.opportunityTitle).first()).toBeVisible();
      expect((await headOf(page)).canonical).toBe(`${baseURL}/volunteer-opportunities`);
    }
    await page.goto(data.opportunityPath);
    await expect(page.getByRole('heading', { name: data.opportunityTitle })).toBeVisible();
    head = await headOf(page);
    expect(head.title).toBe(`${data.opportunityTitle} – volunteer at ${data.clubName} · Clubroom`);
    expect(head.canonical).toBe(`${baseURL}${data.opportunityPath}`);

    // The council's upcoming meetings, each an Event.
    await page.goto('/sports-council');
    await expect(page.getByText(data.meetingTitle)).toBeVisible();
    head = await headOf(page);
    expect(head.title).toBe('Sports Council Meetings · Clubroom');
    expect(head.jsonLd[0]).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          '@type': 'Event',
          name: data.meetingTitle,
          eventStatus: 'https://schema.org/EventScheduled',
          location: expect.objectContaining({ name: 'Town Hall' }),
          url: `${baseURL}${data.meetingPath}`,
        }),
      ]),
    );
    // Each card's title links to the meeting's own page.
    await expect(page.getByRole('link', { name: data.meetingTitle })).toHaveAttribute('href', data.meetingPath);

    // One meeting's page: title, date and time, place, agenda, the calendar file, the way back.
    const meeting = await page.goto(data.meetingPath);
    expect(meeting!.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: data.meetingTitle })).toBeVisible();
    await expect(page.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T18:30$/);
    await expect(page.getByText('Town Hall')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Agenda' })).toBeVisible();
    await expect(page.getByText('Grants for junior rowing')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Minutes' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', `/api/sports-council/meetings/${data.meetingId}.ics`);
    // Back to the list at this meeting's card.
    const meetingId = new URL(page.url()).pathname.split('/').pop()!;
    await expect(page.getByRole('link', { name: 'Back to meetings' })).toHaveAttribute('href', `/sports-council#meeting-${meetingId}`);
    head = await headOf(page);
    expect(head.title).toMatch(new RegExp(`^${data.meetingTitle} – .+ · Clubroom$`));
    expect(head.description).toBe('Grants for junior rowing');
    expect(head.canonical).toBe(`${baseURL}${data.meetingPath}`);
    expect(head.ogTitle).toBe(head.title.replace(/ · Clubroom$/, ''));
    expect(head.twitterCard).toBe('summary');
    expect(head.robots).toBeNull();
    expect([head.titles, head.descriptions]).toEqual([1, 1]);
    expect(head.jsonLd).toEqual([
      expect.objectContaining({
        '@context': 'https://schema.org',
        '@type': 'Event',
        name: data.meetingTitle,
        startDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T18:30$/),
        eventStatus: 'https://schema.org/EventScheduled',
        location: expect.objectContaining({ '@type': 'Place', name: 'Town Hall' }),
        url: `${baseURL}${data.meetingPath}`,
      }),
    ]);

    // An event of the club: what, when, where, about it; an Event for search engines.
    const event = await page.goto(data.eventPath);
    expect(event!.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: data.eventTitle })).toBeVisible();
    await expect(page.getByText('The slipway')).toBeVisible();
    await expect(page.getByText('Try a boat with our coaches.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in to answer' })).toBeVisible();
    head = await headOf(page);
    expect(head.title).toBe(`${data.eventTitle} · ${data.clubName} · Clubroom`);
    expect(head.canonical).toBe(`${baseURL}${data.eventPath}`);
    expect(head.ogTitle).toBe(`${data.eventTitle} · ${data.clubName}`);
    expect([head.titles, head.descriptions]).toEqual([1, 1]);
    expect(head.jsonLd).toEqual([
      expect.objectContaining({
        '@context': 'https://schema.org',
        '@type': 'Event',
        name: data.eventTitle,
        eventStatus: 'https://schema.org/EventScheduled',
        location: expect.objectContaining({ '@type': 'Place', name: 'The slipway' }),
        organizer: expect.objectContaining({ '@type': 'SportsClub', name: data.clubName }),
      }),
    ]);
  });

  test('what is not there answers 404 with noindex: an unknown path, club, opportunity or meeting, an unapproved club and an unpublished meeting', async ({ page, request }) => {
    const pending = await newClubOwner(request, { clubName: `Pending Club ${letterTag()}`, pending: true });
    const [hidden] = await runSql<{ id: string }>(
      `insert into council_meetings (title, meeting_date, status, is_public) values ('Closed session ${letterTag()}', current_date + 3, 'upcoming', false) returning id`,
    );
    for (const [path, heading] of [
      ['/no-such-page', 'Oops! Page not found'],
      [`/clubs/${globalId('Club', '00000000-0000-4000-8000-000000000000')}`, 'Club not found'],
      [`/clubs/${globalId('Club', pending.clubId)}`, 'Club not found'],
      [`/opportunities/${globalId('VolunteerPosition', '00000000-0000-4000-8000-000000000000')}`, 'Opportunity not found'],
      [`/sports-council/meetings/${globalId('CouncilMeeting', '00000000-0000-4000-8000-000000000000')}`, 'Meeting not found'],
      [`/sports-council/meetings/${globalId('CouncilMeeting', hidden!.id)}`, 'Meeting not found'],
      ['/sports-council/meetings/not%20an%20id', 'Meeting not found'],
    ]) {
      const response = await page.goto(path!);
      expect(response!.status(), path).toBe(404);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      const head = await headOf(page);
      expect(head.robots, path).toBe('noindex');
      expect(head.canonical, path).toBeNull();
    }
  });

  test('a club a moderator removed answers 410 Gone with noindex, and nothing of it', async ({ page, request }) => {
    const removed = await newClubOwner(request, { clubName: `Removed Club ${letterTag()}`, city: 'Gonechester' });
    await runSql(`update clubs set removed_at = now(), description = 'A description nobody may read' where id = '${removed.clubId}'`);
    const response = await page.goto(`/clubs/${globalId('Club', removed.clubId)}`);
    expect(response!.status()).toBe(410);
    await expect(page.getByRole('heading', { level: 1, name: 'Club removed' })).toBeVisible();
    await expect(page.getByText('This club has been removed from the directory.')).toBeVisible();
    const head = await headOf(page);
    expect(head.robots).toBe('noindex');
    expect(head.canonical).toBeNull();
    const html = await response!.text();
    for (const secret of [removed.clubName, 'Gonechester', 'A description nobody may read']) expect(html).not.toContain(secret);
  });
});

test('a public page is the same HTML for an anonymous visitor and a signed-in member', async ({ page, request, playwright, baseURL }) => {
  const data = await publicData(request);
  const email = await newMember(request, 'Sam Signed');
  await signInByApi(page, email);
  const member = page.context().request;
  const anonymous = await playwright.request.newContext({ baseURL });
  for (const path of ['/', data.clubPath, '/clubs', '/volunteer-opportunities', data.opportunityPath, '/sports-council', data.meetingPath, data.eventPath]) {
    const [asMember, asAnyone] = await Promise.all([member.get(path), anonymous.get(path)]);
    expect(asMember.status(), path).toBe(200);
    const html = await asAnyone.text();
    expect(html, path).toContain('data-ssr');
    // The page is not in a Suspense boundary (React's <!--$--> marks one): the browser would leave
    // it dehydrated after the shell and hydrate it in one blocking task when the layout updates.
    const main = html.slice(html.indexOf('<main'), html.lastIndexOf('</main>'));
    expect(main.length, path).toBeGreaterThan(200);
    expect(main, path).not.toMatch(/<!--\$/);
    expect(await asMember.text(), path).toBe(html);
    expect(html, path).not.toContain(email);
  }
  await anonymous.dispose();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`public pages hydrate without a mismatch (${colorScheme}), and a signed-in member then sees their own page`, async ({ page, request }) => {
    const data = await publicData(request);
    await page.emulateMedia({ colorScheme });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /hydrat|Minified React error #4(18|19|20|21|22|23|25)/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    // Each style sheet with CSS in it put in the document after its HTML was parsed: the page's
    // styles are taken over where they are (the global CSS untouched, emotion's markers empty),
    // since moving one was a style computation of the whole page on a slow phone.
    await page.addInitScript(() => {
      const moved: string[] = [];
      (window as unknown as { movedSheets: string[] }).movedSheets = moved;
      new MutationObserver((records) => {
        if (document.readyState === 'loading') return;
        for (const record of records) {
          for (const node of Array.from(record.addedNodes)) {
            if (node.nodeName === 'STYLE' && (node.textContent ?? '').length > 0) moved.push((node as Element).outerHTML.slice(0, 80));
          }
          // The page's head tags as the server wrote them are kept, not made again.
          for (const node of Array.from(record.removedNodes)) {
            if (node instanceof Element && node.hasAttribute('data-page-meta')) moved.push(`removed ${node.outerHTML.slice(0, 80)}`);
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    for (const path of ['/', '/clubs', data.clubPath, '/volunteer-opportunities', data.opportunityPath, '/sports-council', data.meetingPath, data.eventPath, '/no-such-page']) {
      await page.goto(path);
      await expect(page.locator('#root[data-ssr]')).toBeAttached();
      await expect(page.locator('main h1').first()).toBeVisible();
      // The global CSS once, from the server, with the theme's tokens for both colour modes.
      await expect(page.locator('style[data-chakra-global]')).toHaveCount(1);
      expect(await page.locator('style[data-chakra-global]').textContent(), path).toMatch(/--chakra-colors-teal-500:.*\.dark/s);
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as unknown as { movedSheets: string[] }).movedSheets), path).toEqual([]);
      // The colour mode is set before the first paint, by the inline script the CSP allows by hash.
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${colorScheme}\\b`));
    }
    expect(problems).toEqual([]);

    // Moving to another page in the app: its head tags replace the last page's.
    await page.goto('/clubs');
    await page.getByRole('article').filter({ hasText: data.clubName }).getByRole('link', { name: data.clubName }).click();
    await expect(page.getByRole('heading', { name: data.clubName, level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(data.clubName));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${data.clubPath}$`));
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);

    // Signed in, the club page shows the member's own part once their session is known.
    const email = await newMember(request, 'Hana Hydrate');
    await signInByApi(page, email, undefined, data.clubPath);
    await expect(page.getByRole('link', { name: 'Message this club' })).toHaveAttribute('href', /^\/messages\/compose\?to=/);
    expect(problems).toEqual([]);
  });
}

test('a visitor reads the public pages without the GraphQL client (and the toasts\' region after the page has loaded); searching loads it and finds the club', async ({ page, request }) => {
  const data = await publicData(request);
  const requests: string[] = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  for (const path of ['/clubs', data.clubPath, '/volunteer-opportunities', data.opportunityPath, '/sports-council', data.meetingPath]) {
    requests.length = 0;
    await page.goto(path);
    await expect(page.locator('#root[data-ssr]')).toBeAttached();
    await expect(page.locator('main h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const scripts = requests.filter((p) => p.endsWith('.js'));
    expect(scripts.length, path).toBeGreaterThan(3);
    // lib/apollo.ts's chunk (the client, its links), Apollo's own and graphql's: none on a read.
    expect(scripts.filter((p) => /\/assets\/(apollo(?!-island)|apollo-root|useQuery|visitor)-[\w-]+\.js$/.test(p)), path).toEqual([]);
    expect(requests.filter((p) => p.startsWith('/graphql')), path).toEqual([]);
    // The page's own chunks are asked for by the page's loader (their list in the <head>), before
    // the app's entry: none was left for the app to ask for as it starts (inside its first task).
    const preloads = await page.evaluate(() => {
      const entry = document.querySelector('script[type="module"][src]');
      const chunks = JSON.parse(document.getElementById('clubroom-page-chunks')?.textContent ?? '[]') as string[];
      const beforeEntry = Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'))
        .filter((link) => entry !== null && (link.compareDocumentPosition(entry) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0)
        .map((link) => new URL(link.href).pathname);
      return { chunks, late: chunks.filter((chunk) => !beforeEntry.includes(chunk)) };
    });
    expect(preloads.chunks.length, path).toBeGreaterThan(0);
    expect(preloads.late, path).toEqual([]);
    // The toasts' region is asked for once the page has loaded, not with its first scripts.
    await expect(page.getByRole('region', { name: /^Notifications/ })).toBeAttached();
    const timing = await page.evaluate(() => ({
      loaded: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
      toaster: performance.getEntriesByType('resource').find((entry) => /\/assets\/toaster-[\w-]+\.js$/.test(entry.name))?.startTime ?? -1,
    }));
    expect(timing.loaded, path).toBeGreaterThan(0);
    expect(timing.toaster, path).toBeGreaterThanOrEqual(timing.loaded);
  }
  await expect(page.getByRole('heading', { name: data.meetingTitle, level: 1 })).toBeVisible();

  // The directory's search: the client loads and takes the listing over.
  await page.goto('/clubs');
  const searched = page.waitForResponse((r) => new URL(r.url()).pathname === '/graphql' && r.request().method() === 'POST');
  await page.getByLabel('Search clubs').fill(data.clubName);
  expect((await searched).status()).toBe(200);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByText('1 club found')).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: data.clubName }).getByRole('link', { name: data.clubName })).toBeVisible();
});

test("a council meeting's page, an unknown meeting and a removed club pass axe in light and dark mode", async ({ page, request }) => {
  test.setTimeout(120_000);
  const data = await publicData(request);
  const removed = await newClubOwner(request, { clubName: `Axe Removed ${letterTag()}` });
  await runSql(`update clubs set removed_at = now() where id = '${removed.clubId}'`);
  await page.goto('/');
  await checkViews(page, [
    { name: 'council meeting', path: data.meetingPath, heading: data.meetingTitle },
    { name: 'council meeting, unknown', path: `/sports-council/meetings/${globalId('CouncilMeeting', '00000000-0000-4000-8000-000000000000')}`, heading: 'Meeting not found' },
    { name: 'club page, removed club', path: `/clubs/${globalId('Club', removed.clubId)}`, heading: 'Club removed' },
  ]);
});
