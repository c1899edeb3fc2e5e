// The sports council REST paths (spec section 7): who may write meetings (council administrators
// only; a refused write changes nothing), create / partial update / delete in the spec's snake_case
// names, the list filters, non-public meetings, check-admin, and the sanitising of agenda and minutes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, newMember } from '../helpers/client.js';
import {
  COUNCIL_TEXT,
  allMeetingRows,
  checkAdmin,
  countMeetings,
  createMeeting,
  createMeetingOk,
  listMeetings,
  meetingRow,
  updateMeetingOk,
} from '../helpers/council.js';
import { adminClient, adminId, type Member } from '../helpers/messages.js';
import { startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let admin: ApiClient;
let member: Member;
let anonymous: ApiClient;

beforeAll(async () => {
  server = await startServer({ rateLimit: { windowMinutes: 15, failsPerEmailIp: 10, failsPerIpPerDay: 100, perIp: 10_000 } });
  admin = await adminClient(server.url);
  member = await newMember(server.url, { fullName: 'Plain Member' });
  anonymous = new ApiClient(server.url);
});
afterAll(async () => {
  await server?.close();
});

/** Runs `act` and checks no meeting row changed, appeared or vanished. */
async function changesNothing(act: () => Promise<void>): Promise<void> {
  const before = await allMeetingRows(server);
  await act();
  expect(await allMeetingRows(server)).toEqual(before);
}

describe('POST /api/sports-council/meetings', () => {
  it('the bootstrap platform admin creates a meeting: 201, envelope, snake_case fields, stored', async () => {
    const answer = await createMeeting(admin, {
      title: 'Annual General Meeting',
      meeting_date: '2026-07-01',
      meeting_time: '19:00',
      location: 'Town Hall',
      agenda: '<p>Welcome</p>',
      is_public: true,
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ success: true, error: null });
    const data = answer.body.data;
    expect(data).toMatchObject({
      title: 'Annual General Meeting',
      meeting_date: '2026-07-01',
      meeting_time: '19:00',
      location: 'Town Hall',
      agenda: '<p>Welcome</p>',
      minutes: '',
      status: 'upcoming',
      is_public: true,
    });
    expect(data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof data.created_at).toBe('string');
    expect(typeof data.updated_at).toBe('string');
    expect(data).not.toHaveProperty('meetingDate');

    const row = await meetingRow(server, data.id);
    expect(row).toMatchObject({ title: 'Annual General Meeting', meetingDate: '2026-07-01', meetingTime: '19:00', location: 'Town Hall', status: 'upcoming', isPublic: true });
    expect(row!.createdBy).toBe(await adminId(server));
  });

  it('status defaults to upcoming and is_public to true; no time and no location are null', async () => {
    const data = await createMeetingOk(admin, { title: 'Defaults', meeting_date: '2026-05-05' });
    expect(data).toMatchObject({ status: 'upcoming', is_public: true, meeting_time: null, location: null });
  });

  it('needs the security token', async () => {
    await changesNothing(async () => {
      const answer = await admin.rest('POST', '/api/sports-council/meetings', { title: 'No token', meeting_date: '2026-05-05' }, { csrf: false });
      expect(answer.status).toBe(403);
      expect(answer.body.success).toBe(false);
    });
  });

  it("a plain member is refused: 403 'Only sports council administrators can manage meetings.', nothing stored", async () => {
    await changesNothing(async () => {
      const answer = await createMeeting(member.client, { title: 'Sneaky', meeting_date: '2026-05-05' });
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ success: false, data: null, error: COUNCIL_TEXT.onlyAdmins });
    });
  });

  it('an anonymous caller is refused with 401, nothing stored', async () => {
    await changesNothing(async () => {
      const answer = await createMeeting(anonymous, { title: 'Anonymous', meeting_date: '2026-05-05' });
      expect(answer.status).toBe(401);
      expect(answer.body.success).toBe(false);
    });
  });

  it('refuses an invalid meeting with the form messages (400), nothing stored', async () => {
    await changesNothing(async () => {
      const noTitle = await createMeeting(admin, { title: '', meeting_date: '2026-05-05' });
      expect(noTitle.status).toBe(400);
      expect(noTitle.body).toMatchObject({ success: false, error: COUNCIL_TEXT.titleRequired });
      const longTitle = await createMeeting(admin, { title: 'x'.repeat(201), meeting_date: '2026-05-05' });
      expect(longTitle.status).toBe(400);
      expect(longTitle.body.error).toBe(COUNCIL_TEXT.titleMax);
      const noDate = await createMeeting(admin, { title: 'No date' });
      expect(noDate.status).toBe(400);
      expect(noDate.body.error).toBe(COUNCIL_TEXT.dateRequired);
      const badDate = await createMeeting(admin, { title: 'Bad date', meeting_date: '2026-02-30' });
      expect(badDate.status).toBe(400);
      expect(badDate.body.fields).toHaveProperty('meetingDate');
      const badTime = await createMeeting(admin, { title: 'Bad time', meeting_date: '2026-05-05', meeting_time: '25:00' });
      expect(badTime.status).toBe(400);
      const badStatus = await createMeeting(admin, { title: 'Bad status', meeting_date: '2026-05-05', status: 'postponed' });
      expect(badStatus.status).toBe(400);
    });
  });

  it('accepts a 200-character title', async () => {
    const data = await createMeetingOk(admin, { title: 'A'.repeat(200), meeting_date: '2026-05-06' });
    expect(data.title).toHaveLength(200);
  });
});

