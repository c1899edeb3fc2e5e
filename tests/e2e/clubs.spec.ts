import { expect, test } from './fixtures.js';
import { approveClubOf, registerAccount, signIn, uniqueEmail } from './support.js';
import { chooseFromUserMenu } from './journey-support.js';

test('a club owner fills the profile, adds positions, goes live and, once approved, is in the directory', async ({ page }) => {
  const email = uniqueEmail('owner');
  const suffix = email.slice(6, 14);
  const clubName = `Kingfisher Rowing ${suffix}`;
  await page.goto('/login');
  await registerAccount(page, { email, fullName: 'Olivia Owner', clubName });
  await signIn(page, email);

  // The user menu leads to the dashboard.
  await chooseFromUserMenu(page, 'Club Dashboard');
  await expect(page).toHaveURL(/\/club\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Club Dashboard' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Meeting Times' })).toBeDisabled();
  await expect(page.getByRole('tab', { name: 'Volunteer Positions' })).toBeDisabled();

  // The profile form: the spec's messages first, then a valid first save.
  await expect(page.getByLabel('Club Name')).toHaveValue(clubName);
  await page.getByLabel('Description').fill('Too short');
  await page.getByLabel('Website').fill('not a url');
  await page.getByLabel('What3Words').fill('filled.count.soap');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Please select a sport category')).toBeVisible();
  await expect(page.getByText('Description must be at least 10 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid URL')).toBeVisible();
  await expect(page.getByText('What3Words must be in format ///word.word.word')).toBeVisible();

  await page.getByLabel('Category').selectOption('Other');
  await page.getByLabel('Description').fill('Rowing on the river for juniors, adults and veterans, all abilities welcome.');
  await page.getByLabel('Website').fill('https://kingfisher-rowing.example');
  await page.getByLabel('What3Words').fill('///filled.count.soap');
  await page.getByLabel('City').fill(`Rivertown${suffix}`);
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page.getByText(/thank you/i)).toBeVisible();
  await expect(page.getByText('pending admin approval')).toBeVisible();
  // After the banner's 3 seconds the view moves to the positions.
  await expect(page.getByRole('tab', { name: 'Volunteer Positions' })).toHaveAttribute('aria-selected', 'true', { timeout: 6_000 });
  await expect(page.getByText(/thank you/i)).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Meeting Times' })).toBeDisabled();

  // Two positions; new ones are hidden.
  for (const [title, description] of [
    ['Junior Rowing Coach', 'Coach our junior crews on Saturday mornings.'],
    ['Boathouse Helper', 'Keep the boathouse tidy and help launch the boats.'],
  ]) {
    await page.getByRole('button', { name: 'Add Position' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill(title!);
    await dialog.getByLabel('Description').fill(description!);
    await dialog.getByRole('button', { name: 'Save Position' }).click();
    await expect(page.getByText('Position created').first()).toBeVisible();
    await expect(dialog).toBeHidden();
  }
  await expect(page.getByText('This position is hidden from public view')).toHaveCount(2);
  // The switch's control is the visible part of a label wrapping the (visually hidden) checkbox.
  await page.locator('label').filter({ has: page.getByLabel('Show Junior Rowing Coach publicly') }).click();
  await expect(page.getByLabel('Show Junior Rowing Coach publicly')).toBeChecked();
  await expect(page.getByText('Position is now visible')).toBeVisible();
  await expect(page.getByText('This position is hidden from public view')).toHaveCount(1);

  // Not in the directory while pending.
  await page.goto(`/clubs?q=${encodeURIComponent(clubName)}`);
  await expect(page.getByRole('heading', { name: 'Sports Clubs Directory' })).toBeVisible();
  await expect(page.getByText('0 clubs found')).toBeVisible();

  // A platform administrator approves the club (test setup); the owner can now set meeting times.
  await approveClubOf(email);
  await page.goto('/club/dashboard');
  await expect(page.getByRole('tab', { name: 'Meeting Times' })).toBeEnabled();
  await expect(page.getByText('pending admin approval')).toBeHidden();
  await page.getByRole('tab', { name: 'Meeting Times' }).click();
  await page.getByLabel('Day', { exact: false }).first().selectOption('Monday');
  await page.getByLabel('Start time', { exact: false }).first().selectOption('19:00');
  await page.getByLabel('End time', { exact: false }).first().selectOption('18:00');
  await page.getByRole('button', { name: 'Save Meeting Times' }).click();
  await expect(page.getByText('End time must be after start time.')).toBeVisible();
  await expect(page.getByText('Invalid Meeting Times')).toBeVisible();
  await page.getByLabel('End time', { exact: false }).first().selectOption('20:30');
  await page.getByRole('button', { name: 'Save Meeting Times' }).click();
  await expect(page.getByText('Meeting times updated successfully')).toBeVisible();

  // The directory shows the club with its live role count and meeting time.
  await page.goto('/clubs');
  await page.getByLabel('Search clubs').fill(`Rivertown${suffix}`);
  await expect(page.getByText('1 club found')).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: clubName });
  await expect(card.getByText('KR', { exact: true })).toBeVisible();
  await expect(card.getByText('1 volunteer role')).toBeVisible();
  await expect(card.getByText(/Mon 19:00.20:30/)).toBeVisible();
  await page.getByLabel('Sport').selectOption('Other');
  await expect(page).toHaveURL(/sport=Other/);
  await expect(page.getByText('1 club found')).toBeVisible();

  // Its page: profile, weekly meeting times and only the live position.
  await card.getByRole('link', { name: clubName }).click();
  // The address carries the club's global id.
  await expect(page).toHaveURL(/\/clubs\/[A-Za-z0-9_-]+$/);
  const clubId = new URL(page.url()).pathname.split('/').pop()!;
  expect(Buffer.from(clubId, 'base64url').toString()).toMatch(/^Club:[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: clubName })).toBeVisible();
  await expect(page.getByText('Rowing on the river for juniors')).toBeVisible();
  const weekly = page.getByRole('region', { name: 'Weekly Meeting Times' });
  await expect(weekly.getByText(/Monday/)).toBeVisible();
  await expect(weekly.getByText(/19:00.+20:30/)).toBeVisible();
  // The meeting time's dated sessions are listed too (This week and Upcoming, 8 weeks of Mondays).
  await expect(page.getByRole('list', { name: /: sessions and events$/ }).getByRole('listitem').filter({ hasText: /^.*Mon \d+ \w+, 19:00–20:30/ })).not.toHaveCount(0);
  await expect(page.getByText('Junior Rowing Coach')).toBeVisible();
  await expect(page.getByText('Boathouse Helper')).toHaveCount(0);
});

test('an unknown club page says so and leads back to the directory', async ({ page }) => {
  // A global id that names no club, and an address that is no id at all.
  for (const id of [Buffer.from('Club:00000000-0000-4000-8000-000000000000').toString('base64url'), '00000000-0000-4000-8000-000000000000', 'not%20an%20id']) {
    await page.goto(`/clubs/${id}`);
    await expect(page.getByRole('heading', { name: 'Club not found' })).toBeVisible();
  }
  await page.getByRole('link', { name: /directory/i }).first().click();
  await expect(page).toHaveURL(/\/clubs$/);
});
