// The API's conventions (docs/API.md): global ids and node lookups, nullable lookups, connections
// paged both ways, payloads with userErrors that never hide what another mutation saved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { newMember } from '../helpers/client.js';
import { startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.clubroom.database.db;

describe('global ids and node', () => {
  it('answers a member by its global id, and null for an unknown or malformed one', async () => {
    const m = await newMember(server.url, { fullName: 'Nora Node' });
    const me = await m.client.gql('{ me { id name email } }');
    expect(me.errors).toBeUndefined();
    const id = me.data.me.id as string;
    expect(id).not.toMatch(/^[0-9a-f-]{36}$/);
    expect(Buffer.from(id, 'base64url').toString()).toBe(`Member:${m.user.id}`);
    const found = await m.client.gql('query ($id: ID!) { node(id: $id) { id ... on Member { name } } }', { id });
    expect(found.data.node).toEqual({ id, name: 'Nora Node' });
    const missing = await m.client.gql('query ($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids: ['nope', id, Buffer.from('Member:00000000-0000-4000-8000-000000000000').toString('base64url')] });
    expect(missing.data.nodes).toEqual([null, { id }, null]);
  });
});

describe('notifications connection', () => {
  it('pages forward and backward without skipping or repeating while rows are inserted', async () => {
    const m = await newMember(server.url, { fullName: 'Paula Pager' });
    const insert = (n: number) =>
      db().execute(sql`insert into notifications (user_id, kind, type, title, description) select ${m.user.id}, 'report_outcome', 'system', 'N' || g, 'd' from generate_series(1, ${n}) g`);
    await insert(25);
    const page = (vars: Record<string, unknown>) =>
      m.client.gql('query ($first: Int, $after: String, $last: Int, $before: String) { notifications(first: $first, after: $after, last: $last, before: $before) { totalCount edges { cursor node { id title } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }', vars);
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const answer = await page({ first: 7, after });
      expect(answer.errors).toBeUndefined();
      const conn = answer.data.notifications;
      seen.push(...conn.edges.map((e: any) => e.node.id));
      await insert(1);
      if (!conn.pageInfo.hasNextPage) break;
      after = conn.pageInfo.endCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(25);
    const back: string[] = [];
    let before: string | null = null;
    const last = await page({ first: 1 });
    // From the oldest end backwards towards the newest.
    let answer = await page({ last: 6 });
    for (;;) {
      const conn = answer.data.notifications;
      back.unshift(...conn.edges.map((e: any) => e.node.id));
      if (!conn.pageInfo.hasPreviousPage) break;
      before = conn.pageInfo.startCursor;
      await insert(1);
      answer = await page({ last: 6, before });
    }
    expect(new Set(back).size).toBe(back.length);
    expect(back.slice(-25)).toEqual(seen);
    // Every row inserted before the last page read is counted, over all pages.
    expect(last.data.notifications.totalCount).toBe(25 + Math.ceil(25 / 7));
  });

  it('refuses first over 100, first with last, and a foreign cursor', async () => {
    const m = await newMember(server.url);
    for (const [vars, field] of [[{ first: 101 }, 'first'], [{ first: 1, last: 1 }, 'first'], [{ after: 'bm90LWEtY3Vyc29y' }, 'after']] as const) {
      const answer = await m.client.gql('query ($first: Int, $last: Int, $after: String) { notifications(first: $first, last: $last, after: $after) { totalCount } }', vars);
      expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(Object.keys(answer.errors?.[0]?.extensions?.fields ?? {})).toEqual([field]);
    }
  });
});

describe('mutation payloads', () => {
  it('answers the first of two aliased mutations and the second one’s userErrors', async () => {
    const m = await newMember(server.url);
    await db().execute(sql`insert into notifications (user_id, kind, type, title, description) values (${m.user.id}, 'report_outcome', 'system', 'Hello', 'd')`);
    const list = await m.client.gql('{ notifications(first: 1) { nodes { id } } }');
    const id = list.data.notifications.nodes[0].id;
    const answer = await m.client.gql(
      `mutation ($good: ID!, $bad: ID!) {
        a: markNotificationRead(input: { id: $good }) { notification { id read } userErrors { field code message } }
        b: markNotificationRead(input: { id: $bad }) { notification { id } userErrors { field code message } }
      }`,
      { good: id, bad: 'bogus' },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data.a).toEqual({ notification: { id, read: true }, userErrors: [] });
    expect(answer.data.b).toEqual({ notification: null, userErrors: [{ field: 'id', code: 'NOT_FOUND', message: 'Notification not found' }] });
  });
});

describe('cursors', () => {
  it('refuses a cursor of another list, even one of the same shape', async () => {
    const m = await newMember(server.url, { fullName: 'Carla Cursor' });
    await db().execute(sql`insert into notifications (user_id, kind, type, title, description) select ${m.user.id}, 'report_outcome', 'system', 'N' || g, 'd' from generate_series(1, 3) g`);
    const notifications = await m.client.gql('{ notifications(first: 1) { pageInfo { endCursor } } }');
    const cursor = notifications.data.notifications.pageInfo.endCursor as string;
    // The inbox is keyed like notifications (time and id), but it is another list.
    const inbox = await m.client.gql('query ($after: String) { inbox(first: 1, after: $after) { totalCount } }', { after: cursor });
    expect(inbox.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { after: 'Invalid cursor: pass a cursor this list gave you.' } });
    const again = await m.client.gql('query ($after: String) { notifications(first: 1, after: $after) { nodes { title } } }', { after: cursor });
    expect(again.errors).toBeUndefined();
    expect(again.data.notifications.nodes).toHaveLength(1);
  });
});
