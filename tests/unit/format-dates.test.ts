// The dates the web shows (web/src/lib/format.ts) are built from Intl's parts; they must read exactly
// as the spec's date-fns patterns did (section 9), in any time zone, at every hour of the day.
import { format } from 'date-fns';
import { afterAll, describe, expect, it, vi } from 'vitest';

/** The module afresh in a zone: it keeps one Intl formatter, made in the zone of its first use. */
async function formatIn(zone: string) {
  process.env.TZ = zone;
  vi.resetModules();
  return import('../../web/src/lib/format.js');
}

const ZONES = ['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Chatham'];
const originalZone = process.env.TZ;

/** Every hour of two days, minutes that need padding, both ends of the year, a leap day. */
function samples(): Date[] {
  const dates: Date[] = [];
  for (let hour = 0; hour < 48; hour += 1) dates.push(new Date(Date.UTC(2026, 11, 31, hour, hour % 2 === 0 ? 5 : 59)));
  dates.push(new Date(Date.UTC(2024, 1, 29, 12, 0)), new Date(Date.UTC(2025, 0, 1, 0, 0)), new Date(Date.UTC(2030, 6, 4, 23, 30)));
  return dates;
}

afterAll(() => {
  if (originalZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalZone;
});

describe.each(ZONES)('absolute dates in %s', (zone) => {
  it("read as date-fns' 'MMM d, yyyy', \"MMM d, yyyy 'at' h:mm a\" and 'MMM d, h:mm a'", async () => {
    const { formatDate, formatDateTime, formatShort } = await formatIn(zone);
    for (const date of samples()) {
      expect(formatDate(date)).toBe(format(date, 'MMM d, yyyy'));
      expect(formatDateTime(date)).toBe(format(date, "MMM d, yyyy 'at' h:mm a"));
      expect(formatShort(date)).toBe(format(date, 'MMM d, h:mm a'));
      expect(formatDateTime(date.toISOString())).toBe(format(date, "MMM d, yyyy 'at' h:mm a"));
    }
  });
});

describe('the texts themselves', () => {
  it('midnight and noon in twelve-hour time, a plain space before AM/PM', async () => {
    const { formatDate, formatDateTime, formatShort } = await formatIn('UTC');
    expect(formatDateTime('2026-03-04T00:05:00Z')).toBe('Mar 4, 2026 at 12:05 AM');
    expect(formatDateTime('2026-03-04T12:00:00Z')).toBe('Mar 4, 2026 at 12:00 PM');
    expect(formatShort('2026-12-01T19:30:00Z')).toBe('Dec 1, 7:30 PM');
    expect(formatDate(Date.UTC(2025, 2, 4))).toBe('Mar 4, 2025');
  });

  it("a council meeting's calendar date, with and without its wall-clock time, the same day in every zone", async () => {
    for (const zone of ZONES) {
      const { formatCalendarDate } = await formatIn(zone);
      expect(formatCalendarDate('2026-12-01', '19:00')).toBe('Dec 1, 2026 at 7:00 PM');
      expect(formatCalendarDate('2026-12-01')).toBe('Dec 1, 2026');
      expect(formatCalendarDate('not a date')).toBe('not a date');
    }
  });

  it('an invalid instant is an error, as it was with date-fns', async () => {
    const { formatDate } = await formatIn('UTC');
    expect(() => formatDate('nonsense')).toThrow(RangeError);
  });
});
