// Issue 29 §2–3, the parts of a club's week the journey (club-week-journey.spec.ts: Going, the live
// head count, a move, a cancellation) does not walk: a visitor is asked to sign in and comes back;
// a member who does not follow is asked to follow; a follower says Can't make it with a reason and
// the owner sees why; the owner's Sessions tab (live counts, a new event, the settings) and an
// event changed on its page. axe in light and dark mode on the club page with sessions, the
// session page (member's and owner's views), the Sessions tab and an event's page.
import { expect, test } from './fixtures.js';
import { checkViews } from './axe.js';
import { gqlAs, globalId, letterTag, newClubOwner, newMember, signInByApi, toastAfter, type ClubOwner } from './journey-support.js';
import { PASSWORD, runSql } from './support.js';

let owner: ClubOwner;
let memberEmail: string;
let clubPath: string;

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const request = context.request;
  owner = await newClubOwner(request, { clubName: `Otter Rowing ${letterTag()}`, fullName: 'Orla Otter' });
  memberEmail = await newMember(request, 'Sam Session');
  // The owner's weekly meeting time (every day, so that one is always this week) makes the sessions.
  const times = [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({ dayOfWeek, startTime: '21:00', endTime: '22:00' }));
  const saved = await gqlAs(request, owner.email, 'mutation($i: SaveMeetingTimesInput!) { saveMeetingTimes(input: $i) { userErrors { message } } }', { i: { times } });
  expect(saved.saveMeetingTimes.userErrors).toEqual([]);
  const followed = await gqlAs(request, memberEmail, 'mutation($i: ClubFollowInput!) { followClub(input: $i) { userErrors { message } } }', { i: { clubId: globalId('Club', owner.clubId) } });
  expect(followed.followClub.userErrors).toEqual([]);
  clubPath = `/clubs/${globalId('Club', owner.clubId)}`;
  await context.close();
});

test('a visitor is asked to sign in, a member who does not follow is asked to follow; axe light and dark', async ({ page, request }) => {
  test.setTimeout(180_000);
  const [later] = await runSql<{ id: string }>(`select id from club_sessions where club_id = '${owner.clubId}' and cancelled_at is null and starts_at > now() + interval '2 days' order by starts_at limit 1`);
  const laterPath = `${clubPath}/sessions/${globalId('ClubSession', later!.id)}`;
  // The page is rendered on the server: its HTML names the session and says it is an Event.
  const html = await (await page.request.get(laterPath)).text();
  expect(html).toMatch(/<h1[^>]*>[^<]*training<\/h1>/);
  expect(html).toContain('"@type":"Event"');
  const stranger = await newMember(request, 'Nia Newcomer');
  await page.goto(laterPath);
  // Signing in from the session's page leads back to it.
  await page.getByRole('link', { name: 'Sign in to answer' }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel('Email').fill(stranger);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`${laterPath}$`));
  await expect(page.getByText(`Follow ${owner.clubName} to say whether you are coming.`)).toBeVisible();
  await checkViews(page, [
    { name: 'session page (not following)', path: laterPath, heading: `${owner.clubName} training` },
    {
      name: 'club page with sessions',
      path: clubPath,
      heading: owner.clubName,
      open: async (p) => {
        // A meeting time every day: there is always a session this week, and more after it.
        await expect(p.getByRole('list', { name: 'This week: sessions and events' }).getByRole('listitem')).not.toHaveCount(0);
        await expect(p.getByRole('list', { name: 'Upcoming: sessions and events' }).getByRole('listitem')).not.toHaveCount(0);
      },
    },
  ]);
  await signInByApi(page, memberEmail, undefined, laterPath);
  await checkViews(page, [
    {
      name: 'session page (follower)',
      path: laterPath,
      heading: `${owner.clubName} training`,
      open: async (p) => {
        await p.getByRole('group', { name: 'Your answer' }).getByRole('button', { name: 'Can’t make it' }).click();
        await expect(p.getByLabel('Reason (optional, for the club)')).toBeVisible();
      },
    },
  ]);
  // Can't make it, with a reason: the member sees it, the owner sees it and why.
  await page.getByLabel('Reason (optional, for the club)').fill('Exams this week');
  await toastAfter(page, 'Answer saved', () => page.getByRole('button', { name: 'Send “Can’t make it”' }).click());
  await expect(page.getByText('You can’t make it: “Exams this week”')).toBeVisible();
  await signInByApi(page, owner.email, undefined, laterPath);
  await checkViews(page, [
    {
      name: 'session page (owner)',
      path: laterPath,
      heading: `${owner.clubName} training`,
      open: async (p) => {
        await expect(p.getByRole('region', { name: 'Who is coming' })).toContainText('1Can’t make it');
        await expect(p.getByRole('list', { name: 'Can’t make it' }).getByRole('listitem')).toHaveText(['Sam Session — “Exams this week”']);
      },
    },
  ]);
});

