// Creates the volunteer benchmarks' database afresh (bench/volunteer-lib.ts:
// clubroom_bench_volunteers, BENCH_VOLUNTEERS_DATABASE) and fills it:
//
// - the clubs of bench/clubs-generate.ts (run as a child process on this database: the database
//   created, the migrations applied, 5,000 approved clubs, 300 pending, 100 rejected, their
//   owners and meeting times), then its positions replaced by
// - 50,000 positions with the opportunity fields, spread over the approved clubs: the clubs
//   generator's titles, descriptions and time commitments; 60% live; 70% active, 20% filled, 10%
//   cancelled; 0–4 required skills (bench/volunteer-lib.ts SKILLS; skill_keys =
//   lower(trim(skill)) of each, as the service writes them); located 'At the club', in the club's
//   city or in an area of it; half with a start date, 60% recurring; created over the last 300 days.
// - 20,000 volunteers: an account (volunteerNNNNN@bench.clubroom.test, the bench password, 98%
//   active) and a volunteer profile each (names, the account's email, a city, 0–8 skills, 1–3
//   availability options, a short bio or none).
// - 500,000 applications: a uniformly chosen volunteer (about 25 each) to a position (90% of them
//   to positions live now, the rest to hidden ones), never twice to the same position (so one open
//   application per volunteer and position); 35% pending, 15% accepted, 25% rejected, 25%
//   withdrawn; applied between the position's creation and now. Their history: the 'pending'
//   event when applied and, unless pending, the decision (by the club's owner, a note on a third
//   of them) or the withdrawal (by the volunteer): about 825,000 events.
//
// Set-based SQL (insert … select generate_series) after setseed, so every run makes the same
// data (the ids of the clubs come from the clubs generator's randomUUID and differ; volunteers',
// positions' and applications' ids are derived from row numbers). The applications' and events'
// secondary indexes and foreign keys are dropped for the load and built again from their
// definitions (the migration's).
//
//   npx tsx --tsconfig server/tsconfig.json bench/volunteer-generate.ts
import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import argon2 from 'argon2';
import { APPLICATIONS, connectVolunteers, LOCATION, POSITIONS, SEARCH_WORD, SKILL, SKILLS, VOLUNTEERS, VOLUNTEERS_DATABASE, VOLUNTEERS_DATABASE_URL } from './volunteer-lib.js';
import { BENCH_PASSWORD, RESULTS, ROOT } from './lib.js';

