// Issue 29 §5, club announcements as owners and followers use them: the owner posts one from the
// dashboard's Announcements tab (delivered to the one follower, read by nobody yet); the follower
// finds it in the bell, opens it (the club page at the announcement, marked) and the owner's tab
// then says 'Read by 1'; the follower reports it from the club page. axe in light and dark mode on
// the Announcements tab and on the club page's Announcements section.
import { expect, test } from './fixtures.js';
import { checkViews } from './axe.js';
import { globalId, letterTag, newClubOwner, newMember, signInByApi, toastAfter, type ClubOwner } from './journey-support.js';
import { runSql } from './support.js';

let owner: ClubOwner;
let followerEmail: string;
const TITLE = 'Training moves to Thursday';
const BODY = 'This week we train on Thursday at 7pm.\n\nBring a water bottle and a friend.';

const clubPath = () => `/clubs/${globalId('Club', owner.clubId)}`;

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const request = context.request;
  owner = await newClubOwner(request, { clubName: `Swift Swimmers ${letterTag()}`, fullName: 'Sally Swift' });
  followerEmail = await newMember(request, 'Finn Follower');
  await runSql(`insert into club_follows (club_id, user_id) select '${owner.clubId}', id from users where email = '${followerEmail}'`);
  await context.close();
});

test('the owner posts an announcement; the follower opens it from the bell; the owner sees it read', async ({ page }) => {
  test.setTimeout(120_000);
  await signInByApi(page, owner.email, undefined, '/club/dashboard');
  await page.getByRole('tab', { name: 'Announcements' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Announcements' });
  await expect(panel.getByRole('heading', { name: 'You have not posted any announcements yet.' })).toBeVisible();

  // The form's own rules first: nothing is sent without a title.
  await panel.getByRole('button', { name: 'Post announcement' }).click();
  await expect(panel.getByText('Please give the announcement a title')).toBeVisible();
  await panel.getByLabel('Title').fill(TITLE);
  await panel.getByLabel('Text').fill(BODY);
  await toastAfter(page, 'Announcement posted', () => panel.getByRole('button', { name: 'Post announcement' }).click());
  const list = panel.getByRole('list', { name: 'Announcements of your club' });
  const item = list.getByRole('listitem').filter({ hasText: TITLE });
  await expect(item).toBeVisible();
  await expect(item.getByText('Delivered to 1 · Read by 0')).toBeVisible();
  // The form is empty again for the next one.
  await expect(panel.getByLabel('Title')).toHaveValue('');

  // The follower: the bell has it, and it opens the club page at the announcement.
  await signInByApi(page, followerEmail, undefined, '/');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toContainText('1');
  await bell.click();
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  await expect(popover.getByText(TITLE)).toBeVisible();
  await popover.getByText(`New announcement from ${owner.clubName}`).click();
  await expect(page).toHaveURL(new RegExp(`${clubPath()}\\?announcement=`));
  const section = page.getByRole('region', { name: 'Announcements' });
  const opened = section.getByRole('listitem', { name: TITLE });
  await expect(opened.getByText('The announcement you opened')).toBeVisible();
  await expect(opened.getByText('Bring a water bottle and a friend.')).toBeVisible();
  await expect(opened).toBeFocused();
  await expect
    .poll(async () => (await runSql<{ n: number }>(`select count(read_at)::int as n from announcement_receipts where user_id = (select id from users where email = '${followerEmail}')`))[0]!.n)
    .toBe(1);

  // The follower reports it from the club page.
  await opened.getByRole('button', { name: `Report the announcement ${TITLE}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Report content' });
  await expect(dialog.getByText(`the announcement "${TITLE}"`, { exact: false })).toBeVisible();
  await dialog.getByText('Spam', { exact: true }).click();
  await toastAfter(page, 'Report received', () => dialog.getByRole('button', { name: 'Submit Report' }).click());
  const [report] = await runSql<{ target_type: string; target_label: string }>(
    `select target_type, target_label from content_reports where reporter_id = (select id from users where email = '${followerEmail}')`,
  );
  expect(report).toEqual({ target_type: 'announcement', target_label: TITLE });

  // The owner's tab counts the read.
  await signInByApi(page, owner.email, undefined, '/club/dashboard?tab=announcements');
  await expect(page.getByRole('list', { name: 'Announcements of your club' }).getByText('Delivered to 1 · Read by 1')).toBeVisible();
  // No report button on the owner's own announcement.
  await page.goto(clubPath());
  await expect(page.getByRole('region', { name: 'Announcements' }).getByRole('listitem', { name: TITLE })).toBeVisible();
  await expect(page.getByRole('button', { name: `Report the announcement ${TITLE}` })).toHaveCount(0);
});

test('axe, light and dark: the Announcements tab and the club page with announcements', async ({ page, request }) => {
  test.setTimeout(180_000);
  const other = await newClubOwner(request, { clubName: `Axe Anglers ${letterTag()}` });
  await runSql(
    `insert into club_announcements (club_id, author_id, title, body, created_at)
       values ('${other.clubId}', '${other.clubId}', 'Season opener', 'Our season starts on Saturday.', now() - interval '1 day'),
              ('${other.clubId}', '${other.clubId}', 'New kit', 'The new kit has arrived.\n\nCollect it at the clubhouse.', now())`,
  );
  const [latest] = await runSql<{ id: string }>(`select id from club_announcements where club_id = '${other.clubId}' and title = 'New kit'`);
  await signInByApi(page, other.email, undefined, '/club/dashboard');
  await checkViews(page, [
    {
      name: 'club/dashboard: announcements',
      path: '/club/dashboard?tab=announcements',
      heading: 'Club Dashboard',
      open: async (p) => {
        await expect(p.getByRole('list', { name: 'Announcements of your club' }).getByRole('listitem')).toHaveCount(2);
      },
    },
  ]);
  const reader = await newMember(request, 'Ada Axe');
  await signInByApi(page, reader, undefined, '/');
  await checkViews(page, [
    {
      name: 'club page with announcements',
      path: `/clubs/${globalId('Club', other.clubId)}`,
      heading: other.clubName,
      open: async (p) => {
        await expect(p.getByRole('list', { name: 'Announcements of the club' }).getByRole('listitem')).toHaveCount(2);
      },
    },
    {
      name: 'club page opened at an announcement',
      path: `/clubs/${globalId('Club', other.clubId)}?announcement=${globalId('Announcement', latest!.id)}`,
      heading: other.clubName,
      open: async (p) => {
        await expect(p.getByText('The announcement you opened')).toBeVisible();
      },
    },
  ]);
});
