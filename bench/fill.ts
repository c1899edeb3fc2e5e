// The one generator of `npm run bench` (bench/run.ts): creates its database afresh, applies the
// migrations and fills every area at a stated scale in set-based SQL (insert … select
// generate_series) after setseed, so every run makes the same shape (ids derived from row numbers).
// The default scale (FULL_SCALE), a tenth of it with --quick (QUICK_SCALE):
//
// - members: member00001@bench.clubroom.test …, all active, the bench password, each with a
//   volunteer profile (a city, 0–8 skills, 1–3 availability options, a bio for 70%);
// - 5 platform administrators (admin@bench.clubroom.test is the first);
// - clubs: approved ones (in the directory, each with a saved profile and 1–3 meeting times, made
//   into dated sessions over the 8-week window by the sessions service's schedule) and
//   applications not approved (70% pending, 30% rejected with a reason), each its own account
//   (clubownerNNNNN@…); names like "Brighton Harriers" or "Oakwood Rovers", 15 sports, 30 cities;
// - the club page's club (the first approved one with three meeting times: 24 upcoming sessions),
//   followed by every 20th member, each of whom answered about half its upcoming sessions;
// - positions on the approved clubs: `livePositions` of them live (50,000 at full scale); 70%
//   active, 20% filled, 10% cancelled; 0–4 skills; 60% with a number of places (1–5, never fewer
//   than the volunteers accepted to it), a third of those by timed offer (24 or 48 hours), the rest
//   automatic; a position with places whose accepted volunteers take them all is FILLED by itself
//   (auto_filled, as the places service leaves it) when it was active;
// - volunteer applications: a member to a position (90% live ones), never twice the same; 35%
//   pending, 15% accepted, 25% rejected, 25% withdrawn, with their history events; on a full
//   position about half the pending ones are on its waiting list instead (queued when they applied);
// - messages: each member starts 2–20 conversations of 1–~25 messages (mean ~4.8), 8% of them
//   with members 1–10 ("heavy") and 20% with a club; members 1 and 2 share one long thread
//   (`longThread` messages); 30% unread, each unread message with its notification;
// - audit entries (admin_actions) on the club applications, as bench/admin-generate.ts makes them.
//
// The big tables' secondary indexes and foreign keys are dropped for the load and made again from
// their own definitions (the migrations'); then VACUUM (ANALYZE).
import 'reflect-metadata';
import argon2 from 'argon2';
import postgres from 'postgres';
import { openDatabase } from '../server/src/db/client.js';
import { SPORT_CATEGORIES } from '../server/src/modules/clubs/clubs.rules.js';
import { occurrences } from '../server/src/modules/sessions/sessions.schedule.js';
import { SESSION_WINDOW_WEEKS } from '../server/src/modules/sessions/sessions.rules.js';
import { ADMINS } from './admin-lib.js';
import { BENCH_PASSWORD, CLUB_DESCRIPTIONS, CLUB_NAME_ENDINGS } from './lib.js';

export interface Scale {
  members: number;
  /** Approved clubs (the directory). */
  clubs: number;
  /** Club applications not approved (pending or rejected). */
  clubApplications: number;
  positions: number;
  /** Of them, live (published) ones: the opportunities browser's 50,000 (issue 30, "Measured"). */
  livePositions: number;
  /** Volunteer applications. */
  applications: number;
  messages: number;
  /** Messages between members 1 and 2 (the "conversation" scenario's thread). */
  longThread: number;
  auditEntries: number;
}

export const FULL_SCALE: Scale = {
  members: 20_000,
  clubs: 5_000,
  clubApplications: 1_000,
  positions: 80_000,
  livePositions: 50_000,
  applications: 500_000,
  messages: 1_000_000,
  longThread: 3_000,
  auditEntries: 1_000_000,
};
export const QUICK_SCALE: Scale = {
  members: 2_000,
  clubs: 500,
  clubApplications: 100,
  positions: 8_000,
  livePositions: 5_000,
  applications: 50_000,
  messages: 100_000,
  longThread: 1_000,
  auditEntries: 100_000,
};

