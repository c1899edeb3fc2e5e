// The bare baseline of the reminder run (bench/session-reminders.ts): the same work as Clubroom's
// reminder job for one session, done by hand with postgres.js and jose, in one transaction and as
// few statements as the data allows: the session and its club (1), the followers to remind with
// their answer, address and name (1), every bell entry (1, from arrays: unnest), every email with
// its per-member Going / Can't make it links and one-click unsubscribe link, each signed (1), and
// the live events (the bell's NOTIFICATION_ADDED and NOTIFICATIONS_CHANGED per member, one
// OUTBOX_QUEUED) in one pg_notify over an array (1). The text of the bell entries and emails is
// Clubroom's, written here by hand (the bench checks both give the same rows). It knows what the
// bench's data holds: nobody chose otherwise for reminders, muted the club or is suspended, and
// nobody has a push device, so it reads no preferences, mutes, blocks or devices.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type postgres from 'postgres';

export interface RemindersBarePlan {
  sessionId: string;
  appUrl: string;
  /** The platform's time zone, for a club without its own. */
  timeZone: string;
  /** The signing secrets of the one-tap answer links and of the unsubscribe links (app_settings). */
  answerSecret: string;
  unsubscribeSecret: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const isUrl = (s: string) => /^https?:\/\/\S+$/.test(s);
const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64url');
const CHANNEL = 'clubroom_events';

function when(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hour12: false }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')}, ${part('hour')}:${part('minute')}`;
}

/** Runs the reminder of the plan's session for all its followers; answers the statements sent. */
export async function bareReminders(sql: postgres.Sql, plan: RemindersBarePlan): Promise<number> {
  let statements = 0;
  const answerKey = new TextEncoder().encode(plan.answerSecret);
  const unsubscribeKey = new TextEncoder().encode(plan.unsubscribeSecret);
  const sign = (key: Uint8Array, audience: string, claims: Record<string, string>, ttl: number) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuer('clubroom').setAudience(audience).setIssuedAt().setExpirationTime(Math.floor(Date.now() / 1000) + ttl).sign(key);
  await sql.begin(async (tx) => {
    statements++;
    const [session] = await tx<{ clubId: string; kind: string; title: string | null; place: string | null; startsAt: Date; clubName: string; timeZone: string; byDefault: boolean }[]>`
      select s.club_id as "clubId", s.kind, s.title, s.place, s.starts_at as "startsAt", c.name as "clubName", coalesce(c.time_zone, ${plan.timeZone}) as "timeZone", c.attending_by_default as "byDefault"
      from club_sessions s join clubs c on c.id = s.club_id where s.id = ${plan.sessionId}`;
    if (!session) throw new Error('bare: no such session');
    statements++;
    const followers = await tx<{ userId: string; answer: string | null; email: string; name: string }[]>`
      select f.user_id as "userId", a.answer, u.email, u.full_name as name from club_follows f
      join users u on u.id = f.user_id
      left join session_answers a on a.session_id = ${plan.sessionId} and a.user_id = f.user_id
      where f.club_id = ${session.clubId} and (a.answer is null or a.answer = 'going')`;
    const now = Date.now();
    const name = session.kind === 'event' && session.title ? session.title : `${session.clubName} training`;
    const at = session.place ? ` at ${session.place}` : '';
    const w = when(session.startsAt, session.timeZone);
    const title = `Reminder: ${name}, ${w}`;
    const path = `/clubs/${gid('Club', session.clubId)}/sessions/${gid('ClubSession', plan.sessionId)}`;
    const ttl = Math.max(60, Math.floor((session.startsAt.getTime() - now) / 1000));
    const why = `You receive this email because "Reminder of a session" emails are on in your notification settings. Change them: ${plan.appUrl}/profile/notifications`;
    const byDefault = session.kind === 'session' && session.byDefault;
    const descriptions = followers.map((f) =>
      f.answer === 'going'
        ? `You're going to ${name} on ${w}${at}. Can't make it after all? Tell the club with one tap.`
        : byDefault
          ? `You're counted as going to ${name} on ${w}${at}. Can't make it? Tell the club with one tap.`
          : `${name} is on ${w}${at}. Are you coming? Answer with one tap.`,
    );
    const mails = await Promise.all(
      followers.map(async (f, i) => {
        const [going, cant, unsubscribe] = await Promise.all([
          sign(answerKey, 'session-answer', { sub: f.userId, sid: plan.sessionId, ans: 'going', jti: randomUUID() }, ttl),
          sign(answerKey, 'session-answer', { sub: f.userId, sid: plan.sessionId, ans: 'cant', jti: randomUUID() }, ttl),
          sign(unsubscribeKey, 'unsubscribe', { sub: f.userId, target: 'session_reminder' }, 60 * 86_400),
        ]);
        const unsubscribeUrl = `${plan.appUrl}/unsubscribe?token=${unsubscribe}`;
        const paragraphs = [
          `Hello ${f.name},`,
          descriptions[i]!,
          'Going:',
          `${plan.appUrl}/sessions/answer?token=${going}`,
          'Can’t make it:',
          `${plan.appUrl}/sessions/answer?token=${cant}`,
          'Each link works once, without signing in, until the session starts. You can change your answer on the session’s page.',
        ];
        const footer = [why, `Turn these emails off with one click: ${unsubscribeUrl}`];
        const text = [...paragraphs, `Open the session: ${plan.appUrl}${path}`, 'The Clubroom team', '--', ...footer].join('\n\n');
        const p = (s: string) => (isUrl(s) ? `<p><a href="${esc(s)}">${esc(s)}</a></p>` : `<p>${esc(s).replace(/\n/g, '<br>')}</p>`);
        const small = footer.map((s) => `<p style="color:#555555;font-size:12px">${isUrl(s) ? `<a href="${esc(s)}">${esc(s)}</a>` : esc(s)}</p>`).join('');
        const button = `<p><a href="${esc(`${plan.appUrl}${path}`)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#ffffff;border-radius:6px;text-decoration:none">Open the session</a></p>`;
        const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111111">${paragraphs.map(p).join('')}${button}<p>The Clubroom team</p><hr>${small}</body></html>`;
        return { to: f.email, text: `${text}\n`, html, headers: JSON.stringify({ 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }) };
      }),
    );
    statements++;
    const entries = await tx<{ id: string; userId: string }[]>`
      insert into notifications (user_id, type, kind, title, description, action_url)
      select u, 'system', 'session_reminder', ${title}, d, ${path} from unnest(${followers.map((f) => f.userId)}::uuid[], ${descriptions}::text[]) as v(u, d)
      returning id, user_id as "userId"`;
    statements++;
    await tx`
      insert into mail_outbox ("to", subject, text, html, headers)
      select t, ${title}, x, h, hd::jsonb from unnest(${mails.map((m) => m.to)}::text[], ${mails.map((m) => m.text)}::text[], ${mails.map((m) => m.html)}::text[], ${mails.map((m) => m.headers)}::text[]) as v(t, x, h, hd)`;
    const events = [
      ...entries.map((e) => JSON.stringify({ topic: 'NOTIFICATION_ADDED', id: e.userId, payload: { notificationId: e.id } })),
      ...entries.map((e) => JSON.stringify({ topic: 'NOTIFICATIONS_CHANGED', id: e.userId, payload: {} })),
      JSON.stringify({ topic: 'OUTBOX_QUEUED', payload: {} }),
    ];
    statements++;
    await tx`select pg_notify(${CHANNEL}, e) from unnest(${events}::text[]) as e`;
  });
  return statements;
}
