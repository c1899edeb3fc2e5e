// Creates the club directory's bench database afresh (bench/clubs-lib.ts: clubroom_bench_clubs),
// applies the migrations and fills it with 5,000 approved clubs (plus 300 pending and 100
// rejected), 50,000 volunteer positions (about half live) and 1 to 3 meeting times per approved
// club. Reproducible: the clubs come from a seeded generator, the rest from SQL after setseed.
//
//   npx tsx --tsconfig server/tsconfig.json bench/clubs-generate.ts
//
// Clubs: names like "Brighton Lawn Tennis Club", "Riverside Harriers" or "Leeds Oakwood Rovers",
// the 15 sport categories (Football the most common), 30 cities (weighted: London the largest),
// a description of two to four sentences, most with a phone number and a website. Each club's
// owner is a user (clubs.id references users.id); they share one precomputed password hash.
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import { openDatabase } from '../server/src/db/client.js';
import { SPORT_CATEGORIES } from '../server/src/modules/clubs/clubs.rules.js';
import { APPROVED_CLUBS, CLUBS_DATABASE, CLUBS_DATABASE_URL, connectClubs, POSITIONS, SEARCH_TERM, SPORT } from './clubs-lib.js';
import { BENCH_PASSWORD, CLUB_DESCRIPTIONS, CLUB_NAME_ENDINGS, connect } from './lib.js';

const PENDING = 300;
const REJECTED = 100;
type Status = 'approved' | 'pending' | 'rejected';

