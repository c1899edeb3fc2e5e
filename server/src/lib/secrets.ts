import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appSettings } from '../db/schema/index.js';
import { randomToken } from './crypto.js';

/** A secret from the environment when configured; otherwise one generated once and kept in the
 *  database, so that every instance on the same database uses the same value. */
export async function loadSecret(db: Db, name: string, configured?: string): Promise<string> {
  if (configured) return configured;
  await db.insert(appSettings).values({ key: name, value: randomToken(48) }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, name));
  return row!.value;
}
