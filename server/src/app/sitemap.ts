// robots.txt and the sitemap of the public pages (issue 27): the static pages, every club of the
// directory, every opportunity and council meeting anyone may see, and the sessions and events of
// listed clubs that have not ended. Each module lists its own
// rows by its own visibility rule (clubs, opportunities and council services); this file only
// puts them together. The sitemap is streamed: rows are read from the database a batch at a time
// (keyset on the primary key) as the client reads the answer, written as XML by the `sitemap`
// package and compressed on the way, so memory stays flat however many pages there are. Past
// `pageSize` URLs (the protocol's 50,000) /sitemap.xml is a sitemap index of /sitemap-{n}.xml.
import { pipeline, Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorLevel, SitemapIndexStream, SitemapStream, type SitemapItemLoose } from 'sitemap';
import { toGlobalId } from '../graphql/relay.js';
import { acceptedEncoding, compressor } from '../http/compression.js';
import type { PublicRange } from '../lib/public-listing.js';
import type { Services } from '../lib/services.js';
import { meetingPath } from '../modules/council/council.ics.js';

/** The sitemap protocol's limit of URLs in one file (and of sitemaps in one index). */
export const SITEMAP_MAX_URLS = 50_000;
/** Rows read from the database at a time. */
const BATCH = 1000;
/** Search engines read the sitemap now and then; an hour old is fresh enough. */
const SITEMAP_CACHE = 'public, max-age=3600';
const ROBOTS_CACHE = 'public, max-age=86400';

/** The public pages that are always there. */
export const STATIC_PATHS = ['/', '/clubs', '/volunteer-opportunities', '/sports-council'] as const;

/** The pages that are for members and administrators only (or are forms of no use to a search
 *  engine): the web's routes outside `handle: SSR` (web/src/app/router.tsx), the API and uploads. */
export const PRIVATE_PATHS = [
  '/admin',
  '/messages',
  '/profile',
  '/club/',
  '/volunteer/',
  '/volunteers/',
  '/applications/',
  '/opportunities/*/apply',
  '/sports-council/admin',
  '/login',
  '/register',
  '/reset-password',
  '/unsubscribe',
  '/sessions/answer',
  '/offers/answer',
  '/my-clubs',
  '/api/',
  '/graphql',
  '/uploads/',
] as const;

