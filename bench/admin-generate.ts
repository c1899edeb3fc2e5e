// Creates the administration benchmarks' database afresh (bench/admin-lib.ts: clubroom_bench_admin,
// BENCH_ADMIN_DATABASE_URL), applies the migrations and fills it in set-based SQL after setseed, so
// every run makes the same data (ids included: they are derived from row numbers):
//
// - 50,000 club applications (a user and a clubs row each): ~60% approved, ~25% pending, ~15%
//   rejected, submitted uniformly over the last 3 years; decided ones reviewed 1 hour to ~60 days
//   after submission (never after now); rejected ones carry one of 20 rejection reasons as their
//   admin notes, a tenth of the approved ones a short note; ~40% of the approved ones verified.
//   Names like "Leeds Harriers", "Riverside Tennis Club" or "Bath Oakwood Rovers" (not unique);
//   the 15 sport categories (Football the most common); ~200 towns and cities, the larger first and
//   more frequent; 95% have a saved profile (city, category, description, phone, website).
// - 5 platform administrators (bench/admin-lib.ts ADMINS; password BENCH_PASSWORD) and 20,000 other
//   members (the volunteers of adminPlatformStats).
// - 1,000,000 audit entries (admin_actions): views 45%, approvals 17%, verifications 12%, bulk
//   approvals 10%, rejections 8%, exports 3%, bulk rejections 3%, unverifications 2%; the
//   administrators weighted 35/25/20/12/8%, each from 2 IP addresses; each entry on a random
//   application, within 180 days of its submission (most in the first weeks; none after now), so
//   about 28,000 entries a month; exports at any moment of the 3 years. Details and target names
//   are the ones the server writes.
//
//   npx tsx --tsconfig server/tsconfig.json bench/admin-generate.ts
import 'reflect-metadata';
import argon2 from 'argon2';
import { openDatabase } from '../server/src/db/client.js';
import { SPORT_CATEGORIES } from '../server/src/modules/clubs/clubs.rules.js';
import { ADMIN_ACTIONS, ADMIN_DATABASE, ADMIN_DATABASE_URL, ADMINS, APPLICATIONS, AUDIT_SEARCH, connectAdmin, LIST_SEARCH, LOCATION, MEMBERS } from './admin-lib.js';
import { BENCH_PASSWORD, CLUB_DESCRIPTIONS, CLUB_NAME_ENDINGS } from './lib.js';