const started = performance.now();
async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const t = performance.now();
  const value = await work();
  console.log(`  ${label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return value;
}

// A small seeded generator (mulberry32), so every run makes the same clubs.
let seed = 20_261_122;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
/** `weighted` is [item, weight][]: an item in proportion to its weight. */
function weighted<T>(entries: readonly (readonly [T, number])[]): T {
  let r = random() * entries.reduce((sum, [, w]) => sum + w, 0);
  for (const [item, w] of entries) if ((r -= w) < 0) return item;
  return entries[entries.length - 1]![0];
}

const CITIES = [
  ['London', 12], ['Manchester', 8], ['Birmingham', 7], ['Leeds', 6], ['Bristol', 6], ['Brighton', 5], ['Sheffield', 5],
  ['Liverpool', 5], ['Nottingham', 4], ['Leicester', 4], ['Newcastle', 4], ['Cardiff', 3], ['Edinburgh', 3], ['Glasgow', 3],
  ['Oxford', 3], ['Cambridge', 3], ['York', 2], ['Bath', 2], ['Exeter', 2], ['Norwich', 2], ['Reading', 2], ['Southampton', 2],
  ['Plymouth', 2], ['Derby', 2], ['Coventry', 2], ['Hull', 1], ['Durham', 1], ['Chester', 1], ['Lancaster', 1], ['Canterbury', 1],
] as const;
const AREAS = [
  'Riverside', 'Northgate', 'Parkside', 'Hillcrest', 'Meadowbank', 'Eastfield', 'Westbury', 'Southmead', 'Kingsway', 'Queensgate',
  'Oakwood', 'Ashford', 'Elmhurst', 'Beechwood', 'Willowbrook', 'Millbrook', 'Stonebridge', 'Fairfield', 'Greenbank', 'Highfield',
  'Brookside', 'Lakeside', 'Bridgewater', 'Castleton', 'Abbeyfield', 'Harbourside', 'Old Town', 'St Mark’s', 'Hollybush', 'Foxhill',
  'Deer Park', 'Ravenscroft', 'Thornbury', 'Redhill', 'Larkfield', 'Moorside', 'Heathfield', 'Victoria Park', 'Station Road', 'Priory',
];
const SPORT_WEIGHTS: Record<string, number> = { Football: 16, Tennis: 8, Cricket: 8, Rugby: 7, Swimming: 7, Other: 4 };
const NAMES = CLUB_NAME_ENDINGS;
const SENTENCES = [
  ...CLUB_DESCRIPTIONS,
  'Social events run all year, from quiz nights to the summer barbecue.',
  'Qualified coaches, safeguarding officers and first aiders at every session.',
];
const FIRST = ['Ava', 'Noah', 'Mia', 'Liam', 'Zoe', 'Omar', 'Ivy', 'Leo', 'Ruby', 'Finn', 'Isla', 'Arjun', 'Chloe', 'Kenji', 'Nora', 'Sam'];
const LAST = ['Patel', 'Smith', 'Okafor', 'Kim', 'Moore', 'Haddad', 'Lewis', 'Reyes', 'Grant', 'Sharma', 'Bennett', 'Nowak', 'Silva'];

const sports = SPORT_CATEGORIES.map((s) => [s, SPORT_WEIGHTS[s] ?? 6] as const);
const taken = new Set<string>();

/** One club's row (its user's too); `i` numbers them, `status` its application. */
function club(i: number, status: Status) {
  const id = randomUUID();
  const category = weighted(sports);
  let name = '';
  let city = weighted(CITIES);
  for (let attempt = 0; attempt < 50 && (!name || taken.has(name.toLowerCase())); attempt++) {
    city = weighted(CITIES);
    const form = random();
    const place = form < 0.4 ? city : form < 0.75 ? pick(AREAS) : `${city} ${pick(AREAS)}`;
    name = `${place} ${pick(NAMES[category]!)}`;
  }
  if (taken.has(name.toLowerCase())) name += ` ${i}`;
  taken.add(name.toLowerCase());
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '');
  const sport = category === 'Other' ? name.split(' ').at(-2)!.toLowerCase() : category.toLowerCase();
  const sentences = [`A friendly ${sport} club in ${city} for all ages and abilities.`, ...SENTENCES.filter(() => random() < 0.3).slice(0, 3)];
  const profile = status !== 'pending' || random() < 0.5; // half the applications have no profile yet
  return {
    user: { id, email: `clubowner${String(i).padStart(5, '0')}@bench.clubroom.test`, full_name: `${pick(FIRST)} ${pick(LAST)}` },
    club: {
      id,
      name,
      contact_email: `hello@${slug}.org.uk`,
      application_status: status,
      verified: status === 'approved' && random() < 0.4,
      category: profile ? category : null,
      description: profile ? sentences.join(' ') : null,
      website: profile && random() < 0.6 ? `https://www.${slug}.org.uk` : null,
      contact_phone: profile && random() < 0.7 ? `0${1000 + Math.floor(random() * 9000)} ${100000 + Math.floor(random() * 900000)}` : null,
      address: profile ? `${1 + Math.floor(random() * 200)} ${pick(AREAS)} Road` : null,
      city: profile ? city : null,
      postcode: profile ? `${city.slice(0, 2).toUpperCase()}${1 + Math.floor(random() * 20)} ${Math.floor(random() * 10)}AB` : null,
      profile_saved_at: profile ? new Date(Date.UTC(2025, 0, 1) + random() * 3e10) : null,
      reviewed_at: status === 'pending' ? null : new Date(Date.UTC(2025, 6, 1)),
    },
  };
}

console.log(`Generating ${CLUBS_DATABASE} (${CLUBS_DATABASE_URL})`);
const admin = connect({ db: 'postgres' });
await timed('create database', async () => {
  await admin.unsafe(`drop database if exists ${CLUBS_DATABASE} with (force)`);
  await admin.unsafe(`create database ${CLUBS_DATABASE}`);
});
await admin.end();
await timed('migrations', async () => {
  const database = await openDatabase({ databaseUrl: CLUBS_DATABASE_URL });
  await database.migrate();
  await database.close();
});
const passwordHash = await timed('one argon2id hash', () => argon2.hash(BENCH_PASSWORD, { type: argon2.argon2id }));

const statuses: Status[] = [...Array<Status>(APPROVED_CLUBS).fill('approved'), ...Array<Status>(PENDING).fill('pending'), ...Array<Status>(REJECTED).fill('rejected')];
const rows = statuses.map((status, i) => club(i + 1, status));
const sql = connectClubs();
await sql`set synchronous_commit = off`;
await timed(`${rows.length} users and clubs`, async () => {
  for (let from = 0; from < rows.length; from += 1000) {
    const chunk = rows.slice(from, from + 1000);
    await sql`insert into users ${sql(chunk.map((r) => ({ ...r.user, password_hash: passwordHash })))}`;
    await sql`insert into clubs ${sql(chunk.map((r) => r.club))}`;
  }
});

