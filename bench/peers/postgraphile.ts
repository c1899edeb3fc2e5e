// The PostGraphile 4 row of the benchmarks (issue 14): the directory's first page served by the
// peer an integrator would pick instead of Clubroom, from the same data. startPostgraphile makes
// (idempotently) the `bench_peer` schema of views in the bench database, starts PostGraphile in its
// own process (bench/peers/postgraphile-server.ts) and answers the request to load it with and the
// check that it answers the same clubs first, in the same order, as Clubroom.
import type { RawRequest } from 'autocannon';
import postgres from 'postgres';
import { PAGE_SIZE } from '../clubs-lib.js';
import { startChild } from '../lib.js';
import { PEER_DIRECTORY_QUERY, PEER_SCHEMA_SQL, type PeerDirectoryAnswer } from './postgraphile-schema.js';

export interface Peer {
  url: string;
  pid: number;
  /** POST /graphql: the directory's first page (PAGE_SIZE cards, count, live roles, meeting times). */
  request: RawRequest;
  /** Throws unless the first page's clubs are these, in this order (database ids, or Clubroom's
   *  global ids of clubs). */
  check(expectedFirstClubIds: string[]): Promise<void>;
  stop(): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A club's database id from either spelling. */
function clubDatabaseId(id: string): string {
  if (UUID.test(id)) return id.toLowerCase();
  const decoded = Buffer.from(id, 'base64url').toString('utf8');
  if (!decoded.startsWith('Club:') || !UUID.test(decoded.slice(5))) throw new Error(`Not a club id: ${id}`);
  return decoded.slice(5).toLowerCase();
}

/** Makes the peer's schema in `databaseUrl`'s database (one transaction; concurrent callers wait
 *  for each other). */
export async function createPeerSchema(databaseUrl: string): Promise<void> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await sql.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(hashtext('bench_peer schema'))`;
      await tx.unsafe(PEER_SCHEMA_SQL);
    });
  } finally {
    await sql.end();
  }
}

export async function startPostgraphile(databaseUrl: string): Promise<Peer> {
  await createPeerSchema(databaseUrl);
  const child = await startChild('peers/postgraphile-server.ts', { PEER_DATABASE_URL: databaseUrl });
  const request: RawRequest = {
    method: 'POST',
    path: '/graphql',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: PEER_DIRECTORY_QUERY, variables: { first: PAGE_SIZE } }),
  };

  async function check(expectedFirstClubIds: string[]): Promise<void> {
    const res = await fetch(child.url + request.path, { method: request.method, headers: request.headers, body: request.body });
    const answer = (await res.json()) as PeerDirectoryAnswer;
    if (res.status !== 200 || answer.errors || !answer.data) throw new Error(`PostGraphile answered ${res.status}: ${JSON.stringify(answer).slice(0, 600)}`);
    const edges = answer.data.allClubs.edges;
    for (const { node } of edges) {
      if (!Number.isInteger(node.liveRoles.totalCount) || !Array.isArray(node.meetingTimes.nodes)) throw new Error(`PostGraphile's card of ${node.id} lacks its live roles or meeting times`);
    }
    const ids = edges.map((e) => e.node.id);
    const expected = expectedFirstClubIds.map(clubDatabaseId);
    if (ids.length !== expected.length || ids.some((id, i) => id !== expected[i])) {
      throw new Error(`PostGraphile answers other clubs first:\n${ids.join(' ')}\nexpected:\n${expected.join(' ')}`);
    }
  }

  return { url: child.url, pid: child.pid, request, check, stop: child.stop };
}
