// npm run seed:demo — fills the configured database (DATABASE_URL, or PGlite in DATA_DIR) with a
// realistic local sports community for people trying Clubroom (clubs with profiles, weekly
// sessions and volunteer positions, and volunteers). Safe to run twice: accounts that
// already exist are left alone.
import 'reflect-metadata';
import argon2 from 'argon2';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { clubMeetingTimes, clubs, clubVolunteerPositions, councilMeetings, users } from '../db/schema/index.js';
import { todayIn } from '../modules/council/council.rules.js';
import { DEMO_CLUBS as CLUBS, DEMO_MEETINGS, DEMO_VOLUNTEERS as VOLUNTEERS } from './seed-demo-data.js';

export const DEMO_PASSWORD = 'Clubroom-Demo1!';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const { db } = database;
const passwordHash = await argon2.hash(DEMO_PASSWORD, { type: argon2.argon2id });

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
    await db.insert(clubVolunteerPositions).values({
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
for (const [fullName, email] of VOLUNTEERS) {
  if (await ensureUser(fullName, email)) created++;
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
const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(users)) as [{ count: number }];
console.log(`Demo community ready: ${created} accounts added, ${count} in all. Every demo account signs in with the password ${DEMO_PASSWORD}`);
console.log(`For example: ${CLUBS[0]!.email} (club) or ${VOLUNTEERS[0][1]} (volunteer).`);
await database.close();
