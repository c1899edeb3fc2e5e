// The dispatcher's batch (notifyMany, issue 29 "Measured"): telling many members at once gives each
// exactly what notify() one after another gives (bell entries, emails with their per-member text
// and links, digest items, push jobs, folding by collapse key, the live events), for members with
// every kind of setting in one batch: defaults, a muted club, a blocked actor, a suspended account,
// a digest, quiet hours, email off, push devices, an entry and an email to fold into, and an id
// with no account. Each way runs in a transaction that is rolled back, on the same members.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../server/src/db/client.js';
import { type PubSub, type Topic } from '../../server/src/graphql/pubsub.js';
import { NotificationsService } from '../../server/src/modules/notifications/notifications.service.js';
import { NotificationDispatcher, type DispatchResult, type NotificationEvent } from '../../server/src/modules/notifications/notify.service.js';
import { dbOf } from '../helpers/messages.js';
import { startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  // Nothing is sent behind the test's back (the email to fold into stays unsent).
  await server.clubroom.mailWorker.stop();
  await server.clubroom.jobWorker.stop();
});
afterAll(async () => {
  await server?.close();
});

type Row = Record<string, unknown>;
const NOBODY = '00000000-0000-4000-8000-000000000000';

/** The members of the batch, by what is special about them. */
async function members(): Promise<{ ids: Record<string, string>; clubId: string }> {
  const db = dbOf(server);
  const tag = Math.random().toString(36).slice(2, 8);
  const names = ['plain', 'muted', 'blocker', 'suspended', 'digest', 'quiet', 'emailOff', 'push', 'folds', 'owner'];
  const rows = (await db.execute(sql`
    insert into users (email, full_name, password_hash)
    select n || '-' || ${tag} || '@batch.clubroom.test', initcap(n) || ' Member', 'x' from unnest(${sql.param(names)}::text[]) as n
    returning id, split_part(email, '-', 1) as name`)) as unknown as Array<{ id: string; name: string }>;
  const ids = Object.fromEntries(rows.map((r) => [r.name, r.id]));
  const clubId = ids.owner!;
  await db.execute(sql`insert into clubs (id, name, contact_email, application_status) values (${clubId}, ${`Batch Club ${tag}`}, ${`owner-${tag}@batch.clubroom.test`}, 'approved')`);
  await db.execute(sql`insert into notification_club_mutes (user_id, club_id) values (${ids.muted}, ${clubId})`);
  await db.execute(sql`insert into member_blocks (blocker_id, blocked_id) values (${ids.blocker}, ${clubId})`);
  await db.execute(sql`update users set status = 'suspended' where id = ${ids.suspended}`);
  await db.execute(sql`insert into notification_settings (user_id, email_cadence, time_zone) values (${ids.digest}, 'daily', 'UTC')`);
  // Quiet hours around now, on UTC's clock.
  const minutes = new Date().getUTCHours() * 60 + new Date().getUTCMinutes();
  await db.execute(sql`insert into notification_settings (user_id, quiet_start, quiet_end, time_zone) values (${ids.quiet}, ${(minutes + 1440 - 60) % 1440}, ${(minutes + 60) % 1440}, 'UTC')`);
  await db.execute(sql`insert into notification_preferences (user_id, kind, channel, enabled) values (${ids.emailOff}, 'club_announcement', 'email', false), (${ids.emailOff}, 'session_reminder', 'email', false)`);
  await db.execute(sql`insert into notification_settings (user_id, time_zone, push_previews) values (${ids.push}, 'UTC', true)`);
  for (const device of ['phone', 'laptop']) {
    await db.execute(sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth, label) values (${ids.push}, ${`https://push.batch.invalid/${tag}/${device}`}, ${'B'.repeat(87)}, ${'A'.repeat(22)}, ${device})`);
  }
  // An earlier bell entry and an unsent email with the batch's collapse key, to fold into.
  await db.execute(sql`insert into notifications (user_id, type, kind, title, description, collapse_key) values (${ids.folds}, 'system', 'club_announcement', 'Earlier', 'Earlier news', ${`batch:${tag}`})`);
  await db.execute(sql`insert into mail_outbox ("to", subject, text, collapse_key) values (${`folds-${tag}@batch.clubroom.test`}, 'Earlier', 'Earlier news', ${`batch:${tag}`})`);
  return { ids: { ...ids, [`collapse`]: `batch:${tag}` }, clubId };
}

/** A dispatcher like the server's, whose publishes are also written down. */
function recordingDispatcher(published: Array<{ topic: Topic; id?: string; payload: unknown }>): NotificationDispatcher {
  const real = server.clubroom.pubsub;
  const pubsub: PubSub = {
    ...real,
    publish: async (topic, payload, opts) => {
      published.push({ topic, id: opts?.id, payload });
      await real.publish(topic, payload, opts);
    },
    publishMany: async (topic, events, opts) => {
      for (const e of events) published.push({ topic, id: e.id, payload: e.payload });
      await real.publishMany(topic, events, opts);
    },
  };
  const { config } = server;
  const bell = new NotificationsService(dbOf(server), pubsub, config.writeLimits.collapseMinutes);
  return new NotificationDispatcher(bell, pubsub, {
    push: server.clubroom.services.push,
    appUrl: config.appUrl,
    timeZone: config.councilTimeZone,
    collapseMinutes: config.writeLimits.collapseMinutes,
    unsubscribeUrl: (userId, kind) => server.clubroom.services.notificationPreferences.unsubscribeUrl(userId, kind),
  });
}

class Rollback extends Error {}

/** What one way of telling leaves: the rows it wrote (their generated ids, keys and signed tokens
 *  put aside, "now" as `now`), the live events, and the answers. */
async function outcome(recipients: string[], tell: (d: NotificationDispatcher, tx: Executor) => Promise<DispatchResult[]>) {
  const published: Array<{ topic: Topic; id?: string; payload: unknown }> = [];
  const dispatcher = recordingDispatcher(published);
  let seen: { rows: Record<string, Row[]>; results: DispatchResult[] } | undefined;
  const since = new Date(Date.now() - 1000);
  await dbOf(server)
    .transaction(async (tx) => {
      const started = (await tx.execute(sql`select now() as now`)) as unknown as [{ now: Date }];
      const now = new Date(started[0].now).getTime();
      const results = await tell(dispatcher, tx);
      const when = (v: unknown) => (v instanceof Date || (typeof v === 'string' && /^\d{4}-\d\d-\d\d[T ]\d/.test(v)) ? (Math.abs(new Date(v).getTime() - now) < 60_000 ? 'now' : new Date(v).toISOString()) : v);
      const clean = (v: unknown): unknown => (typeof v === 'string' ? v.replace(/token=[\w.-]+/g, 'token=…') : v && typeof v === 'object' ? JSON.parse(JSON.stringify(v).replace(/token=[\w.-]+/g, 'token=…')) : v);
      const read = async (query: ReturnType<typeof sql>) => ((await tx.execute(query)) as unknown as Row[]).map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, clean(when(v))])));
      const ids = sql.param(recipients);
      const rows = {
        bell: await read(sql`select user_id, type, kind, title, description, action_url, message_id, read, created_at, collapse_key from notifications where user_id = any(${ids}::uuid[]) order by user_id, title`),
        mail: await read(sql`select "to", subject, text, html, headers, status, attempts, next_attempt_at, collapse_key from mail_outbox where created_at >= ${since.toISOString()}::timestamptz or collapse_key is not null order by "to", subject`),
        digest: await read(sql`select user_id, kind, group_key, group_label, title, description, action_url, digest_id from notification_digest_items where user_id = any(${ids}::uuid[]) order by user_id`),
        push: await read(sql`select j.kind, j.run_at, j.status, j.payload - 'subscriptionId' as payload, s.label from jobs j join push_subscriptions s on s.id = (j.payload->>'subscriptionId')::uuid where j.kind = 'push' and s.user_id = any(${ids}::uuid[]) order by s.label`),
      };
      seen = { rows, results };
      throw new Rollback();
    })
    .catch((err) => {
      if (!(err instanceof Rollback)) throw err;
    });
  // The live events: which member heard what (a notification's id stands for its recipient's entry).
  const events = [...new Set(published.map((p) => `${p.topic}:${p.id ?? ''}:${'notificationId' in (p.payload as object) ? 'entry' : JSON.stringify(p.payload)}`))].sort();
  return { ...seen!, events };
}

describe('notifyMany', () => {
  const cases = [
    { name: 'an announcement (one event for all, a club actor, a collapse key)', kind: 'club_announcement' as const, actor: true },
    { name: 'a reminder (each member their own text and links, no actor)', kind: 'session_reminder' as const, actor: false },
  ];
  for (const c of cases) {
    it(`gives each member of a mixed batch exactly what notify() one by one gives: ${c.name}`, async () => {
      const { ids, clubId } = await members();
      const { owner: _owner, collapse, ...people } = ids;
      const recipients = [...Object.values(people), NOBODY];
      const eventFor = (userId: string): NotificationEvent => ({
        kind: c.kind,
        title: 'Club news',
        description: `News for ${userId.slice(0, 8)}`,
        actionUrl: `/clubs/${clubId}`,
        clubId,
        actorId: c.actor ? clubId : null,
        collapseKey: c.actor ? collapse : null,
        group: { key: `club:${clubId}`, label: 'Batch Club' },
        email: { paragraphs: [`Only for ${userId}:`, `http://clubroom.test/sessions/answer?token=${userId}`], action: { url: 'http://clubroom.test/x', label: 'Open' } },
      });
      const one = await outcome(recipients, async (d, tx) => {
        const results: DispatchResult[] = [];
        for (const r of recipients) results.push(await d.notify(tx, r, eventFor(r)));
        return results;
      });
      const many = await outcome(recipients, (d, tx) => d.notifyMany(tx, recipients, async (r) => eventFor(r)));
      expect(many.results).toEqual(one.results);
      expect(many.rows).toEqual(one.rows);
      expect(many.events).toEqual(one.events);

      // And the batch did what each member's settings say.
      const result = (name: string) => many.results[recipients.indexOf(ids[name]!)];
      expect(result('plain')).toEqual({ inApp: true, email: 'instant', push: false });
      expect(result('muted')).toEqual({ inApp: true, email: null, push: false });
      expect(result('blocker')).toEqual(c.actor ? { inApp: false, email: null, push: false } : { inApp: true, email: 'instant', push: false });
      expect(result('suspended')).toEqual({ inApp: false, email: null, push: false });
      expect(result('digest')).toEqual({ inApp: true, email: 'digest', push: false });
      expect(result('emailOff')).toEqual({ inApp: true, email: null, push: false });
      expect(result('push')).toEqual({ inApp: true, email: 'instant', push: true });
      expect(many.results.at(-1)).toEqual({ inApp: false, email: null, push: false });
      expect(many.rows.push).toHaveLength(2);
      expect(many.rows.digest.map((r) => r.user_id)).toEqual([ids.digest]);
      const quietMail = many.rows.mail.find((m) => String(m.to).startsWith('quiet-'));
      expect(quietMail?.next_attempt_at).not.toBe('now');
      expect(String(many.rows.mail.find((m) => String(m.to).startsWith('plain-'))?.text)).toContain(`Only for ${ids.plain}:`);
      if (c.actor) {
        // The earlier entry and unsent email took the news: one row each, not two.
        expect(many.rows.bell.filter((b) => b.user_id === ids.folds).map((b) => b.title)).toEqual(['Club news']);
        expect(many.rows.mail.filter((m) => String(m.to).startsWith('folds-')).map((m) => m.subject)).toEqual(['Club news']);
      }
    });
  }

  it('tells a batch in a fixed number of statements, whatever its size', async () => {
    const db = dbOf(server);
    const { clubId } = await members();
    const count = async (n: number) => {
      const tag = Math.random().toString(36).slice(2, 8);
      const rows = (await db.execute(sql`insert into users (email, full_name, password_hash) select 'many' || i || '-' || ${tag} || '@batch.clubroom.test', 'Many ' || i, 'x' from generate_series(1, ${n}) as i returning id`)) as unknown as Array<{ id: string }>;
      let statements = 0;
      await db.transaction(async (tx) => {
        const counting = new Proxy(tx, { get: (t, k) => (k === 'execute' || k === 'insert' || k === 'update' || k === 'select' || k === 'selectDistinct' ? ((statements++, (t as never)[k]) as (...a: unknown[]) => unknown).bind(t) : (t as never)[k]) });
        await server.clubroom.services.notify.notifyMany(counting as Executor, rows.map((r) => r.id), () => ({ kind: 'club_announcement', title: 'Hi', description: 'All of you', clubId, actorId: clubId }));
      });
      return statements;
    };
    expect(await count(50)).toBe(await count(5));
  });
});
