// Issue 29 §1, following a club, as members and owners use it: a member follows a club from its
// page (the count goes 0 → 1), finds it on My clubs through the user menu and unfollows it there;
// follows another from its directory card; the owner sees the follower on the dashboard's Followers
// tab; a visitor is asked to sign in; the owner is offered no button on their own club. axe in light
// and dark mode on the club page with the button, My clubs (empty and with clubs) and the
// dashboard's followers.
import { expect, test, type Page } from './fixtures.js';
import { checkViews } from './axe.js';
import { chooseFromUserMenu, globalId, letterTag, newClubOwner, newMember, signInByApi, toastAfter, type ClubOwner } from './journey-support.js';
import { PASSWORD, runSql } from './support.js';

let tag: string;
let first: ClubOwner;
let second: ClubOwner;
let memberEmail: string;
const memberName = 'Fern Follower';

const clubPath = (club: ClubOwner) => `/clubs/${globalId('Club', club.clubId)}`;

test.beforeAll(async ({ browser }) => {
  // A context of this worker's server (its baseURL), for its API requests.
  const context = await browser.newContext();
  const request = context.request;
  tag = letterTag();
  first = await newClubOwner(request, { clubName: `Heron Harriers ${tag}`, fullName: 'Hattie Heron', city: 'Followford' });
  second = await newClubOwner(request, { clubName: `Kestrel Kayakers ${tag}`, fullName: 'Ken Kestrel', city: 'Followford' });
  memberEmail = await newMember(request, memberName);
  await context.close();
});

/** The club page's follow button: a toggle named 'Follow <club>' or 'Following <club>'. */
const followButton = (page: Page, clubName: string) => page.getByRole('button', { name: new RegExp(`^Follow(ing)? ${clubName}$`) });

