// Issue 29 §6, the personal calendar feed, as a member uses it on My clubs: 'Get my calendar link'
// shows the https link (Copy) and the webcal: link once; the feed, fetched as a calendar app would
// and parsed with ical.js, has the followed club's event and training session, a cancelled one
// marked cancelled; the event's own 'Add to calendar' file downloads; after a reload the link is not shown again; 'Get a new link' asks first, then
// gives a new link and the old one answers 404. axe in light and dark mode on the section before,
// with the link, and with the confirmation open.
import ICAL from 'ical.js';
import { expect, test, type APIRequestContext, type Page } from './fixtures.js';
import { checkViews } from './axe.js';
import { globalId, letterTag, newClubOwner, newMember, signInByApi, toastAfter, type ClubOwner } from './journey-support.js';
import { runSql } from './support.js';

let club: ClubOwner;
let memberEmail: string;
let tag: string;
let relayNightId: string;

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  tag = letterTag();
  club = await newClubOwner(context.request, { clubName: `Lapwing Lappers ${tag}`, fullName: 'Lara Lapwing' });
  memberEmail = await newMember(context.request, 'Cass Calendar');
  await context.close();
  await runSql(`insert into club_follows (club_id, user_id) select '${club.clubId}', id from users where email = '${memberEmail}'`);
  const [relayNight] = await runSql<{ id: string }>(`insert into club_sessions (club_id, kind, title, place, starts_at, ends_at)
    values ('${club.clubId}', 'event', 'Relay night ${tag}', 'Town track', now() + interval '4 days', now() + interval '4 days 2 hours') returning id`);
  relayNightId = relayNight!.id;
  await runSql(`insert into club_sessions (club_id, kind, slot_key, local_date, starts_at, ends_at, cancelled_at, cancel_reason, sequence)
    values ('${club.clubId}', 'session', '2-19:00-20:00', (now() + interval '6 days')::date, now() + interval '6 days', now() + interval '6 days 1 hour', now(), 'Track flooded', 1)`);
});

const section = (page: Page) => page.getByRole('region', { name: 'Subscribe in your calendar' });
const linkInput = (page: Page) => section(page).getByRole('textbox', { name: 'Your calendar link' });

/** The feed as a calendar app gets it: no credentials, only its address. */
async function fetchFeed(request: APIRequestContext, url: string) {
  const res = await request.get(new URL(url).pathname);
  return { status: res.status(), text: await res.text() };
}

test('a member gets the calendar link on My clubs, the feed parses with the club’s sessions, and a new link retires the old one', async ({ page }) => {
  test.setTimeout(120_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInByApi(page, memberEmail, undefined, '/my-clubs');
  await expect(page.getByRole('heading', { name: 'My clubs', level: 1 })).toBeVisible();
  await expect(section(page).getByRole('heading', { name: 'Subscribe in your calendar', level: 2 })).toBeVisible();

  await section(page).getByRole('button', { name: 'Get my calendar link' }).click();
  await expect(linkInput(page)).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/calendar\/[0-9a-f]{64}\.ics$/);
  const url = await linkInput(page).inputValue();
  await expect(section(page).getByRole('link', { name: 'Open in your calendar app' })).toHaveAttribute('href', url.replace('http://', 'webcal://'));
  await expect(section(page).getByText(/Keep this link to yourself/)).toBeVisible();
  await toastAfter(page, 'Calendar link copied', () => section(page).getByRole('button', { name: 'Copy link' }).click());
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // The feed, with the page's request context and no sign-in, parsed by a real iCalendar parser.
  const feed = await fetchFeed(page.context().request, url);
  expect(feed.status).toBe(200);
  const events = new ICAL.Component(ICAL.parse(feed.text)).getAllSubcomponents('vevent');
  const summaries = events.map((e) => String(e.getFirstPropertyValue('summary')));
  expect(summaries).toContain(`Relay night ${tag}`);
  const cancelled = events.find((e) => e.getFirstPropertyValue('summary') === `Cancelled: Lapwing Lappers ${tag} training`);
  expect(cancelled?.getFirstPropertyValue('status')).toBe('CANCELLED');
  expect(String(cancelled?.getFirstPropertyValue('description'))).toContain('Track flooded');

  // The event's own 'Add to calendar' file, for anyone (the app serves it, not the page shell).
  const file = await page.context().request.get(`/clubs/${globalId('Club', club.clubId)}/sessions/${globalId('ClubSession', relayNightId)}.ics`);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const single = new ICAL.Component(ICAL.parse(await file.text())).getAllSubcomponents('vevent');
  expect(single.map((e) => e.getFirstPropertyValue('summary'))).toEqual([`Relay night ${tag}`]);

  // Shown once: after a reload the page says when it was made, not the link.
  await page.reload();
  await expect(section(page).getByText(/^You made your calendar link on [A-Z][a-z]{2} \d{1,2}, \d{4}\./)).toBeVisible();
  await expect(linkInput(page)).toHaveCount(0);

  // A new link, after a confirmation; the old one stops working.
  await section(page).getByRole('button', { name: 'Get a new link' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Get a new calendar link?' });
  await expect(dialog.getByText(/Your current link stops working at once/)).toBeVisible();
  await toastAfter(page, 'You have a new calendar link', () => dialog.getByRole('button', { name: 'Get a new link' }).click());
  await expect(linkInput(page)).toHaveValue(/\/calendar\/[0-9a-f]{64}\.ics$/);
  const renewed = await linkInput(page).inputValue();
  expect(renewed).not.toBe(url);
  expect((await fetchFeed(page.context().request, url)).status).toBe(404);
  expect((await fetchFeed(page.context().request, renewed)).status).toBe(200);
});

test('axe, light and dark: the calendar section before and with its link, and the confirmation', async ({ page, request }) => {
  test.setTimeout(180_000);
  const reader = await newMember(request, 'Axel Almanac');
  await signInByApi(page, reader, undefined, '/my-clubs');
  await checkViews(page, [
    {
      name: 'my-clubs calendar section (no link yet)',
      path: '/my-clubs',
      heading: 'My clubs',
      open: async (p) => {
        await expect(section(p).getByRole('button', { name: 'Get my calendar link' })).toBeVisible();
      },
    },
    {
      name: 'my-clubs calendar section (link shown)',
      path: '/my-clubs',
      heading: 'My clubs',
      open: async (p) => {
        const getLink = section(p).getByRole('button', { name: 'Get my calendar link' });
        const newLink = section(p).getByRole('button', { name: 'Get a new link' });
        await expect(getLink.or(newLink)).toBeVisible();
        if (await getLink.isVisible()) await getLink.click();
        else {
          await newLink.click();
          await p.getByRole('alertdialog', { name: 'Get a new calendar link?' }).getByRole('button', { name: 'Get a new link' }).click();
        }
        await expect(linkInput(p)).toBeVisible();
      },
    },
    {
      name: 'my-clubs calendar section (made earlier, confirmation open)',
      path: '/my-clubs',
      open: async (p) => {
        await section(p).getByRole('button', { name: 'Get a new link' }).click();
        await expect(p.getByRole('alertdialog', { name: 'Get a new calendar link?' })).toBeVisible();
      },
    },
  ]);
});