await sql`select setseed(0.42)`;
await sql`create temp table approved as
  select row_number() over (order by lower(name), id)::int as n, id from clubs where application_status = 'approved'`;
await timed(`${POSITIONS.toLocaleString('en')} volunteer positions`, () => sql`
  insert into club_volunteer_positions (club_id, title, description, time_commitment, location, contact_info, is_live, required_skills, is_recurring, created_at, updated_at)
  select a.id, title, 'We are looking for a ' || lower(title) || ' to help at sessions and events. Training is provided and no experience is needed.',
    (array['2 hours a week', 'One evening a week', 'Saturday mornings', 'Match days', 'Flexible'])[1 + floor(random() * 5)::int],
    'At the club', 'Speak to the club secretary', random() < 0.5, '{}', random() < 0.6, t, t
  from (
    select 1 + floor(random() * ${APPROVED_CLUBS})::int as n,
      (array['Coach', 'Assistant Coach', 'Team Manager', 'Treasurer', 'Club Secretary', 'Welfare Officer', 'First Aider', 'Groundskeeper',
             'Social Media Volunteer', 'Fundraiser', 'Kit Manager', 'Event Helper'])[1 + floor(random() * 12)::int] as title,
      now() - random() * interval '300 days' as t
    from generate_series(1, ${POSITIONS}::int) offset 0
  ) p join approved a on a.n = p.n`);
await timed('meeting times', () => sql`
  insert into club_meeting_times (club_id, day_of_week, start_time, end_time)
  select id, 1 + (day + 2 * j) % 7, lpad(h::text, 2, '0') || m, lpad((h + len)::text, 2, '0') || m
  from (
    select a.id, floor(random() * 7)::int as day, 1 + floor(random() * 3)::int as times from approved a offset 0
  ) c
  cross join lateral (
    select j, 6 + floor(random() * 14)::int as h, (array[':00', ':30'])[1 + floor(random() * 2)::int] as m,
      1 + floor(random() * 2)::int as len
    from generate_series(0, c.times - 1) j
  ) s`);
await timed('vacuum analyze', () => sql`vacuum (analyze) users, clubs, club_volunteer_positions, club_meeting_times`);

const [counts] = await sql<Record<string, number>[]>`
  select (select count(*) from clubs where application_status = 'approved')::int as approved,
    (select count(*) from clubs where application_status <> 'approved')::int as not_approved,
    (select count(*) from club_volunteer_positions)::int as positions,
    (select count(*) from club_volunteer_positions where is_live)::int as live,
    (select count(*) from club_meeting_times)::int as meeting_times,
    (select count(*) from clubs where application_status = 'approved' and search_vector @@ to_tsquery('simple', ${`${SEARCH_TERM.toLowerCase()}:*`}))::int as search_matches,
    (select count(*) from clubs where application_status = 'approved' and category = ${SPORT})::int as sport_matches,
    (select max(k) from (select count(*) as k from club_volunteer_positions group by club_id) x)::int as most_positions`;
const bySport = await sql<{ category: string; clubs: number }[]>`
  select category, count(*)::int as clubs from clubs where application_status = 'approved' group by 1 order by 2 desc`;
const samples = await sql<{ name: string; city: string; category: string }[]>`
  select name, city, category from clubs where application_status = 'approved' order by random() limit 8`;
await sql.end();

console.log(`\nGenerated in ${((performance.now() - started) / 1000).toFixed(1)} s.\n`);
console.log(JSON.stringify(counts));
console.log(`Approved clubs per sport: ${bySport.map((r) => `${r.category} ${r.clubs}`).join(', ')}`);
console.log(`Some clubs: ${samples.map((s) => `${s.name} (${s.city}, ${s.category})`).join('; ')}`);
