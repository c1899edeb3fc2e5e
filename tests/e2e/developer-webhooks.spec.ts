// The Developer page's Webhooks section: a member creates an endpoint pointing at a receiver of the
// test's own (an HTTP server on 127.0.0.1 that verifies every request with the `standardwebhooks`
// library), sees its signing secret once, another member's message causes a `message.received`
// event, the member sees its delivery in the log, presses Redeliver and the receiver gets the same
// webhook-id a second time, signed again. Replay since refuses a period over 7 days with the
// server's message. Then Edit, Rotate secret (the new one shown once), Enable again (after a
// disabling set by SQL) and Delete, each confirmed where it must be. The section, the create
// dialog and the log pass axe in light and dark mode.
import { expect, test } from './fixtures.js';
import { checkViews } from './axe.js';
import { PASSWORD, registerAccount, runSql, signIn, uniqueEmail } from './support.js';
import { ApiClient } from '../helpers/client.js';
import { createToken } from '../helpers/api-tokens.js';
import { WebhookReceiver } from '../helpers/webhook-receiver.js';

const memberGlobalId = (uuid: string) => Buffer.from(`Member:${uuid}`, 'utf8').toString('base64url');

let receiver: WebhookReceiver;
test.beforeAll(async () => {
  receiver = await new WebhookReceiver().start();
});
test.afterAll(async () => {
  await receiver.close();
});

