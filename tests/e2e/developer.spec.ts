// The Developer page: a member creates a personal API token (shown once, copied), a script — plain
// fetch from this test process, no browser — reads the member's inbox and sends a message with
// it, the page then shows when it was last used, the member revokes it, and the script is refused.
// Every state of the page passes axe in light and dark mode. The explorer acts as the browser's
// session or a pasted token and opens its examples.
import { expect, test, type Page } from './fixtures.js';
import { expectAccessible, settled, useColorMode } from './axe.js';
import { PASSWORD, registerAccount, runSql, signIn, uniqueEmail } from './support.js';
import { ApiClient } from '../helpers/client.js';
import { createToken } from '../helpers/api-tokens.js';

const REVOKED = 'This API token has been revoked.';

/** What an integrator's script does: one POST /graphql with the token as the bearer. */
async function script(baseURL: string, token: string, query: string, variables?: Record<string, unknown>) {
  const res = await fetch(`${baseURL}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, body: (await res.json()) as { data?: any; errors?: Array<{ message: string; extensions?: { code?: string } }> } };
}

const memberGlobalId = (uuid: string) => Buffer.from(`Member:${uuid}`, 'utf8').toString('base64url');

async function checkBothModes(page: Page, where: string) {
  for (const mode of ['light', 'dark'] as const) {
    await useColorMode(page, mode);
    await page.reload();
    await settled(page);
    await expectAccessible(page, `${where} (${mode})`);
  }
}

test('a member creates a token, a script reads the inbox and sends a message with it, the member revokes it and the script is refused', async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const email = uniqueEmail('developer');
  const partnerEmail = uniqueEmail('developer.partner');
  await page.goto('/login');
  await registerAccount(page, { email, fullName: 'Dana Developer' });
  await registerAccount(page, { email: partnerEmail, fullName: 'Pia Partner' });
  const [ids] = await runSql<{ me: string; partner: string }>(
    `select (select id from users where email = '${email}') as me, (select id from users where email = '${partnerEmail}') as partner`,
  );
  await runSql(`insert into messages (sender_id, recipient_id, subject, content) values ('${ids!.partner}', '${ids!.me}', 'Track marshals needed', 'Could you marshal at the track on Saturday?')`);

  await signIn(page, email);
  await page.getByRole('link', { name: 'Manage API tokens' }).click();
  await expect(page).toHaveURL(/\/profile\/developer$/);
  await expect(page.getByRole('heading', { name: 'Developer', level: 1 })).toBeVisible();
  await expect(page.getByText('You have no API tokens yet.')).toBeVisible();
  await checkBothModes(page, 'developer page, no tokens');

  // Create: a name, exactly what the script needs — read:messages instead of the whole read (ticked
  // already) and messages:write — no expiry. The read scopes come first, each with what it allows.
  await page.getByRole('button', { name: 'New token' }).click();
  const dialog = page.getByRole('dialog', { name: 'New API token' });
  await expect(dialog).toBeVisible();
  const wholeRead = dialog.getByRole('checkbox', { name: /^read(?!:)/ });
  await expect(wholeRead).toBeChecked();
  await expect(dialog.getByRole('group', { name: 'Read' }).getByRole('checkbox')).toHaveCount(7);
  await expect(dialog.getByRole('checkbox', { name: /^read:messages\s*Read the owner's conversations/ })).not.toBeChecked();
  await expect(dialog.getByRole('group', { name: 'Write' }).getByRole('checkbox', { name: /^webhooks:write/ })).toBeVisible();
  await expectAccessible(page, 'new token dialog');
  await dialog.getByRole('button', { name: 'Create token' }).click();
  await expect(dialog.getByText('Token name is required')).toBeVisible();
  await dialog.getByLabel('Token name').fill('Inbox script');
  await wholeRead.uncheck();
  await dialog.getByRole('checkbox', { name: /^read:messages/ }).check();
  await dialog.getByRole('checkbox', { name: /^messages:write/ }).check();
  await dialog.getByRole('button', { name: 'Create token' }).click();

  // The secret, once, with a warning and a copy button.
  await expect(dialog.getByText(/shown only once/)).toBeVisible();
  const secretField = dialog.getByLabel('Your new API token');
  const secret = await secretField.inputValue();
  expect(secret).toMatch(/^clubroom_pat_[A-Za-z0-9_-]{43}$/);
  await expectAccessible(page, 'token secret');
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Token copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  const item = page.getByRole('listitem').filter({ hasText: 'Inbox script' });
  await expect(item.getByText('Active')).toBeVisible();
  await expect(item.getByText('Never used')).toBeVisible();
  await expect(item.getByText(secret.slice(0, 21))).toBeVisible();
  await expect(item.getByText('read:messages', { exact: true })).toBeVisible();
  await expect(item.getByText('messages:write', { exact: true })).toBeVisible();
  await expect(item.getByText('read', { exact: true })).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);
  await checkBothModes(page, 'developer page with a token');
  // Gone for good once the dialog is closed.
  await expect(page.getByText(secret)).toHaveCount(0);

  // The script: reads the inbox, sends a message.
  const inbox = await script(baseURL!, secret, 'query { inbox(first: 10) { nodes { subject sender { name } } } }');
  expect(inbox.status).toBe(200);
  expect(inbox.body.data.inbox.nodes).toContainEqual({ subject: 'Track marshals needed', sender: { name: 'Pia Partner' } });
  // Nothing else: the public directory needs read:public, which the token lacks.
  const directory = await script(baseURL!, secret, '{ sportCategories }');
  expect(directory.status).toBe(403);
  expect(directory.body.errors?.[0]?.message).toBe('This API token lacks the read:public scope.');
  const sent = await script(
    baseURL!,
    secret,
    'mutation($input: SendMessageInput!) { sendMessage(input: $input) { message { id subject } userErrors { message } } }',
    { input: { recipientId: memberGlobalId(ids!.partner), subject: 'Re: Track marshals needed', content: 'Yes, count me in from nine.' } },
  );
  expect(sent.body.errors).toBeUndefined();
  expect(sent.body.data.sendMessage.userErrors).toEqual([]);
  expect(sent.body.data.sendMessage.message.subject).toBe('Re: Track marshals needed');
  const delivered = await runSql(`select 1 from messages where sender_id = '${ids!.me}' and recipient_id = '${ids!.partner}' and subject = 'Re: Track marshals needed'`);
  expect(delivered).toHaveLength(1);

  // The page shows the use.
  await page.reload();
  await expect(item.getByText(/ago$/)).toBeVisible();
  await expect(item.getByText('Never used')).toHaveCount(0);

  // Revoke, confirmed.
  await item.getByRole('button', { name: 'Revoke Inbox script' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Inbox script');
  await expectAccessible(page, 'revoke dialog');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('API token revoked')).toBeVisible();
  await expect(item.getByText('Revoked', { exact: true })).toBeVisible();
  await expect(item.getByRole('button', { name: 'Revoke Inbox script' })).toHaveCount(0);

  // The script is refused at once, reads included.
  for (const query of ['query { inbox(first: 10) { nodes { subject } } }', '{ sportCategories }']) {
    const refused = await script(baseURL!, secret, query);
    expect(refused.status).toBe(401);
    expect(refused.body.errors?.[0]).toMatchObject({ message: REVOKED, extensions: { code: 'UNAUTHENTICATED' } });
    expect(refused.body.data ?? null).toBeNull();
  }
});

test("the explorer acts as the browser's signed-in session or a pasted API token, and opens the examples", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('explorer');
  const otherEmail = uniqueEmail('explorer.other');
  await page.goto('/login');
  await registerAccount(page, { email, fullName: 'Eve Explorer' });
  await registerAccount(page, { email: otherEmail, fullName: 'Otto Other' });
  // Otto's token, made the way a script's owner makes one (from his own session).
  const otto = new ApiClient(baseURL!);
  await otto.signIn(otherEmail, PASSWORD);
  const { secret } = await createToken(otto, ['READ'], { name: 'Explorer test' });

  await signIn(page, email);
  await page.goto('/graphql');
  const status = page.getByRole('status').filter({ hasText: 'Requests act as' });
  await expect(status).toContainText(`your signed-in session (${email})`);
  for (const mode of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: mode });
    await expectAccessible(page, `explorer bar (${mode})`, '.explorer-bar');
  }
  await expect(page.getByRole('link', { name: 'API guide (docs/API.md)' })).toHaveAttribute('href', '/docs/api');

  // The welcome tab runs Me: as Eve, from her session. Run once GraphiQL has read the editor (the
  // tab takes its title from the operation's name): a click before that ran nothing (CI, 2026-12-03).
  await expect(page.locator('.graphiql-query-editor')).toContainText('query Me');
  await expect(page.getByRole('tab', { name: /^Me/, selected: true })).toBeVisible();
  const execute = page.getByRole('button', { name: /Execute query/ });
  await execute.click();
  await expect(page.locator('.graphiql-response')).toContainText('Eve Explorer');

  // A pasted token takes over: now Otto.
  await page.getByLabel('API token').fill(secret);
  await page.getByRole('button', { name: 'Use token' }).click();
  await expect(status).toContainText('the API token pasted here');
  await execute.click();
  await expect(page.locator('.graphiql-response')).toContainText('Otto Other');
  await page.getByRole('button', { name: 'Forget token' }).click();
  await expect(status).toContainText('your signed-in session');

  // The Examples panel opens an operation in a new tab.
  await page.getByRole('button', { name: 'Show Examples' }).click();
  await expect(page.getByRole('heading', { name: 'Examples' })).toBeVisible();
  await expectAccessible(page, 'explorer examples panel', '.explorer-examples');
  await page.getByRole('button', { name: 'Open Inbox in a new tab' }).click();
  await expect(page.locator('.graphiql-query-editor')).toContainText('query Inbox');
  // GraphiQL reads the operation's name from the editor a moment later (the tab takes its title
  // from it): run it once that has happened, or it would send the previous tab's name.
  await expect(page.getByRole('tab', { name: /Inbox/, selected: true })).toBeVisible();
  await execute.click();
  await expect(page.locator('.graphiql-response')).toContainText('"inbox"');
});
