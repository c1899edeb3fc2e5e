// Webhooks (issue 31): which event kinds each endpoint kind may ask for and the scope each needs,
// the retry schedule (≥ 24 hours over 8 attempts), and the worker's request: no redirect followed,
// a 3xx is a failure, the response body cut to 4 KB, addresses refused at connect time.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WEBHOOK_EVENT_KIND_NAMES,
  WEBHOOK_MAX_ATTEMPTS,
  webhookKindsFor,
  webhookKindsProblem,
  webhookScopeAllows,
} from '../../server/src/modules/webhooks/webhooks.rules.js';
import { SecretBox } from '../../server/src/lib/secret-box.js';
import { RESPONSE_BODY_MAX, RETRY_DELAYS_SECONDS, WebhookWorker } from '../../server/src/modules/webhooks/webhooks.worker.js';

describe('event kinds and scopes', () => {
  it('offers each endpoint kind the event kinds it may receive', () => {
    expect(webhookKindsFor('member')).toContain('message.received');
    expect(webhookKindsFor('club')).not.toContain('message.received');
    expect(webhookKindsFor('platform')).toContain('club.application.submitted');
    for (const kind of WEBHOOK_EVENT_KIND_NAMES) expect(['member', 'club', 'platform'].some((e) => webhookKindsFor(e as 'member').includes(kind))).toBe(true);
  });

  it('names the first problem of a list of kinds', () => {
    expect(webhookKindsProblem([], 'member')).toBe('Choose at least one event kind');
    expect(webhookKindsProblem(['message.received', 'nope'], 'member')).toBe('Unknown event kind: nope');
    expect(webhookKindsProblem(['club.application.submitted'], 'club')).toBe('A club endpoint cannot receive club.application.submitted');
    expect(webhookKindsProblem(['club.application.approved'], 'club')).toBeNull();
  });

  it('lets the whole read, or the kind’s own read scope, cover a kind', () => {
    expect(webhookScopeAllows(['read'], 'message.received', 'member')).toBe(true);
    expect(webhookScopeAllows(['read:messages'], 'message.received', 'member')).toBe(true);
    expect(webhookScopeAllows(['read:public', 'messages:write'], 'message.received', 'member')).toBe(false);
    expect(webhookScopeAllows(['read'], 'message.received', 'club')).toBe(false);
  });
});

describe('retries', () => {
  it('spreads the attempts over at least 24 hours, even before jitter', () => {
    expect(RETRY_DELAYS_SECONDS).toHaveLength(WEBHOOK_MAX_ATTEMPTS - 1);
    expect(RETRY_DELAYS_SECONDS.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(24 * 3600);
    for (let i = 1; i < RETRY_DELAYS_SECONDS.length; i++) expect(RETRY_DELAYS_SECONDS[i]!).toBeGreaterThan(RETRY_DELAYS_SECONDS[i - 1]!);
  });
});

describe('the request', () => {
  let server: Server;
  let base = '';
  let redirectedTo = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/redirect') {
        res.writeHead(302, { location: '/target' });
        res.end();
      } else if (req.url === '/target') {
        redirectedTo++;
        res.end('reached');
      } else {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('x'.repeat(20_000));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const worker = (allowPrivateOutboundUrls: boolean, lookup?: (host: string) => Promise<Array<{ address: string; family: number }>>) =>
    new WebhookWorker({} as never, { intervalMs: 1000, allowPrivateOutboundUrls, perMinute: 60, notify: { notify: async () => ({}) as never }, secrets: SecretBox.withKey('unit-test-key', 'webhook_secrets'), log: { warn: () => {}, error: () => {} }, lookup });

  it('follows no redirect: the 3xx is the answer', async () => {
    const outcome = await worker(true).post(`${base}/redirect`, '{}', {});
    expect(outcome.status).toBe(302);
    expect(redirectedTo).toBe(0);
  });

  it('keeps the first 4 KB of the answer', async () => {
    const outcome = await worker(true).post(`${base}/big`, '{}', {});
    expect(outcome.status).toBe(200);
    expect(outcome.body).toHaveLength(RESPONSE_BODY_MAX);
  });

  it('refuses loopback, private, metadata and http addresses unless allowed', async () => {
    const strict = worker(false, async (host) => [{ address: host === 'inside.example.test' ? '10.1.2.3' : '93.184.216.34', family: 4 }]);
    expect((await strict.post(`${base}/x`, '{}', {})).error).toBe('The address must use https.');
    expect((await strict.post('https://127.0.0.1/x', '{}', {})).error).toMatch(/private or reserved/);
    expect((await strict.post('https://[::1]/x', '{}', {})).error).toMatch(/private or reserved/);
    expect((await strict.post('https://169.254.169.254/x', '{}', {})).error).toMatch(/private or reserved/);
    expect((await strict.post('https://inside.example.test/x', '{}', {})).error).toBe('Refused: the host name resolves to a private or reserved address.');
  });
});