const started = performance.now();
/** What the generator prints, also written to bench/results/volunteer-generate.txt. */
const printed: string[] = [];
const log = (line: string) => {
  console.log(line);
  printed.push(line);
};
async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const t = performance.now();
  const value = await work();
  log(`  ${label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return value;
}

// The availability options of the contract (server/src/modules/volunteers/volunteers.rules.ts).
const AVAILABILITY = ['Weekday mornings', 'Weekday afternoons', 'Weekday evenings', 'Weekend mornings', 'Weekend afternoons', 'Weekend evenings', 'Flexible'];
// The clubs generator's cities (bench/clubs-generate.ts), most populous first.
const CITIES = [
  'London', 'Manchester', 'Birmingham', 'Leeds', 'Bristol', 'Brighton', 'Sheffield', 'Liverpool', 'Nottingham', 'Leicester',
  'Newcastle', 'Cardiff', 'Edinburgh', 'Glasgow', 'Oxford', 'Cambridge', 'York', 'Bath', 'Exeter', 'Norwich',
  'Reading', 'Southampton', 'Plymouth', 'Derby', 'Coventry', 'Hull', 'Durham', 'Chester', 'Lancaster', 'Canterbury',
];
const AREAS = ['Riverside', 'Northgate', 'Parkside', 'Hillcrest', 'Meadowbank', 'Eastfield', 'Westbury', 'Southmead', 'Kingsway', 'Queensgate', 'Oakwood', 'Elmhurst'];
const TITLES = [
  'Coach', 'Assistant Coach', 'Team Manager', 'Treasurer', 'Club Secretary', 'Welfare Officer', 'First Aider', 'Groundskeeper',
  'Social Media Volunteer', 'Fundraiser', 'Kit Manager', 'Event Helper',
];
const COMMITMENTS = ['2 hours a week', 'One evening a week', 'Saturday mornings', 'Match days', 'Flexible'];
const FIRST = [
  'Ava', 'Noah', 'Mia', 'Liam', 'Zoe', 'Omar', 'Ivy', 'Leo', 'Ruby', 'Finn', 'Isla', 'Arjun', 'Chloe', 'Kenji', 'Nora', 'Sam',
  'Amara', 'Ben', 'Chen', 'Dara', 'Elif', 'Femi', 'Gus', 'Hana', 'Ines', 'Jack', 'Kofi', 'Lena', 'Maya', 'Niall', 'Olu', 'Priya',
];
const LAST = [
  'Patel', 'Smith', 'Okafor', 'Kim', 'Moore', 'Haddad', 'Lewis', 'Reyes', 'Grant', 'Sharma', 'Bennett', 'Nowak', 'Silva',
  'Jones', 'Taylor', 'Brown', 'Wilson', 'Evans', 'Khan', 'Murphy', 'Walsh', 'Campbell', 'Hughes', 'Ali', 'Clarke', 'Wright',
];
const BIOS = [
  'I played for years and would love to give something back to grassroots sport.',
  'Parent of two keen juniors, happy to help on match days.',
  'Retired teacher with plenty of time and a first aid certificate.',
  'Student looking for coaching experience alongside my sports science degree.',
  'I run the finances of a small charity and can help with the accounts.',
  'Keen photographer: I can cover matches and events for your social media.',
];
const MESSAGES = [
  'Hello, I would love to help with this role. I am free most weekends.',
  'I have done this before at my previous club and would be glad to help again.',
  'This sounds like a great fit for me: I live nearby and have the time.',
  'Could I come along to a session first to see how I can help?',
  'I have a current DBS check and first aid training. Happy to start soon.',
];
const NOTES = ['Welcome aboard! We will be in touch about your first session.', 'Thank you, but we have filled this role.', 'Please bring your DBS certificate on the first day.'];

/** A deterministic version-4-shaped uuid from a text (z.uuid() accepts it). */
const uuidOf = (text: string) => `(substr(md5(${text}), 1, 12) || '4' || substr(md5(${text}), 14, 3) || '8' || substr(md5(${text}), 18, 15))::uuid`;

// ---- the clubs: bench/clubs-generate.ts on this database ---------------------------------------------

log(`Generating ${VOLUNTEERS_DATABASE} (${VOLUNTEERS_DATABASE_URL})`);
await timed('the clubs generator (database, migrations, clubs, meeting times)', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench', 'clubs-generate.ts')], {
    cwd: ROOT,
    env: { ...process.env, BENCH_CLUBS_DATABASE: VOLUNTEERS_DATABASE, TSX_TSCONFIG_PATH: join(ROOT, 'server', 'tsconfig.json') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`bench/clubs-generate.ts exited with ${code}:\n${output}`);
  log(output.replace(/^/gm, '    | ').trimEnd());
});
const passwordHash = await timed('one argon2id hash', () => argon2.hash(BENCH_PASSWORD, { type: argon2.argon2id }));

const sql = connectVolunteers();
await sql`set synchronous_commit = off`;
await sql`set maintenance_work_mem = '256MB'`;
await sql`select setseed(0.1207)`;

// ---- positions ----------------------------------------------------------------------------------------

await timed(`${POSITIONS.toLocaleString('en')} positions (the clubs generator's replaced)`, async () => {
  await sql`truncate club_volunteer_positions cascade`;
  await sql`create temp table approved as
    select row_number() over (order by lower(name), id)::int as n, id, city from clubs where application_status = 'approved'`;
  const [{ clubs }] = await sql<{ clubs: number }[]>`select count(*)::int as clubs from approved`;
  await sql`create temp table new_positions as
    select p.i, a.id as club_id, a.city, p.title, p.r_live, p.r_status, p.r_location, p.area, p.k, p.commitment, p.t,
      array(select s from unnest(${SKILLS as unknown as string[]}::text[]) s where p.k > 0 order by md5(s || p.i) limit p.k) as skills
    from (
      select i, 1 + floor(random() * ${clubs})::int as n,
        (${TITLES}::text[])[1 + floor(random() * ${TITLES.length})::int] as title,
        random() as r_live, random() as r_status, random() as r_location,
        (${AREAS}::text[])[1 + floor(random() * ${AREAS.length})::int] as area,
        floor(random() * 5)::int as k,
        (${COMMITMENTS}::text[])[1 + floor(random() * ${COMMITMENTS.length})::int] as commitment,
        now() - random() * interval '300 days' as t
      from generate_series(1, ${POSITIONS}::int) i offset 0
    ) p join approved a on a.n = p.n`;
  // In creation order, as a live table fills.
  await sql`insert into club_volunteer_positions (id, club_id, title, description, responsibilities, requirements, time_commitment, location,
      contact_info, is_live, status, required_skills, skill_keys, start_date, is_recurring, created_at, updated_at)
    select ${sql.unsafe(uuidOf("'position' || i"))}, club_id, title,
      'We are looking for a ' || lower(title) || ' to help at sessions and events. Training is provided and no experience is needed.',
      'Help the committee with the day-to-day work of the role.', case when k > 0 then 'Some experience of ' || lower(skills[1]) || ' helps.' else '' end,
      commitment,
      case when r_location < 0.35 or city is null then 'At the club' when r_location < 0.7 then city else area || ', ' || city end,
      'Speak to the club secretary', r_live < 0.6,
      case when r_status < 0.7 then 'active' when r_status < 0.9 then 'filled' else 'cancelled' end,
      skills, array(select lower(trim(s)) from unnest(skills) s),
      case when random() < 0.5 then (t + random() * interval '120 days')::date end, random() < 0.6, t, t
    from new_positions order by t`;
});

