// Shifts on the club's clock (issue 30 §1): the times a club enters on its own wall clock become the
// right instants whatever the device's zone (daylight saving and a shift over midnight included),
// and shifts read in the club's zone.
import { describe, expect, it } from 'vitest';
import { wallClockInstant } from '../../web/src/features/shifts/shift-clock.js';
import { clockTime, shiftWhen, todayIn } from '../../web/src/features/shifts/shift-format.js';

describe('wallClockInstant', () => {
  it("reads a day and a time on the club's clock, summer and winter time alike", () => {
    expect(wallClockInstant('2031-03-04', '09:00', 'Europe/London')?.toISOString()).toBe('2031-03-04T09:00:00.000Z');
    expect(wallClockInstant('2031-07-04', '09:00', 'Europe/London')?.toISOString()).toBe('2031-07-04T08:00:00.000Z');
    expect(wallClockInstant('2031-07-04', '09:00', 'America/New_York')?.toISOString()).toBe('2031-07-04T13:00:00.000Z');
  });

  it('moves an end to the next day (a shift over midnight), across a month end', () => {
    expect(wallClockInstant('2031-03-31', '02:00', 'Europe/London', true)?.toISOString()).toBe('2031-04-01T01:00:00.000Z');
  });

  it('answers null for a missing or malformed day or time', () => {
    expect(wallClockInstant('', '09:00', 'Europe/London')).toBeNull();
    expect(wallClockInstant('2031-03-04', '', 'Europe/London')).toBeNull();
    expect(wallClockInstant('4/3/2031', '9am', 'Europe/London')).toBeNull();
  });
});

describe('shiftWhen and clockTime', () => {
  it("writes a shift's day and times in its club's zone", () => {
    expect(shiftWhen({ startsAt: '2031-03-04T09:00:00Z', endsAt: '2031-03-04T12:00:00Z', timeZone: 'Europe/London' })).toBe('Tue, 4 Mar 2031, 09:00–12:00');
    expect(shiftWhen({ startsAt: '2031-03-04T09:00:00Z', endsAt: '2031-03-04T12:00:00Z', timeZone: 'Asia/Tokyo' })).toBe('Tue, 4 Mar 2031, 18:00–21:00');
    expect(clockTime('2031-07-04T08:00:00Z', 'Europe/London')).toBe('Fri 4 Jul, 09:00');
  });

  it('names both days for a shift over midnight', () => {
    expect(shiftWhen({ startsAt: '2031-03-04T22:00:00Z', endsAt: '2031-03-05T02:00:00Z', timeZone: 'Europe/London' })).toBe('Tue, 4 Mar 2031, 22:00 – Wed, 5 Mar 2031, 02:00');
  });
});

describe('todayIn', () => {
  it("is the club's date, which can differ from the device's", () => {
    const at = new Date('2031-03-04T23:30:00Z');
    expect(todayIn('Europe/London', at)).toBe('2031-03-04');
    expect(todayIn('Asia/Tokyo', at)).toBe('2031-03-05');
  });
});
