import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

describe('GET /health', () => {
  it('reports the database as up, live events heard, and how full the NOTIFY queue is', async () => {
    const res = await fetch(`${server.url}/health`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { notifyQueueUsage: number };
    expect(body).toEqual({ status: 'ok', database: 'up', liveEvents: 'listening', notifyQueueUsage: expect.any(Number) });
    expect(body.notifyQueueUsage).toBeGreaterThanOrEqual(0);
    expect(body.notifyQueueUsage).toBeLessThan(0.5);
  });

  it('is degraded (503) while live events are not heard', async () => {
    const listening = server.clubroom.pubsub.listening;
    server.clubroom.pubsub.listening = () => false;
    try {
      const res = await fetch(`${server.url}/health`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ status: 'degraded', database: 'up', liveEvents: 'reconnecting' });
    } finally {
      server.clubroom.pubsub.listening = listening;
    }
  });

  it('reports a filling NOTIFY queue, and warns of it, without taking the instance out', async () => {
    const usage = server.clubroom.database.notifyQueueUsage;
    server.clubroom.database.notifyQueueUsage = async () => 0.75;
    const warnings: string[] = [];
    const warn = server.clubroom.app.log.warn;
    server.clubroom.app.log.warn = ((message: string) => void warnings.push(message)) as typeof warn;
    try {
      const res = await fetch(`${server.url}/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: 'ok', notifyQueueUsage: 0.75 });
      expect(warnings.some((w) => w.includes("NOTIFY queue is 75% full"))).toBe(true);
    } finally {
      server.clubroom.database.notifyQueueUsage = usage;
      server.clubroom.app.log.warn = warn;
    }
  });

  it('reports the database as down when it cannot be reached', async () => {
    const ping = server.clubroom.database.ping;
    server.clubroom.database.ping = async () => false;
    try {
      const res = await fetch(`${server.url}/health`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ status: 'degraded', database: 'down' });
    } finally {
      server.clubroom.database.ping = ping;
    }
  });
});
