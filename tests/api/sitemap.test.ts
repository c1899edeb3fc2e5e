// Issue 27: robots.txt and the sitemap. The sitemap lists the static public pages, every club of
// the directory, every opportunity and council meeting anyone may see, on APP_URL, and nothing
// else; it validates against the sitemaps.org schemas (xmllint-wasm: libxml2's validator, with the
// published XSDs in tests/fixtures/sitemaps); past its page size it is an index of pages; it is
// read from the database a batch at a time and compressed for clients that accept it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { anyoneMaySee } from '../../server/src/modules/opportunities/position-visibility.service.js';
import { toGlobalId } from '../../server/src/graphql/relay.js';
import { ApiClient } from '../helpers/client.js';
import { startServer, type TestServer } from '../helpers/server.js';

const APP_URL = 'http://clubroom.test';
const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'sitemaps');
const SITEMAP_XSD = readFileSync(join(FIXTURES, 'sitemap.xsd'), 'utf8');
const SITEINDEX_XSD = readFileSync(join(FIXTURES, 'siteindex.xsd'), 'utf8');
const STATIC = ['/', '/clubs', '/volunteer-opportunities', '/sports-council'].map((path) => `${APP_URL}${path}`);

async function expectValid(xml: string, schema: string, name: string) {
  const result = await validateXML({ xml: [{ fileName: name, contents: xml }], schema: [schema] });
  expect(result.errors.map((error) => error.rawMessage), name).toEqual([]);
  expect(result.valid, name).toBe(true);
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => loc!);
const lastmodOf = (xml: string, loc: string) => new RegExp(`<loc>${loc.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</loc><lastmod>([^<]*)</lastmod>`).exec(xml)?.[1];

/** Rows made with SQL, as the product's writes would leave them. */
function rows(server: TestServer) {
  const db = server.clubroom.database.db;
  let n = 0;
  return {
    async club(name: string, status: 'pending' | 'approved' | 'rejected', removed = false): Promise<string> {
      n += 1;
      const email = `sitemap.${n}.${Math.random().toString(36).slice(2)}@example.com`;
      const id = idOf(await db.execute(sql`insert into users (email, full_name, password_hash) values (${email}, ${name}, 'x') returning id`));
      await db.execute(sql`insert into clubs (id, name, contact_email, application_status, removed_at, updated_at)
        values (${id}, ${name}, ${email}, ${status}, ${removed ? sql`now()` : null}, '2026-03-04T05:06:07.890Z')`);
      return id;
    },
    async position(clubId: string, title: string, opts: { live?: boolean; status?: string; removed?: boolean } = {}): Promise<string> {
      const result = await db.execute(sql`insert into club_volunteer_positions (club_id, title, description, is_live, status, removed_at)
        values (${clubId}, ${title}, 'Helping out', ${opts.live ?? true}, ${opts.status ?? 'active'}, ${opts.removed ? sql`now()` : null}) returning id`);
      return idOf(result);
    },
    /** An event `days` from now (negative: it has ended), cancelled or not. */
    async session(clubId: string, title: string, days: number, opts: { cancelled?: boolean } = {}): Promise<string> {
      const result = await db.execute(sql`insert into club_sessions (club_id, kind, title, starts_at, ends_at, cancelled_at)
        values (${clubId}, 'event', ${title}, now() + make_interval(days => ${days}), now() + make_interval(days => ${days}, hours => 2), ${opts.cancelled ? sql`now()` : null}) returning id`);
      return idOf(result);
    },
    async meeting(title: string, opts: { isPublic?: boolean; status?: string } = {}): Promise<string> {
      const result = await db.execute(sql`insert into council_meetings (title, meeting_date, status, is_public)
        values (${title}, '2026-06-01', ${opts.status ?? 'upcoming'}, ${opts.isPublic ?? true}) returning id`);
      return idOf(result);
    },
  };
}

/** The id of an insert's returned row (postgres.js answers an array, PGlite { rows }). */
function idOf(result: unknown): string {
  const list = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
  return (list[0] as { id: string }).id;
}