describe('PUT /api/sports-council/meetings/{id}', () => {
  it('a partial update changes only the fields sent and keeps the others', async () => {
    const created = await createMeetingOk(admin, {
      title: 'Budget review',
      meeting_date: '2026-08-12',
      meeting_time: '18:30',
      location: 'Library',
      agenda: '<ul><li>Budget</li></ul>',
      is_public: false,
    });
    const answer = await admin.rest('PUT', `/api/sports-council/meetings/${created.id}`, { status: 'completed', minutes: '<p>Approved</p>' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, error: null });
    expect(answer.body.data).toMatchObject({
      id: created.id,
      title: 'Budget review',
      meeting_date: '2026-08-12',
      meeting_time: '18:30',
      location: 'Library',
      agenda: '<ul><li>Budget</li></ul>',
      minutes: '<p>Approved</p>',
      status: 'completed',
      is_public: false,
    });
    const row = await meetingRow(server, created.id);
    expect(row).toMatchObject({ title: 'Budget review', meetingTime: '18:30', location: 'Library', status: 'completed', isPublic: false, minutes: '<p>Approved</p>' });
    expect(row!.revision).toBe(1);
  });

  it('can clear the time and flip is_public', async () => {
    const created = await createMeetingOk(admin, { title: 'Clear time', meeting_date: '2026-08-13', meeting_time: '10:00', is_public: false });
    const updated = await updateMeetingOk(admin, created.id, { meeting_time: null, is_public: true });
    expect(updated).toMatchObject({ meeting_time: null, is_public: true, title: 'Clear time' });
  });

  it('an invalid update is refused and the row stays as it was', async () => {
    const created = await createMeetingOk(admin, { title: 'Stays', meeting_date: '2026-08-14' });
    await changesNothing(async () => {
      const answer = await admin.rest('PUT', `/api/sports-council/meetings/${created.id}`, { title: 'y'.repeat(201) });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(COUNCIL_TEXT.titleMax);
    });
  });

  it('a plain member is refused with 403 and the row is unchanged; anonymous with 401', async () => {
    const created = await createMeetingOk(admin, { title: 'Protected', meeting_date: '2026-08-15' });
    await changesNothing(async () => {
      const byMember = await member.client.rest('PUT', `/api/sports-council/meetings/${created.id}`, { title: 'Hijacked' });
      expect(byMember.status).toBe(403);
      expect(byMember.body).toMatchObject({ success: false, error: COUNCIL_TEXT.onlyAdmins });
      const byAnonymous = await anonymous.rest('PUT', `/api/sports-council/meetings/${created.id}`, { title: 'Hijacked' });
      expect(byAnonymous.status).toBe(401);
    });
  });

  it('an unknown id answers 404', async () => {
    const answer = await admin.rest('PUT', '/api/sports-council/meetings/00000000-0000-4000-8000-000000000000', { title: 'Ghost' });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ success: false, error: COUNCIL_TEXT.meetingNotFound });
  });
});