test('the owner’s Sessions tab: live head counts, a new event (refused, then added) and the settings; axe light and dark', async ({ browser, page }) => {
  test.setTimeout(180_000);
  await signInByApi(page, owner.email, undefined, '/club/dashboard?tab=sessions');
  const panel = page.getByRole('tabpanel', { name: 'Sessions' });
  const list = panel.getByRole('list', { name: 'Your coming sessions and events' });
  await expect(list.getByRole('listitem')).not.toHaveCount(0);

  // A member answers in another browser: the owner's list follows without a reload.
  const [open] = await runSql<{ id: string }>(`select id from club_sessions where club_id = '${owner.clubId}' and cancelled_at is null and starts_at > now() + interval '1 hour' order by starts_at limit 1`);
  const goingOne = list.getByRole('listitem').filter({ hasText: '1 going · 0 can’t · 0 no answer' });
  await expect(list.getByRole('listitem').filter({ hasText: '0 going · 0 can’t · 1 no answer' }).first()).toBeVisible();
  await expect(goingOne).toHaveCount(0);
  const memberContext = await browser.newContext();
  try {
    const answered = await gqlAs(memberContext.request, memberEmail, 'mutation($i: AnswerSessionInput!) { answerSession(input: $i) { userErrors { message } } }', {
      i: { sessionId: globalId('ClubSession', open!.id), answer: 'GOING' },
    });
    expect(answered.answerSession.userErrors).toEqual([]);
  } finally {
    await memberContext.close();
  }
  await expect(goingOne).toHaveCount(1);

  // A new event: an end before the start is refused with the field's message, then it is added.
  const form = panel.getByRole('form', { name: 'Add an event' });
  await form.getByLabel('Title', { exact: true }).fill('Regatta day');
  await form.getByLabel('Place', { exact: true }).fill('The river steps');
  await form.getByLabel('Starts').fill('2031-06-14T10:00');
  await form.getByLabel('Ends').fill('2031-06-14T09:00');
  await form.getByRole('button', { name: 'Add event' }).click();
  await expect(form.getByText('The end must be after the start.')).toBeVisible();
  await expect(form.getByText('Choose a date within a year from today.')).toBeVisible();
  await form.getByLabel('Starts').fill(localInput(10));
  await form.getByLabel('Ends').fill(localInput(10, 3));
  await form.getByLabel('Places (leave empty for no limit)').fill('12');
  await toastAfter(page, 'Event added', () => form.getByRole('button', { name: 'Add event' }).click());
  await expect(list.getByRole('link', { name: 'Regatta day' })).toBeVisible();
  await expect(form.getByLabel('Title', { exact: true })).toHaveValue('');

  // The settings: attending by default, and reminders (at most three).
  await panel.getByText('Count followers as going to training sessions unless they say otherwise').click();
  await panel.getByText('1 day before', { exact: true }).click();
  await expect(panel.getByRole('checkbox', { name: '1 hour before' })).toBeDisabled();
  await toastAfter(page, 'Session settings saved', () => panel.getByRole('button', { name: 'Save settings' }).click());
  const [club] = await runSql<{ attending_by_default: boolean; reminder_offsets_minutes: number[] }>(`select attending_by_default, reminder_offsets_minutes from clubs where id = '${owner.clubId}'`);
  expect(club).toEqual({ attending_by_default: true, reminder_offsets_minutes: [2880, 1440, 120] });

  // The event's own page: the owner changes it; a place count of 0 is refused with its message.
  await list.getByRole('link', { name: 'Regatta day' }).click();
  await expect(page.getByRole('heading', { name: 'Regatta day', level: 1 })).toBeVisible();
  const edit = page.getByRole('form', { name: 'Change this event' });
  await expect(edit.getByLabel('Title', { exact: true })).toHaveValue('Regatta day');
  await expect(edit.getByLabel('Places (leave empty for no limit)')).toHaveValue('12');
  await edit.getByLabel('Places (leave empty for no limit)').fill('0');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByText('Places must be a whole number from 1 to 10000, or left empty for no limit.')).toBeVisible();
  await edit.getByLabel('Title', { exact: true }).fill('Regatta day and picnic');
  await edit.getByLabel('Places (leave empty for no limit)').fill('20');
  await toastAfter(page, 'Event saved', () => edit.getByRole('button', { name: 'Save changes' }).click());
  await expect(page.getByRole('heading', { name: 'Regatta day and picnic', level: 1 })).toBeVisible();
  await expect(page.getByText('0 going · 20 places left')).toBeVisible();
  const eventPath = new URL(page.url()).pathname;

  await checkViews(page, [
    { name: 'club dashboard: sessions', path: '/club/dashboard?tab=sessions', open: async (p) => expect(p.getByRole('tabpanel', { name: 'Sessions' }).getByRole('list', { name: 'Your coming sessions and events' })).toBeVisible() },
    { name: 'event page (owner, with its form)', path: eventPath, heading: 'Regatta day and picnic' },
  ]);
});