const clubUrl = (id: string) => `${APP_URL}/clubs/${toGlobalId('Club', id)}`;
const opportunityUrl = (id: string) => `${APP_URL}/opportunities/${toGlobalId('VolunteerPosition', id)}`;
const meetingUrl = (id: string) => `${APP_URL}/sports-council/meetings/${toGlobalId('CouncilMeeting', id)}`;
const sessionUrl = (clubId: string, id: string) => `${APP_URL}/clubs/${toGlobalId('Club', clubId)}/sessions/${toGlobalId('ClubSession', id)}`;

describe('robots.txt and the sitemap', () => {
  let server: TestServer;
  const statements: string[] = [];
  const listed: string[] = [];
  const unlisted: string[] = [];

  beforeAll(async () => {
    server = await startServer({}, {}, { logger: { logQuery: (query) => statements.push(query) } });
    const make = rows(server);
    const club = await make.club('Harbour Rowing', 'approved');
    const pending = await make.club('Pending Secret Club', 'pending');
    const rejected = await make.club('Rejected Club', 'rejected');
    const removed = await make.club('Removed Club', 'approved', true);
    listed.push(clubUrl(club));
    unlisted.push(clubUrl(pending), clubUrl(rejected), clubUrl(removed));
    listed.push(opportunityUrl(await make.position(club, 'Boathouse steward')));
    // A filled opportunity's page is public (it says it was filled).
    listed.push(opportunityUrl(await make.position(club, 'Filled coach', { status: 'filled' })));
    unlisted.push(
      opportunityUrl(await make.position(club, 'Hidden role', { live: false })),
      opportunityUrl(await make.position(club, 'Removed role', { removed: true })),
      opportunityUrl(await make.position(pending, 'Role of a pending club')),
      opportunityUrl(await make.position(removed, 'Role of a removed club')),
    );
    listed.push(meetingUrl(await make.meeting('Spring meeting')));
    listed.push(meetingUrl(await make.meeting('Called-off meeting', { status: 'cancelled' })));
    unlisted.push(meetingUrl(await make.meeting('Private meeting', { isPublic: false })));
    // A listed club's sessions and events that have not ended, a cancelled one too (its page says
    // so); not one that has ended, nor those of a club anyone may not see.
    listed.push(sessionUrl(club, await make.session(club, 'Regatta day', 3)));
    listed.push(sessionUrl(club, await make.session(club, 'Called-off regatta', 5, { cancelled: true })));
    unlisted.push(
      sessionUrl(club, await make.session(club, 'Last week regatta', -7)),
      sessionUrl(pending, await make.session(pending, 'Event of a pending club', 3)),
      sessionUrl(removed, await make.session(removed, 'Event of a removed club', 3)),
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  it('robots.txt allows the public pages, disallows the private ones and names the sitemap on APP_URL', async () => {
    const response = await fetch(`${server.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    const lines = (await response.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/admin', '/messages', '/profile', '/club/', '/volunteer/', '/applications/', '/volunteers/', '/api/', '/graphql', '/login', '/register', '/reset-password', '/sports-council/admin', '/my-clubs', '/unsubscribe']) {
      expect(lines, path).toContain(`Disallow: ${path}`);
    }
    // No rule keeps a crawler from a public page.
    const disallowed = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice('Disallow: '.length));
    for (const path of ['/', '/clubs', '/clubs/abc', '/volunteer-opportunities', '/opportunities', '/opportunities/abc', '/sports-council', '/sports-council/meetings/abc']) {
      expect(disallowed.filter((rule) => !rule.includes('*') && path.startsWith(rule)), path).toEqual([]);
    }
    expect(lines).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
  });

  it('lists the static pages, the listed clubs and what anyone may see on APP_URL, valid against sitemap.xsd', async () => {
    const response = await fetch(`${server.url}/sitemap.xml`, { headers: { 'accept-encoding': 'identity' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    const xml = await response.text();
    await expectValid(xml, SITEMAP_XSD, 'sitemap.xml');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const urls = locs(xml);
    expect(urls.slice(0, 4)).toEqual(STATIC);
    expect([...urls].sort()).toEqual([...STATIC, ...listed].sort());
    for (const url of unlisted) expect(urls, url).not.toContain(url);
    expect(urls.every((url) => url.startsWith(`${APP_URL}/`))).toBe(true);
    expect(lastmodOf(xml, listed[0]!)).toBe('2026-03-04T05:06:07.890Z');
    // What the sitemap leaves out leaves no trace in it.
    for (const name of ['Pending Secret Club', 'Removed Club', 'Private meeting']) expect(xml).not.toContain(name);
  });

  it('is judged by a validator that refuses what breaks the schemas (the check can fail)', async () => {
    const urlset = (url: string) => `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${url}</urlset>`;
    for (const broken of [urlset(''), urlset('<url><lastmod>2026-01-01</lastmod></url>'), urlset('<url><loc>x</loc></url>'), urlset(`<url><loc>${APP_URL}/</loc><lastmod>yesterday</lastmod></url>`)]) {
      expect((await validateXML({ xml: [{ fileName: 'broken.xml', contents: broken }], schema: [SITEMAP_XSD] })).valid, broken).toBe(false);
    }
    const index = `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${APP_URL}/</loc></url></sitemapindex>`;
    expect((await validateXML({ xml: [{ fileName: 'broken-index.xml', contents: index }], schema: [SITEINDEX_XSD] })).valid).toBe(false);
  });

  it('answers brotli or gzip to a client that accepts it, the same XML', async () => {
    const plain = (await server.clubroom.app.inject({ url: '/sitemap.xml' })).body;
    const br = await server.clubroom.app.inject({ url: '/sitemap.xml', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gz = await server.clubroom.app.inject({ url: '/sitemap.xml', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
  });

  it('has one page while the URLs fit in one file; any other page is not found', async () => {
    const first = await fetch(`${server.url}/sitemap-1.xml`);
    expect(first.status).toBe(200);
    expect(locs(await first.text()).sort()).toEqual([...STATIC, ...listed].sort());
    for (const page of ['2', '99', '0', '01', 'x', '1e3']) expect((await fetch(`${server.url}/sitemap-${page}.xml`)).status, page).toBe(404);
  });

  it('lists exactly the positions whose page anyone may see: the rule the opportunity page applies', async () => {
    const make = rows(server);
    const anonymous = new ApiClient(server.url);
    const cases: { id: string; expected: boolean }[] = [];
    for (const status of ['pending', 'approved', 'rejected'] as const) {
      for (const clubRemoved of [false, true]) {
        const clubId = await make.club(`Rule club ${status} ${clubRemoved}`, status, clubRemoved);
        for (const live of [false, true]) {
          for (const removed of [false, true]) {
            const id = await make.position(clubId, `Rule ${status} ${clubRemoved} ${live} ${removed}`, { live, removed });
            const expected = anyoneMaySee({ isLive: live, removedAt: removed ? new Date() : null }, { applicationStatus: status, removedAt: clubRemoved ? new Date() : null });
            cases.push({ id, expected });
          }
        }
      }
    }
    expect(cases.filter((c) => c.expected)).toHaveLength(1);
    const urls = locs(await (await fetch(`${server.url}/sitemap.xml`)).text());
    for (const { id, expected } of cases) {
      expect(urls.includes(opportunityUrl(id)), id).toBe(expected);
      const { data } = await anonymous.gql('query ($id: ID!) { opportunity(id: $id) { id } }', { id: toGlobalId('VolunteerPosition', id) });
      expect(data.opportunity !== null, id).toBe(expected);
    }
  });

  it("tells anyone only whether a club was listed and then removed (its page's 410), nothing else of it", async () => {
    const make = rows(server);
    const anonymous = new ApiClient(server.url);
    const clubs = {
      removed: await make.club('Removed Listed Club', 'approved', true),
      removedPending: await make.club('Removed Pending Club', 'pending', true),
      listed: await make.club('Listed Club', 'approved'),
      pending: await make.club('Pending Club', 'pending'),
      unknown: '00000000-0000-4000-8000-000000000000',
    };
    const query = 'query ($id: ID!) { clubRemoved(id: $id) club(id: $id) { id name } }';
    const answers: Record<string, unknown> = {};
    for (const [key, id] of Object.entries(clubs)) {
      const { data, errors } = await anonymous.gql(query, { id: toGlobalId('Club', id) });
      expect(errors, key).toBeUndefined();
      answers[key] = { removed: data.clubRemoved, club: data.club?.name ?? null };
    }
    expect(answers).toEqual({
      removed: { removed: true, club: null },
      removedPending: { removed: false, club: null },
      listed: { removed: false, club: 'Listed Club' },
      pending: { removed: false, club: null },
      unknown: { removed: false, club: null },
    });
    // An id that is not a club's names nothing: null, as every lookup by id answers.
    for (const id of ['not-a-global-id', toGlobalId('Member', clubs.removed)]) {
      expect((await anonymous.gql(query, { id })).data, id).toEqual({ clubRemoved: null, club: null });
    }
  });

  it('reads the database a batch at a time, each batch after the last id read', async () => {
    const db = server.clubroom.database.db;
    await db.execute(sql`with made as (
        insert into users (email, full_name, password_hash)
        select 'bulk.' || n || '@example.com', 'Bulk ' || n, 'x' from generate_series(1, 2100) n returning id, email)
      insert into clubs (id, name, contact_email, application_status) select id, 'Bulk club', email, 'approved' from made`);
    statements.length = 0;
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(xml.match(/<url>/g)!.length).toBeGreaterThan(2100);
    const clubReads = statements.filter((query) => /from "clubs"/.test(query) && /order by "clubs"."id"/.test(query));
    expect(clubReads).toHaveLength(3);
    expect(clubReads.slice(1).every((query) => /"clubs"."id" > \$/.test(query))).toBe(true);
  });
});

describe('the sitemap index past the page size', () => {
  let server: TestServer;
  let expected: string[];

  beforeAll(async () => {
    server = await startServer({}, { APP_URL: 'https://clubs.example.org' }, { sitemapPageSize: 3 });
    const make = rows(server);
    const a = await make.club('Index club A', 'approved');
    const b = await make.club('Index club B', 'approved');
    await make.club('Index club pending', 'pending');
    const p = await make.position(a, 'Index role');
    const m = await make.meeting('Index meeting');
    const origin = 'https://clubs.example.org';
    const sorted = [a, b].sort();
    expected = [
      ...['/', '/clubs', '/volunteer-opportunities', '/sports-council'].map((path) => `${origin}${path}`),
      ...sorted.map((id) => `${origin}/clubs/${toGlobalId('Club', id)}`),
      `${origin}/opportunities/${toGlobalId('VolunteerPosition', p)}`,
      `${origin}/sports-council/meetings/${toGlobalId('CouncilMeeting', m)}`,
    ];
  });
  afterAll(async () => {
    await server?.close();
  });

  it('makes /sitemap.xml an index of /sitemap-{n}.xml on APP_URL, valid against siteindex.xsd', async () => {
    const response = await fetch(`${server.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    await expectValid(xml, SITEINDEX_XSD, 'sitemap-index.xml');
    // 8 URLs, 3 a page.
    expect(locs(xml)).toEqual([1, 2, 3].map((n) => `https://clubs.example.org/sitemap-${n}.xml`));
  });

  it('splits the URLs over the pages in order, at most the page size each, each valid against sitemap.xsd', async () => {
    const all: string[] = [];
    for (const n of [1, 2, 3]) {
      const response = await fetch(`${server.url}/sitemap-${n}.xml`);
      expect(response.status).toBe(200);
      const xml = await response.text();
      await expectValid(xml, SITEMAP_XSD, `sitemap-${n}.xml`);
      const urls = locs(xml);
      expect(urls.length).toBeLessThanOrEqual(3);
      all.push(...urls);
    }
    expect(all).toEqual(expected);
    expect((await fetch(`${server.url}/sitemap-4.xml`)).status).toBe(404);
    expect((await fetch(`${server.url}/sitemap-99.xml`)).status).toBe(404);
  });

  it('names the sitemap on its APP_URL in robots.txt', async () => {
    expect(await (await fetch(`${server.url}/robots.txt`)).text()).toContain('\nSitemap: https://clubs.example.org/sitemap.xml\n');
  });
});