describe('DELETE /api/sports-council/meetings/{id}', () => {
  it('a plain member is refused with 403, anonymous with 401; the meeting stays', async () => {
    const created = await createMeetingOk(admin, { title: 'Do not delete', meeting_date: '2026-09-01' });
    await changesNothing(async () => {
      const byMember = await member.client.rest('DELETE', `/api/sports-council/meetings/${created.id}`);
      expect(byMember.status).toBe(403);
      expect(byMember.body).toMatchObject({ success: false, error: COUNCIL_TEXT.onlyAdmins });
      const byAnonymous = await anonymous.rest('DELETE', `/api/sports-council/meetings/${created.id}`);
      expect(byAnonymous.status).toBe(401);
    });
    expect(await meetingRow(server, created.id)).not.toBeNull();
  });

  it('the administrator deletes: the row is gone; a second delete answers 404', async () => {
    const created = await createMeetingOk(admin, { title: 'Delete me', meeting_date: '2026-09-02' });
    const before = await countMeetings(server);
    const answer = await admin.rest('DELETE', `/api/sports-council/meetings/${created.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, error: null, data: { id: created.id } });
    expect(await meetingRow(server, created.id)).toBeNull();
    expect(await countMeetings(server)).toBe(before - 1);
    const again = await admin.rest('DELETE', `/api/sports-council/meetings/${created.id}`);
    expect(again.status).toBe(404);
  });

  it('needs the security token', async () => {
    const created = await createMeetingOk(admin, { title: 'Token delete', meeting_date: '2026-09-03' });
    const answer = await admin.rest('DELETE', `/api/sports-council/meetings/${created.id}`, undefined, { csrf: false });
    expect(answer.status).toBe(403);
    expect(await meetingRow(server, created.id)).not.toBeNull();
  });
});

describe('GET /api/sports-council/meetings: filters and visibility', () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    const make = async (title: string, meeting_date: string, status: string, is_public = true) =>
      (await createMeetingOk(admin, { title, meeting_date, status, is_public })).id;
    ids = {
      f2023: await make('Filter 2023 completed', '2023-04-04', 'completed'),
      f2024u: await make('Filter 2024 upcoming', '2024-04-04', 'upcoming'),
      f2024c: await make('Filter 2024 cancelled', '2024-06-06', 'cancelled'),
      f2024hidden: await make('Filter 2024 hidden', '2024-05-05', 'completed', false),
    };
  });

  it('is open to anyone and answers the envelope, newest date first', async () => {
    const answer = await anonymous.rest('GET', '/api/sports-council/meetings');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, error: null });
    const dates = (answer.body.data as Array<{ meeting_date: string }>).map((m) => m.meeting_date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('filters by year', async () => {
    const in2024 = await listMeetings(admin, '?year=2024');
    expect(in2024.map((m) => m.id).sort()).toEqual([ids.f2024u, ids.f2024c, ids.f2024hidden].sort());
    const in2023 = await listMeetings(anonymous, '?year=2023');
    expect(in2023.map((m) => m.id)).toEqual([ids.f2023]);
  });

  it('filters by status', async () => {
    const cancelled = await listMeetings(anonymous, '?status=cancelled');
    expect(cancelled.length).toBeGreaterThan(0);
    expect(cancelled.every((m) => m.status === 'cancelled')).toBe(true);
    expect(cancelled.map((m) => m.id)).toContain(ids.f2024c);
    const completed = await listMeetings(anonymous, '?status=completed');
    expect(completed.every((m) => m.status === 'completed')).toBe(true);
    expect(completed.map((m) => m.id)).toContain(ids.f2023);
  });

  it('combines status and year', async () => {
    expect((await listMeetings(anonymous, '?status=upcoming&year=2024')).map((m) => m.id)).toEqual([ids.f2024u]);
    expect((await listMeetings(admin, '?status=completed&year=2024')).map((m) => m.id)).toEqual([ids.f2024hidden]);
    expect(await listMeetings(anonymous, '?status=completed&year=2024')).toEqual([]);
  });

  it('non-public meetings are absent for anonymous callers and plain members, present for the administrator', async () => {
    const forAnonymous = await listMeetings(anonymous);
    const forMember = await listMeetings(member.client);
    const forAdmin = await listMeetings(admin);
    expect(forAnonymous.map((m) => m.id)).not.toContain(ids.f2024hidden);
    expect(forMember.map((m) => m.id)).not.toContain(ids.f2024hidden);
    expect(forAnonymous.every((m) => m.is_public)).toBe(true);
    expect(forMember.every((m) => m.is_public)).toBe(true);
    expect(forAdmin.map((m) => m.id)).toContain(ids.f2024hidden);
    expect(forAdmin.length).toBe(await countMeetings(server));
  });

  it('refuses a bad filter with 400', async () => {
    expect((await anonymous.rest('GET', '/api/sports-council/meetings?status=postponed')).status).toBe(400);
    expect((await anonymous.rest('GET', '/api/sports-council/meetings?year=abc')).status).toBe(400);
  });
});

describe('GET /api/sports-council/check-admin', () => {
  it('false for anonymous callers and plain members, true for the platform admin', async () => {
    expect(await checkAdmin(anonymous)).toBe(false);
    expect(await checkAdmin(member.client)).toBe(false);
    expect(await checkAdmin(admin)).toBe(true);
  });
});

describe('sanitising agenda and minutes', () => {
  it('strips <script> (with its content) before storage, keeps <p> <b> <ul> <li>, drops attributes', async () => {
    const created = await createMeetingOk(admin, {
      title: 'Sanitised',
      meeting_date: '2026-10-10',
      minutes: '<p onclick="x()">Agreed <b>budget</b></p><script>alert(1)</script><ul><li class="c">One</li></ul><img src=x onerror="alert(2)">',
      agenda: '<p style="color:red">Item</p><iframe src="https://evil.example"></iframe><a href="javascript:alert(3)">link</a>',
    });
    const row = await meetingRow(server, created.id);
    expect(row!.minutes).toBe('<p>Agreed <b>budget</b></p><ul><li>One</li></ul>');
    expect(row!.minutes).not.toMatch(/script|alert|onclick|onerror|class=|<img/i);
    expect(row!.agenda).not.toMatch(/style=|iframe|href|javascript/i);
    expect(row!.agenda).toContain('<p>Item</p>');
    expect(created.minutes).toBe(row!.minutes);
  });

  it('an update is sanitised too', async () => {
    const created = await createMeetingOk(admin, { title: 'Sanitised update', meeting_date: '2026-10-11' });
    await updateMeetingOk(admin, created.id, { minutes: '<p onmouseover="steal()">Fine</p><script src="x.js"></script>' });
    expect((await meetingRow(server, created.id))!.minutes).toBe('<p>Fine</p>');
  });

  it('title and location lose their tags', async () => {
    const created = await createMeetingOk(admin, { title: '<b>Bold</b> title<script>alert(1)</script>', meeting_date: '2026-10-12', location: '<i>Hall</i>' });
    const row = await meetingRow(server, created.id);
    expect(row!.title).toBe('Bold title');
    expect(row!.location).toBe('Hall');
  });
});
