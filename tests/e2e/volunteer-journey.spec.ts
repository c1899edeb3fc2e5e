// Issue 12's story end to end, in two browsers at once: a visitor signs up as a volunteer from the
// home page, fills in the profile with a photo, finds an opportunity and applies; the club's owner,
// signed in on My Opportunities, sees the application arrive in the bell without reloading and
// accepts it; the volunteer's open application page follows live ('Accepted', 'Contact Club'), the
// compose dialog opens with the club and 'Re: <title>' filled, and the message reaches the club;
// a second application is withdrawn with the confirmation, and the club hears of that too. Then axe
// (light and dark) on the states only this story reaches: an accepted application from both sides,
// a dashboard holding accepted and withdrawn cards, and the bell holding application notices.
import { expect, test, type Browser, type Page } from './fixtures.js';
import { addOpportunity, animationsOver, letterTag, makePng, newClubOwner, signInByApi, toastAfter, type ClubOwner } from './journey-support.js';
import { describeFindings, seriousViolations, settled, type AxeFinding } from './axe.js';
import { PASSWORD, runSql, uniqueEmail } from './support.js';

const tag = letterTag();
const VOLUNTEER = { first: 'Vera', last: `Journey${tag}`, location: 'Journeyton' };
const VOLUNTEER_NAME = `${VOLUNTEER.first} ${VOLUNTEER.last}`;
const TITLES = { marshal: `Course Marshal ${tag}`, steward: `Kit Steward ${tag}` };
const APPLY_MESSAGE = 'I marshalled the town 10k for three years and hold a first aid certificate.';
const CONTACT_MESSAGE = 'Thank you for accepting me! Where should I meet the team on Saturday?';

/** Marks the page's document, so that a later check can prove it was never reloaded. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { journeyMark: string }).journeyMark = 'still here'));
}

async function expectNotReloaded(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { journeyMark?: string }).journeyMark), 'the page was reloaded').toBe('still here');
}

function bell(page: Page) {
  return page.getByRole('button', { name: /^Notifications/ });
}

/** Opens the bell and answers its popover. */
async function openBell(page: Page) {
  await bell(page).click();
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  await expect(popover.getByText('Stay updated with your latest activity')).toBeVisible();
  await animationsOver(popover);
  return popover;
}

/** The owner, signed in (through the API) on My Opportunities in a browser of their own. */
async function ownerOnMyOpportunities(browser: Browser, owner: ClubOwner): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInByApi(page, owner.email, PASSWORD, '/club/opportunities');
  await expect(page.getByRole('heading', { name: 'My Opportunities', level: 1 })).toBeVisible();
  for (const title of Object.values(TITLES)) await expect(page.getByRole('article', { name: title })).toBeVisible();
  return page;
}

