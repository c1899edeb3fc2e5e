// The number of SQL statements behind a directory request does not grow with the number of clubs
// it answers: the page, its count, and every card's live-role count and meeting times are one
// statement; live positions are loaded in one batch, and so is the owner's club of every member (Member.club). Statements are counted at the database handle (drizzle's query logger) of a server
// started for this file, on PostgreSQL or PGlite alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../helpers/client.js';
import { insertClubs, MEETING_TIME_FIELDS, type ClubCardView, type ClubSpec, type ConnectionView } from '../helpers/clubs.js';
import { gqlOk, startCountingServer, type CountingServer } from '../helpers/messages.js';

const DIRECTORY_WITH_RELATIONS = `query Directory($first: Int) {
  clubs(first: $first) {
    totalCount pageInfo { hasNextPage endCursor }
    edges { cursor node { id name initials location liveRoleCount meetingTimes { ${MEETING_TIME_FIELDS} } positions(first: 3) { totalCount nodes { id title club { id name } } } } }
  }
}`;

type Card = ClubCardView & { positions: { totalCount: number; nodes: Array<{ id: string; title: string; club: { id: string } }> } };

let server: CountingServer;
let visitor: ApiClient;

/** `n` approved clubs, each with live and hidden positions and two meeting times. */
function clubSpecs(from: number, n: number): ClubSpec[] {
  return Array.from({ length: n }, (_, k) => {
    const i = from + k;
    return {
      name: `Counted Club ${String(i).padStart(2, '0')}`,
      category: i % 2 ? 'Football' : 'Tennis',
      city: 'Countington',
      livePositions: 1 + (i % 3),
      hiddenPositions: 1,
      meetingTimes: [
        { dayOfWeek: 1 + (i % 7), startTime: '18:00', endTime: '19:00' },
        { dayOfWeek: 1 + ((i + 3) % 7), startTime: '09:00', endTime: '10:30' },
      ],
    };
  });
}

beforeAll(async () => {
  server = await startCountingServer();
  visitor = new ApiClient(server.url);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** The statements one directory request runs (background mail polling left out). */
async function statementsOf(first: number): Promise<{ data: { totalCount: number; clubs: Card[] }; statements: string[] }> {
  const start = server.statements.length;
  const { clubs } = await gqlOk<{ clubs: ConnectionView<Card> }>(visitor, DIRECTORY_WITH_RELATIONS, { first });
  const statements = server.statements.slice(start).filter((s) => !/mail_outbox/i.test(s));
  return { data: { totalCount: clubs.totalCount, clubs: clubs.edges.map((e) => e.node) }, statements };
}

describe('SQL statements per directory request', () => {
  it('runs as many statements for a directory of 30 clubs as for one of 5 (live-role counts, meeting times and live positions included)', async () => {
    // Pages of 40 (all 30 clubs) with 3 positions each: within the cost limit, which counts page
    // sizes (100 clubs × a club's default 100 positions would cost 112,200).
    await insertClubs(server, clubSpecs(0, 5));
    // Warm up once so that nothing loaded once per process is counted.
    await statementsOf(40);

    const five = await statementsOf(40);
    expect(five.data.clubs).toHaveLength(5);
    expect(five.statements.some((s) => /from "clubs"/i.test(s))).toBe(true);

    await insertClubs(server, clubSpecs(5, 25));
    const thirty = await statementsOf(40);
    expect(thirty.data.clubs).toHaveLength(30);
    expect(thirty.data.totalCount).toBe(30);

    // The answer is complete: every card has its live roles and its meeting times.
    for (const card of thirty.data.clubs) {
      const i = Number(card.name.slice(-2));
      expect(card.liveRoleCount, card.name).toBe(1 + (i % 3));
      expect(card.positions.nodes, card.name).toHaveLength(1 + (i % 3));
      expect(card.positions.totalCount, card.name).toBe(1 + (i % 3));
      expect(card.positions.nodes.every((p) => p.club.id === card.id), card.name).toBe(true);
      expect(card.meetingTimes, card.name).toHaveLength(2);
    }

    expect(thirty.statements.length, `5 clubs:\n${five.statements.join('\n---\n')}\n\n30 clubs:\n${thirty.statements.join('\n---\n')}`).toBe(five.statements.length);
    // The page with its count, live-role counts and meeting times (built in PostgreSQL), plus one
    // batch of live positions (their clubs are the page's own rows): never one per club.
    expect(five.statements.length, five.statements.join('\n---\n')).toBe(2);
  });

  it("answers the web client's directory page (cards, count, live roles, meeting times) in one statement", async () => {
    const start = server.statements.length;
    const { clubs } = await gqlOk<{ clubs: ConnectionView<ClubCardView> }>(
      visitor,
      `query Cards($first: Int!) { clubs(first: $first) { totalCount edges { cursor node { ...Card } } pageInfo { hasNextPage endCursor } } }
       fragment Card on Club { id name initials location description category verified liveRoleCount contactEmail contactPhone websiteUrl meetingTimes { ${MEETING_TIME_FIELDS} } }`,
      { first: 24 },
    );
    const statements = server.statements.slice(start).filter((s) => !/mail_outbox/i.test(s));
    expect(clubs.totalCount).toBe(30);
    expect(clubs.edges).toHaveLength(24);
    expect(clubs.edges.every((e) => e.node.meetingTimes.length === 2)).toBe(true);
    expect(statements, statements.join('\n---\n')).toHaveLength(1);
    // Only the card's columns: never the search document.
    expect(statements[0]).not.toContain('search_vector');
    expect(statements[0]).not.toContain('admin_notes');
  });

  it('runs as many statements for a page of 30 cards as for a page of 5 over the same clubs', async () => {
    const five = await statementsOf(5);
    const thirty = await statementsOf(30);
    expect(five.data.clubs).toHaveLength(5);
    expect(thirty.data.clubs).toHaveLength(30);
    expect(thirty.statements.length).toBe(five.statements.length);
  });
});
