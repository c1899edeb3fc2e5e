// Limits and headers of the transport: operations per WebSocket, sockets per session, listeners
// released without warnings, and the security headers (HSTS behind https, a CSP that names the app's
// own WebSocket origin instead of any host).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TOO_MANY_CONNECTIONS, WS_LIMITS } from '../../server/src/app/ws.js';
import { newMember } from '../helpers/client.js';
import { startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

interface Socket {
  ws: WebSocket;
  messages: Array<{ type: string; id?: string; payload?: unknown }>;
  closed: Promise<{ code: number; reason: string }>;
}

/** A raw graphql-transport-ws socket, acknowledged (or closed) before it resolves. */
function connect(token?: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
    const messages: Socket['messages'] = [];
    const closed = new Promise<{ code: number; reason: string }>((done) => ws.on('close', (code, reason) => done({ code, reason: String(reason) })));
    const socket = { ws, messages, closed };
    ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload: token ? { authorization: `Bearer ${token}` } : {} })));
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as Socket['messages'][number];
      messages.push(message);
      if (message.type === 'connection_ack') resolve(socket);
    });
    ws.on('error', reject);
    void closed.then(() => resolve(socket));
  });
}

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
};

describe('WebSocket limits', () => {
  it(`runs ${WS_LIMITS.subscriptionsPerConnection} subscriptions on one socket and refuses the next with a clear error`, async () => {
    const { client } = await newMember(server.url);
    const socket = await connect(client.accessToken!);
    for (let i = 1; i <= WS_LIMITS.subscriptionsPerConnection + 1; i++) {
      socket.ws.send(JSON.stringify({ id: String(i), type: 'subscribe', payload: { query: 'subscription { unreadMessageCount { count } }' } }));
    }
    await until(() => socket.messages.filter((m) => m.type === 'next').length >= WS_LIMITS.subscriptionsPerConnection && socket.messages.some((m) => m.type === 'error'));
    const errors = socket.messages.filter((m) => m.type === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.id).toBe(String(WS_LIMITS.subscriptionsPerConnection + 1));
    expect(JSON.stringify(errors[0]!.payload)).toContain(`at most ${WS_LIMITS.subscriptionsPerConnection} operations`);
    // Completing one frees its place.
    socket.ws.send(JSON.stringify({ id: '1', type: 'complete' }));
    await new Promise((r) => setTimeout(r, 100));
    socket.ws.send(JSON.stringify({ id: 'again', type: 'subscribe', payload: { query: 'subscription { unreadMessageCount { count } }' } }));
    await until(() => socket.messages.some((m) => m.id === 'again'));
    expect(socket.messages.find((m) => m.id === 'again')?.type).toBe('next');
    socket.ws.close();
  });

  it(`accepts ${WS_LIMITS.connectionsPerSession} sockets of one session, closes the next with ${TOO_MANY_CONNECTIONS}, and takes one again once a socket closes`, async () => {
    const { client } = await newMember(server.url);
    const sockets: Socket[] = [];
    for (let i = 0; i < WS_LIMITS.connectionsPerSession; i++) sockets.push(await connect(client.accessToken!));
    expect(sockets.every((s) => s.messages.some((m) => m.type === 'connection_ack'))).toBe(true);
    const extra = await connect(client.accessToken!);
    expect((await extra.closed).code).toBe(TOO_MANY_CONNECTIONS);
    expect(extra.messages.some((m) => m.type === 'connection_ack')).toBe(false);
    // Another session of another member is not affected.
    const other = await newMember(server.url);
    const theirs = await connect(other.client.accessToken!);
    expect(theirs.messages.some((m) => m.type === 'connection_ack')).toBe(true);
    sockets[0]!.ws.close();
    await sockets[0]!.closed;
    await new Promise((r) => setTimeout(r, 100));
    const again = await connect(client.accessToken!);
    expect(again.messages.some((m) => m.type === 'connection_ack')).toBe(true);
    for (const s of [...sockets, theirs, again]) s.ws.close();
  });

  it('holds many subscriptions of one session without a MaxListenersExceededWarning, and releases them', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const { client } = await newMember(server.url);
      const sockets = await Promise.all([connect(client.accessToken!), connect(client.accessToken!)]);
      for (const [n, socket] of sockets.entries()) {
        for (let i = 0; i < 15; i++) socket.ws.send(JSON.stringify({ id: `${n}-${i}`, type: 'subscribe', payload: { query: 'subscription { unreadMessageCount { count } }' } }));
      }
      await until(() => sockets.every((s) => s.messages.filter((m) => m.type === 'next').length >= 15));
      for (const socket of sockets) {
        socket.ws.close();
        await socket.closed;
      }
      await new Promise((r) => setTimeout(r, 100));
      expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});

describe('security headers', () => {
  it('names the app origin for WebSockets in the CSP, not any ws: or wss: host, and sends no HSTS over http', async () => {
    const res = await fetch(`${server.url}/health`);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("connect-src 'self' ws://clubroom.test;");
    expect(csp).not.toMatch(/ wss?: /);
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('sends HSTS and a wss: origin when APP_URL is https', async () => {
    const secure = await startServer({}, { APP_URL: 'https://clubroom.example' });
    try {
      const res = await fetch(`${secure.url}/health`);
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers.get('content-security-policy')).toContain("connect-src 'self' wss://clubroom.example;");
    } finally {
      await secure.close();
    }
  });
});