const started = performance.now();
async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const t = performance.now();
  const value = await work();
  console.log(`  ${label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return value;
}

// ~200 towns and cities, largest first: the generator picks early entries more often.
const CITIES = [
  'London', 'Birmingham', 'Manchester', 'Leeds', 'Glasgow', 'Liverpool', 'Bristol', 'Sheffield', 'Edinburgh', 'Cardiff',
  'Leicester', 'Newcastle', 'Nottingham', 'Bradford', 'Coventry', 'Belfast', 'Brighton', 'Hull', 'Plymouth', 'Stoke-on-Trent',
  'Wolverhampton', 'Derby', 'Southampton', 'Portsmouth', 'Swansea', 'Aberdeen', 'Reading', 'Northampton', 'Luton', 'Milton Keynes',
  'Sunderland', 'Bolton', 'Bournemouth', 'Norwich', 'Swindon', 'Dundee', 'Southend-on-Sea', 'Middlesbrough', 'Peterborough', 'Huddersfield',
  'Oxford', 'Cambridge', 'Ipswich', 'York', 'Blackpool', 'Gloucester', 'Telford', 'Slough', 'Watford', 'Exeter',
  'Poole', 'Colchester', 'Crawley', 'Cheltenham', 'Chelmsford', 'Basildon', 'Worthing', 'Rotherham', 'Oldham', 'Preston',
  'Warrington', 'Wigan', 'Stockport', 'Doncaster', 'Barnsley', 'Wakefield', 'Blackburn', 'Burnley', 'Rochdale', 'Salford',
  'Gateshead', 'Darlington', 'Hartlepool', 'Stockton-on-Tees', 'Carlisle', 'Lancaster', 'Chester', 'Shrewsbury', 'Worcester', 'Hereford',
  'Bath', 'Salisbury', 'Winchester', 'Canterbury', 'Maidstone', 'Tunbridge Wells', 'Guildford', 'Woking', 'Basingstoke', 'Eastbourne',
  'Hastings', 'Chichester', 'Bognor Regis', 'Folkestone', 'Dover', 'Margate', 'Ashford', 'Gravesend', 'Dartford', 'Sevenoaks',
  'Harlow', 'Stevenage', 'St Albans', 'Hemel Hempstead', 'High Wycombe', 'Aylesbury', 'Bedford', 'Kettering', 'Corby', 'Wellingborough',
  'Lincoln', 'Grimsby', 'Scunthorpe', 'Boston', 'Grantham', 'Mansfield', 'Chesterfield', 'Loughborough', 'Nuneaton', 'Rugby',
  'Leamington Spa', 'Stratford-upon-Avon', 'Redditch', 'Kidderminster', 'Walsall', 'Dudley', 'West Bromwich', 'Solihull', 'Tamworth', 'Burton upon Trent',
  'Stafford', 'Crewe', 'Macclesfield', 'Harrogate', 'Scarborough', 'Whitby', 'Durham', 'Sunderland Point', 'Kendal', 'Barrow-in-Furness',
  'Newport', 'Wrexham', 'Bangor', 'Aberystwyth', 'Llandudno', 'Merthyr Tydfil', 'Bridgend', 'Neath', 'Llanelli', 'Carmarthen',
  'Inverness', 'Stirling', 'Perth', 'Paisley', 'Kilmarnock', 'Ayr', 'Dumfries', 'Falkirk', 'Livingston', 'Kirkcaldy',
  'Derry', 'Lisburn', 'Newry', 'Armagh', 'Ballymena', 'Bangor (Co. Down)', 'Enniskillen', 'Omagh', 'Coleraine', 'Antrim',
  'Truro', 'Falmouth', 'Penzance', 'Newquay', 'Barnstaple', 'Torquay', 'Paignton', 'Taunton', 'Yeovil', 'Weymouth',
  'Dorchester', 'Bridgwater', 'Weston-super-Mare', 'Stroud', 'Cirencester', 'Banbury', 'Bicester', 'Didcot', 'Abingdon', 'Newbury',
  'Andover', 'Farnborough', 'Aldershot', 'Epsom', 'Kingston upon Thames', 'Richmond', 'Croydon', 'Bromley', 'Romford', 'Enfield',
];
const AREAS = [
  'Riverside', 'Northgate', 'Parkside', 'Hillcrest', 'Meadowbank', 'Eastfield', 'Westbury', 'Southmead', 'Kingsway', 'Queensgate',
  'Oakwood', 'Elmhurst', 'Beechwood', 'Willowbrook', 'Millbrook', 'Stonebridge', 'Fairfield', 'Greenbank', 'Highfield', 'Brookside',
  'Lakeside', 'Bridgewater', 'Castleton', 'Abbeyfield', 'Harbourside', 'Old Town', 'Hollybush', 'Foxhill', 'Deer Park', 'Ravenscroft',
];
const NAMES = CLUB_NAME_ENDINGS;
const REJECTION_REASONS = [
  'Incomplete application: the club description is missing.',
  'We could not verify the contact email address.',
  'The website link does not work.',
  'Duplicate of an existing club on Clubroom.',
  'The organisation is a commercial business, not a community club.',
  'The application does not describe a sports club.',
  'Please provide a contact phone number we can reach.',
  'The club name is inappropriate.',
  'The address is outside the areas Clubroom serves.',
  'No evidence that the club is active.',
  'The safeguarding policy is missing.',
  'The application was submitted twice by mistake.',
  'The description contains advertising.',
  'The category does not match the activities described.',
  'The contact person could not confirm the application.',
  'Test application.',
  'The club has closed.',
  'The club is already listed under its parent organisation.',
  'Insufficient information about meeting times and venue.',
  'The application breaches the community guidelines.',
];
const APPROVAL_NOTES = ['Checked the website and the affiliation.', 'Verified by phone.', 'Known to the council sports team.', 'Affiliated with the county association.', 'Re-registered after a change of committee.'];
const DESCRIPTIONS = CLUB_DESCRIPTIONS;
const FIRST = ['Ava', 'Noah', 'Mia', 'Liam', 'Zoe', 'Omar', 'Ivy', 'Leo', 'Ruby', 'Finn', 'Isla', 'Arjun', 'Chloe', 'Kenji', 'Nora', 'Sam'];
const LAST = ['Patel', 'Smith', 'Okafor', 'Kim', 'Moore', 'Haddad', 'Lewis', 'Reyes', 'Grant', 'Sharma', 'Bennett', 'Nowak', 'Silva'];
// The categories, Football first and most frequent (index = floor(15 * random()^1.6)).
const CATEGORIES = ['Football', ...SPORT_CATEGORIES.filter((c) => c !== 'Football')];

/** A deterministic version-4-shaped uuid from a text (z.uuid() accepts it). */
const uuidOf = (text: string) => `(substr(md5(${text}), 1, 12) || '4' || substr(md5(${text}), 14, 3) || '8' || substr(md5(${text}), 18, 15))::uuid`;

console.log(`Generating ${ADMIN_DATABASE} (${ADMIN_DATABASE_URL})`);
const server = connectAdmin(1, Object.assign(new URL(ADMIN_DATABASE_URL), { pathname: '/postgres' }).toString());
await timed('create database', async () => {
  await server.unsafe(`drop database if exists ${ADMIN_DATABASE} with (force)`);
  await server.unsafe(`create database ${ADMIN_DATABASE}`);
});
await server.end();
await timed('migrations', async () => {
  const database = await openDatabase({ databaseUrl: ADMIN_DATABASE_URL });
  await database.migrate();
  await database.close();
});
const passwordHash = await timed('one argon2id hash', () => argon2.hash(BENCH_PASSWORD, { type: argon2.argon2id }));

const sql = connectAdmin();
await sql`set synchronous_commit = off`;
await sql`set maintenance_work_mem = '256MB'`;
await sql`select setseed(0.2611)`;

await timed(`${APPLICATIONS.toLocaleString('en')} applications (users and clubs)`, async () => {
  await sql`create temp table apps as
    select n, ${sql.unsafe(uuidOf("'club' || n"))} as id,
      (case when r < 0.60 then 'approved' when r < 0.85 then 'pending' else 'rejected' end) as status,
      now() - random() * interval '3 years' as created_at
    from (select n, random() as r from generate_series(1, ${APPLICATIONS}::int) n offset 0) s`;
  await sql`create temp table named as
    select a.n, a.id, a.status, a.created_at, a.category, a.city, place || ' ' || (${sql.json(NAMES)}::jsonb -> category ->> floor(random() * jsonb_array_length(${sql.json(NAMES)}::jsonb -> category))::int) as name
    from (
      select a.*,
        (case when f < 0.4 then city when f < 0.75 then (${AREAS}::text[])[1 + floor(random() * ${AREAS.length})::int]
              else city || ' ' || (${AREAS}::text[])[1 + floor(random() * ${AREAS.length})::int] end) as place
      from (
        select a.*, (${CATEGORIES}::text[])[1 + floor(${CATEGORIES.length} * power(random(), 1.6))::int] as category,
          (${CITIES}::text[])[1 + floor(${CITIES.length} * power(random(), 2.2))::int] as city, random() as f
        from apps a offset 0
      ) a offset 0
    ) a`;
  await sql`insert into users (id, email, full_name, password_hash, created_at, updated_at)
    select id, 'clubowner' || lpad(n::text, 5, '0') || '@bench.clubroom.test',
      (${FIRST}::text[])[1 + floor(random() * ${FIRST.length})::int] || ' ' || (${LAST}::text[])[1 + floor(random() * ${LAST.length})::int],
      ${passwordHash}, created_at, created_at
    from named`;
  // In submission order, as a live table fills (range scans then read few pages).
  await sql`insert into clubs (id, name, contact_email, application_status, verified, admin_notes, reviewed_at, category, description, website,
      contact_phone, address, city, postcode, profile_saved_at, created_at, updated_at)
    select * from (
    select id, name, 'hello' || n || '@' || slug || '.org.uk', status,
      status = 'approved' and random() < 0.4,
      case when status = 'rejected' then (${REJECTION_REASONS}::text[])[1 + floor(${REJECTION_REASONS.length} * power(random(), 1.5))::int]
           when status = 'approved' and random() < 0.1 then (${APPROVAL_NOTES}::text[])[1 + floor(random() * ${APPROVAL_NOTES.length})::int] end,
      case when status <> 'pending' then least(now(), created_at + interval '1 hour' + power(random(), 2) * interval '60 days') end,
      case when profile then category end,
      case when profile then 'A friendly ' || lower(category) || ' club in ' || city || ' for all ages and abilities. '
        || (${DESCRIPTIONS}::text[])[1 + floor(random() * ${DESCRIPTIONS.length})::int] end,
      case when profile and random() < 0.6 then 'https://www.' || slug || '.org.uk' end,
      case when profile and random() < 0.7 then '0' || (1000 + floor(random() * 9000))::int || ' ' || (100000 + floor(random() * 900000))::int end,
      case when profile then (1 + floor(random() * 200))::int || ' ' || (${AREAS}::text[])[1 + floor(random() * ${AREAS.length})::int] || ' Road' end,
      case when profile then city end,
      case when profile then upper(left(regexp_replace(city, '[^A-Za-z]', '', 'g'), 2)) || (1 + floor(random() * 20))::int || ' ' || floor(random() * 10)::int || 'AB' end,
      case when profile then created_at end,
      created_at, created_at as updated_at
    from (select named.*, random() < 0.95 as profile, regexp_replace(lower(name), '[^a-z0-9]+', '', 'g') as slug from named offset 0) c
    offset 0) x
    order by created_at`;
});

await timed(`${ADMINS.length} administrators and ${MEMBERS.toLocaleString('en')} members`, async () => {
  await sql`insert into users (id, email, full_name, password_hash, is_platform_admin, created_at, updated_at)
    select ${sql.unsafe(uuidOf("'admin' || i"))}, email, name, ${passwordHash}, true, now() - interval '3 years 1 day', now() - interval '3 years 1 day'
    from unnest(${ADMINS.map((a) => a.email)}::text[], ${ADMINS.map((a) => a.name)}::text[]) with ordinality as a(email, name, i)`;
  await sql`insert into users (id, email, full_name, password_hash, status, created_at, updated_at)
    select ${sql.unsafe(uuidOf("'member' || n"))}, 'member' || lpad(n::text, 5, '0') || '@bench.clubroom.test',
      (${FIRST}::text[])[1 + floor(random() * ${FIRST.length})::int] || ' ' || (${LAST}::text[])[1 + floor(random() * ${LAST.length})::int],
      ${passwordHash}, case when random() < 0.97 then 'active' else 'suspended' end, t, t
    from (select n, now() - random() * interval '3 years' as t from generate_series(1, ${MEMBERS}::int) n offset 0) m`;
});

// The audit table's secondary indexes are dropped for the bulk insert and built again after it,
// from their own definitions (the migration's).
const indexes = await sql<{ name: string; def: string }[]>`
  select indexname as name, indexdef as def from pg_indexes where tablename = 'admin_actions' and indexname <> 'admin_actions_pkey'`;
await timed(`${ADMIN_ACTIONS.toLocaleString('en')} audit entries`, async () => {
  for (const i of indexes) await sql.unsafe(`drop index ${i.name}`);
  await sql`create temp table admins as
    select array_position(${ADMINS.map((a) => a.email)}::text[], email) as k, id, full_name, email from users where is_platform_admin`;
  await sql`create unique index on apps (n)`;
  await sql`analyze apps`;
  // Candidates one in ten more than needed: those that would be later than now have not happened
  // yet; the first ADMIN_ACTIONS of the others are kept, and inserted in time order (an audit
  // trail is appended to as it happens).
  await sql`insert into admin_actions (id, action_type, target_type, target_id, target_name, details, admin_id, admin_name, admin_email, ip_address, created_at)
    select id, action_type, target_type, target_id, target_name, details, admin_id, admin_name, admin_email, ip_address, created_at
    from (
    select * from (
    select e.i, ${sql.unsafe(uuidOf("'action' || e.i"))} as id, e.action as action_type,
      case when e.action = 'export' then 'export' when e.action in ('verify', 'unverify') then 'club' else 'club_application' end as target_type,
      case when e.action <> 'export' then c.id end as target_id,
      case when e.action = 'export' then e.export_kind || '-' || to_char(e.at_any, 'YYYY-MM-DD') || '.' || e.format else c.name end as target_name,
      case e.action
        when 'approve' then case when e.noted then 'Application approved: ' || (${APPROVAL_NOTES}::text[])[1 + floor(random() * ${APPROVAL_NOTES.length})::int] else 'Application approved' end
        when 'bulk_approve' then 'Application approved'
        when 'reject' then 'Application rejected: ' || (${REJECTION_REASONS}::text[])[1 + floor(${REJECTION_REASONS.length} * power(random(), 1.5))::int]
        when 'bulk_reject' then 'Application rejected: ' || (${REJECTION_REASONS}::text[])[1 + floor(${REJECTION_REASONS.length} * power(random(), 1.5))::int]
        when 'view' then 'Viewed application details'
        when 'verify' then 'Club verified'
        when 'unverify' then 'Club verification withdrawn'
        else 'Exported ' || (case e.export_kind when 'club-applications' then 'club applications' when 'admin-audit-log' then 'the audit log' else 'club application statistics' end)
          || ' (' || e.format || ')'
      end as details,
      a.id as admin_id, a.full_name as admin_name, a.email as admin_email,
      case when a.k = 1 then '10.20.0.' else '192.0.2.' end || (a.k * 10 + e.ip)::text as ip_address,
      case when e.action = 'export' then e.at_any else c.created_at + power(e.f, 2) * interval '180 days' end as created_at
    from (
      select i, 1 + floor(random() * ${APPLICATIONS})::int as club_n,
        (case when r < 0.35 then 1 when r < 0.60 then 2 when r < 0.80 then 3 when r < 0.92 then 4 else 5 end) as admin_k,
        (case when t < 0.45 then 'view' when t < 0.62 then 'approve' when t < 0.74 then 'verify' when t < 0.84 then 'bulk_approve'
              when t < 0.92 then 'reject' when t < 0.95 then 'export' when t < 0.98 then 'bulk_reject' else 'unverify' end) as action,
        (array['club-applications', 'admin-audit-log', 'club-application-statistics'])[1 + floor(random() * 3)::int] as export_kind,
        (array['xlsx', 'csv', 'json'])[1 + floor(power(random(), 2) * 3)::int] as format,
        random() < 0.2 as noted, floor(random() * 2)::int as ip, random() as f,
        now() - random() * interval '3 years' as at_any
      from (select i, random() as r, random() as t from generate_series(1, ${Math.round(ADMIN_ACTIONS * 1.1)}::int) i offset 0) g
      offset 0
    ) e
    join apps n on n.n = e.club_n
    join clubs c on c.id = n.id
    join admins a on a.k = e.admin_k
    offset 0
    ) x
    where created_at <= now()
    order by i
    limit ${ADMIN_ACTIONS}
    ) y
    order by created_at`;
  for (const i of indexes) await sql.unsafe(i.def);
});
await timed('vacuum analyze', () => sql`vacuum (analyze) users, clubs, admin_actions`);

const [counts] = await sql<Record<string, number | string>[]>`
  select (select count(*) from clubs)::int as applications,
    (select count(*) from clubs where application_status = 'approved')::int as approved,
    (select count(*) from clubs where application_status = 'pending')::int as pending,
    (select count(*) from clubs where application_status = 'rejected')::int as rejected,
    (select count(*) from clubs where verified)::int as verified,
    (select count(distinct city) from clubs)::int as cities,
    (select count(*) from users where is_platform_admin)::int as admins,
    (select count(*) from users)::int as users,
    (select count(*) from admin_actions)::int as admin_actions,
    (select count(*) from clubs where application_status = 'pending' and name ilike ${`%${LIST_SEARCH}%`})::int as pending_name_search,
    (select count(*) from clubs where application_status = 'pending' and city ilike ${`%${LOCATION}%`})::int as pending_location,
    (select count(*) from admin_actions where target_name ilike ${`%${AUDIT_SEARCH}%`} or details ilike ${`%${AUDIT_SEARCH}%`}
       or admin_name ilike ${`%${AUDIT_SEARCH}%`} or admin_email ilike ${`%${AUDIT_SEARCH}%`})::int as audit_search,
    (select min(created_at) from clubs)::text as first_submitted,
    (select max(created_at) from clubs)::text as last_submitted,
    pg_size_pretty(pg_total_relation_size('clubs')) as clubs_size,
    pg_size_pretty(pg_total_relation_size('admin_actions')) as admin_actions_size,
    pg_size_pretty(pg_relation_size('admin_actions')) as admin_actions_heap`;
const byAction = await sql<{ action_type: string; n: number }[]>`select action_type, count(*)::int as n from admin_actions group by 1 order by 2 desc`;
const byAdmin = await sql<{ admin_email: string; n: number }[]>`select admin_email, count(*)::int as n from admin_actions group by 1 order by 2 desc`;
const samples = await sql<{ name: string; city: string | null; category: string | null; application_status: string }[]>`
  select name, city, category, application_status from clubs order by md5(id::text) limit 8`;
await sql.end();

console.log(`\nGenerated in ${((performance.now() - started) / 1000).toFixed(1)} s.\n`);
console.log(JSON.stringify(counts));
console.log(`Audit entries by action: ${byAction.map((r) => `${r.action_type} ${r.n}`).join(', ')}`);
console.log(`Audit entries by administrator: ${byAdmin.map((r) => `${r.admin_email} ${r.n}`).join(', ')}`);
console.log(`Some applications: ${samples.map((s) => `${s.name} (${s.city ?? 'no city'}, ${s.category ?? 'no category'}, ${s.application_status})`).join('; ')}`);
