// npm run seed:demo — fills the configured database (DATABASE_URL, or PGlite in DATA_DIR) with a
// realistic local sports community for people trying Clubroom (clubs with profiles, weekly
// sessions and volunteer positions, and volunteers). Safe to run twice: accounts that
// already exist are left alone.
import { DEFAULT_PASSWORD_HASH_COST, hashPassword } from '../lib/password-hash.js';
import 'reflect-metadata';
import { and, eq, sql } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import {
  checkKinds,
  clubMeetingTimes,
  clubs,
  clubVolunteerPositions,
  contentReports,
  councilMeetings,
  users,
  volunteerApplicationEvents,
  volunteerApplications,
  volunteerProfiles,
  type ApplicationStatusValue,
} from '../db/schema/index.js';
import { todayIn } from '../modules/council/council.rules.js';
import { windowJobNow } from '../modules/sessions/session-planner.service.js';
import { scheduleJob } from '../jobs/queue.js';
import { DEMO_CLUBS as CLUBS, DEMO_MEETINGS, DEMO_VOLUNTEERS as VOLUNTEERS, demoSkillsFor } from './seed-demo-data.js';

export const DEMO_PASSWORD = 'Clubroom-Demo1!';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, prepare: config.databasePrepare });
await database.migrate();
const { db } = database;
const passwordHash = await hashPassword(DEMO_PASSWORD, DEFAULT_PASSWORD_HASH_COST);

async function ensureUser(fullName: string, email: string): Promise<string | null> {
  const [row] = await db.insert(users).values({ email, fullName, passwordHash }).onConflictDoNothing().returning({ id: users.id });
  return row?.id ?? null;
}

let created = 0;
for (const [i, club] of CLUBS.entries()) {
  const id = await ensureUser(club.owner, club.email);
  if (!id) continue;
  const createdAt = new Date(Date.now() - (CLUBS.length - i) * 3 * 86_400_000);
  const reviewed = club.status !== 'pending';
  await db.insert(clubs).values({
    id,
    name: club.name,
    contactEmail: club.email,
    applicationStatus: club.status,
    verified: club.verified ?? false,
    adminNotes: club.notes ?? null,
    reviewedAt: reviewed ? new Date(createdAt.getTime() + 86_400_000) : null,
    category: club.category,
    description: club.description,
    city: club.city,
    website: club.website ?? null,
    contactPhone: club.phone ?? null,
    profileSavedAt: createdAt,
    createdAt,
    updatedAt: createdAt,
  });
  if (club.sessions.length > 0) {
    await db.insert(clubMeetingTimes).values(club.sessions.map(([dayOfWeek, startTime, endTime]) => ({ clubId: id, dayOfWeek, startTime, endTime })));
  }
  for (const [p, position] of club.positions.entries()) {
    const at = new Date(createdAt.getTime() + (p + 2) * 86_400_000);
    const skills = demoSkillsFor(position.title);
    await db.insert(clubVolunteerPositions).values({
      requiredSkills: skills,
      skillKeys: skills.map((skill) => skill.toLowerCase()),
      clubId: id,
      title: position.title,
      description: position.description,
      timeCommitment: position.timeCommitment,
      location: club.city,
      contactInfo: club.email,
      isLive: position.live,
      createdAt: at,
      updatedAt: at,
    });
  }
  created++;
}
// Volunteers with profiles, each with applications to live positions of approved clubs in every state.
const open = await db
  .select({ id: clubVolunteerPositions.id, clubId: clubVolunteerPositions.clubId })
  .from(clubVolunteerPositions)
  .innerJoin(clubs, eq(clubs.id, clubVolunteerPositions.clubId))
  .where(and(eq(clubVolunteerPositions.isLive, true), eq(clubs.applicationStatus, 'approved')))
  .orderBy(clubVolunteerPositions.createdAt);
