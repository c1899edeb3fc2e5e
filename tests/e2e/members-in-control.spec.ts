// Issue 28's journey, one member from start to end: they turn message emails off and push on,
// receive a message (no email queued or written; a push delivered to the tests' endpoint and shown
// by the service worker), switch to a daily digest and receive exactly the missed items once,
// unsubscribe from a real email's List-Unsubscribe-Post with one POST, download their archive and
// open it, block a member, and finally delete their account and cannot sign in.
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test, type Page } from './fixtures.js';
import { readMails, type Mail } from '../helpers/mail.js';
import { gqlAs, letterTag, newMember, signInByApi, sqlText, toastAfter } from './journey-support.js';
import { fakePushService, showPushInServiceWorker, usePushReceiver } from './push-support.js';
import { workerServer } from './servers.js';
import { PASSWORD, runSql } from './support.js';

// The service worker runs here; the tests' push receiver, for the whole file.
const pushReceiver = usePushReceiver();

const SEND = 'mutation($i: SendMessageInput!) { sendMessage(input: $i) { message { id } userErrors { field message } } }';

/** Flips a kind × channel switch as a person does (its label) and waits for the server's answer. */
async function flip(page: Page, name: string): Promise<void> {
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/graphql' && r.request().postDataJSON()?.operationName === 'UpdateNotificationPreferences');
  await page.locator('label').filter({ has: page.getByRole('checkbox', { name, exact: true }) }).click();
  expect((await saved).ok()).toBe(true);
}

/** The mails delivered to `to` so far (the .eml files the server wrote, parsed by postal-mime). */
const mailsTo = async (to: string): Promise<Mail[]> => (await readMails(workerServer().dataDir)).filter((m) => m.headers.to.toLowerCase() === to.toLowerCase());

/** The rows of the outbox queued for `to` whose subject starts with `prefix`. */
const queued = async (to: string, prefix: string) =>
  (await runSql<{ n: number }>(`select count(*)::int as n from mail_outbox where lower("to") = lower(${sqlText(to)}) and subject like ${sqlText(`${prefix}%`)}`))[0]!.n;

