// EXPLAIN (ANALYZE, BUFFERS) of the four measured statements for a typical and a heavy user, with
// the statement texts and parameters Clubroom sends (bench/queries.ts). Each statement runs once
// before it is explained, so the plans show the warm cache a running server has.
//
//   npx tsx --tsconfig server/tsconfig.json bench/explain.ts
import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect, emailOf, HEAVY_USERS, CLUB_OWNERS, RESULTS, type Sql } from './lib.js';
import { CONVERSATION_SQL, CONVERSATIONS_SQL, INBOX_SQL, params, SESSION_SQL, UNREAD_SQL } from './queries.js';

const sql = connect();

interface Subject {
  label: string;
  id: string;
  partner: string;
  messages: number;
  partners: number;
}

/** A user's id, message and partner counts, and the partner they exchanged most messages with. */
async function subject(sql: Sql, label: string, email: string): Promise<Subject> {
  const [row] = await sql<{ id: string; partner: string; messages: number; partners: number }[]>`
    with me as (select id from users where email = ${email}),
    sides as (
      select case when m.sender_id = me.id then m.recipient_id else m.sender_id end as partner
      from messages m, me where m.sender_id = me.id or m.recipient_id = me.id
    )
    select (select id from me) as id, (select partner from sides group by partner order by count(*) desc limit 1) as partner,
      (select count(*) from sides)::int as messages, (select count(distinct partner) from sides)::int as partners`;
  return { label, ...row! };
}

/** The member (not a club owner, not heavy) whose message count is the median. */
async function typicalEmail(sql: Sql): Promise<string> {
  const [row] = await sql<{ email: string }[]>`
    with counts as (
      select u.email, count(*) as n from users u join messages m on m.sender_id = u.id or m.recipient_id = u.id
      where u.email like 'member%' and u.email > ${emailOf(CLUB_OWNERS)} and u.email <= ${emailOf(CLUB_OWNERS + 200)}
      group by u.email
    )
    select email from counts order by n offset (select count(*) / 2 from counts) limit 1`;
  return row!.email;
}

const subjects = [await subject(sql, 'typical member', await typicalEmail(sql)), await subject(sql, 'heavy user', emailOf(1))];
const [session] = await sql<{ id: string; user_id: string }[]>`select id, user_id from sessions where user_id = ${subjects[0]!.id} limit 1`;

const out: string[] = [];
const seqScans: string[] = [];
const explain = async (title: string, text: string, values: unknown[]) => {
  const run = (prefix: string) => sql.unsafe(prefix + text, values as never[]);
  await run('');
  const plan = (await run('explain (analyze, buffers) ')).map((r) => (r as Record<string, string>)['QUERY PLAN']).join('\n');
  if (/Seq Scan on messages/.test(plan)) seqScans.push(title);
  out.push(`### ${title}\n\n\`\`\`\n${plan}\n\`\`\`\n`);
};

out.push(`## Subjects\n`);
for (const s of subjects) out.push(`- ${s.label}: ${s.messages} messages with ${s.partners} partners; conversation partner: the one with most messages`);
out.push(`- heavy users are 1-${HEAVY_USERS}; user 1 is the heaviest (a 3,000-message thread with user 2)\n`);
await explain('session check (every authenticated request)', SESSION_SQL, [session!.id, session!.user_id]);
for (const s of subjects) {
  await explain(`inbox, ${s.label}`, INBOX_SQL, params.inbox(s.id));
  await explain(`conversations, ${s.label}`, CONVERSATIONS_SQL, params.conversations(s.id));
  await explain(`conversation, ${s.label}`, CONVERSATION_SQL, params.conversation(s.id, s.partner));
  await explain(`unreadMessageCount, ${s.label}`, UNREAD_SQL, params.unreadMessageCount(s.id));
}
// A prepared statement may run a generic plan (one plan for every user), which can differ.
const literal = (v: unknown) => (typeof v === 'string' ? `'${v.replace(/'/g, "''")}'` : String(v));
const generic = async (title: string, text: string, values: unknown[]) => {
  await sql.begin(async (tx) => {
    await tx.unsafe(`set local plan_cache_mode = force_generic_plan`);
    await tx.unsafe(`prepare bench_generic as ${text}`);
    const execute = `execute bench_generic(${values.map(literal).join(', ')})`;
    await tx.unsafe(execute);
    const plan = (await tx.unsafe(`explain (analyze, buffers) ${execute}`)).map((r) => (r as Record<string, string>)['QUERY PLAN']).join('\n');
    await tx.unsafe('deallocate bench_generic');
    if (/Seq Scan on messages/.test(plan)) seqScans.push(title);
    out.push(`### ${title}\n\n\`\`\`\n${plan}\n\`\`\`\n`);
  });
};
for (const s of subjects) await generic(`conversations, ${s.label}, generic plan (prepared statement)`, CONVERSATIONS_SQL, params.conversations(s.id));

out.push(seqScans.length ? `Sequential scans on messages: ${seqScans.join('; ')}` : 'No plan scans messages sequentially.');
await sql.end();

const report = out.join('\n');
console.log(report);
writeFileSync(join(RESULTS, 'explain.md'), `${report}\n`);
