// The council meeting form's rules (spec section 5), the public tabs (section 4) and 'today' in the
// council's time zone around midnight, summer time and the year boundary.
import { describe, expect, it } from 'vitest';
import { councilMeetingRules, isCalendarDate, todayIn } from '../../server/src/modules/council/council.rules.js';
import { COUNCIL_TEXT } from '../helpers/council.js';

const valid = { title: 'Annual general meeting', meetingDate: '2026-03-10' };

/** The messages of a refused input, keyed by field. */
function refusal(input: Record<string, unknown>): Record<string, string[]> {
  const result = councilMeetingRules.safeParse(input);
  expect(result.success).toBe(false);
  const out: Record<string, string[]> = {};
  for (const issue of result.error!.issues) (out[String(issue.path[0])] ??= []).push(issue.message);
  return out;
}

describe('council meeting form: title', () => {
  it('accepts a title of exactly 200 characters', () => {
    const title = 'T'.repeat(200);
    expect(councilMeetingRules.parse({ ...valid, title }).title).toBe(title);
  });

  it("refuses 201 characters with 'Title must be less than 200 characters'", () => {
    expect(refusal({ ...valid, title: 'T'.repeat(201) })).toEqual({ title: [COUNCIL_TEXT.titleMax] });
  });

  it("refuses an empty, blank or missing title with 'Title is required'", () => {
    expect(refusal({ ...valid, title: '' }).title).toEqual([COUNCIL_TEXT.titleRequired]);
    expect(refusal({ ...valid, title: '   ' }).title).toEqual([COUNCIL_TEXT.titleRequired]);
    expect(refusal({ meetingDate: valid.meetingDate }).title).toEqual([COUNCIL_TEXT.titleRequired]);
  });

  it('trims the title', () => {
    expect(councilMeetingRules.parse({ ...valid, title: '  Budget  ' }).title).toBe('Budget');
  });
});

describe('council meeting form: date and time', () => {
  it("refuses a missing or empty date with 'Meeting date is required' alone", () => {
    // The form lists every message of a field (criteriaMode 'all'): an empty date is not also
    // 'Please enter a valid date'.
    expect(refusal({ title: valid.title }).meetingDate).toEqual([COUNCIL_TEXT.dateRequired]);
    expect(refusal({ ...valid, meetingDate: '' }).meetingDate).toEqual([COUNCIL_TEXT.dateRequired]);
    expect(refusal({ ...valid, meetingDate: '   ' }).meetingDate).toEqual([COUNCIL_TEXT.dateRequired]);
    expect(refusal({ ...valid, meetingDate: null }).meetingDate).toEqual([COUNCIL_TEXT.dateRequired]);
  });

  it.each(['2026-02-30', '2026-02-29', '2025-13-01', '2026-04-31', '2026-00-10', '10/03/2026', '2026-3-1', 'tomorrow', '2026-03-10T10:00'])(
    'refuses the invalid date %s',
    (meetingDate) => {
      const fields = refusal({ ...valid, meetingDate });
      expect(Object.keys(fields)).toEqual(['meetingDate']);
    },
  );

  it('accepts real dates, leap day included', () => {
    for (const meetingDate of ['2028-02-29', '2026-12-31', '2027-01-01']) {
      expect(councilMeetingRules.parse({ ...valid, meetingDate }).meetingDate).toBe(meetingDate);
    }
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-30')).toBe(false);
  });

  it.each(['00:00', '09:05', '19:00', '23:59'])('accepts the time %s', (meetingTime) => {
    expect(councilMeetingRules.parse({ ...valid, meetingTime }).meetingTime).toBe(meetingTime);
  });

  it.each(['24:00', '9:00', '19:60', '19:00:00', '7pm', '1900', '19-00'])('refuses the time %s', (meetingTime) => {
    expect(Object.keys(refusal({ ...valid, meetingTime }))).toEqual(['meetingTime']);
  });

  it('an absent or empty time means none (null)', () => {
    expect(councilMeetingRules.parse(valid).meetingTime).toBeNull();
    expect(councilMeetingRules.parse({ ...valid, meetingTime: '' }).meetingTime).toBeNull();
    expect(councilMeetingRules.parse({ ...valid, meetingTime: null }).meetingTime).toBeNull();
  });
});

describe('council meeting form: defaults and status', () => {
  it('status defaults to upcoming and is_public to true; optional texts default to empty', () => {
    const parsed = councilMeetingRules.parse(valid);
    expect(parsed).toMatchObject({ status: 'upcoming', isPublic: true, location: '', agenda: '', minutes: '' });
  });

  it('keeps an explicit status and is_public false', () => {
    expect(councilMeetingRules.parse({ ...valid, status: 'completed', isPublic: false })).toMatchObject({ status: 'completed', isPublic: false });
    expect(councilMeetingRules.parse({ ...valid, status: 'cancelled' }).status).toBe('cancelled');
  });

  it('refuses an unknown status', () => {
    expect(Object.keys(refusal({ ...valid, status: 'postponed' }))).toEqual(['status']);
    expect(Object.keys(refusal({ ...valid, status: 'UPCOMING' }))).toEqual(['status']);
  });
});

