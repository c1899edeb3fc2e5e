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
  it('reports the database as up', async () => {
    const res = await fetch(`${server.url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('reports the database as down when it cannot be reached', async () => {
    const ping = server.clubroom.database.ping;
    server.clubroom.database.ping = async () => false;
    try {
      const res = await fetch(`${server.url}/health`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'degraded', database: 'down' });
    } finally {
      server.clubroom.database.ping = ping;
    }
  });
});