/** The scale in words (for the table's heading). */
export const describeScale = (s: Scale) =>
  `${s.members.toLocaleString('en')} members (+5 administrators), ${s.clubs.toLocaleString('en')} approved clubs and ${s.clubApplications.toLocaleString('en')} applications not approved, ` +
  `${s.positions.toLocaleString('en')} positions (${s.livePositions.toLocaleString('en')} live; 60% with places, the full ones with waiting lists), ${s.applications.toLocaleString('en')} volunteer applications, ${s.messages.toLocaleString('en')} messages, ` +
  `${s.auditEntries.toLocaleString('en')} audit entries`;

export { ADMINS };

/** The club page scenario's club (bench/run-scenarios.ts): the first approved club (by number)
 *  with three weekly meeting times; SQL, for the fill's temp table club_rows. */
const SESSIONS_CLUB = `(select c.id from club_rows c where c.status = 'approved' and (select count(*) from club_meeting_times t where t.club_id = c.id) = 3 order by c.n limit 1)`;
const SESSIONS_TIME_ZONE = 'Europe/London';

/** The club page scenario's club in a filled database: the club with the most followers (only it
 *  has followers after the fill). */
export async function sessionsClubId(sql: postgres.Sql): Promise<string> {
  const [row] = await sql<{ id: string }[]>`select club_id as id from club_follows group by club_id order by count(*) desc, club_id limit 1`;
  if (!row) throw new Error('the database has no followed club: fill it again (run without --keep)');
  return row.id;
}

/** Makes the member of `email` a follower of the sessions club who answered every other upcoming
 *  session (Going, one in three Can't make it), as the fill's followers did; again changes nothing. */
export async function followSessionsClub(sql: postgres.Sql, email: string): Promise<void> {
  const clubId = await sessionsClubId(sql);
  await sql`insert into club_follows (club_id, user_id) select ${clubId}, id from users where email = ${email} on conflict do nothing`;
  await sql`
    insert into session_answers (session_id, user_id, answer)
    select s.id, u.id, case when s.k % 3 = 0 then 'cant' else 'going' end
    from (select id, row_number() over (order by starts_at, id) as k from club_sessions where club_id = ${clubId} and starts_at > now()) s, users u
    where u.email = ${email} and s.k % 2 = 1
    on conflict do nothing`;
}
export const memberEmail = (n: number) => `member${String(n).padStart(5, '0')}@bench.clubroom.test`;
/** Members 1..HEAVY receive 8% of the conversations others start. */
const HEAVY = 10;

