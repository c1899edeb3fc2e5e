// What the real web client sends (docs/API.md, 'Trusted documents'): every GraphQL request over
// HTTP and every subscribe over the socket names a document of the build's manifest by its hash
// and carries no document text. The end-to-end server runs with TRUSTED_DOCUMENTS=off (the specs'
// own setup sends documents of its own as sessions, tests/e2e/serve.mjs), so this watches the
// client's side; tests/api/trusted-documents.test.ts checks the server's refusal with enforcement on.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { newMember, signInByApi } from './journey-support.js';

const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'dist', 'trusted-documents.json'), 'utf8')) as Record<string, string>;
const trusted = new Set(Object.keys(manifest).map((id) => id.replace(/^sha256:/, '')));

type Sent = { operationName?: string; query?: unknown; extensions?: { persistedQuery?: { sha256Hash?: string } } };

test("the directory and the inbox ask for the build's documents by hash only, over HTTP and WebSocket", async ({ page }) => {
  const posts: Sent[] = [];
  const subscribes: Sent[] = [];
  const answers: Promise<string[]>[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname !== '/graphql' || response.request().method() !== 'POST') return;
    answers.push(response.json().then((body: { errors?: Array<{ extensions?: { code?: string } }> }) => (body.errors ?? []).map((e) => e.extensions?.code ?? 'none'), () => []));
  });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/graphql' && request.method() === 'POST') posts.push(request.postDataJSON() as Sent);
  });
  page.on('websocket', (socket) =>
    socket.on('framesent', (frame) => {
      const message = JSON.parse(String(frame.payload)) as { type: string; payload?: Sent };
      if (message.type === 'subscribe' && message.payload) subscribes.push(message.payload);
    }),
  );

  const email = await newMember(page.context().request, 'Trusted Reader');
  await signInByApi(page, email, undefined, '/clubs');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/messages');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The unread badges subscribe once signed in.
  await expect.poll(() => subscribes.length, { timeout: 15_000 }).toBeGreaterThan(0);
  await expect.poll(() => posts.length).toBeGreaterThan(1);

  // Every hash was one the server knew: nothing answered PERSISTED_QUERY_NOT_FOUND or FORBIDDEN.
  expect((await Promise.all(answers)).flat()).toEqual([]);
  for (const sent of posts) {
    expect(sent.query, `${sent.operationName} was sent as text`).toBeUndefined();
    expect(trusted.has(sent.extensions?.persistedQuery?.sha256Hash ?? ''), `${sent.operationName}'s hash is in the manifest`).toBe(true);
  }
  for (const sent of subscribes) {
    expect(sent.query, `${sent.operationName} was sent as text over the socket`).toBe('');
    expect(trusted.has(sent.extensions?.persistedQuery?.sha256Hash ?? ''), `${sent.operationName}'s hash is in the manifest`).toBe(true);
  }
});
