// Certificates of approved volunteer hours (issue 30 §4): a volunteer whose clubs approved hours
// (inserted directly: the hours screens are another part of the issue) opens 'My certificates'
// from the user menu, asks for one, sees it become ready (the PDF is made by a job; the list polls),
// downloads the PDF (read back as text with unpdf); then /verify/{code}, opened in a browser nobody
// is signed in to, shows the same hours; after the club revokes some, it says so; a code of the
// wrong shape is refused clearly. No serious or critical axe violation, light and dark, on the
// certificates page and on the verification page.
import { readFileSync } from 'node:fs';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect, test, type Page } from './fixtures.js';
import { checkViews } from './axe.js';
import { chooseFromUserMenu, newClubOwner, newVolunteer, signInByApi, sqlText, toastAfter } from './journey-support.js';
import { PASSWORD, runSql } from './support.js';

/** Approved hours of the volunteer at a new position of the club: answers the hours rows' ids. */
async function approvedHours(email: string, clubId: string, title: string, rows: Array<[string, number]>): Promise<string[]> {
  const [position] = await runSql<{ id: string }>(
    `insert into club_volunteer_positions (club_id, title, description) values ('${clubId}', ${sqlText(title)}, 'Helping on race days.') returning id`,
  );
  const [application] = await runSql<{ id: string }>(
    `insert into volunteer_applications (position_id, volunteer_id, club_id, status, message)
     select '${position!.id}', id, '${clubId}', 'accepted', 'I would love to help out on Saturday mornings.' from users where email = ${sqlText(email)} returning id`,
  );
  const values = rows.map(([day, minutes]) => `('${day}'::date, ${minutes})`).join(', ');
  const hours = await runSql<{ id: string }>(
    `insert into volunteer_hours (volunteer_id, club_id, position_id, application_id, source, work_date, minutes, status)
     select u.id, '${clubId}', '${position!.id}', '${application!.id}', 'claim', v.day, v.minutes, 'approved'
     from users u, (values ${values}) as v(day, minutes) where u.email = ${sqlText(email)} returning id`,
  );
  return hours.map((h) => h.id);
}

const certificates = (page: Page) => page.getByRole('list', { name: 'Your certificates' }).getByRole('listitem');

let code = '';
let revocable = '';
let volunteerEmail = '';

