// A page of a list (graphql/relay.ts connectionFrom): its total is counted only when read, once,
// and a page rebuilt with other items (withEdges) shares that count. The count is a getter of the
// class, not an accessor defined on each page (which gave every request's page a hidden class of its
// own and kept its objects alive across V8's young-generation collections).
import { describe, expect, it } from 'vitest';
import { connectionFrom, LazyCountConnection, pageRequest } from '../../server/src/graphql/relay.js';

const rows = [
  { id: 'a', at: 3 },
  { id: 'b', at: 2 },
  { id: 'c', at: 1 },
];
const req = () => pageRequest<unknown[]>({ first: 2 }, (v) => v, 10, 'test');

function counter(n: number) {
  const calls = { count: 0 };
  return { calls, count: async () => (calls.count++, n) };
}

describe('connectionFrom', () => {
  it('counts only when totalCount is read, and once however often it is read', async () => {
    const { calls, count } = counter(42);
    const page = connectionFrom(rows, req(), (r) => [r.at, r.id], count);
    expect(page.nodes.map((r) => r.id)).toEqual(['a', 'b']);
    expect(page.pageInfo.hasNextPage).toBe(true);
    expect(calls.count).toBe(0);
    expect(await page.totalCount).toBe(42);
    expect(await page.totalCount).toBe(42);
    expect(calls.count).toBe(1);
  });

  it('keeps the count on the class: no page has an accessor of its own', () => {
    const one = connectionFrom(rows, req(), (r) => [r.at, r.id], counter(1).count);
    const two = connectionFrom(rows.slice(1), req(), (r) => [r.at, r.id], counter(2).count);
    expect(one).toBeInstanceOf(LazyCountConnection);
    expect(Object.getOwnPropertyDescriptor(one, 'totalCount')).toBeUndefined();
    expect(Object.getPrototypeOf(one)).toBe(Object.getPrototypeOf(two));
  });

  it('a page with its items replaced keeps the cursors and shares the count', async () => {
    const { calls, count } = counter(7);
    const page = connectionFrom(rows, req(), (r) => [r.at, r.id], count);
    const named = page.withEdges(page.edges.map((e) => ({ cursor: e.cursor, node: { ...e.node, name: e.node.id.toUpperCase() } })));
    expect(named.nodes.map((n) => n.name)).toEqual(['A', 'B']);
    expect(named.edges.map((e) => e.cursor)).toEqual(page.edges.map((e) => e.cursor));
    expect(named.pageInfo).toBe(page.pageInfo);
    expect(await named.totalCount).toBe(7);
    expect(await page.totalCount).toBe(7);
    expect(calls.count).toBe(1);
  });

  it('answers a known total as a plain number, and no totalCount when none is given', () => {
    expect(connectionFrom(rows, req(), (r) => [r.at, r.id], 3).totalCount).toBe(3);
    expect('totalCount' in connectionFrom(rows, req(), (r) => [r.at, r.id])).toBe(false);
  });
});
