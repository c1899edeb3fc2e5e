// A push's whole road (issue 28): the server sends a VAPID-signed, encrypted push to a device's
// endpoint (the tests' own receiver, which decrypts it as the browser would), and the app's service
// worker shows what arrives — delivered to it through the DevTools protocol, the way Chromium's
// push service would — as a system notification that opens the page it names. A session
// reminder's push has Going / Can't make it buttons: a tap answers at once from the service worker
// (the answer changes on the server, a confirmation replaces the reminder), and a tap on a used
// link opens the link's page, which says so.
import { expect, test, type APIRequestContext } from './fixtures.js';
import { globalId, gqlAs, letterTag, newClubOwner, newMember, newVolunteer, signInByApi } from './journey-support.js';
import { closeNotifications, showPushInServiceWorker, tapNotificationButton, usePushReceiver } from './push-support.js';
import { PASSWORD, runSql } from './support.js';

// The service worker runs here; the tests' push receiver, for the whole file.
const pushReceiver = usePushReceiver();

test('a message reaches a device as an encrypted push, and the service worker shows it', async ({ page, request, context }) => {
  // One after the other: each sign-up through this request context renews its security token.
  const readerEmail = await newMember(request, 'Sam Screen');
  const senderEmail = await newMember(request, 'Tia Typist');
  const keys = pushReceiver().device(`e2e-${Date.now()}`);
  await gqlAs(request, readerEmail, 'mutation($i: RegisterPushDeviceInput!) { registerPushDevice(input: $i) { device { id } userErrors { message } } }', { i: { ...keys, label: 'Test browser' } });

  await context.grantPermissions(['notifications']);
  await signInByApi(page, readerEmail, PASSWORD, '/profile');
  const reader = await gqlAs(request, readerEmail, 'query { me { id } }');
  await gqlAs(request, senderEmail, 'mutation($i: SendMessageInput!) { sendMessage(input: $i) { message { id } userErrors { message } } }', {
    i: { recipientId: reader.me.id, subject: 'Kit for Saturday', content: 'Bring the spare bibs, please.' },
  });
  const [push] = await pushReceiver().waitFor(1, keys.endpoint.split('/').pop());
  // No previews by default: nothing private on a lock screen.
  expect(push!.payload).toMatchObject({ title: 'Clubroom', body: 'New private message', badge: 1 });

  expect(await showPushInServiceWorker(page, push!.payload)).toEqual([{ title: 'Clubroom', body: 'New private message', url: push!.payload.url }]);
  expect(String(push!.payload.url)).toMatch(/^\/messages\//);
});

test("a reminder push's Can't make it button answers from the service worker, once", async ({ page, request, context }) => {
  const owner = await newClubOwner(request, { clubName: `Pocket Polo ${letterTag()}`, fullName: 'Pia Polo' });
  const email = await newMember(request, 'Bo Button');
  const keys = pushReceiver().device(`e2e-reminder-${Date.now()}`);
  const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
  const created = await gqlAs(request, owner.email, 'mutation($i: ClubEventInput!) { createClubEvent(input: $i) { session { id } userErrors { message } } }', {
    i: { title: 'Button cup', description: null, place: 'North pitch', startsAt: at(72), endsAt: at(74), capacity: null },
  });
  const eventId = created.createClubEvent.session.id as string;
  const followed = await gqlAs(request, email, 'mutation($i: ClubFollowInput!) { followClub(input: $i) { userErrors { message } } }', { i: { clubId: globalId('Club', owner.clubId) } });
  expect(followed.followClub.userErrors).toEqual([]);
  await gqlAs(request, email, 'mutation($i: RegisterPushDeviceInput!) { registerPushDevice(input: $i) { device { id } userErrors { message } } }', { i: { ...keys, label: 'Test browser' } });
  const myAnswer = async () =>
    (await gqlAs(request, email, 'query($id: ID!) { node(id: $id) { ... on ClubSession { myAnswer { answer } } } }', { id: eventId })).node.myAnswer?.answer ?? null;

  // The 48-hour reminder, due now (time moved forward, not waited for).
  const sessionId = Buffer.from(eventId, 'base64url').toString('utf8').split(':')[1]!;
  expect(await runSql(`update jobs set run_at = now() where key = 'session-reminder:${sessionId}:2880' and status = 'pending' returning id`)).toHaveLength(1);
  const [push] = await pushReceiver().waitFor(1, keys.endpoint.split('/').pop(), 30_000);
  expect(push!.payload).toMatchObject({ title: 'Clubroom', body: 'Reminder of a session', actions: [{ action: 'going', title: 'Going' }, { action: 'cant', title: 'Can’t make it' }] });

  await context.grantPermissions(['notifications']);
  await signInByApi(page, email, PASSWORD, '/profile');
  await showPushInServiceWorker(page, push!.payload);
  const buttons = await page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ((n as Notification & { actions?: Array<{ action: string; title: string }> }).actions ?? []).map((a) => `${a.action}: ${a.title}`)),
  );
  expect(buttons).toEqual([['going: Going', 'cant: Can’t make it']]);
  const tag = String(push!.payload.tag);

  // The tap answers on the server, and a confirmation (same tag, no buttons) replaces the reminder.
  expect(await myAnswer()).toBeNull();
  const tapped = await tapNotificationButton(context, 'cant');
  expect(tapped).toEqual({ error: null, shown: [{ title: 'Clubroom', body: 'Saved: you can’t make it.', tag, actions: [] }] });
  expect(await myAnswer()).toBe('CANT');
  // No window was opened or navigated.
  expect(context.pages()).toHaveLength(1);
  expect(new URL(page.url()).pathname).toBe('/profile');

  // The member changes their mind in the app; the same push tapped again (its link used) changes
  // nothing and opens the link's page, which says why.
  await gqlAs(request, email, 'mutation($i: AnswerSessionInput!) { answerSession(input: $i) { userErrors { message } } }', { i: { sessionId: eventId, answer: 'GOING' } });
  await closeNotifications(page);
  await showPushInServiceWorker(page, push!.payload);
  const again = await tapNotificationButton(context, 'cant');
  expect(again.shown).toEqual([]);
  await expect(page).toHaveURL(/\/sessions\/answer\?token=/);
  await expect(page.getByText('This link was already used. Open the session to change your answer.')).toBeVisible();
  expect(await myAnswer()).toBe('GOING');
});

