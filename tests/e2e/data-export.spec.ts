// 'Your data' on the profile page: a member clicks 'Download my data', is told the archive is
// being prepared, sees it become ready (the server builds it in the background; the list polls
// meanwhile), downloads the .zip (opened here with fflate) and finds the README and their
// messages; a fourth request in a day is refused with the server's words. No serious or critical
// axe violation in light and dark mode with archives listed.
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test, type Page } from './fixtures.js';
import { checkViews } from './axe.js';
import { newMember, signInByApi, sqlText, toastAfter } from './journey-support.js';
import { PASSWORD, runSql } from './support.js';

const REQUESTED = 'We are preparing your archive. We will email you when it is ready.';
const THREE_A_DAY = 'You can ask for your data 3 times a day. Please try again tomorrow.';

const yourData = (page: Page) => page.getByRole('region', { name: 'Your data' });
const archives = (page: Page) => yourData(page).getByRole('list', { name: 'Your archives' }).getByRole('listitem');

/** Archives asked for earlier today, as the server would have left them: one still downloadable
 *  (its link answers nothing: no bytes are stored) and two expired. */
async function earlierArchives(email: string): Promise<void> {
  await runSql(
    `insert into data_exports (user_id, status, requested_at, ready_at, expires_at, size_bytes)
     select id, s.status, now() - s.ago, now() - s.ago + interval '1 minute', s.expires, s.size
     from users, (values ('ready', interval '1 hour', now() + interval '7 days', 12345),
                         ('expired', interval '2 hours', now() - interval '1 minute', 2048),
                         ('expired', interval '3 hours', now() - interval '1 minute', 4096)) as s(status, ago, expires, size)
     where email = ${sqlText(email)}`,
  );
}

test('a member downloads an archive of their data from the profile page', async ({ page, request }) => {
  const email = await newMember(request, 'Dora Download');
  await signInByApi(page, email, PASSWORD, '/profile');
  await expect(yourData(page).getByText('You have not asked for an archive yet.')).toBeVisible();

  await toastAfter(page, REQUESTED, () => yourData(page).getByRole('button', { name: 'Download my data' }).click());
  const archive = archives(page).first();
  await expect(archives(page)).toHaveCount(1);
  await expect(archive).toContainText(/^Asked for \w{3} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M/);
  // Built in the background; the list asks again every 3 s while one is being prepared.
  await expect(archive).toContainText(/Ready — download until \w{3} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M · \d+ (KB|bytes)/, { timeout: 30_000 });

  const downloading = page.waitForEvent('download');
  await archive.getByRole('link', { name: 'Download', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^clubroom-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  expect(Object.keys(files)).toEqual(expect.arrayContaining(['README.md', 'messages.csv', 'account.json']));
  expect(strFromU8(files['README.md']!)).toContain('# Your Clubroom data');
  expect(strFromU8(files['messages.csv']!).split('\n')[0]).toBe('direction,with,subject,content,sent_at,read');
  expect(JSON.parse(strFromU8(files['account.json']!))).toMatchObject({ email, fullName: 'Dora Download' });
});

test('a fourth archive in a day is refused with the reason, and nothing is added', async ({ page, request }) => {
  const email = await newMember(request, 'Thea Thrice');
  await earlierArchives(email);
  await signInByApi(page, email, PASSWORD, '/profile');
  await expect(archives(page)).toHaveCount(3);
  await expect(archives(page).nth(0)).toContainText(/Ready — download until .* · 12 KB/);
  await expect(archives(page).nth(0).getByRole('link', { name: 'Download', exact: true })).toHaveAttribute('href', /\/api\/me\/data-export\?token=/);
  await expect(archives(page).nth(1)).toContainText('Expired');
  await expect(archives(page).nth(1).getByRole('link')).toHaveCount(0);

  await toastAfter(page, THREE_A_DAY, () => yourData(page).getByRole('button', { name: 'Download my data' }).click());
  await expect(archives(page)).toHaveCount(3);
  await expect(page.getByText(REQUESTED)).toHaveCount(0);
});

test('the profile page with Your data has no serious or critical axe violation, light and dark', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = await newMember(request, 'Axel Archive');
  await earlierArchives(email);
  await signInByApi(page, email, PASSWORD, '/profile');
  await checkViews(page, [
    {
      name: 'profile: your data',
      path: '/profile',
      heading: 'My Profile',
      open: async (p) => {
        await yourData(p).scrollIntoViewIfNeeded();
        await expect(archives(p)).toHaveCount(3);
      },
    },
  ]);
});