test('a member follows a club from its page, finds it on My clubs and unfollows it there; follows another from the directory', async ({ page }) => {
  test.setTimeout(120_000);
  await signInByApi(page, memberEmail, undefined, '/my-clubs');

  // My clubs, empty at first.
  await expect(page.getByRole('heading', { name: 'My clubs', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You do not follow any club yet.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse the club directory' })).toHaveAttribute('href', '/clubs');

  // The club page: nobody follows it yet; one press and the member does.
  await page.goto(clubPath(first));
  await expect(page.getByRole('heading', { name: first.clubName, level: 1 })).toBeVisible();
  await expect(page.getByText('0 followers', { exact: true })).toBeVisible();
  const button = followButton(page, first.clubName);
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await expect(button).toHaveText(/^Follow\b/);
  await toastAfter(page, `You now follow ${first.clubName}`, () => button.click());
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(button).toHaveAccessibleName(`Following ${first.clubName}`);
  await expect(page.getByText('1 follower', { exact: true })).toBeVisible();
  // Still followed after a reload (the server-rendered page, then the member's own data).
  await page.reload();
  await expect(followButton(page, first.clubName)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('1 follower', { exact: true })).toBeVisible();

  // My clubs, through the user menu: the club with its sport, city and since when.
  await chooseFromUserMenu(page, 'My clubs');
  await expect(page).toHaveURL(/\/my-clubs$/);
  const list = page.getByRole('list', { name: 'Clubs you follow' });
  const row = list.getByRole('listitem').filter({ hasText: first.clubName });
  await expect(row.getByRole('link', { name: first.clubName })).toHaveAttribute('href', clubPath(first));
  await expect(row.getByText('Athletics')).toBeVisible();
  await expect(row.getByText('Followford')).toBeVisible();
  await expect(row.getByText(/^Following since [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(page.getByText('You follow 1 club', { exact: true })).toBeVisible();

  // Unfollowed there: the row goes, the empty state comes back, and the club page agrees.
  await toastAfter(page, `You no longer follow ${first.clubName}`, () => row.getByRole('button', { name: `Unfollow ${first.clubName}` }).click());
  await expect(list).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'You do not follow any club yet.' })).toBeVisible();
  await page.goto(clubPath(first));
  await expect(followButton(page, first.clubName)).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText('0 followers', { exact: true })).toBeVisible();

  // The directory: the second club's card has its own button.
  await page.goto(`/clubs?q=${tag}`);
  const card = page.getByRole('article', { name: second.clubName });
  const cardButton = card.getByRole('button', { name: `Follow ${second.clubName}` });
  await toastAfter(page, `You now follow ${second.clubName}`, () => cardButton.click());
  await expect(card.getByRole('button', { name: `Following ${second.clubName}` })).toHaveAttribute('aria-pressed', 'true');
  // The press did not open the club page under the card's link.
  await expect(page).toHaveURL(/\/clubs\?q=/);
  await page.reload();
  await expect(page.getByRole('article', { name: second.clubName }).getByRole('button', { name: `Following ${second.clubName}` })).toBeVisible();

  await chooseFromUserMenu(page, 'My clubs');
  await expect(page.getByRole('list', { name: 'Clubs you follow' }).getByRole('link', { name: second.clubName })).toBeVisible();
});

test("the owner sees the follower on the dashboard's Followers tab, and no button on their own club", async ({ page }) => {
  await signInByApi(page, second.email, undefined, '/club/dashboard');
  await page.getByRole('tab', { name: 'Followers' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Followers' });
  await expect(panel.getByText('1 follower', { exact: true })).toBeVisible();
  const follower = panel.getByRole('list', { name: 'Followers of your club' }).getByRole('listitem');
  await expect(follower).toHaveCount(1);
  await expect(follower.getByText(memberName, { exact: true })).toBeVisible();
  await expect(follower.getByText(/^Following since /)).toBeVisible();

  await page.goto(clubPath(second));
  await expect(page.getByRole('heading', { name: second.clubName, level: 1 })).toBeVisible();
  await expect(page.getByText('1 follower', { exact: true })).toBeVisible();
  // The page's own data has come in as the owner (the report button hides on one's own club too).
  await page.waitForTimeout(1500);
  await expect(followButton(page, second.clubName)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign in to follow' })).toHaveCount(0);
});

test("an owner whose club nobody follows is told so; another club's owner may follow it", async ({ page }) => {
  await signInByApi(page, first.email, undefined, '/club/dashboard');
  await page.getByRole('tab', { name: 'Followers' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Followers' }).getByText('No one follows your club yet.')).toBeVisible();

  await page.goto(clubPath(second));
  const button = followButton(page, second.clubName);
  await toastAfter(page, `You now follow ${second.clubName}`, () => button.click());
  await expect(page.getByText('2 followers', { exact: true })).toBeVisible();
});

test('a visitor is asked to sign in to follow, and the directory offers no button', async ({ page }) => {
  await page.goto(clubPath(first));
  await expect(page.getByRole('heading', { name: first.clubName, level: 1 })).toBeVisible();
  await expect(page.getByText('0 followers', { exact: true })).toBeVisible();
  const signIn = page.getByRole('link', { name: 'Sign in to follow' });
  await expect(signIn).toHaveAttribute('href', `/login?next=${encodeURIComponent(clubPath(first))}`);
  await expect(followButton(page, first.clubName)).toHaveCount(0);

  await page.goto(`/clubs?q=${tag}`);
  await expect(page.getByRole('article', { name: first.clubName })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Follow/ })).toHaveCount(0);

  // The link leads to the sign-in form, and signing in leads back to the club, where the member
  // can follow it.
  await page.goto(clubPath(first));
  await page.getByRole('link', { name: 'Sign in to follow' }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel('Email').fill(memberEmail);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`${clubPath(first)}$`));
  await expect(followButton(page, first.clubName)).toBeVisible();
});

test("My clubs and the Followers tab show 20 at a time and the rest on 'Show more'", async ({ page, request }) => {
  test.setTimeout(180_000);
  // 21 clubs a member follows, and 21 members following one club (rows as followClub writes them,
  // a minute apart: the newest first).
  const pageTag = letterTag();
  const clubs: ClubOwner[] = [];
  const members: string[] = [];
  // One after the other: each sign-up's security token is a cookie of the one request context.
  for (let n = 1; n <= 21; n += 1) {
    clubs.push(await newClubOwner(request, { clubName: `Paging Club ${pageTag} ${n}` }));
    members.push(await newMember(request, `Paging Member ${n}`));
  }
  const reader = await newMember(request, 'Rhea Reader');
  const emails = (list: string[]) => list.map((email) => `'${email}'`).join(',');
  await runSql(
    `insert into club_follows (club_id, user_id, created_at)
       select c.id, (select id from users where email = '${reader}'), now() - (row_number() over (order by c.name)) * interval '1 minute'
       from clubs c where c.name like 'Paging Club ${pageTag} %'`,
  );
  await runSql(
    `insert into club_follows (club_id, user_id, created_at)
       select '${clubs[0]!.clubId}', u.id, now() - (row_number() over (order by u.email)) * interval '1 minute'
       from users u where u.email in (${emails(members)})`,
  );

  await signInByApi(page, reader, undefined, '/my-clubs');
  const list = page.getByRole('list', { name: 'Clubs you follow' });
  await expect(page.getByText('You follow 21 clubs', { exact: true })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(20);
  await page.getByRole('button', { name: 'Show more clubs' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(21);
  await expect(page.getByRole('button', { name: 'Show more clubs' })).toHaveCount(0);

  await signInByApi(page, clubs[0]!.email, undefined, '/club/dashboard?tab=followers');
  const followers = page.getByRole('list', { name: 'Followers of your club' });
  // The 21 members, and the reader who follows every paging club.
  await expect(page.getByRole('tabpanel', { name: 'Followers' }).getByText('22 followers', { exact: true })).toBeVisible();
  await expect(followers.getByRole('listitem')).toHaveCount(20);
  await page.getByRole('button', { name: 'Show more followers' }).click();
  await expect(followers.getByRole('listitem')).toHaveCount(22);
  await expect(page.getByRole('button', { name: 'Show more followers' })).toHaveCount(0);
  await expect(followers.getByText('Paging Member 1', { exact: true })).toHaveCount(1);
});

test('axe, light and dark: the club page with its button, My clubs empty and with clubs, the Followers tab', async ({ page, request }) => {
  test.setTimeout(180_000);
  const newcomer = await newMember(request, 'Nell Newcomer');
  await signInByApi(page, newcomer, undefined, '/my-clubs');
  await checkViews(page, [
    { name: 'my-clubs (empty)', path: '/my-clubs', heading: 'My clubs' },
    {
      name: 'club page with Follow',
      path: clubPath(first),
      heading: first.clubName,
      open: async (p) => {
        await expect(followButton(p, first.clubName)).toHaveAttribute('aria-pressed', 'false');
      },
    },
  ]);
  await followButton(page, first.clubName).click();
  await expect(followButton(page, first.clubName)).toHaveAttribute('aria-pressed', 'true');
  await checkViews(page, [
    {
      name: 'club page with Following',
      path: clubPath(first),
      heading: first.clubName,
      open: async (p) => {
        await expect(followButton(p, first.clubName)).toHaveAttribute('aria-pressed', 'true');
      },
    },
    {
      name: 'clubs directory with Follow buttons',
      path: `/clubs?q=${tag}`,
      open: async (p) => {
        await expect(p.getByRole('button', { name: `Following ${first.clubName}` })).toBeVisible();
      },
    },
    {
      name: 'my-clubs (with clubs)',
      path: '/my-clubs',
      heading: 'My clubs',
      open: async (p) => {
        await expect(p.getByRole('list', { name: 'Clubs you follow' }).getByRole('listitem')).toHaveCount(1);
      },
    },
  ]);

  await signInByApi(page, first.email, undefined, '/club/dashboard');
  await checkViews(page, [
    {
      name: 'club/dashboard: followers',
      path: '/club/dashboard?tab=followers',
      heading: 'Club Dashboard',
      open: async (p) => {
        await expect(p.getByRole('list', { name: 'Followers of your club' }).getByText('Nell Newcomer')).toBeVisible();
      },
    },
  ]);
});
