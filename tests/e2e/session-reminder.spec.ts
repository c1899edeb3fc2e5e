// Issue 29 §4 in the browser: a follower who said Going gets the 48-hour reminder of an event
// (time moved forward by making its job due, not waited for), whose email carries one-tap Going
// and Can't make it links; opened in a fresh, signed-out browser the Can't make it link only asks
// (mail scanners open links), the button answers, and the member's answer is changed; the link
// then says it was used, and a forged link says it is invalid. No serious or critical axe
// violation in light and dark mode on the page's question, result and refusal.
import { expect, test, type APIRequestContext } from './fixtures.js';
import { checkViews } from './axe.js';
import { globalId, gqlAs, letterTag, newClubOwner, newMember, type ClubOwner } from './journey-support.js';
import { runSql, waitForMail } from './support.js';

const CANT_LINK = /Can’t make it:\s+(\S+\/sessions\/answer\?token=\S+)/;
const GOING_LINK = /Going:\s+(\S+\/sessions\/answer\?token=\S+)/;
const USED = 'This link was already used. Open the session to change your answer.';
const INVALID = 'This link is invalid or has expired. Open the session in Clubroom to answer.';
const MY_ANSWER = 'query($id: ID!) { node(id: $id) { ... on ClubSession { myAnswer { answer } } } }';

/** A follower who answered Going for a new event of a new club, and the event's global id. */
async function goingFollower(request: APIRequestContext, title: string): Promise<{ owner: ClubOwner; email: string; eventId: string }> {
  const owner = await newClubOwner(request, { clubName: `Heron Hockey ${letterTag()}`, fullName: 'Hana Heron' });
  const email = await newMember(request, 'Rita Reminder');
  const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
  const created = await gqlAs(request, owner.email, 'mutation($i: ClubEventInput!) { createClubEvent(input: $i) { session { id } userErrors { message } } }', {
    i: { title, description: null, place: 'Riverside pitch', startsAt: at(72), endsAt: at(74), capacity: null },
  });
  expect(created.createClubEvent.userErrors).toEqual([]);
  const eventId = created.createClubEvent.session.id as string;
  const followed = await gqlAs(request, email, 'mutation($i: ClubFollowInput!) { followClub(input: $i) { userErrors { message } } }', { i: { clubId: globalId('Club', owner.clubId) } });
  expect(followed.followClub.userErrors).toEqual([]);
  const answered = await gqlAs(request, email, 'mutation($i: AnswerSessionInput!) { answerSession(input: $i) { userErrors { message } } }', { i: { sessionId: eventId, answer: 'GOING' } });
  expect(answered.answerSession.userErrors).toEqual([]);
  return { owner, email, eventId };
}

/** Makes the event's 48-hour reminder due now and waits for its email. */
async function reminderMail(eventId: string, email: string): Promise<string> {
  const sessionId = Buffer.from(eventId, 'base64url').toString('utf8').split(':')[1]!;
  const due = await runSql(`update jobs set run_at = now() where key = 'session-reminder:${sessionId}:2880' and status = 'pending' returning id`);
  expect(due).toHaveLength(1);
  return waitForMail(email, CANT_LINK);
}

const answerOf = async (request: APIRequestContext, email: string, eventId: string) => (await gqlAs(request, email, MY_ANSWER, { id: eventId })).node.myAnswer?.answer ?? null;

test("a follower taps Can't make it in the reminder email, signed out, and the answer changes", async ({ browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const { owner, email, eventId } = await goingFollower(request, 'Spring tournament');
  const mail = await reminderMail(eventId, email);
  expect(mail).toContain('Spring tournament');
  const link = CANT_LINK.exec(mail)![1]!;
  expect(link.startsWith(`${baseURL}/sessions/answer?token=`)).toBe(true);
  expect(GOING_LINK.exec(mail)![1]).not.toBe(link);

  // A fresh browser, nobody signed in.
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Your answer', level: 1 })).toBeVisible();
    await expect(page.getByText(/^Answer “Can’t make it” for Spring tournament on \w{3} \d{1,2} \w{3}, \d\d:\d\d–\d\d:\d\d\?$/)).toBeVisible();
    await expect(page.getByText(`Club: ${owner.clubName}`)).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    // Opening the page changed nothing.
    expect(await answerOf(request, email, eventId)).toBe('GOING');

    await page.getByRole('button', { name: 'Yes, I can’t make it' }).click();
    await expect(page.getByText('Saved: you can’t make it.')).toBeVisible();
    const sessionLink = page.getByRole('link', { name: 'Open the session to change your answer' });
    await expect(sessionLink).toHaveAttribute('href', `/clubs/${globalId('Club', owner.clubId)}/sessions/${eventId}`);
    expect(await answerOf(request, email, eventId)).toBe('CANT');

    // The link again: used, nothing to press.
    await page.reload();
    await expect(page.getByText(USED)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Yes, I can’t make it' })).toHaveCount(0);

    await page.goto('/sessions/answer?token=not.a-real.token');
    await expect(page.getByText(INVALID)).toBeVisible();
  } finally {
    await context.close();
  }
});

test('the one-tap answer page has no serious or critical axe violation, light and dark', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { email, eventId } = await goingFollower(request, 'Axe cup');
  const mail = await reminderMail(eventId, email);
  const link = GOING_LINK.exec(mail)![1]!;
  // checkViews sets the colour mode in the origin's storage: the page must be on it first.
  await page.goto('/sessions/answer');
  await checkViews(page, [
    { name: 'one-tap answer: the question', path: link, heading: 'Your answer' },
    {
      name: 'one-tap answer: done',
      path: link,
      heading: 'Your answer',
      open: async (p) => {
        await p.getByRole('button', { name: 'Yes, I’m going' }).click();
        await expect(p.getByText('You’re going.')).toBeVisible();
      },
    },
    { name: 'one-tap answer: used link', path: link, heading: 'Your answer' },
    { name: 'one-tap answer: invalid link', path: '/sessions/answer?token=not.a-real.token', heading: 'Your answer' },
  ]);
});
