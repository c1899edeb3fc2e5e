// Creates the bench database afresh, applies the migrations and fills it with 10,000 users and
// 1,000,000 messages, all in set-based SQL (insert … select generate_series), reproducibly
// (setseed). Every user signs in with BENCH_PASSWORD and has one open session for the benchmarks.
//
//   npx tsx --tsconfig server/tsconfig.json bench/generate.ts
//
// The shape of the data:
// - users 1..10 are "heavy": 8% of every conversation someone starts goes to one of them, and
//   users 1-2 and 3-11 have long threads (3,000 and 1,500 messages);
// - users 1..300 own a club (90% approved); 20% of conversations go to a club;
// - every user starts 4 to 40 conversations (so most have tens), 1 to ~25 messages each
//   (exponential, mean ~4.8), either direction; timestamps spread over the last year;
// - 30% of messages are unread, and each unread message has its notification.
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { openDatabase } from '../server/src/db/client.js';
import { BENCH_DATABASE_URL, BENCH_PASSWORD, CLUB_OWNERS, connect, databaseName, HEAVY_USERS, USER_COUNT } from './lib.js';

const MESSAGE_COUNT = 1_000_000;
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const step = async <T>(label: string, run: () => Promise<T>): Promise<T> => {
  const t = performance.now();
  const result = await run();
  console.log(`  ${label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return result;
};

const name = databaseName();
if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unexpected database name: ${name}`);
console.log(`Generating ${name} (${BENCH_DATABASE_URL})`);

const admin = connect({ db: 'postgres' });
await step('create database', async () => {
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
});
await admin.end();

await step('migrations', async () => {
  const database = await openDatabase({ databaseUrl: BENCH_DATABASE_URL });
  await database.migrate();
  await database.close();
});

const passwordHash = await step('one argon2id hash', () => argon2.hash(BENCH_PASSWORD, { type: argon2.argon2id }));

const sql = connect();
await sql`set synchronous_commit = off`;
await sql`set maintenance_work_mem = '256MB'`;
await sql`select setseed(0.42)`;

// Bulk loads are faster without secondary indexes and foreign keys: take them off the two big
// tables and put back exactly the definitions the migrations made.
const indexes = await sql<{ indexname: string; indexdef: string }[]>`
  select indexname, indexdef from pg_indexes
  where schemaname = 'public' and tablename in ('messages', 'notifications') and indexname not like '%_pkey'`;
const foreignKeys = await sql<{ table: string; name: string; def: string }[]>`
  select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as def from pg_constraint
  where contype = 'f' and conrelid in ('messages'::regclass, 'notifications'::regclass)`;
for (const fk of foreignKeys) await sql.unsafe(`alter table ${fk.table} drop constraint "${fk.name}"`);
for (const ix of indexes) await sql.unsafe(`drop index "${ix.indexname}"`);

await step(`${USER_COUNT} users, ${CLUB_OWNERS} clubs, sessions`, async () => {
  await sql`create temp table ids as select n, gen_random_uuid() as id from generate_series(1, ${USER_COUNT}::int) n`;
  await sql`alter table ids add primary key (n)`;
  await sql`
    insert into users (id, email, full_name, password_hash, created_at, updated_at)
    select ids.id, format('member%s@bench.clubroom.test', lpad(n::text, 5, '0')),
      (array['Ava','Noah','Mia','Liam','Zoe','Omar','Ivy','Leo','Ruby','Finn','Isla','Arjun','Chloe','Kenji','Nora','Sam','Priya','Tom','Grace','Luca'])[1 + n % 20]
        || ' ' || (array['Patel','Smith','Okafor','Kim','Moore','Haddad','Lewis','Reyes','Grant','Sharma','Bennett','Watanabe','Holloway','Nowak','Silva','Byrne','Costa'])[1 + (n / 20) % 17],
      ${passwordHash}, now() - interval '400 days' + n * interval '30 minutes', now() - interval '400 days' + n * interval '30 minutes'
    from ids`;
  await sql`
    insert into clubs (id, name, contact_email, application_status, verified, reviewed_at, created_at, updated_at)
    select ids.id,
      (array['Riverside','Northgate','Oakley','Parkside','Valley','Harbour','Meadow','Eastside','Market Square','Hillcrest'])[1 + n % 10]
        || ' ' || (array['Football','Rugby','Cricket','Tennis','Swimming','Athletics','Cycling','Badminton','Basketball','Netball','Chess','Judo'])[1 + (n / 10) % 12]
        || ' Club ' || n,
      format('club%s@bench.clubroom.test', n),
      case when n % 20 = 17 then 'pending' when n % 20 = 19 then 'rejected' else 'approved' end,
      n % 3 = 0, now() - interval '380 days', now() - interval '390 days', now() - interval '380 days'
    from ids where n <= ${CLUB_OWNERS}`;
  await sql`
    insert into sessions (user_id, refresh_token_hash, user_agent, ip_address, idle_expires_at, expires_at)
    select id, md5('bench-refresh-' || n || random()::text), 'clubroom-bench', '127.0.0.1', now() + interval '7 days', now() + interval '7 days'
    from ids`;
  await sql`insert into app_settings (key, value) values ('jwt_secret', ${randomBytes(48).toString('hex')}) on conflict do nothing`;
});

await step('conversation pairs', async () => {
  await sql`create temp table pairs (a int not null, b int not null, k int not null)`;
  // Long threads first: the final insert keeps the first MESSAGE_COUNT messages.
  await sql`insert into pairs values (1, 2, 3000), (3, 11, 1500)`;
  await sql`
    insert into pairs
    select u, b, k from (
      select u,
        case when r < 0.08 then 1 + floor(random() * ${HEAVY_USERS})::int
             when r < 0.28 then ${HEAVY_USERS + 1} + floor(random() * ${CLUB_OWNERS - HEAVY_USERS})::int
             else 1 + floor(random() * ${USER_COUNT})::int end as b,
        1 + floor(-ln(1.0 - random()) * 4.3)::int as k
      from generate_series(1, ${USER_COUNT}::int) u
      cross join lateral generate_series(1, 4 + floor(random() * 37)::int + 0 * u) j
      cross join lateral (select random() + 0 * j as r) x
      offset 0
    ) p where b <> u`;
});

await step(`${MESSAGE_COUNT.toLocaleString('en')} messages`, async () => {
  await sql`
    insert into messages (sender_id, recipient_id, subject, content, read, read_at, created_at)
    select s.id, r.id, subject, content, read, case when read then t + random() * interval '2 days' end, t
    from (
      select case when d then a else b end as sender, case when d then b else a end as recipient,
        (array['Training on Saturday','Kit for the new season','Volunteering at the fun run','Membership fees','Match report',
               'Coaching course','Lost property','Summer tournament','Minibus for the away game','Club dinner','Pitch booking','First aid cover'])[1 + floor(random() * 12)::int] as subject,
        (array['Hi, just checking in about this. ','Thanks for getting back to me so quickly. ','Could you let me know by Friday? ','Great to see everyone last week. '])[1 + floor(random() * 4)::int]
          || (array['The session starts at 7pm at the main ground and we need two more helpers for the warm-up.',
                    'I have added your name to the list; bring your own water bottle and a spare top.',
                    'The committee agreed the new times, which are now on the noticeboard and in the newsletter.',
                    'We are short of drivers for Sunday, so any help with lifts would be very welcome indeed.',
                    'Please fill in the medical form before the first session so that the coaches have it on file.'])[1 + floor(random() * 5)::int]
          || repeat(' See you there.', floor(random() * 6)::int) as content,
        random() < 0.7 as read,
        now() - random() * interval '365 days' as t
      from (select a, b, random() < 0.5 as d from pairs, generate_series(1, k) offset 0) m
      limit ${MESSAGE_COUNT}
    ) g
    join ids s on s.n = g.sender
    join ids r on r.n = g.recipient`;
  await sql`
    insert into notifications (user_id, kind, type, title, description, action_url, message_id, read, created_at)
    select m.recipient_id, 'message_received', 'message', 'New message from ' || coalesce(c.name, u.full_name), left(m.content, 50), '/messages/' || m.sender_id, m.id, false, m.created_at
    from messages m join users u on u.id = m.sender_id left join clubs c on c.id = m.sender_id
    where not m.read`;
});

await step('indexes and foreign keys', async () => {
  for (const ix of indexes) await sql.unsafe(ix.indexdef);
  for (const fk of foreignKeys) await sql.unsafe(`alter table ${fk.table} add constraint "${fk.name}" ${fk.def}`);
});

// autovacuum may be off (it is on the bench machine): statistics and the visibility map are made here.
await step('vacuum analyze', () => sql`vacuum (analyze) users, clubs, sessions, messages, notifications`);

console.log(`\nGenerated in ${elapsed()}. Every user's password: ${BENCH_PASSWORD}\n`);

const [counts] = await sql<{ users: number; clubs: number; messages: number; unread: number; notifications: number }[]>`
  select (select count(*) from users)::int as users, (select count(*) from clubs)::int as clubs,
    (select count(*) from messages)::int as messages, (select count(*) from messages where not read)::int as unread,
    (select count(*) from notifications)::int as notifications`;
const spread = await sql<{ bucket: number; users: number; min: number; median: number; max: number; max_messages: number }[]>`
  with sides as (
    select sender_id as me, recipient_id as partner from messages
    union all
    select recipient_id, sender_id from messages
  ),
  per_user as (select me, count(distinct partner)::int as partners, count(*)::int as messages from sides group by me)
  select case when n <= ${HEAVY_USERS} then 1 when n <= ${CLUB_OWNERS} then 2 else 3 end as bucket,
    count(*)::int as users, min(partners) as min, percentile_disc(0.5) within group (order by partners) as median, max(partners) as max,
    max(messages) as max_messages
  from per_user join ids on ids.id = per_user.me group by 1 order by 1`;
await sql.end();

console.log(JSON.stringify(counts));
console.log(`Unread: ${((100 * counts!.unread) / counts!.messages).toFixed(1)}%`);
console.log('Conversations (distinct partners) per user:');
const buckets = ['', `heavy (1-${HEAVY_USERS})`, `clubs (${HEAVY_USERS + 1}-${CLUB_OWNERS})`, 'others'];
for (const s of spread) console.log(`  ${buckets[s.bucket]}: ${s.users} users, min ${s.min}, median ${s.median}, max ${s.max} (most messages of one user: ${s.max_messages})`);
