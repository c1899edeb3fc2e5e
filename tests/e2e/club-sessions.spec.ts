// Issue 29 §2–3, a club's week as members and owners use it: the owner's meeting times become
// dated sessions on the club page ("This week", "Upcoming"); a member who follows the club opens
// the next session, answers Going and then Can't make it with a reason, while the owner's page of
// that session shows the head count change live; the owner cancels it and the member's page shows
// it cancelled, live. A visitor is asked to sign in; a member who does not follow is asked to
// follow. axe in light and dark mode on the club page with sessions and the session page (member's
// and owner's views).
import { expect, test } from './fixtures.js';
import { checkViews } from './axe.js';
import { gqlAs, globalId, letterTag, newClubOwner, newMember, signInByApi, toastAfter, type ClubOwner } from './journey-support.js';
import { runSql } from './support.js';

let owner: ClubOwner;
let memberEmail: string;
let sessionPath: string;
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
  const [next] = await runSql<{ id: string }>(`select id from club_sessions where club_id = '${owner.clubId}' and starts_at > now() + interval '1 hour' order by starts_at limit 1`);
  clubPath = `/clubs/${globalId('Club', owner.clubId)}`;
  sessionPath = `${clubPath}/sessions/${globalId('ClubSession', next!.id)}`;
  await context.close();
});

test('a member answers for the next session while the owner watches the head count live; the owner cancels it', async ({ browser, page }) => {
  test.setTimeout(120_000);
  // The club page lists the week's sessions; the member opens the next one.
  await signInByApi(page, memberEmail, undefined, clubPath);
  await expect(page.getByRole('heading', { name: owner.clubName, level: 1 })).toBeVisible();
  const thisWeek = page.getByRole('list', { name: 'This week: sessions and events' });
  await expect(thisWeek.getByRole('listitem')).not.toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Upcoming: sessions and events' }).getByRole('listitem')).not.toHaveCount(0);
  await page.goto(sessionPath);
  await expect(page.getByRole('heading', { name: `${owner.clubName} training`, level: 1 })).toBeVisible();

  // The owner's page of the same session, in another browser.
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  try {
    await signInByApi(ownerPage, owner.email, undefined, sessionPath);
    const counts = ownerPage.getByRole('region', { name: 'Who is coming' });
    await expect(counts).toContainText('0Going');
    await expect(counts).toContainText('1No answer');

    // Going: the owner's count follows without a reload.
    const answers = page.getByRole('group', { name: 'Your answer' });
    await toastAfter(page, 'Answer saved', () => answers.getByRole('button', { name: 'Going' }).click());
    await expect(page.getByText('You’re going')).toBeVisible();
    await expect(counts).toContainText('1Going');
    await expect(counts).toContainText('0No answer');
    await expect(ownerPage.getByRole('list', { name: 'Going' }).getByRole('listitem')).toHaveText(['Sam Session']);

    // Can't make it, with a reason: the owner sees it and why.
    await answers.getByRole('button', { name: 'Can’t make it' }).click();
    await page.getByLabel('Reason (optional, for the club)').fill('Exams this week');
    await toastAfter(page, 'Answer saved', () => page.getByRole('button', { name: 'Send “Can’t make it”' }).click());
    await expect(page.getByText('You can’t make it: “Exams this week”')).toBeVisible();
    await expect(counts).toContainText('0Going');
    await expect(counts).toContainText('1Can’t make it');
    await expect(ownerPage.getByRole('list', { name: 'Can’t make it' }).getByRole('listitem')).toHaveText(['Sam Session — “Exams this week”']);

    // The owner cancels it: a reason is required; the member's page shows it cancelled, live.
    await ownerPage.getByRole('button', { name: 'Cancel session' }).click();
    await expect(ownerPage.getByText('Say why the session is cancelled; followers who were coming are told.')).toBeVisible();
    await ownerPage.getByLabel('Reason').fill('Boathouse closed for repairs');
    await toastAfter(ownerPage, 'Session cancelled', () => ownerPage.getByRole('button', { name: 'Cancel session' }).click());
    await expect(page.getByText('Cancelled by the club: Boathouse closed for repairs')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Your answer' })).toHaveCount(0);
  } finally {
    await ownerContext.close();
  }
});

test('a visitor is asked to sign in, a member who does not follow is asked to follow; axe light and dark', async ({ page, request }) => {
  test.setTimeout(180_000);
  const [later] = await runSql<{ id: string }>(`select id from club_sessions where club_id = '${owner.clubId}' and cancelled_at is null and starts_at > now() + interval '2 days' order by starts_at limit 1`);
  const laterPath = `${clubPath}/sessions/${globalId('ClubSession', later!.id)}`;
  await page.goto(laterPath);
  await expect(page.getByRole('link', { name: 'Sign in to answer' })).toHaveAttribute('href', '/login');

  const stranger = await newMember(request, 'Nia Newcomer');
  await signInByApi(page, stranger, undefined, laterPath);
  await expect(page.getByText(`Follow ${owner.clubName} to say whether you are coming.`)).toBeVisible();
  await checkViews(page, [
    { name: 'session page (not following)', path: laterPath, heading: `${owner.clubName} training` },
    { name: 'club page with sessions', path: clubPath, heading: owner.clubName },
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
  await signInByApi(page, owner.email, undefined, laterPath);
  await checkViews(page, [{ name: 'session page (owner)', path: laterPath, heading: `${owner.clubName} training` }]);
});