export function robotsTxt(appUrl: string): string {
  return [
    '# Clubroom: the public pages (the directory, the clubs, the volunteer opportunities and the',
    "# sports council's meetings) are for everyone; members' and administrators' pages are not.",
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** One row of a section: its id, for rows of the database when it last changed, and for a
 *  session its club (its page's path names both). */
interface Entry {
  id: string;
  updatedAt?: Date;
  clubId?: string;
}

/** A kind of public page: how many there are, a range of them in a fixed order, and the path of one. */
interface Section {
  count(): Promise<number>;
  read(range: PublicRange): Promise<Entry[]>;
  path(row: Entry): string;
}

function sections(services: Services): Section[] {
  return [
    {
      count: async () => STATIC_PATHS.length,
      read: async ({ after, skip, limit }) => {
        const from = (after ? STATIC_PATHS.indexOf(after as (typeof STATIC_PATHS)[number]) + 1 : 0) + skip;
        return STATIC_PATHS.slice(from, from + limit).map((path) => ({ id: path }));
      },
      path: (row) => row.id,
    },
    {
      count: () => services.clubDirectory.listedClubCount(),
      read: (range) => services.clubDirectory.listedClubs(range),
      path: (row) => `/clubs/${toGlobalId('Club', row.id)}`,
    },
    {
      count: () => services.opportunities.publicPositionCount(),
      read: (range) => services.opportunities.publicPositions(range),
      path: (row) => `/opportunities/${toGlobalId('VolunteerPosition', row.id)}`,
    },
    {
      count: () => services.council.publicMeetingCount(),
      read: (range) => services.council.publicMeetings(range),
      path: (row) => meetingPath(row.id),
    },
    {
      count: () => services.sessionReads.publicSessionCount(),
      read: (range) => services.sessionReads.publicSessions(range),
      path: (row) => `/clubs/${toGlobalId('Club', row.clubId ?? '')}/sessions/${toGlobalId('ClubSession', row.id)}`,
    },
  ];
}

/** The URLs from `start` (inclusive) to `end` (exclusive) of all sections one after another,
 *  read a batch at a time as the consumer asks for more. A section whose rows changed since it
 *  was counted gives what it has: a sitemap page may then be a few URLs shorter or longer at its
 *  edge, never broken. */
async function* urls(appUrl: string, all: Section[], counts: number[], start: number, end: number): AsyncGenerator<SitemapItemLoose> {
  let offset = 0;
  for (const [index, section] of all.entries()) {
    const size = counts[index]!;
    const from = Math.max(start - offset, 0);
    const to = Math.min(end - offset, size);
    offset += size;
    let left = to - from;
    let range: PublicRange = { after: null, skip: from, limit: 0 };
    while (left > 0) {
      range = { ...range, limit: Math.min(BATCH, left) };
      const rows = await section.read(range);
      for (const row of rows) yield { url: `${appUrl}${section.path(row)}`, ...(row.updatedAt ? { lastmod: row.updatedAt.toISOString() } : {}) };
      if (rows.length < range.limit) break;
      left -= rows.length;
      range = { after: rows[rows.length - 1]!.id, skip: 0, limit: 0 };
    }
  }
}

/** Only the sitemap namespace: the pages have no images, videos, news or alternates to declare. */
const XMLNS = { news: false, video: false, xhtml: false, image: false };

function send(request: FastifyRequest, reply: FastifyReply, items: Readable, xml: SitemapStream | SitemapIndexStream) {
  reply.type('application/xml; charset=utf-8').header('cache-control', SITEMAP_CACHE).header('vary', 'accept-encoding');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  const done = (error: Error | null) => {
    // Headers are sent by then: the answer ends short and the client sees a broken transfer.
    if (error && !request.raw.destroyed) request.log.error({ err: error }, 'Writing the sitemap failed');
  };
  return reply.send(encoding ? pipeline(items, xml, compressor(encoding), done) : pipeline(items, xml, done));
}

export interface SitemapOptions {
  services: Services;
  /** APP_URL: every address in robots.txt and the sitemap is on it. */
  appUrl: string;
  /** URLs per sitemap file before /sitemap.xml becomes an index (tests force a small one). */
  pageSize?: number;
}

export function registerSitemap(app: FastifyInstance, { services, appUrl, pageSize = SITEMAP_MAX_URLS }: SitemapOptions): void {
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > SITEMAP_MAX_URLS) throw new Error(`A sitemap holds 1 to ${SITEMAP_MAX_URLS} URLs, not ${pageSize}.`);
  const all = sections(services);
  const counted = async () => {
    const counts = await Promise.all(all.map((section) => section.count()));
    const total = counts.reduce((sum, n) => sum + n, 0);
    return { counts, total, pages: Math.max(1, Math.ceil(total / pageSize)) };
  };
  const urlset = (counts: number[], start: number, end: number) => Readable.from(urls(appUrl, all, counts, start, end));
  const urlsetXml = () => new SitemapStream({ xmlns: XMLNS, level: ErrorLevel.THROW });

  app.get('/robots.txt', async (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', ROBOTS_CACHE).send(robotsTxt(appUrl)));

  app.get('/sitemap.xml', async (request, reply) => {
    const { counts, total, pages } = await counted();
    if (pages === 1) return send(request, reply, urlset(counts, 0, total), urlsetXml());
    const sitemaps = Readable.from((function* () {
      for (let page = 1; page <= pages; page += 1) yield { url: `${appUrl}/sitemap-${page}.xml` };
    })());
    return send(request, reply, sitemaps, new SitemapIndexStream({ level: ErrorLevel.THROW }));
  });

  app.get<{ Params: { page: string } }>('/sitemap-:page.xml', async (request, reply) => {
    const page = /^[1-9][0-9]{0,5}$/.test(request.params.page) ? Number(request.params.page) : 0;
    if (!page) return reply.callNotFound();
    const { counts, total, pages } = await counted();
    if (page > pages) return reply.callNotFound();
    const start = (page - 1) * pageSize;
    return send(request, reply, urlset(counts, start, Math.min(start + pageSize, total)), urlsetXml());
  });
}
