// Helpers of the cross-role journeys (volunteer-journey, menu-walk): accounts made and signed in
// through the REST API (no form where the story does not need one): volunteers with a profile,
// members, club owners (pending or approved, with a saved profile), council administrators; live
// opportunities; a tiny PNG made here for the photo upload; waiting for a popup's entrance.
import { deflateSync } from 'node:zlib';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { approveClubOf, PASSWORD, runSql, uniqueEmail } from './support.js';

export const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;
const sqlArray = (items: string[]) => `array[${items.map(sqlText).join(',')}]::text[]`;

/** A GraphQL global id (base64url of 'Type:uuid'), as the web's addresses name things. */
export const globalId = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64url');

/** Letters only (a word the full-text search takes as it is), unique per run. */
export function letterTag(length = 8): string {
  return Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

async function csrfToken(request: APIRequestContext): Promise<string> {
  const answer = await (await request.get('/api/auth/csrf')).json();
  return answer.data.token as string;
}

/** POST /api/auth/signup with this metadata (what the registration forms send). */
export async function signUpByApi(request: APIRequestContext, email: string, metadata: Record<string, string | undefined>): Promise<void> {
  const res = await request.post('/api/auth/signup', {
    headers: { 'x-csrf-token': await csrfToken(request) },
    data: { email, password: PASSWORD, metadata },
  });
  const answer = await res.json();
  expect(answer.success, `sign-up of ${email} failed: ${JSON.stringify(answer)}`).toBe(true);
}

/** A GraphQL call as `email` (a bearer token from a REST sign-in); fails on any GraphQL error. */
export async function gqlAs(request: APIRequestContext, email: string, query: string, variables: Record<string, unknown> = {}, password = PASSWORD) {
  const signIn = await (await request.post('/api/auth/signin', { headers: { 'x-csrf-token': await csrfToken(request) }, data: { email, password } })).json();
  expect(signIn.success, `sign-in of ${email} failed: ${JSON.stringify(signIn)}`).toBe(true);
  const answer = await (await request.post('/graphql', { headers: { authorization: `Bearer ${signIn.data.session.access_token}` }, data: { query, variables } })).json();
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data;
}

/** Does the action and sees the toast it raises: success toasts stay 2 s, which a slow click can
 *  outlast, so the watch starts first. */
export async function toastAfter(page: Page, text: string, action: () => Promise<unknown>): Promise<void> {
  const seen = page.getByRole('region', { name: /^Notifications/ }).getByText(text, { exact: true }).first().waitFor({ state: 'visible', timeout: 15_000 });
  seen.catch(() => undefined); // awaited below; this only keeps a failing action from leaving it unhandled
  await action();
  await seen;
}

/** Signs the page's browser context in through POST /api/auth/signin (the refresh cookie lands in
 *  the context, the session where the web app keeps it), then opens `path`. */
export async function signInByApi(page: Page, email: string, password = PASSWORD, path = '/profile'): Promise<void> {
  const request = page.context().request;
  const res = await request.post('/api/auth/signin', { headers: { 'x-csrf-token': await csrfToken(request) }, data: { email, password } });
  const answer = await res.json();
  expect(answer.success, `sign-in of ${email} failed: ${JSON.stringify(answer)}`).toBe(true);
  const { access_token, expires_at, user } = answer.data.session;
  // Any page of the origin gives access to its localStorage; /health is the lightest.
  await page.goto('/health');
  await page.evaluate((session) => localStorage.setItem('clubroom.session', session), JSON.stringify({ access_token, expires_at, user }));
  await page.goto(path);
}

export interface ClubOwner {
  email: string;
  clubName: string;
  clubId: string;
}

/** A club owner registered as /register does; approved (and with a saved profile) unless `pending`. */
export async function newClubOwner(request: APIRequestContext, opts: { clubName: string; fullName?: string; pending?: boolean; city?: string }): Promise<ClubOwner> {
  const email = uniqueEmail('e2e.owner');
  await signUpByApi(request, email, { full_name: opts.fullName ?? 'Owen Owner', club_name: opts.clubName });
  if (!opts.pending) await approveClubOf(email);
  const [club] = await runSql<{ id: string }>(
    `update clubs set category = 'Athletics', description = 'Running for every age on the town track and the river path.',
       city = ${sqlText(opts.city ?? 'Journeyton')}, profile_saved_at = now()
     where id = (select id from users where email = ${sqlText(email)}) returning id`,
  );
  return { email, clubName: opts.clubName, clubId: club!.id };
}

/** A volunteer as /volunteer/register makes one: the account and its profile in one step. */
export async function newVolunteer(request: APIRequestContext, first: string, last: string): Promise<string> {
  const email = uniqueEmail(`e2e.${first.toLowerCase()}`);
  await signUpByApi(request, email, { account_type: 'volunteer', first_name: first, last_name: last, location: 'Journeyton' });
  return email;
}

/** A member with neither a volunteer profile nor a club. */
export async function newMember(request: APIRequestContext, fullName: string): Promise<string> {
  const email = uniqueEmail('e2e.member');
  await signUpByApi(request, email, { full_name: fullName });
  return email;
}

/** A member the platform has made a council administrator. */
export async function newCouncilAdmin(request: APIRequestContext): Promise<string> {
  const email = await newMember(request, 'Cora Council');
  await runSql(`insert into council_admins (email) values (${sqlText(email)})`);
  return email;
}

/** A live, active volunteer position of the club; answers its global id. */
export async function addOpportunity(clubId: string, title: string, skills: string[] = []): Promise<string> {
  const [row] = await runSql<{ id: string }>(
    `insert into club_volunteer_positions (club_id, title, description, responsibilities, time_commitment, location,
        is_live, status, required_skills, skill_keys, start_date, is_recurring)
     values ('${clubId}', ${sqlText(title)}, 'Help the club on race days and keep everyone safe and smiling.', 'Set up; guide runners.',
        '3 hours a week', 'Riverside Park', true, 'active', ${sqlArray(skills)}, ${sqlArray(skills.map((s) => s.toLowerCase()))}, '2031-06-01', true)
     returning id`,
  );
  return globalId('VolunteerPosition', row!.id);
}

/** Waits for the entrance animations of a menu, popover or drawer (and all inside it) to end: a
 *  click while it still moves can land between two items, and then nothing happens. */
export async function animationsOver(locator: Locator): Promise<void> {
  await locator.evaluate(async (element) => {
    const root = element.closest('[role="dialog"]') ?? element;
    await Promise.allSettled(root.getAnimations({ subtree: true }).map((animation) => animation.finished));
  });
}

/** Opens the header's user menu and waits until it has stopped moving (see animationsOver). */
export async function openUserMenu(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'User menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await animationsOver(menu);
  return menu;
}

/** Chooses an item of the user menu, as a member would once it is open. */
export async function chooseFromUserMenu(page: Page, item: string): Promise<void> {
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: item }).click();
  await expect(menu).toBeHidden();
}

// ---- a PNG made here ------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A size×size RGB PNG: a diagonal of two colours (a real image any decoder reads). */
export function makePng(size = 16): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3); // filter byte 0, then the pixels
    for (let x = 0; x < size; x += 1) row.set(x >= y ? [0x0d, 0x94, 0x88] : [0x1e, 0x3a, 0x8a], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
