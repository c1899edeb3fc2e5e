// Dated sessions from weekly meeting times (issue 29 §2): each week's slots in the club's zone,
// the wall-clock time kept across daylight-saving changes, only what starts inside the window.
import { describe, expect, it } from 'vitest';
import { nextLocalTime, occurrences, slotKey } from '../../server/src/modules/sessions/sessions.schedule.js';

const TUESDAY_EVENING = { dayOfWeek: 2, startTime: '19:00', endTime: '20:30' };
const SATURDAY_MORNING = { dayOfWeek: 6, startTime: '09:00', endTime: '10:00' };

describe('occurrences', () => {
  it('makes one session per slot and week, in start order', () => {
    // Monday 2026-11-30 00:00 London to two weeks later.
    const found = occurrences([SATURDAY_MORNING, TUESDAY_EVENING], 'Europe/London', new Date('2026-11-30T00:00:00Z'), new Date('2026-12-14T00:00:00Z'));
    expect(found.map((o) => [o.localDate, o.startsAt.toISOString(), o.endsAt.toISOString(), o.slotKey])).toEqual([
      ['2026-12-01', '2026-12-01T19:00:00.000Z', '2026-12-01T20:30:00.000Z', '2-19:00-20:30'],
      ['2026-12-05', '2026-12-05T09:00:00.000Z', '2026-12-05T10:00:00.000Z', '6-09:00-10:00'],
      ['2026-12-08', '2026-12-08T19:00:00.000Z', '2026-12-08T20:30:00.000Z', '2-19:00-20:30'],
      ['2026-12-12', '2026-12-12T09:00:00.000Z', '2026-12-12T10:00:00.000Z', '6-09:00-10:00'],
    ]);
  });

  it('keeps the wall-clock time across the spring and autumn changes', () => {
    // London moves to BST on Sunday 2027-03-28 and back on Sunday 2027-10-31.
    const spring = occurrences([TUESDAY_EVENING], 'Europe/London', new Date('2027-03-20T00:00:00Z'), new Date('2027-04-04T00:00:00Z'));
    expect(spring.map((o) => [o.localDate, o.startsAt.toISOString()])).toEqual([
      ['2027-03-23', '2027-03-23T19:00:00.000Z'],
      ['2027-03-30', '2027-03-30T18:00:00.000Z'],
    ]);
    const autumn = occurrences([SATURDAY_MORNING], 'Europe/London', new Date('2027-10-24T00:00:00Z'), new Date('2027-11-07T00:00:00Z'));
    expect(autumn.map((o) => [o.localDate, o.startsAt.toISOString()])).toEqual([
      ['2027-10-30', '2027-10-30T08:00:00.000Z'],
      ['2027-11-06', '2027-11-06T09:00:00.000Z'],
    ]);
  });

  it('reads the local date in the club’s zone, not UTC', () => {
    // 23:30 Monday in Auckland is Monday morning UTC; a Monday slot there is on the local Monday.
    const found = occurrences([{ dayOfWeek: 1, startTime: '21:00', endTime: '22:00' }], 'Pacific/Auckland', new Date('2026-11-29T12:00:00Z'), new Date('2026-12-06T12:00:00Z'));
    expect(found.map((o) => [o.localDate, o.startsAt.toISOString()])).toEqual([['2026-11-30', '2026-11-30T08:00:00.000Z']]);
  });

  it('leaves out what starts before the window or at its end, and nothing for no slots', () => {
    const from = new Date('2026-12-01T19:00:00Z');
    expect(occurrences([TUESDAY_EVENING], 'Europe/London', new Date('2026-12-01T19:00:01Z'), new Date('2026-12-08T19:00:00Z'))).toEqual([]);
    expect(occurrences([TUESDAY_EVENING], 'Europe/London', from, new Date('2026-12-01T19:00:01Z')).map((o) => o.localDate)).toEqual(['2026-12-01']);
    expect(occurrences([], 'Europe/London', from, new Date('2027-01-01T00:00:00Z'))).toEqual([]);
    expect(slotKey(TUESDAY_EVENING)).toBe('2-19:00-20:30');
  });

  it('finds the next wall-clock time, today or tomorrow, across a daylight-saving change', () => {
    expect(nextLocalTime(new Date('2026-11-30T02:00:00Z'), '03:00', 'Europe/London').toISOString()).toBe('2026-11-30T03:00:00.000Z');
    expect(nextLocalTime(new Date('2026-11-30T03:00:00Z'), '03:00', 'Europe/London').toISOString()).toBe('2026-12-01T03:00:00.000Z');
    // The night London moves to BST: 03:00 BST is 02:00 UTC.
    expect(nextLocalTime(new Date('2027-03-27T12:00:00Z'), '03:00', 'Europe/London').toISOString()).toBe('2027-03-28T02:00:00.000Z');
  });
});