// ---- volunteers -----------------------------------------------------------------------------------------

await timed(`${VOLUNTEERS.toLocaleString('en')} volunteers (accounts and profiles)`, async () => {
  await sql`create temp table volunteers as
    select n, ${sql.unsafe(uuidOf("'volunteer' || n"))} as id, 'volunteer' || lpad(n::text, 5, '0') || '@bench.clubroom.test' as email,
      (${FIRST}::text[])[1 + floor(random() * ${FIRST.length})::int] as first_name,
      (${LAST}::text[])[1 + floor(random() * ${LAST.length})::int] as last_name,
      case when random() < 0.9 then (${CITIES}::text[])[1 + floor(${CITIES.length} * power(random(), 1.8))::int] else '' end as location,
      floor(random() * 9)::int as k, 1 + floor(random() * 3)::int as a,
      case when random() < 0.7 then (${BIOS}::text[])[1 + floor(random() * ${BIOS.length})::int] else '' end as bio,
      random() < 0.98 as active, now() - interval '1 year' + random() * interval '1 year' as t
    from generate_series(1, ${VOLUNTEERS}::int) n`;
  await sql`insert into users (id, email, full_name, password_hash, status, created_at, updated_at)
    select id, email, first_name || ' ' || last_name, ${passwordHash}, case when active then 'active' else 'suspended' end, t, t from volunteers order by t`;
  await sql`insert into volunteer_profiles (user_id, first_name, last_name, email, location, skills, skill_keys, availability, bio, created_at, updated_at)
    select id, first_name, last_name, email, location, skills, array(select lower(trim(s)) from unnest(skills) s),
      array(select o from unnest(${AVAILABILITY}::text[]) with ordinality x(o, j) where j in (select 1 + ((n * 3 + m * 5) % ${AVAILABILITY.length}) from generate_series(1, v.a) m) order by j),
      bio, t, t
    from (
      select v.*, array(select s from unnest(${SKILLS as unknown as string[]}::text[]) s where v.k > 0 order by md5(s || v.n) limit v.k) as skills from volunteers v
    ) v order by t`;
});

