// Weekly meeting times (club dashboard, Meeting Times tab): saving only once the club is approved
// (a user error of the club's state; a caller without a club is FORBIDDEN),
// incomplete rows dropped, the end-after-start rule, the 06:00-22:00 half-hour slots, overlaps,
// replace-all saves in day-then-start order, and that a save failing half-way leaves the old times.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, newMember } from '../helpers/client.js';
import {
  CLUB_TEXT,
  meetingTimeRows,
  myClub,
  newClubOwner,
  onlyError,
  refusalOf,
  saveTimes,
  saveTimesOk,
} from '../helpers/clubs.js';
import { dbOf, setClubStatus, type Member } from '../helpers/messages.js';
import { startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let approved: Member;
beforeAll(async () => {
  server = await startServer({ rateLimit: { windowMinutes: 15, failsPerEmailIp: 10, failsPerIpPerDay: 100, perIp: 10_000 } });
  approved = await newClubOwner(server, { clubName: 'Timetable Tigers', status: 'approved' });
});
afterAll(async () => {
  await server?.close();
});

const MONDAY_EVENING = { dayOfWeek: 1, startTime: '18:00', endTime: '19:30' };
const SATURDAY_MORNING = { dayOfWeek: 6, startTime: '09:00', endTime: '11:00' };

/** Saves `times` for the approved club and expects BAD_USER_INPUT userErrors that store nothing. */
async function refusedTimes(times: Array<Record<string, unknown>>) {
  await saveTimesOk(approved.client, [MONDAY_EVENING]);
  const answer = await saveTimes(approved.client, times);
  const error = refusalOf(answer, 'saveMeetingTimes');
  expect(error.code).toBe('BAD_USER_INPUT');
  expect(await meetingTimeRows(server, approved.user.id)).toEqual([MONDAY_EVENING]);
  return error;
}

describe('saveMeetingTimes: who may save', () => {
  const NOT_APPROVED = [{ field: null, code: 'BAD_USER_INPUT', message: CLUB_TEXT.notApproved }];

  it('refuses a pending club with the user error of its state and stores nothing', async () => {
    const pending = await newClubOwner(server, { clubName: 'Pending Panthers' });
    expect(refusalOf(await saveTimes(pending.client, [MONDAY_EVENING]), 'saveMeetingTimes').userErrors).toEqual(NOT_APPROVED);
    expect(await meetingTimeRows(server, pending.user.id)).toEqual([]);
  });

  it('refuses a rejected club with the same user error and stores nothing', async () => {
    const rejected = await newClubOwner(server, { clubName: 'Rejected Ravens', status: 'rejected' });
    expect(refusalOf(await saveTimes(rejected.client, [MONDAY_EVENING]), 'saveMeetingTimes').userErrors).toEqual(NOT_APPROVED);
    expect(await meetingTimeRows(server, rejected.user.id)).toEqual([]);
  });

  it('refuses a club that was approved and is rejected again, keeping the times it had', async () => {
    const club = await newClubOwner(server, { clubName: 'Revoked Rhinos', status: 'approved' });
    await saveTimesOk(club.client, [SATURDAY_MORNING]);
    await setClubStatus(server, club.user.id, 'rejected');
    expect(refusalOf(await saveTimes(club.client, [MONDAY_EVENING]), 'saveMeetingTimes').userErrors).toEqual(NOT_APPROVED);
    expect(await meetingTimeRows(server, club.user.id)).toEqual([SATURDAY_MORNING]);
  });

  it('refuses a signed-in user without a club with FORBIDDEN', async () => {
    const { client } = await newMember(server.url);
    expect(onlyError(await saveTimes(client, [MONDAY_EVENING])).extensions?.code).toBe('FORBIDDEN');
  });

  it('refuses an anonymous caller with UNAUTHENTICATED', async () => {
    const error = onlyError(await saveTimes(new ApiClient(server.url), [MONDAY_EVENING]));
    expect(error).toMatchObject({ message: CLUB_TEXT.unauthenticated, extensions: { code: 'UNAUTHENTICATED' } });
  });

  it('saves the times of an approved club and answers the club with them', async () => {
    const saved = await saveTimesOk(approved.client, [MONDAY_EVENING, SATURDAY_MORNING]);
    expect(saved).toEqual([MONDAY_EVENING, SATURDAY_MORNING]);
    expect(await meetingTimeRows(server, approved.user.id)).toEqual([MONDAY_EVENING, SATURDAY_MORNING]);
    expect((await myClub(approved.client))!.meetingTimes).toEqual(saved);
  });
});

describe('saveMeetingTimes: the rows', () => {
  it('drops incomplete rows (missing day, start or end) and saves the complete ones', async () => {
    const saved = await saveTimesOk(approved.client, [
      { dayOfWeek: null, startTime: '10:00', endTime: '11:00' },
      MONDAY_EVENING,
      { dayOfWeek: 2, startTime: null, endTime: '11:00' },
      { dayOfWeek: 3, startTime: '10:00', endTime: null },
      { dayOfWeek: 4 },
      {},
      SATURDAY_MORNING,
    ]);
    expect(saved.map(({ dayOfWeek, startTime, endTime }) => ({ dayOfWeek, startTime, endTime }))).toEqual([MONDAY_EVENING, SATURDAY_MORNING]);
    expect(await meetingTimeRows(server, approved.user.id)).toEqual([MONDAY_EVENING, SATURDAY_MORNING]);
  });

  it('saves nothing but removes the old times when only the starting empty row is sent', async () => {
    await saveTimesOk(approved.client, [MONDAY_EVENING]);
    expect(await saveTimesOk(approved.client, [{ dayOfWeek: null, startTime: null, endTime: null }])).toEqual([]);
    expect(await meetingTimeRows(server, approved.user.id)).toEqual([]);
  });

  it('refuses an end time before the start with its message, naming the row in the userError field', async () => {
    const error = await refusedTimes([SATURDAY_MORNING, { dayOfWeek: 2, startTime: '20:00', endTime: '19:00' }]);
    expect(error.userErrors).toEqual([{ field: 'times.1.endTime', code: 'BAD_USER_INPUT', message: CLUB_TEXT.endAfterStart }]);
  });

  it('refuses an end time equal to the start', async () => {
    const error = await refusedTimes([{ dayOfWeek: 3, startTime: '10:00', endTime: '10:00' }]);
    expect(error.message).toBe(CLUB_TEXT.endAfterStart);
    expect(error.fields['times.0.endTime']).toBe(CLUB_TEXT.endAfterStart);
  });

  it('accepts the first and last slots of the day (06:00 to 22:00)', async () => {
    const saved = await saveTimesOk(approved.client, [{ dayOfWeek: 7, startTime: '06:00', endTime: '22:00' }]);
    expect(saved).toEqual([{ dayOfWeek: 7, startTime: '06:00', endTime: '22:00' }]);
  });

  it.each([
    ['a start before 06:00', { dayOfWeek: 1, startTime: '05:30', endTime: '07:00' }, 'times.0.startTime'],
    ['an end after 22:00', { dayOfWeek: 1, startTime: '21:00', endTime: '22:30' }, 'times.0.endTime'],
    ['a start off the half-hour slots', { dayOfWeek: 1, startTime: '06:15', endTime: '07:00' }, 'times.0.startTime'],
    ['an end off the half-hour slots', { dayOfWeek: 1, startTime: '07:00', endTime: '07:45' }, 'times.0.endTime'],
    ['a day of 0', { dayOfWeek: 0, startTime: '07:00', endTime: '08:00' }, 'times.0.dayOfWeek'],
    ['a day of 8', { dayOfWeek: 8, startTime: '07:00', endTime: '08:00' }, 'times.0.dayOfWeek'],
  ])('refuses %s and stores nothing', async (_what, row, field) => {
    const error = await refusedTimes([row]);
    expect(Object.keys(error.fields)).toContain(field);
  });

  it.each([['7pm'], [''], ['25:00'], ['7:00']])('refuses a time that is not HH:MM (%s) as a LocalTime before anything runs', async (startTime) => {
    await saveTimesOk(approved.client, [MONDAY_EVENING]);
    const error = onlyError(await saveTimes(approved.client, [{ dayOfWeek: 1, startTime, endTime: '21:00' }]));
    expect(error.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await meetingTimeRows(server, approved.user.id)).toEqual([MONDAY_EVENING]);
  });

  it('refuses two sessions that overlap on the same day', async () => {
    const error = await refusedTimes([
      { dayOfWeek: 2, startTime: '18:00', endTime: '20:00' },
      { dayOfWeek: 2, startTime: '19:00', endTime: '21:00' },
    ]);
    expect(Object.keys(error.fields)).toContain('times.1.startTime');
  });

  it('refuses a session held inside another on the same day', async () => {
    const error = await refusedTimes([
      { dayOfWeek: 4, startTime: '09:00', endTime: '12:00' },
      SATURDAY_MORNING,
      { dayOfWeek: 4, startTime: '10:00', endTime: '10:30' },
    ]);
    expect(Object.keys(error.fields)).toContain('times.2.startTime');
  });

  it('accepts back-to-back sessions on the same day and the same hours on different days', async () => {
    const rows = [
      { dayOfWeek: 2, startTime: '18:00', endTime: '19:00' },
      { dayOfWeek: 2, startTime: '19:00', endTime: '20:00' },
      { dayOfWeek: 3, startTime: '18:00', endTime: '19:00' },
    ];
    await saveTimesOk(approved.client, rows);
    expect(await meetingTimeRows(server, approved.user.id)).toEqual(rows);
  });

  it('replaces all the old times with the new ones on each save', async () => {
    await saveTimesOk(approved.client, [MONDAY_EVENING, SATURDAY_MORNING]);
    const second = [{ dayOfWeek: 3, startTime: '17:00', endTime: '18:00' }];
    await saveTimesOk(approved.client, second);
    expect(await meetingTimeRows(server, approved.user.id)).toEqual(second);
  });

  it('answers and lists the times by day, then by start, whatever order they were sent in', async () => {
    const saved = await saveTimesOk(approved.client, [
      { dayOfWeek: 7, startTime: '10:00', endTime: '11:00' },
      { dayOfWeek: 2, startTime: '19:00', endTime: '20:00' },
      { dayOfWeek: 2, startTime: '07:00', endTime: '08:00' },
      { dayOfWeek: 1, startTime: '12:00', endTime: '13:00' },
    ]);
    const expected = [
      { dayOfWeek: 1, startTime: '12:00', endTime: '13:00' },
      { dayOfWeek: 2, startTime: '07:00', endTime: '08:00' },
      { dayOfWeek: 2, startTime: '19:00', endTime: '20:00' },
      { dayOfWeek: 7, startTime: '10:00', endTime: '11:00' },
    ];
    expect(saved).toEqual(expected);
    expect((await myClub(approved.client))!.meetingTimes).toEqual(expected);
  });

  it("never touches another club's times", async () => {
    const other = await newClubOwner(server, { clubName: 'Neighbour Nomads', status: 'approved' });
    await saveTimesOk(other.client, [SATURDAY_MORNING]);
    await saveTimesOk(approved.client, [MONDAY_EVENING]);
    await saveTimesOk(approved.client, []);
    expect(await meetingTimeRows(server, other.user.id)).toEqual([SATURDAY_MORNING]);
  });
});

describe('saveMeetingTimes: all or nothing', () => {
  it('keeps the old times intact when inserting the new ones fails half-way', async () => {
    const club = await newClubOwner(server, { clubName: 'Rollback Rovers', status: 'approved' });
    const old = [MONDAY_EVENING, SATURDAY_MORNING];
    await saveTimesOk(club.client, old);
    const db = dbOf(server);
    // A trigger that refuses one particular (valid) session: Sunday 21:00-21:30, for this club only.
    await db.execute(
      sql.raw(`create or replace function clubs_test_refuse_sunday_late() returns trigger language plpgsql as $$
        begin
          if new.day_of_week = 7 and new.start_time = '21:00' and new.end_time = '21:30' then
            raise exception 'refused by the test trigger';
          end if;
          return new;
        end $$`),
    );
    await db.execute(
      sql.raw(`create trigger clubs_test_refuse_sunday_late before insert on club_meeting_times
        for each row execute function clubs_test_refuse_sunday_late()`),
    );
    try {
      const answer = await saveTimes(club.client, [
        { dayOfWeek: 3, startTime: '18:00', endTime: '19:00' },
        { dayOfWeek: 7, startTime: '21:00', endTime: '21:30' },
        { dayOfWeek: 5, startTime: '18:00', endTime: '19:00' },
      ]);
      const error = onlyError(answer);
      expect(error.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
      expect(error.message).not.toMatch(/refused by the test trigger|club_meeting_times|insert/i);
      // Neither the delete of the old times nor the first new row survived.
      expect(await meetingTimeRows(server, club.user.id)).toEqual(old);
      expect((await myClub(club.client))!.meetingTimes).toEqual(old);
    } finally {
      await db.execute(sql.raw('drop trigger if exists clubs_test_refuse_sunday_late on club_meeting_times'));
      await db.execute(sql.raw('drop function if exists clubs_test_refuse_sunday_late()'));
    }
    // Without the trigger the same list saves.
    expect(
      await saveTimesOk(club.client, [
        { dayOfWeek: 3, startTime: '18:00', endTime: '19:00' },
        { dayOfWeek: 7, startTime: '21:00', endTime: '21:30' },
      ]),
    ).toHaveLength(2);
  });
});
