// No log line carries a password, a hash, a token, a cookie or a statement's parameters. The log is
// captured at `info` from a real instance while the flows that handle secrets run, including a
// database failure in the middle of a sign-up (whose error used to carry every SQL parameter: the
// argon2id hash, the email and the name).
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.js';
import { createClubroom, type Clubroom } from '../../server/src/app/clubroom.js';
import { FIRST_ADMIN_PASSWORD_FILE } from '../../server/src/modules/auth/bootstrap.js';
import { ApiClient, STRONG_PASSWORD, uniqueEmail } from '../helpers/client.js';
import { freshDatabase, type TestDatabase } from '../helpers/server.js';

let log = '';
let clubroom: Clubroom;
let db: TestDatabase;
let url: string;
let dataDir: string;

beforeAll(async () => {
  db = await freshDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'clubroom-logs-'));
  const stream = new Writable({
    write(chunk, _encoding, done) {
      log += String(chunk);
      done();
    },
  });
  // No ADMIN_EMAIL / ADMIN_PASSWORD: the first administrator gets a random password.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SERVE_WEB: 'false', MAIL_POLL_INTERVAL_MS: '100', APP_URL: 'http://clubroom.test' });
  clubroom = await createClubroom(config, { database: db.database, logStream: stream });
  await clubroom.app.listen({ port: 0, host: '127.0.0.1' });
  const address = clubroom.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await clubroom?.close();
  await db?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Everything logged while `run` ran. */
async function logged(run: () => Promise<unknown>): Promise<string> {
  const start = log.length;
  await run();
  await new Promise((resolve) => setTimeout(resolve, 300));
  return log.slice(start);
}

function expectNone(text: string, secrets: string[]) {
  for (const secret of secrets) expect(text, `the log holds ${secret.slice(0, 12)}…`).not.toContain(secret);
}

async function withFailingUserInsert<T>(run: () => Promise<T>): Promise<T> {
  const exec = (q: string) => clubroom.database.db.execute(sql.raw(q));
  await exec(`create or replace function logs_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'refused by the test trigger'; end $$`);
  await exec('create trigger logs_test_refuse before insert on users for each row execute function logs_test_refuse()');
  try {
    return await run();
  } finally {
    await exec('drop trigger if exists logs_test_refuse on users');
    await exec('drop function if exists logs_test_refuse()');
  }
}

describe('the log', () => {
  it('says where the first administrator password is, never the password itself', () => {
    const file = join(dataDir, FIRST_ADMIN_PASSWORD_FILE);
    expect(existsSync(file)).toBe(true);
    const [email, password] = readFileSync(file, 'utf8').trim().split('\n');
    expect(email).toBe('admin@localhost');
    expect(password!.length).toBeGreaterThan(8);
    expect(log).toContain(file);
    expectNone(log, [password!]);
  });

  it('logs a database failure during REST sign-up by code and statement, without the hash, email, name or password', async () => {
    const email = uniqueEmail('secret');
    const name = 'Unmistakable Secretname';
    const text = await logged(() =>
      withFailingUserInsert(async () => {
        const res = await new ApiClient(url).signUp({ email, password: STRONG_PASSWORD, fullName: name });
        expect(res.status).toBe(500);
      }),
    );
    expect(text).toContain('P0001');
    expect(text).toContain('insert into \\"users\\"');
    expectNone(text, ['$argon2id$', email, name, STRONG_PASSWORD, 'params']);
  });

  it('logs the same failure through GraphQL signUp without its parameters', async () => {
    const email = uniqueEmail('secret');
    const text = await logged(() =>
      withFailingUserInsert(async () => {
        const res = await new ApiClient(url).gql('mutation($input: SignUpInput!) { signUp(input: $input) { member { id } } }', {
          input: { email, password: STRONG_PASSWORD, fullName: 'Another Secretname' },
        });
        expect(res.errors?.[0]?.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
      }),
    );
    expect(text).toContain('P0001');
    expectNone(text, ['$argon2id$', email, 'Another Secretname', STRONG_PASSWORD]);
  });

  it('carries no token, cookie or password through sign-up, sign-in, refresh, a bearer request and sign-out', async () => {
    const email = uniqueEmail('flow');
    const client = new ApiClient(url);
    let secrets: string[] = [];
    const text = await logged(async () => {
      await client.signUp({ email, password: STRONG_PASSWORD, fullName: 'Flow Person' });
      const signIn = await client.signIn(email, STRONG_PASSWORD);
      const refresh = await client.rest('POST', '/api/auth/refresh', {});
      client.accessToken = refresh.body.data.session.access_token;
      await client.gql('{ unreadMessageCount }');
      secrets = [signIn.body.data.session.access_token, signIn.body.data.session.refresh_token, refresh.body.data.session.refresh_token, client.csrfToken!, client.accessToken!];
      await client.rest('POST', '/api/auth/signout', {});
    });
    expect(text).toContain('/api/auth/signin');
    expectNone(text, [...secrets, STRONG_PASSWORD]);
  });

  it('says where a mailed reset link was written, not the link', async () => {
    const email = uniqueEmail('reset');
    await new ApiClient(url).signUp({ email, password: STRONG_PASSWORD, fullName: 'Reset Person' });
    const text = await logged(async () => {
      await new ApiClient(url).rest('POST', '/api/auth/reset-password', { email });
      await new Promise((resolve) => setTimeout(resolve, 700));
    });
    const mailDir = join(dataDir, 'mail');
    const mails = readdirSync(mailDir).map((f) => readFileSync(join(mailDir, f), 'utf8'));
    const token = mails.map((m) => /token=3D([\w-]+)|token=([\w-]+)/.exec(m)).find(Boolean);
    expect(token).toBeTruthy();
    expect(text).toContain('Reset your Clubroom password');
    expectNone(text, [(token![1] ?? token![2])!]);
  });

  it('redacts a token in a logged request address', async () => {
    const text = await logged(() => fetch(`${url}/reset-password?token=supersecretresettoken&x=1`));
    expect(text).toContain('token=[redacted]');
    expectNone(text, ['supersecretresettoken']);
  });

  it("redacts an export's signed download token in a logged request address", async () => {
    const text = await logged(() => fetch(`${url}/api/admin/exports/eyJhbGciOiJIUzI1NiJ9.supersecretexportpayload.signature?x=1`));
    expect(text).toContain('/api/admin/exports/[redacted]');
    expectNone(text, ['supersecretexportpayload']);
  });
});