// ---- applications and their history ---------------------------------------------------------------------

const dropped = await sql<{ kind: 'index' | 'fk'; table: string; name: string; def: string }[]>`
  select 'index' as kind, tablename as table, indexname as name, indexdef as def from pg_indexes
  where tablename in ('volunteer_applications', 'volunteer_application_events') and indexname not like '%_pkey'
  union all
  select 'fk', conrelid::regclass::text, conname, pg_get_constraintdef(oid) from pg_constraint
  where contype = 'f' and conrelid::regclass::text in ('volunteer_applications', 'volunteer_application_events')`;
await timed(`${APPLICATIONS.toLocaleString('en')} applications and their history`, async () => {
  for (const c of dropped.filter((d) => d.kind === 'fk')) await sql.unsafe(`alter table ${c.table} drop constraint "${c.name}"`);
  for (const c of dropped.filter((d) => d.kind === 'index')) await sql.unsafe(`drop index "${c.name}"`);
  // Positions numbered live ones first: an application picks a live one 9 times in 10.
  await sql`create temp table numbered as
    select row_number() over (order by not is_live, created_at, id)::int as n, id, club_id, created_at from club_volunteer_positions`;
  await sql`create unique index on numbered (n)`;
  const [{ live }] = await sql<{ live: number }[]>`select count(*)::int as live from club_volunteer_positions where is_live`;
  await sql`create unique index on volunteers (n)`;
  await sql`analyze numbered, volunteers`;
  // A few more candidates than needed: the rare second pick of the same position by the same
  // volunteer is dropped, and the first APPLICATIONS of the others kept.
  await sql`create temp table picked as
    select i, v, p, r, f from (
      select distinct on (v, p) i, v, p, r, f from (
        select i, 1 + floor(random() * ${VOLUNTEERS})::int as v,
          case when random() < 0.9 then 1 + floor(random() * ${live})::int else ${live} + 1 + floor(random() * ${POSITIONS - live})::int end as p,
          random() as r, random() as f
        from generate_series(1, ${Math.round(APPLICATIONS * 1.01)}::int) i offset 0
      ) c order by v, p, i
    ) d order by i limit ${APPLICATIONS}`;
  await sql`create temp table apps as
    select a.i, ${sql.unsafe(uuidOf("'application' || a.i"))} as id, p.id as position_id, v.id as volunteer_id, p.club_id,
      case when a.r < 0.35 then 'pending' when a.r < 0.50 then 'accepted' when a.r < 0.75 then 'rejected' else 'withdrawn' end as status,
      (${MESSAGES}::text[])[1 + floor(random() * ${MESSAGES.length})::int] as message,
      p.created_at + a.f * (now() - p.created_at) as applied_at, random() as g
    from picked a join numbered p on p.n = a.p join volunteers v on v.n = a.v`;
  await sql`insert into volunteer_applications (id, position_id, volunteer_id, club_id, status, message, applied_at, updated_at)
    select id, position_id, volunteer_id, club_id, status, message, applied_at,
      case when status = 'pending' then applied_at else applied_at + g * least(now() - applied_at, interval '30 days') end
    from apps order by applied_at`;
  await sql`insert into volunteer_application_events (id, application_id, status, actor_id, note, created_at)
    select id, application_id, status, actor_id, note, created_at from (
      select ${sql.unsafe(uuidOf("'event' || i"))} as id, id as application_id, 'pending' as status, volunteer_id as actor_id, null as note, applied_at as created_at
      from apps
      union all
      select ${sql.unsafe(uuidOf("'decision' || i"))}, id, status, case when status = 'withdrawn' then volunteer_id else club_id end,
        case when status <> 'withdrawn' and g < 0.33 then (${NOTES}::text[])[1 + floor(random() * ${NOTES.length})::int] end,
        applied_at + g * least(now() - applied_at, interval '30 days')
      from apps where status <> 'pending'
    ) e order by created_at`;
  for (const c of dropped.filter((d) => d.kind === 'index')) await sql.unsafe(c.def);
  for (const c of dropped.filter((d) => d.kind === 'fk')) await sql.unsafe(`alter table ${c.table} add constraint "${c.name}" ${c.def}`);
});
await timed('vacuum analyze', () => sql`vacuum (analyze) users, clubs, club_volunteer_positions, volunteer_profiles, volunteer_applications, volunteer_application_events`);

