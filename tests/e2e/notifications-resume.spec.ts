// The bell after a dropped connection (docs/API.md 'Resuming a subscription'): graphql-ws
// subscribes again with the last event's cursor as `after`, and the server replays what was added
// while the socket was down: the test sees the frames and the bell shows it. (The app also reads its
// lists again on reconnecting; holding that answer back would also hold the bell's cache updates,
// so the replay is checked on the socket.)
import type { WebSocketRoute } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { registerAccount, runSql, signIn, uniqueEmail } from './support.js';

type Frame = { type?: string; payload?: { operationName?: string; variables?: { after?: string } } };

test('the bell shows a notification added while its socket was down, replayed from the last cursor', async ({ page }) => {
  const email = uniqueEmail('bell');
  await page.goto('/login');
  await registerAccount(page, { email, fullName: 'Bea Bell' });
  // Every live connection passes through the test: it sees the subscribe frames, closes the socket
  // as a restarting server would, and holds the next connection until told.
  const sockets: WebSocketRoute[] = [];
  const subscribes: Frame[] = [];
  const received: string[] = [];
  let hold: Promise<void> | null = null;
  await page.routeWebSocket(/\/graphql$/, async (socket) => {
    sockets.push(socket);
    const pending: Array<string | Buffer> = [];
    let server: WebSocketRoute | null = null;
    socket.onMessage((message) => {
      const frame = JSON.parse(String(message)) as Frame;
      if (frame.type === 'subscribe' && frame.payload?.operationName === 'NotificationAdded') subscribes.push(frame);
      if (server) server.send(message);
      else pending.push(message);
    });
    if (hold) await hold;
    server = socket.connectToServer();
    server.onMessage((message) => {
      received.push(String(message));
      socket.send(message);
    });
    for (const message of pending) server.send(message);
  });
  await signIn(page, email);
  const [user] = await runSql<{ id: string }>(`select id from users where email = '${email}'`);
  const addNotification = (title: string) =>
    runSql(
      `insert into notifications (user_id, type, kind, title, description) values ('${user!.id}', 'system', 'message_received', '${title}', 'Added for the resume test.') returning id`,
    );

  // A first notification arrives live (its pub/sub event sent the way the server sends one).
  const bell = page.getByRole('button', { name: 'Notifications' });
  await expect.poll(() => subscribes.length).toBeGreaterThan(0);
  await expect(bell).toBeVisible();
  const [first] = await addNotification('Heard live before the drop');
  const [stamp] = await runSql<{ at: string }>(
    `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at from notifications where id = '${first!.id}'`,
  );
  const firstCursor = Buffer.from(JSON.stringify(['notifications', stamp!.at, first!.id])).toString('base64url');
  await runSql(
    `select pg_notify('clubroom_events', json_build_object('topic', t, 'id', '${user!.id}', 'payload', p)::text)
       from (values ('NOTIFICATION_ADDED', json_build_object('notificationId', '${first!.id}')), ('NOTIFICATIONS_CHANGED', '{}'::json)) as e(t, p)`,
  );
  await expect(bell).toContainText('1');
  await bell.click();
  await expect(page.getByText('Heard live before the drop')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText('Heard live before the drop')).toBeHidden();

  // The connection drops; while it is down another notification is added (no live event reaches
  // anyone).
  let release!: () => void;
  hold = new Promise<void>((resolve) => (release = resolve));
  const before = subscribes.length;
  await sockets.at(-1)!.close({ code: 1012, reason: 'Service restart' });
  await addNotification('Added while the socket was down');
  release();

  // The subscription is sent again with the cursor of the last event seen, and the bell shows the
  // notification that came meanwhile.
  await expect.poll(() => subscribes.length).toBeGreaterThan(before);
  expect(subscribes.at(-1)!.payload!.variables!.after).toBe(firstCursor);
  expect(subscribes[0]!.payload!.variables?.after).toBeUndefined();
  const replayed = () =>
    received
      .map((text) => JSON.parse(text) as { type?: string; payload?: { data?: { notificationAdded?: { notification: { title: string } } } } })
      .filter((frame) => frame.type === 'next' && frame.payload?.data?.notificationAdded)
      .map((frame) => frame.payload!.data!.notificationAdded!.notification.title);
  await expect.poll(replayed).toEqual(['Heard live before the drop', 'Added while the socket was down']);
  await bell.click();
  await expect(page.getByText('Added while the socket was down')).toBeVisible();
  await expect(page.getByText('Heard live before the drop')).toBeVisible();
});
