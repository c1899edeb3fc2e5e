// The first platform administrator: ADMIN_EMAIL + ADMIN_PASSWORD, or admin@localhost when neither
// is set and no administrator exists yet.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../server/src/config.js';
import { users } from '../../server/src/db/schema/index.js';
import { createClubroom } from '../../server/src/app/clubroom.js';
import { ApiClient, STRONG_PASSWORD, newMember } from '../helpers/client.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type TestServer } from '../helpers/server.js';

const NO_ADMIN_ENV = { ADMIN_EMAIL: '', ADMIN_PASSWORD: '' };

async function admins(server: TestServer) {
  return server.clubroom.database.db.select().from(users).where(eq(users.isPlatformAdmin, true));
}

async function usersWithEmail(server: TestServer, email: string) {
  return server.clubroom.database.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
}

/** Starts (and stops) another instance on the same database, as a restart or a second node would. */
async function bootAnother(server: TestServer, overrides: Partial<Config>): Promise<void> {
  const other = await createClubroom({ ...server.config, ...overrides }, { database: server.db.database });
  await other.close();
}

describe('with ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('creates that account: it signs in as platform_admin and council administrator', async () => {
    const client = new ApiClient(server.url);
    const res = await client.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.data.session.user).toMatchObject({ email: ADMIN_EMAIL, role: 'platform_admin', is_council_admin: true, club: null });

    const me = await client.rest('GET', '/api/auth/user');
    expect(me.body.data.user).toMatchObject({ role: 'platform_admin', is_council_admin: true });
    const gql = await client.gql('{ me { email role isCouncilAdmin } }');
    expect(gql.data.me).toEqual({ email: ADMIN_EMAIL, role: 'PLATFORM_ADMIN', isCouncilAdmin: true });
  });

  it('accepts the administrator email in another letter case', async () => {
    const res = await new ApiClient(server.url).signIn(ADMIN_EMAIL.toUpperCase(), ADMIN_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.data.session.user.role).toBe('platform_admin');
  });

  it('creates no admin@localhost account', async () => {
    expect(await usersWithEmail(server, 'admin@localhost')).toHaveLength(0);
    const list = await admins(server);
    expect(list.map((u) => u.email)).toEqual([ADMIN_EMAIL]);
  });

  it('does not duplicate the administrator on the next start, whatever the letter case', async () => {
    await bootAnother(server, { adminEmail: ADMIN_EMAIL.toUpperCase(), adminPassword: ADMIN_PASSWORD });
    expect(await usersWithEmail(server, ADMIN_EMAIL)).toHaveLength(1);
  });

  it('promotes an existing account named by ADMIN_EMAIL without changing its password', async () => {
    const { email } = await newMember(server.url);
    await bootAnother(server, { adminEmail: email, adminPassword: 'Other-Passw0rd!' });
    const res = await new ApiClient(server.url).signIn(email, STRONG_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.data.session.user).toMatchObject({ role: 'platform_admin', is_council_admin: true });
  });

  it('refuses to start with ADMIN_EMAIL but no ADMIN_PASSWORD', async () => {
    await expect(bootAnother(server, { adminEmail: 'half@clubroom.test', adminPassword: undefined })).rejects.toThrow(
      'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    );
    expect(await usersWithEmail(server, 'half@clubroom.test')).toHaveLength(0);
  });

  it('refuses to start with a weak ADMIN_PASSWORD, naming the broken rule', async () => {
    await expect(bootAnother(server, { adminEmail: 'weak@clubroom.test', adminPassword: 'password' })).rejects.toThrow(
      /ADMIN_PASSWORD: .*Password must contain at least one uppercase letter/,
    );
    expect(await usersWithEmail(server, 'weak@clubroom.test')).toHaveLength(0);
  });
});

describe('without ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({}, NO_ADMIN_ENV);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('treats empty ADMIN_EMAIL / ADMIN_PASSWORD as unset', () => {
    const config = loadConfig({ ...NO_ADMIN_ENV, DATA_DIR: server.dataDir });
    expect(config.adminEmail).toBeUndefined();
    expect(config.adminPassword).toBeUndefined();
    expect(server.config.adminEmail).toBeUndefined();
  });

  it('creates admin@localhost as the platform administrator', async () => {
    const list = await admins(server);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ email: 'admin@localhost', isPlatformAdmin: true, status: 'active' });
    // Its password is random and stored hashed.
    expect(list[0]!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('lets admin@localhost reach the password check at sign-in (the address passes the email rule)', async () => {
    const res = await new ApiClient(server.url).rest('POST', '/api/auth/signin', { email: 'admin@localhost', password: 'Wr0ng!Password' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('does not create a second admin@localhost on the next start', async () => {
    await bootAnother(server, { adminEmail: undefined, adminPassword: undefined });
    expect(await usersWithEmail(server, 'admin@localhost')).toHaveLength(1);
    expect(await admins(server)).toHaveLength(1);
  });
});

describe('admin@localhost only when no administrator exists', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('creates no admin@localhost when an administrator already exists', async () => {
    await bootAnother(server, { adminEmail: undefined, adminPassword: undefined });
    expect(await usersWithEmail(server, 'admin@localhost')).toHaveLength(0);
    expect((await admins(server)).map((u) => u.email)).toEqual([ADMIN_EMAIL]);
  });
});