const open = sql.unsafe(`is_live and status = 'active'`);
const [counts] = await sql<Record<string, number | string>[]>`
  select (select count(*) from clubs where application_status = 'approved')::int as approved_clubs,
    (select count(*) from club_volunteer_positions)::int as positions,
    (select count(*) from club_volunteer_positions where is_live)::int as live,
    (select count(*) from club_volunteer_positions where ${open})::int as open,
    (select count(*) from club_volunteer_positions where status = 'filled')::int as filled,
    (select count(*) from club_volunteer_positions where status = 'cancelled')::int as cancelled,
    (select count(*) from club_volunteer_positions where ${open} and search_vector @@ to_tsquery('simple', ${`${SEARCH_WORD}:*`}))::int as open_search_matches,
    (select count(*) from club_volunteer_positions where ${open} and skill_keys @> array[lower(${SKILL})])::int as open_skill_matches,
    (select count(*) from club_volunteer_positions p join clubs c on c.id = p.club_id
       where ${open} and (lower(p.location) like ${`%${LOCATION.toLowerCase()}%`} or lower(c.city) like ${`%${LOCATION.toLowerCase()}%`}))::int as open_location_matches,
    (select count(*) from users u join volunteer_profiles v on v.user_id = u.id)::int as volunteers,
    (select count(*) from volunteer_applications)::int as applications,
    (select count(*) from volunteer_application_events)::int as events,
    (select max(k) from (select count(*) as k from volunteer_applications group by volunteer_id) x)::int as most_applications,
    pg_size_pretty(pg_total_relation_size('club_volunteer_positions')) as positions_size,
    pg_size_pretty(pg_total_relation_size('volunteer_applications')) as applications_size,
    pg_size_pretty(pg_total_relation_size('volunteer_application_events')) as events_size`;
const byStatus = await sql<{ status: string; n: number }[]>`select status, count(*)::int as n from volunteer_applications group by 1 order by 2 desc`;
const perVolunteer = await sql<{ p10: number; p50: number; p90: number }[]>`
  select percentile_disc(0.1) within group (order by k) as p10, percentile_disc(0.5) within group (order by k) as p50, percentile_disc(0.9) within group (order by k) as p90
  from (select count(*)::int as k from volunteer_applications group by volunteer_id) x`;
const samples = await sql<{ title: string; location: string; status: string; is_live: boolean; required_skills: string[] }[]>`
  select title, location, status, is_live, required_skills from club_volunteer_positions order by md5(id::text) limit 6`;
await sql.end();

log(`\nGenerated in ${((performance.now() - started) / 1000).toFixed(1)} s.\n`);
log(JSON.stringify(counts));
log(`Applications by status: ${byStatus.map((r) => `${r.status} ${r.n}`).join(', ')}`);
log(`Applications per volunteer: p10 ${perVolunteer[0]!.p10}, median ${perVolunteer[0]!.p50}, p90 ${perVolunteer[0]!.p90}`);
log(
  `Some positions: ${samples.map((s) => `${s.title} (${s.location}; ${s.status}${s.is_live ? '' : ', hidden'}; ${s.required_skills.join(', ') || 'no skills'})`).join('; ')}`,
);
writeFileSync(join(RESULTS, 'volunteer-generate.txt'), `${printed.join('\n')}\n`);
