// A push's whole road (issue 28): the server sends a VAPID-signed, encrypted push to a device's
// endpoint (the tests' own receiver, which decrypts it as the browser would), and the app's service
// worker shows what arrives — delivered to it through the DevTools protocol, the way Chromium's
// push service would — as a system notification that opens the page it names.
import { expect, test, type APIRequestContext } from './fixtures.js';
import { PushReceiver } from '../helpers/push-receiver.js';
import { gqlAs, newMember, signInByApi } from './journey-support.js';
import { showPushInServiceWorker } from './push-support.js';
import { PASSWORD } from './support.js';

// The service worker shows the pushes (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

let receiver: PushReceiver;
test.beforeAll(async () => {
  receiver = await PushReceiver.start();
});
test.afterAll(async () => {
  await receiver?.close();
});

test('a message reaches a device as an encrypted push, and the service worker shows it', async ({ page, request, context }) => {
  // One after the other: each sign-up through this request context renews its security token.
  const readerEmail = await newMember(request, 'Sam Screen');
  const senderEmail = await newMember(request, 'Tia Typist');
  const keys = receiver.device(`e2e-${Date.now()}`);
  await gqlAs(request, readerEmail, 'mutation($i: RegisterPushDeviceInput!) { registerPushDevice(input: $i) { device { id } userErrors { message } } }', { i: { ...keys, label: 'Test browser' } });

  await context.grantPermissions(['notifications']);
  await signInByApi(page, readerEmail, PASSWORD, '/profile');
  const reader = await gqlAs(request, readerEmail, 'query { me { id } }');
  await gqlAs(request, senderEmail, 'mutation($i: SendMessageInput!) { sendMessage(input: $i) { message { id } userErrors { message } } }', {
    i: { recipientId: reader.me.id, subject: 'Kit for Saturday', content: 'Bring the spare bibs, please.' },
  });
  const [push] = await receiver.waitFor(1, keys.endpoint.split('/').pop());
  // No previews by default: nothing private on a lock screen.
  expect(push!.payload).toMatchObject({ title: 'Clubroom', body: 'New private message', badge: 1 });

  expect(await showPushInServiceWorker(page, push!.payload)).toEqual([{ title: 'Clubroom', body: 'New private message', url: push!.payload.url }]);
  expect(String(push!.payload.url)).toMatch(/^\/messages\//);
});
