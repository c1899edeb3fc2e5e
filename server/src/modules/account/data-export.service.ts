// "Download my data" (issue 28): a member asks; a job builds a .zip of JSON and CSV files with a
// README explaining every file and column, keeps it for DATA_EXPORT_DAYS and emails a signed,
// expiring link (through the dispatcher); a second job empties it when it expires. Only what is
// the member's goes in: of the people they dealt with, names (as the app shows them), never an
// email address or anything else of theirs.
import { stringify } from 'csv-stringify/sync';
import { and, desc, eq, getTableColumns, gt, inArray, sql } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { rowsOf, type Db, type Executor } from '../../db/client.js';
import {
  clubSessions,
  sessionAnswers,
  announcementReceipts,
  apiTokens,
  clubAnnouncements,
  clubMeetingTimes,
  clubs,
  clubVolunteerPositions,
  contentReports,
  dataExports,
  memberBlocks,
  messages,
  notifications,
  pushSubscriptions,
  webhookEndpoints,
  sessions,
  users,
  volunteerApplications,
  volunteerHours,
  volunteerCertificates,
  volunteerProfiles,
  type DataExportRow,
} from '../../db/schema/index.js';
import { Topic, type PubSub } from '../../graphql/pubsub.js';
import type { ClaimedJob, JobOutcome } from '../../jobs/worker.js';
import { scheduleJob } from '../../jobs/queue.js';
import { AppError, errors } from '../../lib/errors.js';
import type { SignedLinks } from '../../lib/signed-links.js';
import type { Viewer } from '../../lib/viewer.js';
import type { NotificationPreferencesService } from '../notifications/notification-preferences.service.js';
import type { NotificationDispatcher } from '../notifications/notify.service.js';
import { ACCOUNT_MESSAGES as M, DATA_EXPORT_DAYS, DATA_EXPORTS_LISTED, DATA_EXPORTS_PER_DAY } from './account.rules.js';

export const DATA_EXPORT_JOB = 'data-export';
export const DATA_EXPORT_EXPIRY_JOB = 'data-export-expiry';

export type DataExportView = Omit<DataExportRow, 'archive'>;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : '');
const csv = (header: string[], rows: unknown[][]) => stringify([header, ...rows]);