const CITIES = [
  'London', 'Manchester', 'Birmingham', 'Leeds', 'Bristol', 'Brighton', 'Sheffield', 'Liverpool', 'Nottingham', 'Leicester',
  'Newcastle', 'Cardiff', 'Edinburgh', 'Glasgow', 'Oxford', 'Cambridge', 'York', 'Bath', 'Exeter', 'Norwich',
  'Reading', 'Southampton', 'Plymouth', 'Derby', 'Coventry', 'Hull', 'Durham', 'Chester', 'Lancaster', 'Canterbury',
];
const AREAS = ['Riverside', 'Northgate', 'Parkside', 'Hillcrest', 'Meadowbank', 'Eastfield', 'Westbury', 'Southmead', 'Kingsway', 'Queensgate', 'Oakwood', 'Elmhurst'];
const NAMES = CLUB_NAME_ENDINGS;
const CATEGORIES = ['Football', ...SPORT_CATEGORIES.filter((c) => c !== 'Football')];
const SENTENCES = CLUB_DESCRIPTIONS;
const REJECTION_REASONS = [
  'Incomplete application: the club description is missing.',
  'We could not verify the contact email address.',
  'Duplicate of an existing club on Clubroom.',
  'The organisation is a commercial business, not a community club.',
  'No evidence that the club is active.',
  'The safeguarding policy is missing.',
];
const FIRST = ['Ava', 'Noah', 'Mia', 'Liam', 'Zoe', 'Omar', 'Ivy', 'Leo', 'Ruby', 'Finn', 'Isla', 'Arjun', 'Chloe', 'Kenji', 'Nora', 'Sam', 'Amara', 'Ben', 'Chen', 'Dara'];
const LAST = ['Patel', 'Smith', 'Okafor', 'Kim', 'Moore', 'Haddad', 'Lewis', 'Reyes', 'Grant', 'Sharma', 'Bennett', 'Nowak', 'Silva', 'Jones', 'Khan', 'Murphy'];
const SKILLS = [
  'First Aid', 'Coaching', 'Safeguarding', 'DBS Check', 'Fundraising', 'Social Media', 'Photography', 'Bookkeeping',
  'Event Planning', 'Refereeing', 'Catering', 'Driving', 'Groundskeeping', 'IT Support', 'Marketing', 'Communication',
];
const AVAILABILITY = ['Weekday mornings', 'Weekday afternoons', 'Weekday evenings', 'Weekend mornings', 'Weekend afternoons', 'Weekend evenings', 'Flexible'];
const BIOS = [
  'I played for years and would love to give something back to grassroots sport.',
  'Parent of two keen juniors, happy to help on match days.',
  'Retired teacher with plenty of time and a first aid certificate.',
];
const TITLES = ['Coach', 'Assistant Coach', 'Team Manager', 'Treasurer', 'Club Secretary', 'Welfare Officer', 'First Aider', 'Groundskeeper', 'Social Media Volunteer', 'Fundraiser', 'Kit Manager', 'Event Helper'];
const COMMITMENTS = ['2 hours a week', 'One evening a week', 'Saturday mornings', 'Match days', 'Flexible'];
const APPLY_MESSAGES = ['Hello, I would love to help with this role. I am free most weekends.', 'Could I come along to a session first to see how I can help?'];
const SUBJECTS = ['Training on Saturday', 'Kit for the new season', 'Volunteering at the fun run', 'Membership fees', 'Match report', 'Coaching course', 'Lost property', 'Summer tournament'];
const OPENINGS = ['Hi, just checking in about this. ', 'Thanks for getting back to me so quickly. ', 'Could you let me know by Friday? ', 'Great to see everyone last week. '];
const BODIES = [
  'The session starts at 7pm at the main ground and we need two more helpers for the warm-up.',
  'I have added your name to the list; bring your own water bottle and a spare top.',
  'The committee agreed the new times, which are now on the noticeboard and in the newsletter.',
  'Please fill in the medical form before the first session so that the coaches have it on file.',
];

/** A deterministic version-4-shaped uuid from a text. */
const uuidOf = (text: string) => `(substr(md5(${text}), 1, 12) || '4' || substr(md5(${text}), 14, 3) || '8' || substr(md5(${text}), 18, 15))::uuid`;

/** Drops and creates the database of `databaseUrl`, applies the migrations and fills it at
 *  `scale`, printing each step's time; answers the seconds it took. */
