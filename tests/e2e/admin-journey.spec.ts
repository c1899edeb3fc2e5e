// Issue 11's story end to end, in one go: clubs register; a platform administrator filters the
// Club Applications list, opens an application and rejects it with a reason, bulk-approves three
// others watching the progress and the results, verifies one approved club in the Clubs tab,
// finds all of it in the Audit tab and downloads it as .xlsx; meanwhile the owner of the verified
// club, signed in on their dashboard, sees the approval arrive in the bell, saves meeting times,
// and the club is in the directory with its Verified badge.
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { expect, test, type Browser, type Page } from './fixtures.js';
import { expectAccessible } from './axe.js';
import { toastAfter } from './journey-support.js';
import { ADMIN, PASSWORD, answerCaptcha, downloadXlsx, progressSeen, recordProgress, registerAccount, signIn, uniqueEmail } from './support.js';

const tag = `J${randomBytes(3).toString('hex')}`;
const TOWN = `Journeyford${tag}`;
const CLUBS = {
  /** Registered through the form; its owner follows the story from their dashboard. */
  followed: `Heron Hockey ${tag}`,
  rejected: `Rusty Rugby ${tag}`,
  approvedToo: [`Otter Orienteering ${tag}`, `Puma Padel ${tag}`],
};
const REJECTION_REASON = 'No safeguarding officer named';

/** The followed owner registers through the form, signs in and saves the club's profile. */
async function ownerRegistersAndWaits(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const email = uniqueEmail('journey.owner');
  await page.goto('/register');
  await page.getByLabel('Name', { exact: true }).fill('Hana Heron');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Club Name').fill(CLUBS.followed);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await answerCaptcha(page);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Registration successful')).toBeVisible();

  await signIn(page, email);
  await page.goto('/club/dashboard');
  await page.getByLabel('Category').selectOption('Other');
  await page.getByLabel('Description').fill('Field hockey on the common for juniors and adults, all abilities welcome.');
  await page.getByLabel('City').fill(TOWN);
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page.getByText('pending admin approval').first()).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Meeting Times' })).toBeDisabled();
  return page;
}

/** The audit entries shown for the current filters (the search for this story's tag). */
function auditEntries(page: Page) {
  return page.getByRole('list', { name: 'Audit log entries' }).getByRole('listitem');
}