test('a member creates a webhook endpoint, sees its secret once, a message is delivered to it and redelivered with the same webhook-id', async ({ page, context, baseURL }) => {
  test.setTimeout(150_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const email = uniqueEmail('webhooks');
  const partnerEmail = uniqueEmail('webhooks.partner');
  await page.goto('/login');
  await registerAccount(page, { email, fullName: 'Wren Webhook' });
  await registerAccount(page, { email: partnerEmail, fullName: 'Pat Sender' });
  const [ids] = await runSql<{ me: string; partner: string }>(
    `select (select id from users where email = '${email}') as me, (select id from users where email = '${partnerEmail}') as partner`,
  );
  const path = `/wren-${ids!.me.slice(0, 8)}`;
  const url = `${receiver.url}${path}`;

  // From the profile to the Developer page; the section is empty and says what webhooks are.
  await signIn(page, email);
  await page.getByRole('link', { name: 'Manage API tokens' }).click();
  await expect(page).toHaveURL(/\/profile\/developer$/);
  const section = page.getByRole('region', { name: 'Webhooks' });
  await expect(section.getByText('No webhook endpoints yet')).toBeVisible();
  await expect(section.getByRole('link', { name: /Webhook events/ })).toHaveAttribute('href', '/docs/api');

  // Create: a member is offered only their own data; the checklist lists what it may receive.
  await section.getByRole('button', { name: 'New endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'New webhook endpoint' });
  await expect(dialog).toBeVisible();
  const kind = dialog.getByLabel('Whose events');
  await expect(kind.locator('option')).toHaveText(['Mine']);
  await expect(dialog.getByRole('checkbox', { name: /^message\.received/ })).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: /^club\.application\.submitted/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Create endpoint' }).click();
  await expect(dialog.getByText('URL is required')).toBeVisible();
  await expect(dialog.getByText('Choose at least one event kind')).toBeVisible();
  await dialog.getByLabel('URL').fill(url);
  await dialog.getByRole('checkbox', { name: /^message\.received/ }).check();
  await dialog.getByLabel('Description (optional)').fill('Inbox to my phone');
  await dialog.getByRole('button', { name: 'Create endpoint' }).click();

  // The signing secret, once, with a warning and a copy button.
  await expect(dialog.getByText(/shown only once/)).toBeVisible();
  const secret = await dialog.getByLabel('Signing secret').inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Signing secret copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(secret)).toHaveCount(0);
  receiver.secrets.set(path, [secret]);

  const endpoint = section.getByRole('listitem', { name: url });
  await expect(endpoint.getByText('Active', { exact: true })).toBeVisible();
  await expect(endpoint.getByText('Mine', { exact: true })).toBeVisible();
  await expect(endpoint.getByText('message.received', { exact: true })).toBeVisible();
  await expect(endpoint.getByText('Inbox to my phone')).toBeVisible();

  // Pat sends Wren a message (a script with Pat's token): message.received for Wren's endpoint.
  const pat = new ApiClient(baseURL!);
  await pat.signIn(partnerEmail, PASSWORD);
  const { secret: patToken } = await createToken(pat, ['READ', 'MESSAGES_WRITE'], { name: 'Sender script' });
  const sent = await pat.gql(
    'mutation($input: SendMessageInput!) { sendMessage(input: $input) { message { id } userErrors { message } } }',
    { input: { recipientId: memberGlobalId(ids!.me), subject: 'Boat rota', content: 'Are you rowing on Sunday?' } },
    { token: patToken },
  );
  expect(sent.errors).toBeUndefined();
  expect(sent.data.sendMessage.userErrors).toEqual([]);
  // The messages module wrote the event in the message's transaction; the worker sends it.
  // The receiver gets it, signed with the secret shown.
  await expect.poll(() => receiver.at(path).length, { timeout: 30_000 }).toBe(1);
  const [first] = receiver.at(path);
  expect(first!.verifiedWith).toEqual([secret]);
  expect(first!.body.type).toBe('message.received');
  expect(first!.id).toMatch(/^msg_/);

  // The log shows the delivery with its status and attempt.
  await endpoint.getByRole('button', { name: 'Show delivery log' }).click();
  const delivery = endpoint.getByRole('listitem', { name: `message.received ${first!.id}` });
  await expect(async () => {
    await endpoint.getByRole('button', { name: 'Refresh log' }).click();
    await expect(delivery.getByText('Delivered', { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(delivery.getByText(first!.id, { exact: true })).toBeVisible();
  await expect(delivery.getByRole('table', { name: `Attempts of ${first!.id}` }).getByRole('cell', { name: '204' })).toBeVisible();

  // Redeliver: the same webhook-id again, signed again.
  await delivery.getByRole('button', { name: `Redeliver ${first!.id}` }).click();
  await expect(page.getByText('Delivery queued again')).toBeVisible();
  await expect.poll(() => receiver.at(path).length, { timeout: 30_000 }).toBe(2);
  const [, second] = receiver.at(path);
  expect(second!.id).toBe(first!.id);
  expect(second!.verifiedWith).toEqual([secret]);
  await expect(async () => {
    await endpoint.getByRole('button', { name: 'Refresh log' }).click();
    await expect(delivery.getByText('2 (redelivery)')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(delivery.getByText('Delivered', { exact: true })).toBeVisible();

  // Replay since: more than 7 days is refused with the server's message, at the field.
  const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const local = `${tenDaysAgo.getFullYear()}-${pad(tenDaysAgo.getMonth() + 1)}-${pad(tenDaysAgo.getDate())}T${pad(tenDaysAgo.getHours())}:${pad(tenDaysAgo.getMinutes())}`;
  await endpoint.getByLabel('Replay since').fill(local);
  await endpoint.getByRole('button', { name: 'Replay', exact: true }).click();
  await expect(endpoint.getByText('Replay at most 7 days at a time')).toBeVisible();
  expect(receiver.at(path)).toHaveLength(2);

  // Edit: another event kind and a new description.
  await endpoint.getByRole('button', { name: `Edit ${url}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit webhook endpoint' });
  await expect(edit.getByLabel('URL')).toHaveValue(url);
  await expect(edit.getByRole('checkbox', { name: /^message\.received/ })).toBeChecked();
  await edit.getByRole('checkbox', { name: /^council\.meeting\.published/ }).check();
  await edit.getByLabel('Description (optional)').fill('Inbox and council meetings');
  await edit.getByRole('button', { name: 'Save endpoint' }).click();
  await expect(page.getByText('Webhook endpoint saved')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(endpoint.getByText('council.meeting.published', { exact: true })).toBeVisible();
  await expect(endpoint.getByText('Inbox and council meetings')).toBeVisible();

  // Rotate: asked first (the 24 h grace), then the new secret once; the old one still signs.
  await endpoint.getByRole('button', { name: `Rotate secret of ${url}` }).click();
  const rotate = page.getByRole('alertdialog', { name: 'Rotate signing secret' });
  await expect(rotate).toContainText('24 hours');
  await rotate.getByRole('button', { name: 'Rotate secret' }).click();
  const rotated = page.getByRole('dialog', { name: 'New signing secret' });
  const newSecret = await rotated.getByLabel('Signing secret').inputValue();
  expect(newSecret).toMatch(/^whsec_/);
  expect(newSecret).not.toBe(secret);
  await rotated.getByRole('button', { name: 'Done' }).click();
  await expect(rotated).toBeHidden();
  await expect(endpoint.getByText(/Previous secret also signs until/)).toBeVisible();

  // Disabled after failures (set here by SQL): the reason, and Enable again.
  await runSql(`update webhook_endpoints set status = 'disabled', disabled_reason = '5 deliveries in a row failed.', disabled_at = now() where user_id = '${ids!.me}'`);
  await page.reload();
  await expect(endpoint.getByText('Disabled', { exact: true })).toBeVisible();
  await expect(endpoint.getByText(/5 deliveries in a row failed\./)).toBeVisible();
  await endpoint.getByRole('button', { name: `Enable again ${url}` }).click();
  await expect(page.getByText('Webhook endpoint enabled again')).toBeVisible();
  await expect(endpoint.getByText('Active', { exact: true })).toBeVisible();

  // axe, light and dark: the section with the endpoint, the create dialog, the delivery log.
  await checkViews(page, [
    { name: 'developer page, webhooks section', path: '/profile/developer', heading: 'Developer' },
    {
      name: 'new webhook endpoint dialog',
      path: '/profile/developer',
      heading: 'Developer',
      open: async (p) => {
        await p.getByRole('button', { name: 'New endpoint' }).click();
        await expect(p.getByRole('dialog', { name: 'New webhook endpoint' })).toBeVisible();
      },
    },
    {
      name: 'webhook delivery log',
      path: '/profile/developer',
      heading: 'Developer',
      open: async (p) => {
        await p.getByRole('button', { name: 'Show delivery log' }).click();
        await expect(p.getByText('Delivered', { exact: true })).toBeVisible();
      },
    },
  ]);

  // Delete, confirmed: the section is empty again.
  await page.goto('/profile/developer');
  await section.getByRole('button', { name: `Delete ${url}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete webhook endpoint' });
  await expect(confirm).toContainText(url);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Webhook endpoint deleted')).toBeVisible();
  await expect(section.getByText('No webhook endpoints yet')).toBeVisible();
  expect(await runSql(`select 1 from webhook_endpoints where user_id = '${ids!.me}'`)).toHaveLength(0);
});
