// Issue 29 §4's one-tap answer page (the journey, club-week-journey.spec.ts, taps Can't make it in
// a training session's reminder): an event's 48-hour reminder (its job made due, not waited for)
// carries a Going link that asks, answers, then says it was used; a forged link says it is
// invalid. No serious or critical axe violation in light and dark mode on the question, the
// result, the used link and the invalid one.
import { expect, test, type APIRequestContext } from './fixtures.js';
import { checkViews } from './axe.js';
import { globalId, gqlAs, letterTag, newClubOwner, newMember, type ClubOwner } from './journey-support.js';
import { runSql, waitForMail } from './support.js';

const CANT_LINK = /Can’t make it:\s+(\S+\/sessions\/answer\?token=\S+)/;
const GOING_LINK = /Going:\s+(\S+\/sessions\/answer\?token=\S+)/;
const USED = 'This link was already used. Open the session to change your answer.';
const INVALID = 'This link is invalid or has expired. Open the session in Clubroom to answer.';
const MY_ANSWER = 'query($id: ID!) { node(id: $id) { ... on ClubSession { myAnswer { answer } } } }';

/** A follower of a new club who has not answered for its new event (reminded all the same), and the event's global id. */
async function silentFollower(request: APIRequestContext, title: string): Promise<{ owner: ClubOwner; email: string; eventId: string }> {
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
  return { owner, email, eventId };
}

/** Makes the event's 48-hour reminder due now and waits for its email. */
async function reminderMail(eventId: string, email: string): Promise<string> {
  const sessionId = Buffer.from(eventId, 'base64url').toString('utf8').split(':')[1]!;
  const due = await runSql(`update jobs set run_at = now() where key = 'session-reminder:${sessionId}:2880' and status = 'pending' returning id`);
  expect(due).toHaveLength(1);
  return waitForMail(email, CANT_LINK);
}

test('the one-tap answer page has no serious or critical axe violation, light and dark', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { email, eventId } = await silentFollower(request, 'Axe cup');
  const mail = await reminderMail(eventId, email);
  const link = GOING_LINK.exec(mail)![1]!;
  // checkViews sets the colour mode in the origin's storage: the page must be on it first.
  const answerNow = async () => (await gqlAs(request, email, MY_ANSWER, { id: eventId })).node.myAnswer?.answer ?? null;
  await page.goto('/sessions/answer');
  await checkViews(page, [
    { name: 'one-tap answer: the question', path: link, heading: 'Your answer' },
    {
      name: 'one-tap answer: done',
      path: link,
      heading: 'Your answer',
      open: async (p) => {
        // Opening the link (twice now) changed nothing; the button answers.
        expect(await answerNow()).toBeNull();
        await p.getByRole('button', { name: 'Yes, I’m going' }).click();
        await expect(p.getByText('You’re going.')).toBeVisible();
        expect(await answerNow()).toBe('GOING');
      },
    },
    { name: 'one-tap answer: used link', path: link, heading: 'Your answer', open: async (p) => expect(p.getByText(USED)).toBeVisible() },
    { name: 'one-tap answer: invalid link', path: '/sessions/answer?token=not.a-real.token', heading: 'Your answer', open: async (p) => expect(p.getByText(INVALID)).toBeVisible() },
  ]);
});