test('clubs register; an administrator rejects one, bulk-approves three and verifies one; the owner is told, sets meeting times and is listed', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const owner = await ownerRegistersAndWaits(browser);
  try {
    // Three more clubs register (through the API the form uses).
    await page.goto('/login');
    for (const clubName of [CLUBS.rejected, ...CLUBS.approvedToo]) {
      await registerAccount(page, { email: uniqueEmail('journey.applicant'), fullName: `${clubName.split(' ')[0]} Owner`, clubName });
    }

    // The administrator filters the list: pending applications whose name has the tag.
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/club-approvals');
    await expect(page.getByRole('heading', { name: 'Club Approval Dashboard' })).toBeVisible();
    await page.getByRole('button', { name: 'View All Applications', exact: true }).click();
    await page.getByLabel('Status', { exact: true }).selectOption('pending');
    await page.getByRole('combobox', { name: 'Search applications' }).fill(tag);
    await page.getByRole('combobox', { name: 'Search applications' }).press('Escape');
    await expect(page).toHaveURL(new RegExp(`search=${tag}`));
    const table = page.getByRole('table', { name: 'Club applications' });
    await expect(table.getByRole('row')).toHaveCount(5);

    // Opens one and rejects it with a reason.
    await table.getByRole('row').filter({ hasText: CLUBS.rejected }).click();
    await expect(page.getByRole('heading', { name: CLUBS.rejected, level: 3 })).toBeVisible();
    await page.getByRole('button', { name: 'Reject', exact: true }).click();
    const rejectDialog = page.getByRole('alertdialog', { name: 'Reject Club Application' });
    await rejectDialog.getByLabel('Rejection Reason *').fill(REJECTION_REASON);
    await rejectDialog.getByRole('button', { name: 'Reject Application' }).click();
    await expect(page.getByText('Club application rejected successfully.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Admin Notes' })).toContainText(REJECTION_REASON);

    // Back in the same list: the three others, ticked together and approved in bulk.
    await page.getByRole('button', { name: 'Back to Applications' }).click();
    await expect(table.getByRole('row')).toHaveCount(4);
    await page.getByRole('checkbox', { name: 'Select all pending applications on this page' }).check();
    await page.getByRole('button', { name: 'Approve Selected (3)' }).click();
    const confirm = page.getByRole('dialog', { name: 'Approve Selected Applications' });
    await confirm.getByLabel('Admin Notes (optional)').fill('Welcome to Clubroom');
    await recordProgress(page);
    // The success toast stays 2 s: it is watched for from the click on (toastAfter).
    await toastAfter(page, 'Successfully approved 3 applications.', () => confirm.getByRole('button', { name: 'Approve 3 Applications' }).click());
    const results = page.getByRole('dialog', { name: 'Bulk Approval Results' });
    await expect(results.getByText('Approved 3 of 3 applications.')).toBeVisible();
    for (const name of [CLUBS.followed, ...CLUBS.approvedToo]) {
      await expect(results.getByRole('list', { name: 'Approved applications' }).getByText(name)).toBeVisible();
    }
    expect(await progressSeen(page)).toContainEqual(expect.stringMatching(/^Processing [1-3] of 3 applications$/));
    // The dialog is checked once the success toast has gone (it stays 2 s): a run beside another
    // had axe read the toast's colours mid-fade, as it left while axe ran (contrast 1.09).
    await expect(page.getByRole('region', { name: /^Notifications/ }).getByText('Successfully approved 3 applications.', { exact: true })).toHaveCount(0);
    await expectAccessible(page, 'bulk approval results dialog');
    await results.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('heading', { name: 'No pending applications' })).toBeVisible();

    // The owner hears of it at once, in the bell, without reloading the dashboard.
    const bell = owner.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toContainText('1');
    await bell.click();
    const popover = owner.getByRole('dialog', { name: 'Notifications' });
    await expect(popover.getByText('Club application approved')).toBeVisible();
    await expect(popover.getByText(`${CLUBS.followed} has been approved and now appears in the club directory.`, { exact: false })).toBeVisible();
    await owner.keyboard.press('Escape');
    // The open dashboard follows the decision live too: approved, meeting times unlocked, no reload.
    await expect(owner.getByText('pending admin approval')).toHaveCount(0);
    await expect(owner.getByRole('tab', { name: 'Meeting Times' })).toBeEnabled();

    // The administrator verifies the approved club in the Clubs tab.
    await page.goto('/admin/clubs');
    const card = page.getByRole('list', { name: 'Clubs pending verification' }).getByRole('article', { name: CLUBS.followed });
    await expect(card).toContainText(TOWN);
    await card.getByRole('button', { name: `Verify Club ${CLUBS.followed}` }).click();
    const verify = page.getByRole('alertdialog', { name: 'Verify Club' });
    await expect(verify).toContainText('Are you sure you want to verify this club? This action will make them visible to all users.');
    await verify.getByRole('button', { name: 'Verify Club' }).click();
    await expect(page.getByText('Club verified successfully!')).toBeVisible();
    await page.getByRole('tab', { name: 'Verified Clubs' }).click();
    await expect(page.getByRole('list', { name: 'Verified clubs' }).getByRole('article', { name: CLUBS.followed })).toBeVisible();

    // The Audit tab has all of it: the view and the rejection, three bulk approvals, the verification.
    await page.goto('/admin#audit');
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill(tag);
    await search.press('Enter');
    await expect(auditEntries(page).filter({ hasText: CLUBS.rejected }).first()).toBeVisible();
    const expected: [string, number, string[]][] = [
      ['Reject', 1, [CLUBS.rejected, `Application rejected: ${REJECTION_REASON}`]],
      ['View', 1, [CLUBS.rejected]],
      ['Bulk approve', 3, [CLUBS.followed, ...CLUBS.approvedToo]],
      ['Verify', 1, [CLUBS.followed]],
    ];
    for (const [action, count, texts] of expected) {
      await page.getByLabel('Action type').selectOption({ label: action });
      if (action === 'View') await expect(auditEntries(page).first()).toBeVisible();
      else await expect(auditEntries(page)).toHaveCount(count);
      for (const text of texts) await expect(auditEntries(page).filter({ hasText: text }).first()).toBeVisible();
      await expect(auditEntries(page).first()).toContainText(ADMIN.email);
    }

    // The log of this story as .xlsx: a real workbook holding those entries.
    await page.getByLabel('Action type').selectOption({ label: 'All actions' });
    const file = await downloadXlsx(page, 'Export');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const rows: string[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((cell) => String(cell ?? ''))));
    const [headers, ...entries] = rows;
    const column = (name: string) => headers!.indexOf(name);
    const actions = entries.map((row) => `${row[column('action_type')]} ${row[column('target_name')]}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        `reject ${CLUBS.rejected}`,
        `view ${CLUBS.rejected}`,
        `verify ${CLUBS.followed}`,
        ...[CLUBS.followed, ...CLUBS.approvedToo].map((name) => `bulk_approve ${name}`),
      ]),
    );

    // The owner opens the notification: the dashboard, approved, where meeting times can be saved.
    await owner.getByRole('button', { name: /^Notifications/ }).click();
    await owner.getByRole('dialog', { name: 'Notifications' }).getByText('Club application approved').click();
    await expect(owner).toHaveURL(/\/club\/dashboard$/);
    await expect(owner.getByText('pending admin approval')).toHaveCount(0);
    await owner.getByRole('tab', { name: 'Meeting Times' }).click();
    await owner.getByLabel('Day', { exact: false }).first().selectOption('Wednesday');
    await owner.getByLabel('Start time', { exact: false }).first().selectOption('18:30');
    await owner.getByLabel('End time', { exact: false }).first().selectOption('20:00');
    await owner.getByRole('button', { name: 'Save Meeting Times' }).click();
    await expect(owner.getByText('Meeting times updated successfully')).toBeVisible();

    // The directory lists the club, with its Verified badge and its meeting time.
    await owner.goto(`/clubs?q=${encodeURIComponent(CLUBS.followed)}`);
    const listed = owner.getByRole('article', { name: CLUBS.followed });
    await expect(listed).toBeVisible();
    await expect(listed.getByText('Verified', { exact: true })).toBeVisible();
    await expect(listed.getByText(/Wed 18:30.20:00/)).toBeVisible();
    // The rejected club is not listed.
    await owner.goto(`/clubs?q=${encodeURIComponent(CLUBS.rejected)}`);
    await expect(owner.getByText('0 clubs found')).toBeVisible();
  } finally {
    await owner.context().close();
  }
});