describe("todayIn: today's date in a time zone", () => {
  it('the year boundary: 2026-12-31T23:30Z is still 2026-12-31 in London but 2027-01-01 in Tokyo', () => {
    const now = new Date('2026-12-31T23:30:00Z');
    expect(todayIn('Europe/London', now)).toBe('2026-12-31');
    expect(todayIn('Asia/Tokyo', now)).toBe('2027-01-01');
    expect(todayIn('UTC', now)).toBe('2026-12-31');
  });

  it('British Summer Time: 2026-06-30T23:30Z is already 2026-07-01 in London', () => {
    expect(todayIn('Europe/London', new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(todayIn('Europe/London', new Date('2026-06-30T22:59:59Z'))).toBe('2026-06-30');
    expect(todayIn('Europe/London', new Date('2026-06-30T23:00:00Z'))).toBe('2026-07-01');
  });

  it('winter in London is UTC: midnight turns at 00:00Z', () => {
    expect(todayIn('Europe/London', new Date('2026-01-14T23:59:59Z'))).toBe('2026-01-14');
    expect(todayIn('Europe/London', new Date('2026-01-15T00:00:00Z'))).toBe('2026-01-15');
  });

  it('a zone behind UTC: New Year in London is still New Year’s Eve in New York', () => {
    expect(todayIn('America/New_York', new Date('2027-01-01T04:59:00Z'))).toBe('2026-12-31');
    expect(todayIn('America/New_York', new Date('2027-01-01T05:00:00Z'))).toBe('2027-01-01');
  });

  it('answers YYYY-MM-DD with zero padding', () => {
    expect(todayIn('Europe/London', new Date('2026-03-05T12:00:00Z'))).toBe('2026-03-05');
  });
});

// Found by mutation testing (npm run test:mutation, docs/TESTING.md): checks that no test judged.
describe('mutation-found gaps: the meeting form', () => {
  it("refuses an invalid date or time with the form's message, not only on the right field", () => {
    expect(refusal({ ...valid, meetingDate: '2026-02-30' }).meetingDate).toEqual(['Please enter a valid date']);
    expect(refusal({ ...valid, meetingTime: '24:00' }).meetingTime).toEqual(['Please enter a valid time (HH:MM)']);
    expect(refusal({ ...valid, status: 'postponed' }).status).toEqual(['Status must be upcoming, completed or cancelled']);
  });

  it('refuses digits before the date and years before 0100 (which Date.UTC would read as 19xx)', () => {
    expect(isCalendarDate('12026-03-10')).toBe(false);
    expect(isCalendarDate('0050-06-15')).toBe(false);
    expect(isCalendarDate('0100-06-15')).toBe(true);
  });

  it("gives 'Title is required' and 'Meeting date is required' for values that are not text", () => {
    expect(refusal({ ...valid, title: 42 }).title).toEqual([COUNCIL_TEXT.titleRequired]);
    expect(refusal({ ...valid, title: null }).title).toEqual([COUNCIL_TEXT.titleRequired]);
    expect(refusal({ ...valid, meetingDate: 20260310 }).meetingDate).toEqual([COUNCIL_TEXT.dateRequired]);
  });

  it('trims the time', () => {
    expect(councilMeetingRules.parse({ ...valid, meetingTime: ' 19:00 ' }).meetingTime).toBe('19:00');
  });

  it('keeps and trims a location, agenda and minutes up to their limits and refuses one more character', () => {
    const parsed = councilMeetingRules.parse({ ...valid, location: '  Town Hall  ', agenda: ' <p>Budget</p> ', minutes: ' Agreed. ' });
    expect(parsed).toMatchObject({ location: 'Town Hall', agenda: '<p>Budget</p>', minutes: 'Agreed.' });
    expect(councilMeetingRules.parse({ ...valid, location: 'l'.repeat(200), agenda: 'a'.repeat(20_000) }).location).toHaveLength(200);
    expect(refusal({ ...valid, location: 'l'.repeat(201) })).toEqual({ location: ['Location must be at most 200 characters'] });
    expect(refusal({ ...valid, agenda: 'a'.repeat(20_001) })).toEqual({ agenda: ['Agenda must be at most 20000 characters'] });
    expect(refusal({ ...valid, minutes: 'm'.repeat(20_001) })).toEqual({ minutes: ['Minutes must be at most 20000 characters'] });
  });
});
