// The first platform administrator: ADMIN_EMAIL + ADMIN_PASSWORD, or, when neither is set and no
// administrator exists, admin@localhost with a random password written once to a file only its
// owner can read (never to the log: no log line carries a password).
import { hashPassword, type PasswordHashCost } from '../../lib/password-hash.js';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { randomToken } from '../../lib/crypto.js';
import { passwordRule } from './auth.rules.js';

interface Log {
  info(msg: string): void;
  warn(msg: string): void;
}

export const FIRST_ADMIN_PASSWORD_FILE = 'first-admin-password.txt';

export async function ensureFirstAdmin(
  db: Db,
  config: { adminEmail?: string; adminPassword?: string; dataDir: string; passwordHash: PasswordHashCost },
  log: Log,
): Promise<void> {
  const { adminEmail, adminPassword } = config;
  if (adminEmail || adminPassword) {
    if (!adminEmail || !adminPassword) throw new Error('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
    const strength = passwordRule.safeParse(adminPassword);
    if (!strength.success) throw new Error(`ADMIN_PASSWORD: ${strength.error.issues.map((i) => i.message).join('; ')}`);
    const [existing] = await db.select().from(users).where(eq(sql`lower(${users.email})`, adminEmail.trim().toLowerCase()));
    if (existing) {
      if (!existing.isPlatformAdmin) {
        await db.update(users).set({ isPlatformAdmin: true, updatedAt: new Date() }).where(eq(users.id, existing.id));
        log.info(`Granted platform administration to ${existing.email}`);
      }
      return;
    }
    await db.insert(users).values({
      email: adminEmail.trim(),
      fullName: 'Platform Administrator',
      passwordHash: await hashPassword(adminPassword, config.passwordHash),
      isPlatformAdmin: true,
    });
    log.info(`Created platform administrator ${adminEmail}`);
    return;
  }
  const [anyAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.isPlatformAdmin, true)).limit(1);
  if (anyAdmin) return;
  // Random part plus fixed characters so that the password meets every password rule.
  const password = `${randomToken(9)}Aa1!`;
  const [created] = await db
    .insert(users)
    .values({
      email: 'admin@localhost',
      fullName: 'Platform Administrator',
      passwordHash: await hashPassword(password, config.passwordHash),
      isPlatformAdmin: true,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!created) return;
  await mkdir(config.dataDir, { recursive: true });
  const file = join(config.dataDir, FIRST_ADMIN_PASSWORD_FILE);
  await writeFile(file, `admin@localhost\n${password}\n`, { mode: 0o600 });
  log.warn(`Created the first platform administrator admin@localhost; its password is in ${file} (readable by this user only). Sign in, change the password on the profile page, then delete the file.`);
}