const CYCLE: ApplicationStatusValue[] = ['pending', 'accepted', 'pending', 'rejected', 'withdrawn'];
for (const [v, [fullName, email, location, skills, availability, bio]] of VOLUNTEERS.entries()) {
  const id = await ensureUser(fullName, email);
  if (!id) continue;
  created++;
  const [firstName = fullName, ...rest] = fullName.split(' ');
  await db.insert(volunteerProfiles).values({
    userId: id,
    firstName,
    lastName: rest.join(' '),
    email,
    location,
    skills: [...skills],
    skillKeys: skills.map((skill) => skill.toLowerCase()),
    availability: [...availability],
    bio,
  });
  for (let k = 0; k < 2 && open.length > 0; k++) {
    const position = open[(v * 2 + k) % open.length]!;
    const status = CYCLE[(v + k) % CYCLE.length]!;
    const appliedAt = new Date(Date.now() - (VOLUNTEERS.length * 2 - v * 2 - k) * 86_400_000);
    const [application] = await db
      .insert(volunteerApplications)
      .values({ positionId: position.id, volunteerId: id, clubId: position.clubId, status, message: `Hello! I would love to help: ${bio}`, appliedAt, updatedAt: appliedAt })
      .onConflictDoNothing()
      .returning({ id: volunteerApplications.id });
    if (!application) continue;
    await db.insert(volunteerApplicationEvents).values({ applicationId: application.id, status: 'pending', actorId: id, createdAt: appliedAt });
    if (status !== 'pending') {
      const decidedAt = new Date(appliedAt.getTime() + 86_400_000);
      await db.insert(volunteerApplicationEvents).values({ applicationId: application.id, status, actorId: status === 'withdrawn' ? id : position.clubId, createdAt: decidedAt });
    }
  }
}
// Moderation: two open reports for the Moderation tab, and one suspended volunteer for the Users
// tab's Suspended list, once (a second run leaves them alone).
const [{ reports }] = (await db.select({ reports: sql<number>`count(*)::int` }).from(contentReports)) as [{ reports: number }];
if (reports === 0 && VOLUNTEERS.length >= 3) {
  const emails = VOLUNTEERS.slice(0, 3).map(([, email]) => email.toLowerCase());
  const found = await db.select({ id: users.id, email: users.email }).from(users).where(sql`lower(${users.email}) in ${emails}`);
  const idOf = (email: string) => found.find((u) => u.email.toLowerCase() === email)?.id ?? null;
  const [reporterA, reporterB, suspended] = emails.map(idOf);
  const [position] = await db
    .select({ id: clubVolunteerPositions.id, title: clubVolunteerPositions.title, description: clubVolunteerPositions.description, clubId: clubVolunteerPositions.clubId })
    .from(clubVolunteerPositions)
    .where(eq(clubVolunteerPositions.isLive, true))
    .orderBy(clubVolunteerPositions.createdAt)
    .limit(1);
  const [club] = await db.select({ id: clubs.id, name: clubs.name, description: clubs.description }).from(clubs).where(eq(clubs.applicationStatus, 'approved')).orderBy(clubs.createdAt).limit(1);
  if (reporterA && position) {
    await db.insert(contentReports).values({
      reporterId: reporterA,
      targetType: 'opportunity',
      targetId: position.id,
      targetOwnerId: position.clubId,
      targetLabel: position.title,
      targetExcerpt: position.description.slice(0, 1000),
      reason: 'misleading',
      details: 'The time commitment on this listing does not match what the club told me.',
    });
  }
  if (reporterB && club) {
    await db.insert(contentReports).values({
      reporterId: reporterB,
      targetType: 'club',
      targetId: club.id,
      targetOwnerId: club.id,
      targetLabel: club.name,
      targetExcerpt: (club.description ?? '').slice(0, 1000),
      reason: 'spam',
      details: 'The club page links to an unrelated shop.',
    });
  }
  if (suspended) {
    await db
      .update(users)
      .set({ status: 'suspended', statusReason: 'Repeated unsolicited messages to clubs.', suspendedUntil: new Date(Date.now() + 14 * 86_400_000), statusChangedAt: new Date() })
      .where(eq(users.id, suspended));
  }
}
// Council meetings around today, once (a second run leaves them alone).
const [{ meetings }] = (await db.select({ meetings: sql<number>`count(*)::int` }).from(councilMeetings)) as [{ meetings: number }];
if (meetings === 0) {
  const today = new Date(`${todayIn(config.councilTimeZone)}T12:00:00Z`);
  await db.insert(councilMeetings).values(
    DEMO_MEETINGS.map((m) => ({
      title: m.title,
      meetingDate: new Date(today.getTime() + m.inDays * 86_400_000).toISOString().slice(0, 10),
      meetingTime: m.time,
      location: m.location,
      agenda: m.agenda,
      minutes: m.minutes,
      status: m.status,
      isPublic: m.isPublic,
    })),
  );
}
// The usual safeguarding checks (issue 30 §5), for positions to require; administrators keep the
// list. A second run leaves existing names alone.
await db
  .insert(checkKinds)
  .values([
    { name: 'Enhanced DBS', description: 'An enhanced Disclosure and Barring Service check, for work with children or vulnerable adults.' },
    { name: 'Safeguarding training', description: 'A recognised safeguarding and welfare course (for example the FA’s or UK Coaching’s).' },
    { name: 'First aid certificate', description: 'A current first aid qualification.' },
  ])
  .onConflictDoNothing();
// The clubs' sessions (issue 29) are planned from their meeting times by the window job, which
// the server runs once a day: asked for now, the server's job worker plans them as it starts.
await scheduleJob(db, windowJobNow());
const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(users)) as [{ count: number }];
console.log(`Demo community ready: ${created} accounts added, ${count} in all. Every demo account signs in with the password ${DEMO_PASSWORD}`);
console.log(`For example: ${CLUBS[0]!.email} (club) or ${VOLUNTEERS[0][1]} (volunteer).`);
await database.close();