// One test in three steps: the verification and the axe pass read the certificate the first step
// made (separate tests would have to skip when it was not made).
test('a volunteer asks for a certificate and downloads the PDF; /verify shows it signed out, then revoked; axe light and dark', async ({ page, request, browser, playwright, baseURL }) => {
  test.setTimeout(300_000);
  await test.step('ask and download', async () => {
  volunteerEmail = await newVolunteer(request, 'Zoe', 'Astrom');
  // The name as the profile spells it (the sign-up helper makes an address of the first name).
  await runSql(`update volunteer_profiles set first_name = 'Zoë', last_name = 'Åström' where user_id = (select id from users where email = ${sqlText(volunteerEmail)})`);
  const harbour = await newClubOwner(request, { clubName: 'Harbour Rowing Club' });
  const lodz = await newClubOwner(request, { clubName: 'Łódź Fencing Society' });
  [revocable] = await approvedHours(volunteerEmail, harbour.clubId, 'Coach', [['2026-03-07', 90], ['2026-03-14', 120]]);
  await approvedHours(volunteerEmail, lodz.clubId, 'Timekeeper', [['2026-05-02', 180]]);

  await signInByApi(page, volunteerEmail, PASSWORD, '/volunteer/dashboard');
  await chooseFromUserMenu(page, 'My certificates');
  await expect(page.getByRole('heading', { name: 'Certificates', level: 1 })).toBeVisible();
  await expect(page.getByText('You have not asked for a certificate yet.')).toBeVisible();

  const form = page.getByRole('region', { name: 'Ask for a certificate' });
  await expect(form.getByLabel('Club')).toContainText('Harbour Rowing Club');
  await form.getByLabel('From').fill('2026-01-01');
  await form.getByLabel('To').fill('2026-06-30');
  await toastAfter(page, 'Your certificate is being made: it will be ready to download in a moment.', () => form.getByRole('button', { name: 'Ask for a certificate' }).click());

  const row = certificates(page).first();
  await expect(row).toContainText('All clubs · 1 January 2026 to 30 June 2026 · 6.5 hours');
  await expect(row).toContainText('Ready', { timeout: 30_000 });
  code = (await row.locator('span').filter({ hasText: /^[0-9A-Z]{4}(-[0-9A-Z]{4}){6}$/ }).first().textContent())!.trim();
  expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){6}$/);

  const downloading = page.waitForEvent('download');
  await row.getByRole('link', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^clubroom-certificate-\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdf = await getDocumentProxy(new Uint8Array(readFileSync((await download.path())!)));
  const text = (await extractText(pdf, { mergePages: true })).text as string;
  for (const fact of ['Zoë Åström', 'Harbour Rowing Club 3.5 hours', 'Coach 3.5 hours', 'Łódź Fencing Society 3 hours', 'Timekeeper 3 hours', 'Total 6.5 hours', code, `/verify/${code}`]) {
    expect(text, fact).toContain(fact);
  }
  });

  await test.step('/verify/{code}, signed out, shows the same hours; then that a club revoked some; a wrong code is refused', async () => {
  // Rendered on the server for anyone: the facts in the HTML, kept out of the index; 404 for a
  // code that names nothing.
  const anonymous = await playwright.request.newContext({ baseURL });
  const rendered = await anonymous.get(`/verify/${code}`);
  expect(rendered.status()).toBe(200);
  const html = await rendered.text();
  expect(html).toContain('data-ssr');
  for (const fact of ['Zoë Åström', 'Harbour Rowing Club', 'Timekeeper', code]) expect(html, fact).toContain(fact);
  expect(html).toMatch(/<meta[^>]*name="robots"[^>]*content="noindex"/);
  expect(html).not.toContain(volunteerEmail);
  expect((await anonymous.get('/verify/not-a-code')).status()).toBe(404);
  await anonymous.dispose();

  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|Minified React error #4(18|19|20|21|22|23|25)/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`/verify/${code}`);
  await expect(page.getByRole('heading', { name: 'Verify a certificate', level: 1 })).toBeVisible();
  await expect(page.getByText('This certificate is genuine.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Zoë Åström', level: 2 })).toBeVisible();
  const harbour = page.getByRole('region', { name: 'Harbour Rowing Club' });
  await expect(harbour).toContainText('Coach');
  await expect(harbour).toContainText('3.5 hours');
  await expect(page.getByRole('region', { name: 'Łódź Fencing Society' })).toContainText('Timekeeper');
  await expect(page.getByText('gave 6.5 hours of approved volunteering between 1 January 2026 and 30 June 2026.')).toBeVisible();
  await expect(page.getByText(code, { exact: true })).toBeVisible();
  // Nothing else about the volunteer: no address, no link to a profile.
  await expect(page.locator('main')).not.toContainText(volunteerEmail);
  await expect(page.locator('main a[href*="/volunteers/"], main a[href*="/members/"]')).toHaveCount(0);
  // Kept out of search engines.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

  await runSql(`update volunteer_hours set status = 'revoked', reason = 'Entered twice' where id = '${revocable}'`);
  await page.reload();
  await expect(page.getByText('Hours on this certificate were revoked')).toBeVisible();
  await expect(page.getByText('Harbour Rowing Club, Coach: 1.5 hours')).toBeVisible();
  await expect(page.getByText('Still approved: 5 hours. The total above no longer stands.')).toBeVisible();

  await page.goto('/verify/not-a-code');
  await expect(page.getByText('Not a certificate code', { exact: true })).toBeVisible();
  await expect(page.getByText(/This is not a certificate code\./)).toBeVisible();
  await page.goto('/verify/7F3K-Q9XM-2BWD-H4RT-N6PA-C8VE-Z1YJ');
  await expect(page.getByText('Unknown certificate')).toBeVisible();
  expect(problems).toEqual([]);
  await context.close();
  });

  await test.step('the certificates and verification pages have no serious or critical axe violation, light and dark', async () => {
  await signInByApi(page, volunteerEmail, PASSWORD, '/volunteer/certificates');
  await checkViews(page, [
    { name: 'certificates', path: '/volunteer/certificates', heading: 'Certificates', open: async (p) => void (await expect(certificates(p)).toHaveCount(1)) },
    { name: 'verify: revoked', path: `/verify/${code}`, heading: 'Verify a certificate', open: async (p) => void (await expect(p.getByText('Hours on this certificate were revoked')).toBeVisible()) },
    { name: 'verify: not a code', path: '/verify/not-a-code', heading: 'Verify a certificate', open: async (p) => void (await expect(p.getByText('Not a certificate code', { exact: true })).toBeVisible()) },
  ]);
});
});