/** A datetime-local value `days` ahead at 10:00 (+ `hours`), on the browser's clock. */
function localInput(days: number, hours = 0): string {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setHours(10 + hours, 0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

test("a visitor's session page comes without the GraphQL client; once it is idle, a move by the club shows live", async ({ browser, page }) => {
  // The last session, so that no other test of this file answers or moves it.
  const [last] = await runSql<{ id: string; starts_at: string; ends_at: string }>(`select id, starts_at, ends_at from club_sessions where club_id = '${owner.clubId}' and cancelled_at is null and starts_at > now() + interval '2 days' order by starts_at desc limit 1`);
  const sessionId = globalId('ClubSession', last!.id);
  const path = `${clubPath}/sessions/${sessionId}`;
  // The first download: the scripts the server names in the page (its loader's entry and preloads,
  // and the page's own chunks in their data block, web.ts afterPaintShell and pageHtml).
  const html = await (await page.request.get(path)).text();
  const preloaded = html.match(/\/assets\/[\w.-]+\.js/g) ?? [];
  expect(preloaded.some((href) => /\/assets\/session-page-[\w-]+\.js$/.test(href))).toBe(true);
  // Apollo Client, graphql, the owner's forms (react-hook-form, zod): none of them.
  expect(preloaded.filter((href) => /\/assets\/(apollo(?!-island)|apollo-root|useQuery|visitor|form-errors|session-owner-panel|session-answer-panel)-[\w-]+\.js$/.test(href))).toEqual([]);

  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  const socket = page.waitForEvent('websocket', (ws) => new URL(ws.url()).pathname === '/graphql');
  await page.goto(path);
  await expect(page.getByRole('heading', { name: `${owner.clubName} training`, level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in to answer' })).toBeVisible();
  // Idle, the page subscribes to the session's changes (it loads the client for that, and only that).
  await socket;
  expect(scripts.filter((p) => /\/assets\/session-(owner|answer)-panel-[\w-]+\.js$/.test(p))).toEqual([]);
  expect(scripts.some((p) => /\/assets\/session-live-[\w-]+\.js$/.test(p))).toBe(true);
  await expect(page.getByText('Moved', { exact: true })).toHaveCount(0);

  const ownerContext = await browser.newContext();
  try {
    const hour = 3_600_000;
    const moved = await gqlAs(ownerContext.request, owner.email, 'mutation($i: MoveSessionInput!) { moveSession(input: $i) { userErrors { message } } }', {
      i: { sessionId, startsAt: new Date(Date.parse(last!.starts_at) + hour).toISOString(), endsAt: new Date(Date.parse(last!.ends_at) + hour).toISOString(), place: 'The far boathouse' },
    });
    expect(moved.moveSession.userErrors).toEqual([]);
  } finally {
    await ownerContext.close();
  }
  // Without a reload: the badge and the new place.
  await expect(page.getByText('Moved', { exact: true })).toBeVisible();
  await expect(page.getByText('The far boathouse')).toBeVisible();
});
