// The number of SQL statements behind the volunteer dashboard's queries does not grow with the
// number of cards: the applications (with each position, its club and its skills), the stats and
// the newest opportunities (with their clubs, canApply and the caller's application to each) are
// read with a fixed number of statements, every relation batched by a DataLoader; a location
// filter's total is one statement (a union of the place and club-city sides). Statements are
// counted at the database handle (drizzle's query logger) of a server started for this file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlOk, startCountingServer, type CountingServer } from '../helpers/messages.js';
import { createVolunteer, type Volunteer } from '../helpers/volunteers.js';
import { insertApplications, insertApprovedClubs, insertPositions } from '../helpers/opportunities.js';

const DASHBOARD = `query Dashboard($recent: Int!, $opportunities: Int!) {
  recent: myVolunteerApplications(first: $recent) {
    totalCount
    edges { cursor node { id status appliedAt canWithdraw position { id title requiredSkills timeCommitment location club { id name } } } }
  }
  all: myVolunteerApplications(sort: STATUS, first: 100) { totalCount nodes { id status position { id title club { id name } requiredSkills } } }
  stats: myVolunteerApplicationStats { total pending accepted rejected withdrawn }
  opportunities(first: $opportunities) {
    totalCount
    nodes { id title requiredSkills status canApply myApplication { id status } club { id name city } }
  }
}`;

interface Dashboard {
  recent: { totalCount: number; edges: Array<{ node: { position: { title: string; club: { name: string }; requiredSkills: string[] } } }> };
  all: { totalCount: number; nodes: Array<{ position: { club: { name: string } } }> };
  stats: { total: number };
  opportunities: { totalCount: number; nodes: Array<{ canApply: boolean; club: { name: string }; myApplication: { status: string } | null }> };
}

let server: CountingServer;
let volunteer: Volunteer;
let clubIds: string[];
let positions: string[];

beforeAll(async () => {
  server = await startCountingServer();
  volunteer = await createVolunteer(server);
  // The browser's opportunities: 6 clubs with 4 open positions each.
  const browsed = await insertApprovedClubs(server, Array.from({ length: 6 }, (_, i) => ({ name: `Browsed Club ${i}`, category: 'Tennis', city: 'Counting' })));
  await Promise.all(browsed.map((id, i) => insertPositions(server, id, Array.from({ length: 4 }, (_, k) => ({ title: `Open role ${i}.${k}`, requiredSkills: ['Coaching'] })))));
  // The applications go to other clubs' positions (filled since, so not in the browser): no card's
  // relation is found in what another list already loaded, whatever the page sizes.
  clubIds = await insertApprovedClubs(server, Array.from({ length: 10 }, (_, i) => ({ name: `Statement Club ${i}`, category: 'Football', city: 'Counting' })));
  positions = (
    await Promise.all(
      clubIds.map((id, i) =>
        insertPositions(server, id, [
          { title: `Role ${i}a`, requiredSkills: ['Coaching', `Skill ${i}`], status: 'filled' },
          { title: `Role ${i}b`, status: 'filled' },
        ]),
      ),
    )
  ).flat();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** Gives the volunteer applications to the positions from `from` to `to` (exclusive). */
async function applyTo(from: number, to: number): Promise<void> {
  const statuses = ['pending', 'accepted', 'rejected', 'withdrawn'] as const;
  await insertApplications(
    server,
    positions.slice(from, to).map((positionId, k) => ({
      positionId,
      volunteerId: volunteer.user.id,
      clubId: clubIds[Math.floor((from + k) / 2)]!,
      status: statuses[(from + k) % statuses.length],
    })),
  );
}

/** The statements one dashboard request runs (background mail polling left out). */
async function statementsOf(recent: number, opportunities: number): Promise<{ data: Dashboard; statements: string[] }> {
  const start = server.statements.length;
  const data = await gqlOk<Dashboard>(volunteer.client, DASHBOARD, { recent, opportunities });
  return { data, statements: server.statements.slice(start).filter((s) => !/mail_outbox/i.test(s)) };
}

describe('SQL statements per volunteer dashboard request', () => {
  it('runs as many statements for 20 application cards and 24 opportunities as for 2 and 6', async () => {
    await applyTo(0, 2);
    await statementsOf(5, 6); // warm-up: nothing loaded once per process is counted
    const few = await statementsOf(5, 6);
    expect(few.data.recent.edges).toHaveLength(2);
    expect(few.data.opportunities.nodes).toHaveLength(6);

    await applyTo(2, 20);
    const many = await statementsOf(20, 24);
    expect(many.data.recent.edges).toHaveLength(20);
    expect(many.data.all.nodes).toHaveLength(20);
    expect(many.data.stats.total).toBe(20);
    expect(many.data.opportunities.nodes).toHaveLength(24);
    // The answer is complete: every card has its position's title, club and skills.
    for (const { node } of many.data.recent.edges) {
      expect(node.position.title).toMatch(/^Role \d+[ab]$/);
      expect(node.position.club.name).toMatch(/^Statement Club \d+$/);
    }
    expect(many.data.opportunities.nodes.every((o) => o.canApply && o.club.name.startsWith('Browsed Club'))).toBe(true);

    expect(many.statements.length, `few:\n${few.statements.join('\n---\n')}\n\nmany:\n${many.statements.join('\n---\n')}`).toBe(few.statements.length);
    // Two pages and their counts, the stats, the opportunities and their count, one batch each for
    // positions, clubs and the caller's applications, plus the caller's session check: a handful.
    expect(few.statements.length).toBeLessThanOrEqual(14);
  });

  it("counts a location filter's matches once each, whether the position's place, its club's city or both match, in one statement", async () => {
    const [harbour, inland] = await insertApprovedClubs(server, [
      { name: 'Harbour Club', category: 'Rowing', city: 'Dockside Town' },
      { name: 'Inland Club', category: 'Rowing', city: 'Hilltop' },
    ]);
    await insertPositions(server, harbour!, [
      { title: 'Place and city', location: 'Dockside pier' },
      { title: 'City only', location: 'The boathouse' },
    ]);
    await insertPositions(server, inland!, [
      { title: 'Place only', location: 'Dockside quay' },
      { title: 'Neither', location: 'Hilltop hall' },
    ]);
    const QUERY = `query Near($first: Int!) { opportunities(location: "dockside", first: $first) { totalCount nodes { title } } }`;
    type Near = { opportunities: { totalCount: number; nodes: Array<{ title: string }> } };
    const all = await gqlOk<Near>(volunteer.client, QUERY, { first: 100 });
    expect(all.opportunities.nodes.map((n) => n.title).sort()).toEqual(['City only', 'Place and city', 'Place only']);
    expect(all.opportunities.totalCount).toBe(3);
    const start = server.statements.length;
    const page = await gqlOk<Near>(volunteer.client, QUERY, { first: 1 });
    expect(page.opportunities.nodes).toHaveLength(1);
    expect(page.opportunities.totalCount).toBe(3);
    const counts = server.statements.slice(start).filter((q) => /count\(\*\)/i.test(q));
    expect(counts).toHaveLength(1);
    expect(counts[0]).toMatch(/union/i);
  });
});