/** Each file of the archive and what its columns mean (the README is written from this). */
const FILES: Record<string, { about: string; columns?: Record<string, string> }> = {
  'account.json': { about: 'Your account: id, email, name, status, whether you are a platform administrator, when it was created.' },
  'club.json': { about: 'The club your account speaks for (if any): its profile, weekly meeting times, volunteer positions and announcements.' },
  'volunteer-profile.json': { about: 'Your volunteer profile (if any).' },
  'messages.csv': {
    about: 'Every private message you sent or received that a moderator has not removed.',
    columns: { direction: '"sent" or "received"', with: 'the other member, by the name the app shows (never their email)', subject: 'the subject', content: 'the text', sent_at: 'when it was sent (UTC, ISO 8601)', read: 'whether the recipient has read it' },
  },
  'applications.csv': {
    about: 'Your volunteer applications.',
    columns: { position: 'the position applied for', club: 'the club', status: 'pending, accepted, rejected or withdrawn', message: 'your message', applied_at: 'when (UTC)', updated_at: 'last change (UTC)' },
  },
  'applications-received.csv': {
    about: "Applications to your club's positions (if you own a club).",
    columns: { position: 'the position', volunteer: "the volunteer's name", status: 'the status', message: "the volunteer's message", applied_at: 'when (UTC)' },
  },
  'volunteer-hours.csv': {
    about: 'The hours you gave as a volunteer: confirmed from shifts, or claimed by you.',
    columns: {
      club: 'the club',
      position: 'the position',
      source: 'shift (the club confirmed you attended) or claim (you claimed them)',
      work_date: 'the day (YYYY-MM-DD, the club’s calendar)',
      hours: 'how many hours',
      note: 'your note, if any',
      status: 'pending, approved, declined or revoked',
      reason: 'the club’s reason for declining or revoking, if any',
      decided_at: 'when the club decided (UTC), if it did',
      recorded_at: 'when they were recorded (UTC)',
    },
  },
  'announcements.csv': {
    about: 'The announcements of clubs you follow that were sent to you (those a moderator has not removed).',
    columns: { club: 'the club', title: 'the headline', text: 'the text', delivered_at: 'when it reached you (UTC)', read_at: 'when you opened it (UTC), if you did' },
  },
  'safeguarding-checks.csv': {
    about: 'The safeguarding checks on your volunteer profile (only what you recorded: kind and dates), and which clubs verified them.',
    columns: { kind: 'the kind of check', issued_on: 'when it was issued', expires_on: 'when it expires or is due for renewal', recorded_at: 'when you recorded it (UTC)', verified_by: 'the clubs that verified it, each with when (UTC), separated by "; "' },
  },
  'safeguarding-check-history.csv': {
    about: 'The audit of your safeguarding checks: every view by a club owner or an administrator, and every change.',
    columns: { kind: 'the kind of check', action: 'recorded, changed, deleted, viewed, verified, unverified or reminded', by: 'who (by the name the app shows; empty for the platform’s own reminder)', club: 'the club it was for, if any', at: 'when (UTC)' },
  },
  'session-answers.csv': {
    about: 'Your answers to clubs’ sessions and events.',
    columns: { club: 'the club', session: 'the session or event', starts_at: 'when it starts (UTC)', answer: 'going, cant (can’t make it) or waiting (on the waiting list)', reason: 'your reason, if you gave one', answered_at: 'when you answered (UTC)' },
  },
  'reports.csv': {
    about: 'The content reports you made to the moderators.',
    columns: { about: 'what you reported (its label when you reported it)', type: 'message, volunteer profile, opportunity or club', reason: 'the reason you chose', details: 'your words', status: 'the outcome', reported_at: 'when (UTC)' },
  },
  'notifications.csv': {
    about: 'Your notifications (the bell).',
    columns: { kind: 'which kind', title: 'the headline', description: 'the text', read: 'whether you read it', created_at: 'when (UTC)' },
  },
  'sessions.csv': {
    about: 'Your sign-ins (sessions) and where they came from.',
    columns: { signed_in_at: 'when (UTC)', last_active_at: 'last refresh (UTC)', ended_at: 'when it was signed out or revoked, if it was', browser: 'the browser as it named itself', ip_address: 'the address it came from' },
  },
  'api-tokens.csv': {
    about: 'Your personal API tokens (their names and rights; never the secrets).',
    columns: { name: 'the name', prefix: 'the first characters of the token', scopes: 'its rights', created_at: 'when (UTC)', last_used_at: 'last use (UTC)', expires_at: 'expiry (UTC)', revoked_at: 'when revoked (UTC)' },
  },
  'webhook-endpoints.csv': {
    about: 'Your webhook endpoints (where Clubroom sends events for you; never their signing secrets).',
    columns: { kind: 'member, club or platform', url: 'the address events are sent to', event_kinds: 'the event kinds it asked for, separated by spaces', description: 'your words', scopes: 'the rights it was made with', status: 'active or disabled', created_at: 'when (UTC)' },
  },
  'notification-settings.json': { about: 'How notifications reach you: every kind and channel, email cadence, quiet hours, time zone, muted clubs (by name) and blocked members (by name).' },
  'certificates.csv': {
    about: 'The certificates of your approved volunteer hours you asked for (the PDFs themselves download from your certificates page).',
    columns: { code: 'the verification code (anyone can check it at /verify/{code})', clubs: 'the clubs it states, separated by "; "', from: 'the first day of its period', to: 'the last day', total_minutes: 'the approved minutes it states', status: 'pending, ready or failed (its PDF)', issued_at: 'when it was issued (UTC)' },
  },
  'push-devices.csv': {
    about: 'The devices where you turned push notifications on.',
    columns: { label: 'the name you gave', push_service: "the push service's host", created_at: 'when (UTC)', last_success_at: 'last push delivered (UTC)' },
  },
};

function readme(name: string, at: Date): string {
  const sections = Object.entries(FILES).map(([file, { about, columns }]) => {
    const cols = columns ? `\n\n${Object.entries(columns).map(([c, d]) => `- \`${c}\`: ${d}`).join('\n')}` : '';
    return `## ${file}\n\n${about}${cols}`;
  });
  return `# Your Clubroom data\n\nThe archive of ${name}'s data, made ${at.toISOString()}. Dates and times are UTC (ISO 8601); CSV files are RFC 4180 with a header row, UTF-8.\n\n${sections.join('\n\n')}\n`;
}