export async function fill(databaseUrl: string, scale: Scale, print: (line: string) => void = console.log): Promise<number> {
  const started = performance.now();
  const timed = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    const value = await work();
    print(`  ${label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    return value;
  };
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unexpected database name: ${name}`);
  const server = postgres(Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).toString(), { max: 1, onnotice: () => {} });
  await timed(`create database ${name}`, async () => {
    await server.unsafe(`drop database if exists ${name} with (force)`);
    await server.unsafe(`create database ${name}`);
  });
  await server.end();
  await timed('migrations', async () => {
    const database = await openDatabase({ databaseUrl });
    await database.migrate();
    await database.close();
  });
  const passwordHash = await argon2.hash(BENCH_PASSWORD, { type: argon2.argon2id });

  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const u = (text: string) => sql.unsafe(text);
  try {
    await sql`set synchronous_commit = off`;
    await sql`set maintenance_work_mem = '256MB'`;
    await sql`select setseed(0.1411)`;
    const big = ['messages', 'notifications', 'volunteer_applications', 'volunteer_application_events', 'admin_actions'];
    const dropped = await sql<{ kind: 'index' | 'fk'; table: string; name: string; def: string }[]>`
      select 'index' as kind, tablename as table, indexname as name, indexdef as def from pg_indexes
      where schemaname = 'public' and tablename = any(${big}) and indexname not like '%_pkey'
      union all
      select 'fk', conrelid::regclass::text, conname, pg_get_constraintdef(oid) from pg_constraint
      where contype = 'f' and conrelid::regclass::text = any(${big})`;
    for (const c of dropped.filter((d) => d.kind === 'fk')) await u(`alter table ${c.table} drop constraint "${c.name}"`);
    for (const c of dropped.filter((d) => d.kind === 'index')) await u(`drop index "${c.name}"`);

    await timed(`${scale.members.toLocaleString('en')} members with volunteer profiles, ${ADMINS.length} administrators`, async () => {
      await sql`create temp table members as
        select n, ${u(uuidOf("'member' || n"))} as id, 'member' || lpad(n::text, 5, '0') || '@bench.clubroom.test' as email,
          (${FIRST}::text[])[1 + floor(random() * ${FIRST.length})::int] as first_name,
          (${LAST}::text[])[1 + floor(random() * ${LAST.length})::int] as last_name,
          (${CITIES}::text[])[1 + floor(${CITIES.length} * power(random(), 1.8))::int] as city,
          floor(random() * 9)::int as k, 1 + floor(random() * 3)::int as a,
          case when random() < 0.7 then (${BIOS}::text[])[1 + floor(random() * ${BIOS.length})::int] else '' end as bio,
          now() - interval '400 days' + random() * interval '30 days' as t
        from generate_series(1, ${scale.members}::int) n`;
      await sql`alter table members add primary key (n)`;
      await sql`insert into users (id, email, full_name, password_hash, created_at, updated_at)
        select id, email, first_name || ' ' || last_name, ${passwordHash}, t, t from members order by n`;
      await sql`insert into volunteer_profiles (user_id, first_name, last_name, email, location, skills, skill_keys, availability, bio, created_at, updated_at)
        select id, first_name, last_name, email, city, skills, array(select lower(trim(s)) from unnest(skills) s),
          array(select o from unnest(${AVAILABILITY}::text[]) with ordinality x(o, j) where j in (select 1 + ((n * 3 + m * 5) % ${AVAILABILITY.length}) from generate_series(1, v.a) m) order by j),
          bio, t, t
        from (select m.*, array(select s from unnest(${SKILLS}::text[]) s where m.k > 0 order by md5(s || m.n) limit m.k) as skills from members m) v order by n`;
      await sql`insert into users (id, email, full_name, password_hash, is_platform_admin, created_at, updated_at)
        select ${u(uuidOf("'admin' || i"))}, email, name, ${passwordHash}, true, now() - interval '3 years 1 day', now() - interval '3 years 1 day'
        from unnest(${ADMINS.map((a) => a.email)}::text[], ${ADMINS.map((a) => a.name)}::text[]) with ordinality as a(email, name, i)`;
    });

    const allClubs = scale.clubs + scale.clubApplications;
    await timed(`${scale.clubs.toLocaleString('en')} approved clubs, ${scale.clubApplications.toLocaleString('en')} applications, meeting times`, async () => {
      await sql`create temp table club_rows as
        select n, id, status, created_at, category, city, place || ' ' || (${sql.json(NAMES)}::jsonb -> category ->> floor(random() * jsonb_array_length(${sql.json(NAMES)}::jsonb -> category))::int) as name
        from (
          select c.*, case when f < 0.4 then city when f < 0.75 then (${AREAS}::text[])[1 + floor(random() * ${AREAS.length})::int]
                           else city || ' ' || (${AREAS}::text[])[1 + floor(random() * ${AREAS.length})::int] end as place
          from (
            select n, ${u(uuidOf("'club' || n"))} as id,
              case when n <= ${scale.clubs} then 'approved' when random() < 0.7 then 'pending' else 'rejected' end as status,
              now() - random() * interval '3 years' as created_at,
              (${CATEGORIES}::text[])[1 + floor(${CATEGORIES.length} * power(random(), 1.6))::int] as category,
              (${CITIES}::text[])[1 + floor(${CITIES.length} * power(random(), 1.8))::int] as city, random() as f
            from generate_series(1, ${allClubs}::int) n offset 0
          ) c offset 0
        ) c`;
      await sql`alter table club_rows add primary key (n)`;
      await sql`insert into users (id, email, full_name, password_hash, created_at, updated_at)
        select id, 'clubowner' || lpad(n::text, 5, '0') || '@bench.clubroom.test',
          (${FIRST}::text[])[1 + floor(random() * ${FIRST.length})::int] || ' ' || (${LAST}::text[])[1 + floor(random() * ${LAST.length})::int],
          ${passwordHash}, created_at, created_at
        from club_rows order by n`;
      await sql`insert into clubs (id, name, contact_email, application_status, verified, admin_notes, reviewed_at, category, description, website,
          contact_phone, address, city, postcode, profile_saved_at, created_at, updated_at)
        select id, name, 'hello' || n || '@' || slug || '.org.uk', status, status = 'approved' and random() < 0.4,
          case when status = 'rejected' then (${REJECTION_REASONS}::text[])[1 + floor(random() * ${REJECTION_REASONS.length})::int] end,
          case when status <> 'pending' then least(now(), created_at + interval '1 hour' + power(random(), 2) * interval '60 days') end,
          category,
          'A friendly ' || lower(category) || ' club in ' || city || ' for all ages and abilities. ' || (${SENTENCES}::text[])[1 + floor(random() * ${SENTENCES.length})::int],
          case when random() < 0.6 then 'https://www.' || slug || '.org.uk' end,
          case when random() < 0.7 then '0' || (1000 + floor(random() * 9000))::int || ' ' || (100000 + floor(random() * 900000))::int end,
          (1 + floor(random() * 200))::int || ' ' || (${AREAS}::text[])[1 + floor(random() * ${AREAS.length})::int] || ' Road', city,
          upper(left(city, 2)) || (1 + floor(random() * 20))::int || ' ' || floor(random() * 10)::int || 'AB',
          case when status = 'approved' then created_at end, created_at, created_at
        from (select c.*, regexp_replace(lower(name), '[^a-z0-9]+', '', 'g') as slug from club_rows c) c order by created_at`;
      await sql`insert into club_meeting_times (club_id, day_of_week, start_time, end_time)
        select id, 1 + (day + 2 * j) % 7, lpad(h::text, 2, '0') || m, lpad((h + len)::text, 2, '0') || m
        from (select id, floor(random() * 7)::int as day, 1 + floor(random() * 3)::int as times from club_rows where status = 'approved' offset 0) c
        cross join lateral (
          select j, 6 + floor(random() * 14)::int as h, (array[':00', ':30'])[1 + floor(random() * 2)::int] as m, 1 + floor(random() * 2)::int as len
          from generate_series(0, c.times - 1) j
        ) s`;
    });

    await timed(`club sessions: every approved club's meeting times over the 8-week window; the sessions club's followers and answers`, async () => {
      // Every approved club's dated sessions as the sessions service plans them (its schedule,
      // sessions.schedule.ts occurrences(), over SESSION_WINDOW_WEEKS from now in the platform's
      // time zone), in one insert: planClub itself, a transaction per club, took 35 ms a club
      // (3 minutes at full scale). The reminder jobs planClub would schedule are left out: the
      // servers under load would run those coming due during the runs (--reminders measures them).
      const slots = await sql<{ clubId: string; dayOfWeek: number; startTime: string; endTime: string }[]>`
        select t.club_id as "clubId", t.day_of_week as "dayOfWeek", t.start_time as "startTime", t.end_time as "endTime"
        from club_meeting_times t join club_rows c on c.id = t.club_id where c.status = 'approved' order by c.n`;
      const byClub = new Map<string, (typeof slots)[number][]>();
      for (const t of slots) byClub.set(t.clubId, [...(byClub.get(t.clubId) ?? []), t]);
      const now = new Date();
      const until = new Date(now.getTime() + SESSION_WINDOW_WEEKS * 7 * 86_400_000);
      const planned = [...byClub].flatMap(([clubId, times]) => occurrences(times, SESSIONS_TIME_ZONE, now, until).map((o) => ({ clubId, ...o })));
      await sql`
        insert into club_sessions (club_id, kind, slot_key, local_date, starts_at, ends_at)
        select c, 'session', k, d::date, s, e
        from unnest(${planned.map((o) => o.clubId)}::uuid[], ${planned.map((o) => o.slotKey)}::text[], ${planned.map((o) => o.localDate)}::text[],
          ${planned.map((o) => o.startsAt.toISOString())}::timestamptz[], ${planned.map((o) => o.endsAt.toISOString())}::timestamptz[]) as p(c, k, d, s, e)`;
      // The club page's club: the first approved club with three weekly meeting times, followed by
      // every 20th member, each of whom answered about half its upcoming sessions (3 in 4 Going).
      await sql`
        insert into club_follows (club_id, user_id, created_at)
        select ${u(SESSIONS_CLUB)}, m.id, now() - random() * interval '200 days' from members m where m.n % 20 = 0`;
      await sql`
        insert into session_answers (session_id, user_id, answer, reason, answered_at)
        select s.id, m.id, case when x.r < 0.75 then 'going' else 'cant' end, case when x.r >= 0.9 then 'Away that week' end, now() - random() * interval '7 days'
        from club_sessions s cross join members m cross join lateral (select random() + 0 * m.n as r, random() + 0 * m.n as take) x
        where s.club_id = ${u(SESSIONS_CLUB)} and s.starts_at > now() and m.n % 20 = 0 and x.take < 0.5`;
    });

    await timed(`${scale.positions.toLocaleString('en')} positions (${scale.livePositions.toLocaleString('en')} live)`, async () => {
      await sql`insert into club_volunteer_positions (id, club_id, title, description, responsibilities, requirements, time_commitment, location,
          contact_info, is_live, status, required_skills, skill_keys, start_date, is_recurring, created_at, updated_at)
        select ${u(uuidOf("'position' || i"))}, club_id, title,
          'We are looking for a ' || lower(title) || ' to help at sessions and events. Training is provided and no experience is needed.',
          'Help the committee with the day-to-day work of the role.', case when k > 0 then 'Some experience of ' || lower(skills[1]) || ' helps.' else '' end,
          commitment, case when r_location < 0.35 then 'At the club' when r_location < 0.7 then city else area || ', ' || city end,
          'Speak to the club secretary', i <= ${scale.livePositions},
          case when r_status < 0.7 then 'active' when r_status < 0.9 then 'filled' else 'cancelled' end,
          skills, array(select lower(trim(s)) from unnest(skills) s),
          case when random() < 0.5 then (t + random() * interval '120 days')::date end, random() < 0.6, t, t
        from (
          select p.*, c.id as club_id, c.city, array(select s from unnest(${SKILLS}::text[]) s where p.k > 0 order by md5(s || p.i) limit p.k) as skills
          from (
            select i, 1 + floor(random() * ${scale.clubs})::int as n, (${TITLES}::text[])[1 + floor(random() * ${TITLES.length})::int] as title,
              random() as r_status, random() as r_location, (${AREAS}::text[])[1 + floor(random() * ${AREAS.length})::int] as area,
              floor(random() * 5)::int as k, (${COMMITMENTS}::text[])[1 + floor(random() * ${COMMITMENTS.length})::int] as commitment,
              now() - random() * interval '300 days' as t
            from generate_series(1, ${scale.positions}::int) i offset 0
          ) p join club_rows c on c.n = p.n
        ) x order by t`;
    });

    await timed(`${scale.applications.toLocaleString('en')} volunteer applications and their history`, async () => {
      await sql`create temp table numbered as
        select row_number() over (order by not is_live, created_at, id)::int as n, id, club_id, created_at from club_volunteer_positions`;
      await sql`create unique index on numbered (n)`;
      const [{ live }] = await sql<{ live: number }[]>`select count(*)::int as live from club_volunteer_positions where is_live`;
      await sql`analyze numbered, members`;
      await sql`create temp table apps as
        select a.i, ${u(uuidOf("'application' || a.i"))} as id, p.id as position_id, v.id as volunteer_id, p.club_id,
          case when a.r < 0.35 then 'pending' when a.r < 0.50 then 'accepted' when a.r < 0.75 then 'rejected' else 'withdrawn' end as status,
          (${APPLY_MESSAGES}::text[])[1 + floor(random() * ${APPLY_MESSAGES.length})::int] as message,
          p.created_at + a.f * (now() - p.created_at) as applied_at, random() as g
        from (
          select i, v, p, r, f from (
            select distinct on (v, p) i, v, p, r, f from (
              select i, 1 + floor(random() * ${scale.members})::int as v,
                case when random() < 0.9 then 1 + floor(random() * ${live})::int else ${live} + 1 + floor(random() * ${scale.positions - live})::int end as p,
                random() as r, random() as f
              from generate_series(1, ${Math.round(scale.applications * 1.01)}::int) i offset 0
            ) c order by v, p, i
          ) d order by i limit ${scale.applications}
        ) a join numbered p on p.n = a.p join members v on v.n = a.v`;
      // Places (issue 30): 60% of the positions have 1–5, never fewer than the volunteers accepted
      // to them; a third of those offer freed places for 24 or 48 hours, the others promote at
      // once. A full one (its accepted volunteers take every place) is FILLED by itself if it was
      // active, and about half the pending applications to it wait on its line instead.
      await sql`create temp table placed as
        select p.id, greatest(x.target, coalesce(acc.n, 0)) as places, coalesce(acc.n, 0) >= x.target as is_full, x.timed, x.hours
        from club_volunteer_positions p
        cross join lateral (select 1 + floor(random() * 5)::int + 0 * length(p.title) as target, random() < 0.6 as placed, random() < 1.0 / 3 as timed,
          (array[24, 48])[1 + floor(random() * 2)::int] as hours) x
        left join (select position_id, count(*)::int as n from apps where status = 'accepted' group by position_id) acc on acc.position_id = p.id
        where x.placed`;
      await sql`update club_volunteer_positions p
        set places = x.places, waitlist_policy = case when x.timed then 'offer' else 'automatic' end, offer_hours = x.hours,
          status = case when x.is_full and p.status = 'active' then 'filled' else p.status end, auto_filled = x.is_full and p.status = 'active'
        from placed x where x.id = p.id`;
      await sql`update apps set status = 'waitlisted' where status = 'pending' and g < 0.5 and position_id in (select id from placed where is_full)`;
      await sql`insert into volunteer_applications (id, position_id, volunteer_id, club_id, status, message, applied_at, updated_at, queued_at)
        select id, position_id, volunteer_id, club_id, status, message, applied_at,
          case when status in ('pending', 'waitlisted') then applied_at else applied_at + g * least(now() - applied_at, interval '30 days') end,
          case when status = 'waitlisted' then applied_at end
        from apps order by applied_at`;
      await sql`insert into volunteer_application_events (id, application_id, status, actor_id, note, created_at)
        select id, application_id, status, actor_id, note, created_at from (
          select ${u(uuidOf("'event' || i"))} as id, id as application_id, case when status = 'waitlisted' then 'waitlisted' else 'pending' end as status,
            volunteer_id as actor_id, null as note, applied_at as created_at from apps
          union all
          select ${u(uuidOf("'decision' || i"))}, id, status, case when status = 'withdrawn' then volunteer_id else club_id end, null,
            applied_at + g * least(now() - applied_at, interval '30 days')
          from apps where status not in ('pending', 'waitlisted')
        ) e order by created_at`;
    });

    await timed(`${scale.messages.toLocaleString('en')} messages and the unread ones' notifications`, async () => {
      // Everyone who writes: members 1..M, then the approved clubs M+1..M+C.
      await sql`create temp table people as
        select n, id from members union all select ${scale.members} + n, id from club_rows where status = 'approved'`;
      await sql`alter table people add primary key (n)`;
      await sql`create temp table pairs (a int not null, b int not null, k int not null)`;
      await sql`insert into pairs values (1, 2, ${scale.longThread})`;
      await sql`insert into pairs
        select u, b, k from (
          select u,
            case when r < 0.08 then 1 + floor(random() * ${HEAVY})::int
                 when r < 0.28 then ${scale.members} + 1 + floor(random() * ${scale.clubs})::int
                 else 1 + floor(random() * ${scale.members})::int end as b,
            1 + floor(-ln(1.0 - random()) * 4.3)::int as k
          from generate_series(1, ${scale.members}::int) u
          cross join lateral generate_series(1, 2 + floor(random() * 19)::int + 0 * u) j
          cross join lateral (select random() + 0 * j as r) x
          offset 0
        ) p where b <> u`;
      await sql`insert into messages (sender_id, recipient_id, subject, content, read, read_at, created_at)
        select s.id, r.id, subject, content, read, case when read then t + random() * interval '2 days' end, t
        from (
          select case when d then a else b end as sender, case when d then b else a end as recipient,
            (${SUBJECTS}::text[])[1 + floor(random() * ${SUBJECTS.length})::int] as subject,
            (${OPENINGS}::text[])[1 + floor(random() * ${OPENINGS.length})::int] || (${BODIES}::text[])[1 + floor(random() * ${BODIES.length})::int]
              || repeat(' See you there.', floor(random() * 6)::int) as content,
            random() < 0.7 as read, now() - random() * interval '365 days' as t
          from (select a, b, random() < 0.5 as d from pairs, generate_series(1, k) offset 0) m
          limit ${scale.messages}
        ) g join people s on s.n = g.sender join people r on r.n = g.recipient
        order by t`;
      await sql`insert into notifications (user_id, kind, type, title, description, action_url, message_id, read, created_at)
        select m.recipient_id, 'message_received', 'message', 'New message from ' || coalesce(c.name, us.full_name), left(m.content, 50), '/messages/' || m.sender_id, m.id, false, m.created_at
        from messages m join users us on us.id = m.sender_id left join clubs c on c.id = m.sender_id
        where not m.read`;
    });

    await timed(`${scale.auditEntries.toLocaleString('en')} audit entries`, async () => {
      await sql`create temp table admins as
        select array_position(${ADMINS.map((a) => a.email)}::text[], email) as k, id, full_name, email from users where is_platform_admin`;
      await sql`insert into admin_actions (id, action_type, target_type, target_id, target_name, details, admin_id, admin_name, admin_email, ip_address, created_at)
        select id, action_type, target_type, target_id, target_name, details, admin_id, admin_name, admin_email, ip_address, created_at from (
          select * from (
            select e.i, ${u(uuidOf("'action' || e.i"))} as id, e.action as action_type,
              case when e.action = 'export' then 'export' when e.action in ('verify', 'unverify') then 'club' else 'club_application' end as target_type,
              case when e.action <> 'export' then c.id end as target_id,
              case when e.action = 'export' then 'club-applications-' || to_char(e.at_any, 'YYYY-MM-DD') || '.xlsx' else c.name end as target_name,
              case e.action
                when 'approve' then 'Application approved' when 'bulk_approve' then 'Application approved'
                when 'reject' then 'Application rejected: ' || (${REJECTION_REASONS}::text[])[1 + floor(random() * ${REJECTION_REASONS.length})::int]
                when 'view' then 'Viewed application details' when 'verify' then 'Club verified'
                else 'Exported club applications (xlsx)' end as details,
              a.id as admin_id, a.full_name as admin_name, a.email as admin_email, '192.0.2.' || (a.k * 10 + e.ip)::text as ip_address,
              case when e.action = 'export' then e.at_any else c.created_at + power(e.f, 2) * interval '180 days' end as created_at
            from (
              select i, 1 + floor(random() * ${allClubs})::int as club_n,
                (case when r < 0.35 then 1 when r < 0.60 then 2 when r < 0.80 then 3 when r < 0.92 then 4 else 5 end) as admin_k,
                (case when t < 0.45 then 'view' when t < 0.62 then 'approve' when t < 0.74 then 'verify' when t < 0.84 then 'bulk_approve'
                      when t < 0.95 then 'reject' else 'export' end) as action,
                floor(random() * 2)::int as ip, random() as f, now() - random() * interval '3 years' as at_any
              from (select i, random() as r, random() as t from generate_series(1, ${Math.round(scale.auditEntries * 1.1)}::int) i offset 0) g
              offset 0
            ) e
            join club_rows c on c.n = e.club_n
            join admins a on a.k = e.admin_k
            offset 0
          ) x where created_at <= now() order by i limit ${scale.auditEntries}
        ) y order by created_at`;
    });

    await timed('indexes and foreign keys', async () => {
      for (const c of dropped.filter((d) => d.kind === 'index')) await u(c.def);
      for (const c of dropped.filter((d) => d.kind === 'fk')) await u(`alter table ${c.table} add constraint "${c.name}" ${c.def}`);
    });
    await timed('vacuum analyze', () => sql`vacuum (analyze)`);
  } finally {
    await sql.end();
  }
  const seconds = (performance.now() - started) / 1000;
  print(`  filled in ${seconds.toFixed(1)} s`);
  return seconds;
}

// Run directly: fill BENCH_DATABASE_URL (default clubroom_bench_all) at the full scale, or a tenth with --quick.
if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/clubroom_bench_all';
  await fill(url, process.argv.includes('--quick') ? QUICK_SCALE : FULL_SCALE);
}