test("an offered volunteer place's Accept button takes the place from the service worker", async ({ page, request, context }) => {
  const owner = await newClubOwner(request, { clubName: `Offer Otters ${letterTag()}`, fullName: 'Ola Otter' });
  const [position] = await runSql<{ id: string }>(
    `insert into club_volunteer_positions (club_id, title, description, is_live, places, waitlist_policy)
     values ('${owner.clubId}', 'Kit steward', 'Looks after the kit on match days.', true, 1, 'offer') returning id`,
  );
  const positionId = globalId('VolunteerPosition', position!.id);
  const APPLY = 'mutation($i: ApplyToOpportunityInput!) { applyToOpportunity(input: $i) { application { id status } userErrors { message } } }';
  const apply = async (email: string) => (await gqlAs(request, email, APPLY, { i: { positionId, message: 'I would love to help with the kit.' } })).applyToOpportunity.application as { id: string; status: string };
  const first = await newVolunteer(request, 'Fay', 'First');
  const second = await newVolunteer(request, 'Sid', 'Second');
  const taken = await apply(first);
  await gqlAs(request, owner.email, 'mutation($i: AcceptVolunteerApplicationInput!) { acceptVolunteerApplication(input: $i) { userErrors { message } } }', { i: { id: taken.id } });
  const keys = pushReceiver().device(`e2e-offer-${Date.now()}`);
  await gqlAs(request, second, 'mutation($i: RegisterPushDeviceInput!) { registerPushDevice(input: $i) { device { id } userErrors { message } } }', { i: { ...keys, label: 'Test browser' } });
  const waiting = await apply(second);
  expect(waiting.status).toBe('WAITLISTED');
  const status = async () => (await gqlAs(request, second, 'query($id: ID!) { volunteerApplication(id: $id) { status } }', { id: waiting.id })).volunteerApplication.status;

  // The accepted volunteer withdraws: the place is offered to the second, with a push whose buttons answer.
  await gqlAs(request, first, 'mutation($i: WithdrawVolunteerApplicationInput!) { withdrawVolunteerApplication(input: $i) { userErrors { message } } }', { i: { id: taken.id } });
  const [push] = await pushReceiver().waitFor(1, keys.endpoint.split('/').pop(), 30_000);
  expect(push!.payload).toMatchObject({ title: 'Clubroom', body: 'A volunteer place is offered to you', actions: [{ action: 'accept', title: 'Accept the place' }, { action: 'decline', title: 'Decline' }] });
  expect(await status()).toBe('OFFERED');

  await context.grantPermissions(['notifications']);
  await signInByApi(page, second, PASSWORD, '/profile');
  await showPushInServiceWorker(page, push!.payload);
  const tapped = await tapNotificationButton(context, 'accept');
  expect(tapped).toEqual({ error: null, shown: [{ title: 'Clubroom', body: 'Saved: the place is yours.', tag: String(push!.payload.tag), actions: [] }] });
  expect(await status()).toBe('ACCEPTED');
  expect(context.pages()).toHaveLength(1);
});