export class DataExportService {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      links: SignedLinks;
      notify: Pick<NotificationDispatcher, 'notify'>;
      preferences: Pick<NotificationPreferencesService, 'view'>;
      pubsub: PubSub;
      appUrl: string;
    },
  ) {}

  /** Asks for an archive: one at a time, DATA_EXPORTS_PER_DAY a day. The job is queued in the
   *  same transaction (under a lock on the member's exports, so two asks at once are one). */
  async request(viewer: Viewer): Promise<DataExportView> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`data_exports:${viewer.userId}`}, 0))`);
      const recent = await tx
        .select({ status: dataExports.status })
        .from(dataExports)
        .where(and(eq(dataExports.userId, viewer.userId), gt(dataExports.requestedAt, sql`now() - interval '24 hours'`)));
      if (recent.some((r) => r.status === 'pending')) throw errors.validation(M.exportRunning);
      if (recent.length >= DATA_EXPORTS_PER_DAY) throw new AppError('RATE_LIMITED', M.exportsPerDay);
      const [row] = await tx.insert(dataExports).values({ userId: viewer.userId }).returning();
      await scheduleJob(tx, { kind: DATA_EXPORT_JOB, key: `data-export:${row!.id}`, runAt: new Date(), payload: { exportId: row!.id } });
      await this.deps.pubsub.publish(Topic.OutboxQueued, {}, { executor: tx });
      const { archive: _archive, ...view } = row!;
      return view;
    });
  }

  async list(userId: string): Promise<DataExportView[]> {
    const { archive: _archive, ...columns } = getTableColumns(dataExports);
    return this.db.select(columns).from(dataExports).where(eq(dataExports.userId, userId)).orderBy(desc(dataExports.requestedAt)).limit(DATA_EXPORTS_LISTED);
  }

  /** The signed download link of a ready archive (valid until it expires). */
  async downloadUrl(row: DataExportView): Promise<string | null> {
    if (row.status !== 'ready' || !row.expiresAt || row.expiresAt.getTime() <= Date.now()) return null;
    const ttl = Math.floor((row.expiresAt.getTime() - Date.now()) / 1000);
    const token = await this.deps.links.sign({ sub: row.userId, export: row.id }, ttl);
    return `${this.deps.appUrl}/api/me/data-export?token=${token}`;
  }

  /** The archive a download link names, while it is ready. */
  async download(token: string): Promise<{ filename: string; bytes: Uint8Array }> {
    const check = await this.deps.links.verify<{ export?: unknown }>(token);
    if (!check.ok || typeof check.claims.export !== 'string' || typeof check.claims.sub !== 'string') throw errors.notFound(M.exportLinkInvalid);
    const [row] = await this.db
      .select()
      .from(dataExports)
      .where(and(eq(dataExports.id, check.claims.export), eq(dataExports.userId, check.claims.sub), eq(dataExports.status, 'ready')));
    if (!row?.archive) throw errors.notFound(M.exportLinkInvalid);
    return { filename: `clubroom-data-${row.readyAt!.toISOString().slice(0, 10)}.zip`, bytes: row.archive };
  }

  /** The job: builds the archive, keeps it, schedules its expiry and tells the member (by email,
   *  which is required for this kind, with the link), all in the job's transaction. */
  readonly build = async (tx: Executor, job: ClaimedJob): Promise<JobOutcome> => {
    const exportId = String(job.payload.exportId);
    const [row] = await tx.select({ userId: dataExports.userId, status: dataExports.status }).from(dataExports).where(eq(dataExports.id, exportId));
    if (!row || row.status !== 'pending') return { done: true };
    const archive = await this.archive(tx, row.userId);
    const expiresAt = new Date(Date.now() + DATA_EXPORT_DAYS * 86_400_000);
    const [ready] = await tx
      .update(dataExports)
      .set({ status: 'ready', readyAt: sql`now()`, expiresAt, archive: Buffer.from(archive), sizeBytes: archive.byteLength })
      .where(eq(dataExports.id, exportId))
      .returning();
    await scheduleJob(tx, { kind: DATA_EXPORT_EXPIRY_JOB, key: `data-export-expiry:${exportId}`, runAt: expiresAt, payload: { exportId } });
    const url = (await this.downloadUrl(ready!))!;
    await this.deps.notify.notify(tx, row.userId, {
      kind: 'data_export_ready',
      title: 'Your data archive is ready',
      description: `Download it from your profile page until ${expiresAt.toUTCString()}.`,
      actionUrl: '/profile',
      email: {
        subject: 'Your Clubroom data archive is ready',
        paragraphs: [
          `The archive of your data you asked for is ready: a .zip of JSON and CSV files with a README that explains each of them. The link works until ${expiresAt.toUTCString()}, and only for you: do not share it.`,
          "If you did not ask for it, change your password: someone else may be signed in to your account.",
        ],
        action: { url, label: 'Download your data' },
      },
    });
    return { done: true };
  };

  /** The expiry job: the archive goes. */
  readonly expire = async (tx: Executor, job: ClaimedJob): Promise<JobOutcome> => {
    await tx
      .update(dataExports)
      .set({ status: 'expired', archive: null })
      .where(and(eq(dataExports.id, String(job.payload.exportId)), eq(dataExports.status, 'ready')));
    return { done: true };
  };

  private async archive(tx: Executor, userId: string): Promise<Uint8Array> {
    const [account] = await tx.select().from(users).where(eq(users.id, userId));
    const [club] = await tx.select().from(clubs).where(eq(clubs.id, userId));
    const [profile] = await tx.select().from(volunteerProfiles).where(eq(volunteerProfiles.userId, userId));
    const files: Record<string, Uint8Array> = {};
    const put = (name: string, text: string) => (files[name] = strToU8(text));
    const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

    put('account.json', json({ id: account!.id, email: account!.email, fullName: account!.fullName, status: account!.status, isPlatformAdmin: account!.isPlatformAdmin, createdAt: account!.createdAt }));
    if (club) {
      const { searchVector: _search, adminNotes: _notes, ...own } = club;
      const times = await tx.select().from(clubMeetingTimes).where(eq(clubMeetingTimes.clubId, userId));
      const positions = await tx.select().from(clubVolunteerPositions).where(eq(clubVolunteerPositions.clubId, userId));
      const posted = await tx.select().from(clubAnnouncements).where(eq(clubAnnouncements.clubId, userId)).orderBy(clubAnnouncements.createdAt);
      put(
        'club.json',
        json({
          ...own,
          meetingTimes: times.map(({ clubId: _c, ...t }) => t),
          positions: positions.map(({ clubId: _c, searchVector: _s, ...p }) => p),
          announcements: posted.map(({ clubId: _c, authorId: _a, ...a }) => a),
        }),
      );
    }
    if (profile) {
      const { searchVector: _search, skillKeys: _keys, ...own } = profile;
      put('volunteer-profile.json', json(own));
    }

    // The other side of a conversation by the name the app shows (a club account: its club).
    const names = async (ids: string[]) => {
      if (ids.length === 0) return new Map<string, string>();
      const rows = await tx.select({ id: users.id, fullName: users.fullName, club: clubs.name }).from(users).leftJoin(clubs, eq(clubs.id, users.id)).where(inArray(users.id, ids));
      return new Map(rows.map((r) => [r.id, r.club ?? r.fullName]));
    };
    const mine = await tx
      .select()
      .from(messages)
      .where(and(sql`(${messages.senderId} = ${userId} or ${messages.recipientId} = ${userId})`, sql`${messages.removedAt} is null`))
      .orderBy(messages.createdAt);
    const partners = await names([...new Set(mine.map((m) => (m.senderId === userId ? m.recipientId : m.senderId)))]);
    put(
      'messages.csv',
      csv(
        ['direction', 'with', 'subject', 'content', 'sent_at', 'read'],
        mine.map((m) => {
          const sent = m.senderId === userId;
          return [sent ? 'sent' : 'received', partners.get(sent ? m.recipientId : m.senderId) ?? 'Former member', m.subject, m.content, iso(m.createdAt), m.read];
        }),
      ),
    );

    const applied = await tx
      .select({ position: clubVolunteerPositions.title, club: clubs.name, status: volunteerApplications.status, message: volunteerApplications.message, at: volunteerApplications.appliedAt, updated: volunteerApplications.updatedAt })
      .from(volunteerApplications)
      .innerJoin(clubVolunteerPositions, eq(clubVolunteerPositions.id, volunteerApplications.positionId))
      .innerJoin(clubs, eq(clubs.id, volunteerApplications.clubId))
      .where(eq(volunteerApplications.volunteerId, userId))
      .orderBy(volunteerApplications.appliedAt);
    put('applications.csv', csv(['position', 'club', 'status', 'message', 'applied_at', 'updated_at'], applied.map((a) => [a.position, a.club, a.status, a.message, iso(a.at), iso(a.updated)])));
    if (club) {
      const received = await tx
        .select({ position: clubVolunteerPositions.title, volunteerId: volunteerApplications.volunteerId, status: volunteerApplications.status, message: volunteerApplications.message, at: volunteerApplications.appliedAt })
        .from(volunteerApplications)
        .innerJoin(clubVolunteerPositions, eq(clubVolunteerPositions.id, volunteerApplications.positionId))
        .where(eq(volunteerApplications.clubId, userId))
        .orderBy(volunteerApplications.appliedAt);
      const volunteers = await names([...new Set(received.map((r) => r.volunteerId))]);
      put('applications-received.csv', csv(['position', 'volunteer', 'status', 'message', 'applied_at'], received.map((r) => [r.position, volunteers.get(r.volunteerId) ?? 'Former member', r.status, r.message, iso(r.at)])));
    }

    const given = await tx
      .select({ club: clubs.name, position: clubVolunteerPositions.title, hours: volunteerHours })
      .from(volunteerHours)
      .innerJoin(clubVolunteerPositions, eq(clubVolunteerPositions.id, volunteerHours.positionId))
      .innerJoin(clubs, eq(clubs.id, volunteerHours.clubId))
      .where(eq(volunteerHours.volunteerId, userId))
      .orderBy(volunteerHours.workDate, volunteerHours.createdAt);
    put(
      'volunteer-hours.csv',
      csv(
        ['club', 'position', 'source', 'work_date', 'hours', 'note', 'status', 'reason', 'decided_at', 'recorded_at'],
        given.map(({ club: c, position, hours: h }) => [c, position, h.source, h.workDate, Math.round((h.minutes / 60) * 100) / 100, h.note, h.status, h.reason ?? '', iso(h.decidedAt), iso(h.createdAt)]),
      ),
    );

    const reached = await tx
      .select({ club: clubs.name, title: clubAnnouncements.title, body: clubAnnouncements.body, deliveredAt: announcementReceipts.deliveredAt, readAt: announcementReceipts.readAt })
      .from(announcementReceipts)
      .innerJoin(clubAnnouncements, eq(clubAnnouncements.id, announcementReceipts.announcementId))
      .innerJoin(clubs, eq(clubs.id, clubAnnouncements.clubId))
      .where(and(eq(announcementReceipts.userId, userId), sql`${clubAnnouncements.removedAt} is null`))
      .orderBy(announcementReceipts.deliveredAt);
    put('announcements.csv', csv(['club', 'title', 'text', 'delivered_at', 'read_at'], reached.map((a) => [a.club, a.title, a.body, iso(a.deliveredAt), iso(a.readAt)])));

    const checks = rowsOf<{ kind: string; issuedOn: string; expiresOn: string; createdAt: string; verifiedBy: string | null }>(
      await tx.execute(sql`
        select k.name as kind, c.issued_on::text as "issuedOn", c.expires_on::text as "expiresOn", to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
          (select string_agg(cl.name || ' (' || to_char(v.verified_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || ')', '; ' order by v.verified_at)
             from volunteer_check_verifications v join clubs cl on cl.id = v.club_id where v.check_id = c.id) as "verifiedBy"
        from volunteer_checks c join check_kinds k on k.id = c.kind_id where c.volunteer_id = ${userId} order by lower(k.name)`),
    );
    put('safeguarding-checks.csv', csv(['kind', 'issued_on', 'expires_on', 'recorded_at', 'verified_by'], checks.map((c) => [c.kind, c.issuedOn, c.expiresOn, c.createdAt, c.verifiedBy ?? ''])));
    const checkEvents = rowsOf<{ kind: string | null; action: string; actorId: string | null; club: string | null; at: Date | string }>(
      await tx.execute(sql`
        select coalesce(k.name, e.detail->>'kind') as kind, e.action, e.actor_id as "actorId", cl.name as club, e.created_at as at
        from volunteer_check_events e
        left join volunteer_checks c on c.id = e.check_id left join check_kinds k on k.id = c.kind_id
        left join clubs cl on cl.id = e.club_id
        where e.volunteer_id = ${userId} order by e.created_at, e.id`),
    );
    const actors = await names([...new Set(checkEvents.flatMap((e) => (e.actorId ? [e.actorId] : [])))]);
    put(
      'safeguarding-check-history.csv',
      csv(['kind', 'action', 'by', 'club', 'at'], checkEvents.map((e) => [e.kind ?? '', e.action, e.actorId ? (actors.get(e.actorId) ?? 'Former member') : '', e.club ?? '', iso(new Date(e.at))])),
    );

    const answered = await tx
      .select({ club: clubs.name, kind: clubSessions.kind, title: clubSessions.title, startsAt: clubSessions.startsAt, answer: sessionAnswers.answer, reason: sessionAnswers.reason, at: sessionAnswers.answeredAt })
      .from(sessionAnswers)
      .innerJoin(clubSessions, eq(clubSessions.id, sessionAnswers.sessionId))
      .innerJoin(clubs, eq(clubs.id, clubSessions.clubId))
      .where(eq(sessionAnswers.userId, userId))
      .orderBy(clubSessions.startsAt);
    put('session-answers.csv', csv(['club', 'session', 'starts_at', 'answer', 'reason', 'answered_at'], answered.map((a) => [a.club, a.kind === 'event' && a.title ? a.title : `${a.club} training`, iso(a.startsAt), a.answer, a.reason ?? '', iso(a.at)])));

    const reports = await tx.select().from(contentReports).where(eq(contentReports.reporterId, userId)).orderBy(contentReports.createdAt);
    put('reports.csv', csv(['about', 'type', 'reason', 'details', 'status', 'reported_at'], reports.map((r) => [r.targetLabel, r.targetType, r.reason, r.details ?? '', r.status, iso(r.createdAt)])));

    const bell = await tx.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.createdAt);
    put('notifications.csv', csv(['kind', 'title', 'description', 'read', 'created_at'], bell.map((n) => [n.kind, n.title, n.description, n.read, iso(n.createdAt)])));

    const signIns = await tx.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(sessions.createdAt);
    put('sessions.csv', csv(['signed_in_at', 'last_active_at', 'ended_at', 'browser', 'ip_address'], signIns.map((s) => [iso(s.createdAt), iso(s.lastRefreshedAt), iso(s.revokedAt), s.userAgent ?? '', s.ipAddress ?? ''])));

    const tokens = await tx.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(apiTokens.createdAt);
    put('api-tokens.csv', csv(['name', 'prefix', 'scopes', 'created_at', 'last_used_at', 'expires_at', 'revoked_at'], tokens.map((t) => [t.name, t.prefix, t.scopes.join(' '), iso(t.createdAt), iso(t.lastUsedAt), iso(t.expiresAt), iso(t.revokedAt)])));

    const hooks = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)).orderBy(webhookEndpoints.createdAt);
    put('webhook-endpoints.csv', csv(['kind', 'url', 'event_kinds', 'description', 'scopes', 'status', 'created_at'], hooks.map((h) => [h.kind, h.url, h.eventKinds.join(' '), h.description, h.scopes.join(' '), h.status, iso(h.createdAt)])));

    const settings = await this.deps.preferences.view(userId, tx);
    const muted = settings.mutedClubIds.length ? await tx.select({ name: clubs.name }).from(clubs).where(inArray(clubs.id, settings.mutedClubIds)) : [];
    const blocked = await tx.select({ id: memberBlocks.blockedId }).from(memberBlocks).where(eq(memberBlocks.blockerId, userId));
    const blockedNames = await names(blocked.map((b) => b.id));
    const { userId: _u, mutedClubIds: _m, ...shown } = settings;
    put('notification-settings.json', json({ ...shown, mutedClubs: muted.map((c) => c.name), blockedMembers: [...blockedNames.values()] }));

    const certificates = await tx.select().from(volunteerCertificates).where(eq(volunteerCertificates.volunteerId, userId)).orderBy(volunteerCertificates.issuedAt);
    put(
      'certificates.csv',
      csv(
        ['code', 'clubs', 'from', 'to', 'total_minutes', 'status', 'issued_at'],
        certificates.map((c) => [c.code, ((c.facts as { clubs?: Array<{ name: string }> }).clubs ?? []).map((club) => club.name).join('; '), c.fromDate, c.toDate, c.totalMinutes, c.status, iso(c.issuedAt)]),
      ),
    );

    const devices = await tx.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(pushSubscriptions.createdAt);
    put('push-devices.csv', csv(['label', 'push_service', 'created_at', 'last_success_at'], devices.map((d) => [d.label, new URL(d.endpoint).host, iso(d.createdAt), iso(d.lastSuccessAt)])));

    put('README.md', readme(account!.fullName, new Date()));
    return zipSync(files, { level: 6 });
  }
}

declare module '../../lib/services.js' {
  interface Services {
    dataExports: DataExportService;
  }
}