test('a member takes control: push on and emails off, a digest exactly once, one-click unsubscribe, their archive, a block, and their account deleted', async ({ page, context, request }) => {
  test.setTimeout(360_000);
  const tag = letterTag();
  const email = await newMember(request, `Maya Control${tag}`);
  const senderEmail = await newMember(request, `Sid Sender${tag}`);
  const me = (await gqlAs(request, email, 'query { me { id } }')).me.id as string;
  const sid = (await gqlAs(request, senderEmail, 'query { me { id } }')).me.id as string;
  // The account's database id (the API's ids are global: base64url of 'Member:<uuid>').
  const meUuid = Buffer.from(me, 'base64url').toString().split(':')[1]!;
  const send = (subject: string, content: string) => gqlAs(request, senderEmail, SEND, { i: { recipientId: me, subject, content } });

  // 1. Message emails off; push on for this browser.
  const device = `journey-${tag}`;
  await fakePushService(context, pushReceiver().device(device));
  await context.grantPermissions(['notifications']);
  await signInByApi(page, email, PASSWORD, '/profile/notifications');
  await flip(page, 'Email for New private message');
  await expect(page.getByRole('checkbox', { name: 'Email for New private message', exact: true })).not.toBeChecked();
  const pushSection = page.getByRole('region', { name: 'Push on this device' });
  await toastAfter(page, 'Push is on for this device', () => pushSection.getByRole('button', { name: 'Turn on push on this device' }).click());

  // 2. A message: a push reaches the device and the service worker shows it; no email at all.
  const sent = await send('Kit for Saturday', 'Bring the spare bibs, please.');
  expect(sent.sendMessage.userErrors).toEqual([]);
  const [push] = await pushReceiver().waitFor(1, device);
  expect(push!.payload).toMatchObject({ title: 'Clubroom', body: 'New private message', badge: 1 });
  const shown = await showPushInServiceWorker(page, push!.payload);
  expect(shown).toEqual([{ title: 'Clubroom', body: 'New private message', url: push!.payload.url }]);
  expect(await queued(email, 'New message from')).toBe(0);
  expect((await mailsTo(email)).map((m) => m.headers.subject)).toEqual(['Welcome to Clubroom']);

  // 3. Emails back on, as a daily digest: two messages arrive, no instant email; the digest (made
  //    due now) carries both, once; running it again sends nothing more.
  await flip(page, 'Email for New private message');
  const delivery = page.getByRole('form', { name: 'Email delivery' });
  await delivery.locator('label').filter({ has: page.getByRole('radio', { name: 'Daily digest' }) }).click();
  await toastAfter(page, 'Notification settings saved', () => delivery.getByRole('button', { name: 'Save' }).click());
  await send('Missed one', 'The pitch moved to the north field.');
  await send('Missed two', 'Training starts at half past six.');
  expect(await queued(email, 'New message from')).toBe(0);
  await runSql(`update jobs set run_at = now() where key = ${sqlText(`digest:${meUuid}`)}`);
  let digest: Mail | undefined;
  await expect
    .poll(async () => (digest = (await mailsTo(email)).find((m) => m.headers.subject === 'Your Clubroom day: 2 updates')) !== undefined, { timeout: 30_000 })
    .toBe(true);
  const occurrences = (text: string) => digest!.text.split(text).length - 1;
  expect([occurrences('The pitch moved to the north field.'), occurrences('Training starts at half past six.'), occurrences('Bring the spare bibs')]).toEqual([1, 1, 0]);
  // Again, at once: the job runs (it moves itself to the next digest time) and finds nothing unsent.
  await runSql(`update jobs set run_at = now() where key = ${sqlText(`digest:${meUuid}`)}`);
  await expect.poll(async () => (await runSql<{ later: boolean }>(`select run_at > now() as later from jobs where key = ${sqlText(`digest:${meUuid}`)}`))[0]?.later, { timeout: 30_000 }).toBe(true);
  expect(await queued(email, 'Your Clubroom day')).toBe(1);

  // 4. One POST to the digest's List-Unsubscribe address (RFC 8058), no session: digests are off.
  expect(digest!.headers.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
  const unsubscribeUrl = digest!.headers.listUnsubscribe!.replace(/^<|>$/g, '');
  // What a mail client sends: a bare POST (Node's fetch: no cookie, no session, no security token).
  const oneClick = await fetch(unsubscribeUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
  expect(oneClick.status).toBe(200);
  await page.reload();
  await expect(delivery.getByRole('radio', { name: 'Off' })).toBeChecked();

  // 5. Their archive: asked for, built in the background, downloaded and opened.
  await page.goto('/profile');
  const yourData = page.getByRole('region', { name: 'Your data' });
  await yourData.getByRole('button', { name: 'Download my data' }).click();
  const archive = yourData.getByRole('list', { name: 'Your archives' }).getByRole('listitem').first();
  await expect(archive).toContainText(/Ready — download until/, { timeout: 45_000 });
  const downloading = page.waitForEvent('download');
  await archive.getByRole('link', { name: 'Download', exact: true }).click();
  const files = unzipSync(new Uint8Array(readFileSync((await (await downloading).path())!)));
  expect(Object.keys(files)).toEqual(expect.arrayContaining(['README.md', 'account.json', 'messages.csv']));
  const messagesCsv = strFromU8(files['messages.csv']!);
  expect(messagesCsv).toContain('Missed two');
  expect(messagesCsv).not.toContain(senderEmail); // nobody else's private data

  // 6. They block the sender from the conversation; the sender is refused.
  await page.goto(`/messages/${sid}`);
  await page.getByRole('button', { name: 'Conversation actions' }).click();
  await page.getByRole('menuitem', { name: `Block Sid Sender${tag}` }).click();
  await page.getByRole('alertdialog', { name: 'Block member' }).getByRole('button', { name: 'Block' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Block member' })).toBeHidden();
  const refused = await send('Hello?', 'Are you ignoring me?');
  expect(refused.sendMessage.userErrors).toEqual([{ field: 'recipientId', message: 'This member does not accept messages from you.' }]);

  // 7. They delete their account, and cannot sign in any more.
  await page.goto('/profile');
  await page.getByRole('region', { name: 'Delete Account' }).getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Your password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  const signIn = await (await page.context().request.post('/api/auth/signin', { headers: { 'x-csrf-token': (await (await page.context().request.get('/api/auth/csrf')).json()).data.token }, data: { email, password: PASSWORD } })).json();
  expect(signIn).toMatchObject({ success: false, error: 'Invalid email or password.' });
  expect(await runSql(`select count(*)::int as n from push_subscriptions where user_id = ${sqlText(meUuid)}`)).toEqual([{ n: 0 }]);
});
