// npm run seed:demo — fills the configured database (DATABASE_URL, or PGlite in DATA_DIR) with a
// realistic local sports community for people trying Clubroom. Safe to run twice: accounts that
// already exist are left alone.
import 'reflect-metadata';
import argon2 from 'argon2';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { clubs, users } from '../db/schema/index.js';

export const DEMO_PASSWORD = 'Clubroom-Demo1!';

type Status = 'pending' | 'approved' | 'rejected';
interface DemoClub {
  owner: string;
  email: string;
  name: string;
  status: Status;
  verified?: boolean;
  notes?: string;
}

const CLUBS: DemoClub[] = [
  { owner: 'Sarah Whitfield', email: 'sarah@riversidefc.example', name: 'Riverside Football Club', status: 'approved', verified: true },
  { owner: 'Tom Okafor', email: 'tom@northgaterugby.example', name: 'Northgate Rugby Club', status: 'approved', verified: true },
  { owner: 'Priya Sharma', email: 'priya@oakleycricket.example', name: 'Oakley Cricket Club', status: 'approved' },
  { owner: 'James Holloway', email: 'james@parksidetennis.example', name: 'Parkside Tennis Club', status: 'approved', verified: true },
  { owner: 'Megan Lewis', email: 'megan@dolphinsswim.example', name: 'Dolphins Swimming Club', status: 'approved' },
  { owner: 'Daniel Reyes', email: 'daniel@harriers.example', name: 'Valley Harriers Athletics', status: 'approved' },
  { owner: 'Chloe Bennett', email: 'chloe@wheelers.example', name: 'Town Wheelers Cycling Club', status: 'pending' },
  { owner: 'Amir Haddad', email: 'amir@shuttlers.example', name: 'Shuttlers Badminton Club', status: 'pending' },
  { owner: 'Grace Kim', email: 'grace@hoops.example', name: 'Eastside Hoops Basketball', status: 'pending' },
  { owner: 'Oliver Grant', email: 'oliver@knights.example', name: 'Market Square Chess Club', status: 'approved' },
  { owner: 'Hannah Moore', email: 'hannah@netball.example', name: 'Meadow Netball Club', status: 'rejected', notes: 'Duplicate of an existing club registration.' },
  { owner: 'Kenji Watanabe', email: 'kenji@dojo.example', name: 'Harbour Martial Arts Dojo', status: 'approved' },
];

const VOLUNTEERS = [
  ['Ava Thompson', 'ava.thompson@volunteer.example'],
  ['Noah Patel', 'noah.patel@volunteer.example'],
  ['Isla Campbell', 'isla.campbell@volunteer.example'],
  ['Leo Nowak', 'leo.nowak@volunteer.example'],
  ['Mia Johnson', 'mia.johnson@volunteer.example'],
  ['Ethan Clarke', 'ethan.clarke@volunteer.example'],
  ['Zara Ahmed', 'zara.ahmed@volunteer.example'],
  ['Lucas Brown', 'lucas.brown@volunteer.example'],
] as const;

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
    createdAt,
    updatedAt: createdAt,
  });
  created++;
}
for (const [fullName, email] of VOLUNTEERS) {
  if (await ensureUser(fullName, email)) created++;
}
const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(users)) as [{ count: number }];
console.log(`Demo community ready: ${created} accounts added, ${count} in all. Every demo account signs in with the password ${DEMO_PASSWORD}`);
console.log(`For example: ${CLUBS[0]!.email} (club) or ${VOLUNTEERS[0][1]} (volunteer).`);
await database.close();