test('a volunteer signs up, applies with a photo on the profile; the club is told live and accepts; they message; a second application is withdrawn', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await newClubOwner(request, { clubName: `Journey Harriers ${tag}`, fullName: 'Owen Owner' });
  const positions = {
    marshal: await addOpportunity(owner.clubId, TITLES.marshal, ['First aid', 'Marshalling']),
    steward: await addOpportunity(owner.clubId, TITLES.steward, ['Organising']),
  };
  const club = await ownerOnMyOpportunities(browser, owner);
  await markDocument(club);
  const email = uniqueEmail('journey.vera');

  try {
    // ---- The visitor signs up from the home page's link. ----
    await page.goto('/');
    await page.getByRole('link', { name: 'Sign Up as a Volunteer' }).first().click();
    await expect(page).toHaveURL(/\/volunteer\/register$/);
    await page.getByLabel('First Name').fill(VOLUNTEER.first);
    await page.getByLabel('Last Name').fill(VOLUNTEER.last);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByLabel('Location').fill(VOLUNTEER.location);
    await toastAfter(page, 'Registration successful', () => page.getByRole('button', { name: 'Sign Up as a Volunteer' }).click());
    await expect(page).toHaveURL(/\/volunteer\/profile$/);
    await expect(page.getByRole('heading', { name: 'Volunteer Profile', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);

    // ---- The profile: skills, availability, bio, and a photo. ----
    const skills = page.getByLabel('Skills', { exact: true });
    for (const skill of ['First aid', 'Marshalling']) {
      await skills.fill(skill);
      await skills.press('Enter');
    }
    await expect(page.getByRole('list', { name: 'Your skills' }).getByRole('listitem')).toHaveCount(2);
    await page.getByLabel('Weekend mornings').check();
    await page.getByLabel('Bio').fill('Race-day marshal and first aider; happy to help on weekends.');
    await toastAfter(page, 'Profile updated successfully', () => page.getByRole('button', { name: 'Save Profile' }).click());

    const png = makePng();
    await toastAfter(page, 'Photo updated', () => page.getByLabel('Profile photo file').setInputFiles({ name: 'vera.png', mimeType: 'image/png', buffer: png }));
    const photo = page.getByRole('img', { name: `Profile photo of ${VOLUNTEER_NAME}` });
    await expect(photo).toHaveAttribute('src', /^\/uploads\/[0-9a-f-]{36}\.png$/);
    // The stored file is the same image, served as what its bytes are.
    const served = await page.request.get((await photo.getAttribute('src'))!);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(served.headers()['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(await served.body(), png)).toBe(0);

    // ---- Finding the opportunity: the Volunteer link, a search, the card, the detail. ----
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Volunteer' }).click();
    await expect(page.getByRole('heading', { name: 'Volunteer Opportunities', level: 1 })).toBeVisible();
    await page.getByLabel('Search opportunities').fill(tag);
    await expect(page.getByText('2 opportunities found')).toBeVisible();
    const card = page.getByRole('article', { name: TITLES.marshal });
    await expect(card.getByRole('link', { name: owner.clubName })).toBeVisible();
    await card.getByRole('link', { name: /^View details/ }).click();
    await expect(page).toHaveURL(new RegExp(`/opportunities/${positions.marshal}$`));
    await expect(page.getByRole('heading', { name: TITLES.marshal, level: 1 })).toBeVisible();

    // ---- Applying with a message. ----
    await page.getByRole('link', { name: 'Apply Now' }).click();
    await expect(page).toHaveURL(new RegExp(`/opportunities/${positions.marshal}/apply$`));
    await page.getByLabel(`Your message to ${owner.clubName}`).fill(APPLY_MESSAGE);
    await toastAfter(page, 'Application submitted successfully!', () => page.getByRole('button', { name: 'Submit Application' }).click());
    await expect(page).toHaveURL(/\/applications\/[A-Za-z0-9_-]{20,}$/);
    const applicationPath = new URL(page.url()).pathname;
    const applicationId = applicationPath.split('/').pop()!;
    await expect(page.getByRole('heading', { name: TITLES.marshal, level: 1 })).toBeVisible();
    await expect(page.getByText('Pending').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact Club' })).toHaveCount(0);
    await markDocument(page);

    // ---- The club hears of it at once: the bell and the list, no reload. ----
    await expect(bell(club)).toContainText('1');
    const marshalCard = club.getByRole('article', { name: TITLES.marshal });
    await expect(marshalCard.getByText('1 pending')).toBeVisible();
    let popover = await openBell(club);
    const notice = popover.getByRole('button', { name: /New volunteer application/ });
    await expect(notice).toContainText(`${VOLUNTEER_NAME} applied for ${TITLES.marshal}`);
    await expectNotReloaded(club);

    // The notice opens the application; the club sees the applicant (photo, never the email) and accepts.
    await notice.click();
    await expect(club).toHaveURL(new RegExp(`${applicationPath}$`));
    await expect(club.getByRole('heading', { name: TITLES.marshal, level: 1 })).toBeVisible();
    await expect(club.getByText(APPLY_MESSAGE)).toBeVisible();
    await expect(club.getByText(email)).toHaveCount(0);
    await club.getByRole('button', { name: 'Accept', exact: true }).click();
    const accept = club.getByRole('alertdialog', { name: 'Accept Application' });
    await accept.getByLabel('Note to the volunteer (optional)').fill('Welcome aboard! Meet us at the boathouse at 8.');
    await toastAfter(club, 'Application accepted', () => accept.getByRole('button', { name: 'Accept Application' }).click());
    await expect(club.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);

    // ---- The volunteer's open page follows: Accepted, 'Contact Club', the bell. ----
    await expect(page.getByText('Accepted').first()).toBeVisible({ timeout: 15_000 });
    const contact = page.getByRole('link', { name: 'Contact Club' });
    await expect(contact).toHaveAttribute('href', `/messages/compose?application=${applicationId}`);
    // An accepted volunteer may still withdraw (issue 30: the place goes to the next in line).
    await expect(page.getByRole('button', { name: 'Withdraw' })).toBeVisible();
    await expect(page.getByText('Welcome aboard! Meet us at the boathouse at 8.')).toBeVisible();
    await expectNotReloaded(page);
    popover = await openBell(page);
    await expect(popover.getByRole('button', { name: /Application accepted/ })).toBeVisible();
    await page.keyboard.press('Escape');

    // 'Contact Club': the compose dialog, the club and the subject filled; the message reaches the club.
    await contact.click();
    await expect(page).toHaveURL(new RegExp(`/messages/compose\\?application=${applicationId}$`));
    const compose = page.getByRole('dialog', { name: 'New Message' });
    await expect(compose.getByText(owner.clubName)).toBeVisible();
    await expect(compose.getByLabel('Subject')).toHaveValue(`Re: ${TITLES.marshal}`);
    await compose.getByLabel('Message').fill(CONTACT_MESSAGE);
    await toastAfter(page, 'Message sent successfully!', () => compose.getByRole('button', { name: 'Send Message' }).click());
    await expect(compose).toBeHidden();

    popover = await openBell(club);
    await expect(popover.getByRole('button', { name: new RegExp(`New message from ${VOLUNTEER_NAME}`) })).toBeVisible();
    await club.keyboard.press('Escape');
    await club.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Messages/ }).click();
    await expect(club.getByText(`Re: ${TITLES.marshal}`).first()).toBeVisible();
    await club.getByText(`Re: ${TITLES.marshal}`).first().click();
    await expect(club.getByRole('group', { name: /^Message from/ }).getByText(CONTACT_MESSAGE)).toBeVisible();

    // ---- A second application, to the steward role, withdrawn from the dashboard. ----
    await page.goto(`/opportunities/${positions.steward}/apply`);
    await page.getByLabel(`Your message to ${owner.clubName}`).fill('I can look after the kit on Saturdays and sort it after races.');
    await toastAfter(page, 'Application submitted successfully!', () => page.getByRole('button', { name: 'Submit Application' }).click());
    await expect(page).toHaveURL(/\/applications\//);
    await page.goto('/volunteer/dashboard?tab=applications');
    const list = page.getByRole('list', { name: 'Applications' });
    const steward = list.getByRole('article', { name: TITLES.steward });
    const marshal = list.getByRole('article', { name: TITLES.marshal });
    await expect(marshal.getByText('Accepted')).toBeVisible();
    await expect(marshal.getByRole('link', { name: 'Contact Club' })).toBeVisible();
    await expect(marshal.getByRole('button', { name: 'Withdraw' })).toBeVisible();
    await expect(steward.getByRole('link', { name: 'Contact Club' })).toHaveCount(0);
    await steward.getByRole('button', { name: 'Withdraw' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByText('Are you sure you want to withdraw this application? This action cannot be undone.')).toBeVisible();
    await toastAfter(page, 'Application withdrawn successfully!', () => confirm.getByRole('button', { name: 'Withdraw' }).click());
    await expect(confirm).toBeHidden();
    await expect(steward.getByText('Withdrawn')).toBeVisible();
    await expect(steward.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);

    // The club hears of the withdrawal too, live.
    popover = await openBell(club);
    await expect(popover.getByRole('button', { name: /Application withdrawn/ })).toBeVisible({ timeout: 15_000 });
    await club.keyboard.press('Escape');

    // The history on both sides, as the database has it: pending → accepted; pending → withdrawn.
    const events = await runSql<{ title: string; statuses: string }>(
      `select p.title, string_agg(e.status::text, ',' order by e.created_at) as statuses
         from volunteer_applications a join club_volunteer_positions p on p.id = a.position_id
         join volunteer_application_events e on e.application_id = a.id
        where a.club_id = '${owner.clubId}' group by p.title order by p.title`,
    );
    expect(events).toEqual([
      { title: TITLES.marshal, statuses: 'pending,accepted' },
      { title: TITLES.steward, statuses: 'pending,withdrawn' },
    ]);

    // ---- axe, light and dark, on what only this story reaches (the page specs see the rest). ----
    await followSystemColorMode(page);
    await followSystemColorMode(club);
    const findings: AxeFinding[] = [
      ...(await axeBothModes(page, 'volunteer: accepted application', applicationPath, email)),
      ...(await axeBothModes(page, 'volunteer: dashboard, accepted and withdrawn', '/volunteer/dashboard?tab=applications', email)),
      ...(await axeBothModes(club, 'club: accepted application', applicationPath, owner.email)),
      ...(await axeBothModes(club, 'club: bell with application notices', '/club/opportunities', owner.email, async (p) => {
        const shown = await openBell(p);
        await expect(shown.getByRole('button', { name: /Application withdrawn/ })).toBeVisible();
        await p.waitForTimeout(300);
      })),
    ];
    expect(findings.length, `axe found serious or critical violations:\n${describeFindings(findings)}`).toBe(0);
  } finally {
    await club.context().close();
  }
});

/** The app follows the system's colour scheme from the next load on (next-themes' 'system'): each
 *  view is then checked in light and in dark without loading it twice. */
async function followSystemColorMode(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('clubroom.theme', 'system'));
}

/** Opens the path, lets it settle (and `open` bring it into the state to check), and answers axe's
 *  serious findings in light and then in dark mode. With the e2e server's 30 s access tokens a
 *  navigation can abort a refresh in flight and end the session (see a11y.spec.ts): then this signs
 *  in again and goes on. */
async function axeBothModes(page: Page, where: string, path: string, email: string, open?: (page: Page) => Promise<void>): Promise<AxeFinding[]> {
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await page.goto(path);
  if (/\/login$/.test(new URL(page.url()).pathname)) {
    test.info().annotations.push({ type: 'session ended during navigation', description: where });
    await signInByApi(page, email, PASSWORD, path);
  }
  await expect(page.locator('html')).toHaveClass(/light/);
  await settled(page);
  if (open) await open(page);
  const findings = await seriousViolations(page, `${where} (light)`);
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.waitForTimeout(150);
  findings.push(...(await seriousViolations(page, `${where} (dark)`)));
  return findings;
}
