// The shared club rules (server/src/modules/clubs/clubs.rules.ts), used by the server and by the
// club dashboard's forms: the time slots, the directory initials, the meeting times editor, the
// phone and URL checks of the profile form, and the directory's search query
// (server/src/modules/clubs/club-directory.service.ts).
import { describe, expect, it } from 'vitest';
import {
  SPORT_CATEGORIES,
  TIME_SLOTS,
  WEEKDAYS,
  clubInitials,
  clubProfileRules,
  isCompleteMeetingTime,
  isPhone,
  meetingTimesRules,
  volunteerPositionRules,
  weekdayName,
} from '../../server/src/modules/clubs/clubs.rules.js';
import { searchQuery } from '../../server/src/modules/clubs/club-directory.service.js';
import { CLUB_TEXT, SPEC_SPORT_CATEGORIES, validPosition, validProfile } from '../helpers/clubs.js';
import { byPath } from '../helpers/rules.js';

const row = (dayOfWeek: number | null, startTime: string | null, endTime: string | null) => ({ dayOfWeek, startTime, endTime });

describe('constants', () => {
  it('offers the time slots every 30 minutes from 06:00 to 22:00 (33 slots)', () => {
    expect(TIME_SLOTS).toHaveLength(33);
    expect(TIME_SLOTS[0]).toBe('06:00');
    expect(TIME_SLOTS[1]).toBe('06:30');
    expect(TIME_SLOTS[TIME_SLOTS.length - 1]).toBe('22:00');
    expect(TIME_SLOTS).toContain('12:30');
    expect(TIME_SLOTS).not.toContain('05:30');
    expect(TIME_SLOTS).not.toContain('22:30');
    for (const slot of TIME_SLOTS) expect(slot).toMatch(/^([01][0-9]|2[0-2]):[03]0$/);
    expect([...TIME_SLOTS].sort()).toEqual([...TIME_SLOTS]);
  });

  it('names the meeting days Monday to Sunday, 1 to 7', () => {
    expect(WEEKDAYS).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(weekdayName(1)).toBe('Monday');
    expect(weekdayName(7)).toBe('Sunday');
    expect(weekdayName(0)).toBe('');
    expect(weekdayName(8)).toBe('');
  });

  it('lists the sport categories of the specification', () => {
    expect([...SPORT_CATEGORIES]).toEqual(SPEC_SPORT_CATEGORIES);
  });
});

describe('clubInitials', () => {
  it.each([
    ['Riverside Rovers FC', 'RR'],
    ['Riverside', 'R'],
    ['  Riverside    Rovers  ', 'RR'],
    ['riverside rovers', 'RR'],
    ['ashford', 'A'],
    ['Riverside\tRovers\nFC', 'RR'],
    ['Éclair Élite', 'ÉÉ'],
    ['', ''],
    ['   ', ''],
  ])('%j gives %j', (name, initials) => {
    expect(clubInitials(name)).toBe(initials);
  });

  it('does not cut a character made of two UTF-16 units in half', () => {
    expect(clubInitials('𝔸lpha 𝔹eta')).toBe('𝔸𝔹');
  });
});

describe('meetingTimesRules', () => {
  it('drops incomplete rows and keeps the complete ones in the order given', () => {
    const result = meetingTimesRules.parse([
      row(1, '18:00', '19:00'),
      row(null, '18:00', '19:00'),
      row(2, '', '19:00'),
      row(3, '18:00', null),
      {},
      row(6, '09:00', '10:00'),
    ]);
    expect(result).toEqual([row(1, '18:00', '19:00'), row(6, '09:00', '10:00')]);
  });

  it('answers an empty list for the editor’s starting empty row', () => {
    expect(meetingTimesRules.parse([row(null, '', '')])).toEqual([]);
    expect(meetingTimesRules.parse([])).toEqual([]);
  });

  it('refuses an end that is not after the start, naming the row', () => {
    expect(byPath(meetingTimesRules, [row(1, '09:00', '10:00'), row(2, '19:00', '18:30')])).toEqual({ '1.endTime': [CLUB_TEXT.endAfterStart] });
    expect(byPath(meetingTimesRules, [row(2, '19:00', '19:00')])).toEqual({ '0.endTime': [CLUB_TEXT.endAfterStart] });
  });

  it('does not check the order of an incomplete row (it is dropped)', () => {
    expect(meetingTimesRules.safeParse([row(null, '19:00', '18:00')]).success).toBe(true);
  });

  it('refuses times outside 06:00-22:00 or off the half-hour slots', () => {
    expect(Object.keys(byPath(meetingTimesRules, [row(1, '05:30', '07:00')]))).toEqual(['0.startTime']);
    expect(Object.keys(byPath(meetingTimesRules, [row(1, '21:30', '22:30')]))).toEqual(['0.endTime']);
    expect(Object.keys(byPath(meetingTimesRules, [row(1, '06:15', '07:00')]))).toEqual(['0.startTime']);
    expect(Object.keys(byPath(meetingTimesRules, [row(1, '6:00', '07:00')]))).toEqual(['0.startTime']);
    expect(meetingTimesRules.safeParse([row(1, '06:00', '22:00')]).success).toBe(true);
  });

  it('refuses a day outside 1-7', () => {
    expect(Object.keys(byPath(meetingTimesRules, [row(8, '09:00', '10:00')]))).toEqual(['0.dayOfWeek']);
    expect(Object.keys(byPath(meetingTimesRules, [row(-1, '09:00', '10:00')]))).toEqual(['0.dayOfWeek']);
    expect(Object.keys(byPath(meetingTimesRules, [row(1.5, '09:00', '10:00')]))).toEqual(['0.dayOfWeek']);
  });

  it('refuses a session overlapping an earlier one on the same day, naming the later row', () => {
    const errors = byPath(meetingTimesRules, [row(2, '18:00', '20:00'), row(5, '18:00', '20:00'), row(2, '19:30', '21:00')]);
    expect(Object.keys(errors)).toEqual(['2.startTime']);
    // A session inside another, and one wrapping another, overlap too.
    expect(Object.keys(byPath(meetingTimesRules, [row(3, '09:00', '12:00'), row(3, '10:00', '10:30')]))).toEqual(['1.startTime']);
    expect(Object.keys(byPath(meetingTimesRules, [row(3, '10:00', '10:30'), row(3, '09:00', '12:00')]))).toEqual(['1.startTime']);
    expect(Object.keys(byPath(meetingTimesRules, [row(3, '10:00', '11:00'), row(3, '10:00', '11:00')]))).toEqual(['1.startTime']);
  });

  it('accepts back-to-back sessions on one day and the same hours on different days', () => {
    expect(meetingTimesRules.safeParse([row(2, '18:00', '19:00'), row(2, '19:00', '20:00'), row(3, '18:00', '19:00')]).success).toBe(true);
  });

  it('accepts 30 complete sessions and refuses 31', () => {
    const sessions = (n: number) => Array.from({ length: n }, (_, i) => row(1 + (i % 7), TIME_SLOTS[Math.floor(i / 7) * 2]!, TIME_SLOTS[Math.floor(i / 7) * 2 + 1]!));
    expect(meetingTimesRules.safeParse(sessions(30)).success).toBe(true);
    expect(meetingTimesRules.safeParse(sessions(31)).success).toBe(false);
  });

  it('tells a complete row from an incomplete one', () => {
    expect(isCompleteMeetingTime(row(1, '09:00', '10:00'))).toBe(true);
    expect(isCompleteMeetingTime(row(null, '09:00', '10:00'))).toBe(false);
    expect(isCompleteMeetingTime(row(1, '', '10:00'))).toBe(false);
    expect(isCompleteMeetingTime(row(1, '09:00', null))).toBe(false);
  });
});

describe('isPhone', () => {
  it.each([
    ['+44 20 7946 0958', true],
    ['020 7946 0958', true],
    ['01632 960983', true],
    ['07700 900123', true],
    ['(01632) 960-983', true],
    ['12345', true],
    ['1234567890123456', true],
    ['1234', false],
    ['', false],
    ['12345678901234567', false],
    ['call the club', false],
    ['+44 20 7946 0958 ext 2', false],
    ['+++++', false],
    ['-----', false],
  ])('%j is %s', (value, valid) => {
    expect(isPhone(value)).toBe(valid);
  });
});

describe('clubProfileRules: URL checks', () => {
  const check = (field: string, value: string) => byPath(clubProfileRules, validProfile({ [field]: value }))[field]?.[0] ?? null;

  it.each([
    ['websiteUrl', 'https://example.com', null],
    ['websiteUrl', 'http://example.org/path?x=1', null],
    ['websiteUrl', '', null],
    ['websiteUrl', 'example.com', CLUB_TEXT.url],
    ['websiteUrl', 'javascript:alert(1)', CLUB_TEXT.url],
    ['websiteUrl', 'data:text/html,<script>alert(1)</script>', CLUB_TEXT.url],
    ['websiteUrl', 'ftp://example.com', CLUB_TEXT.url],
    ['websiteUrl', 'https://localhost', CLUB_TEXT.url],
    ['facebookUrl', 'https://www.facebook.com/club', null],
    ['facebookUrl', 'https://facebook.com/club', null],
    ['facebookUrl', 'https://fb.com/club', null],
    ['facebookUrl', 'https://FACEBOOK.com/club', null],
    ['facebookUrl', 'https://notfacebook.com/club', CLUB_TEXT.facebookUrl],
    ['facebookUrl', 'https://facebook.com.evil.example/club', CLUB_TEXT.facebookUrl],
    ['facebookUrl', 'javascript://facebook.com/%0aalert(1)', CLUB_TEXT.facebookUrl],
    ['instagramUrl', 'https://www.instagram.com/club', null],
    ['instagramUrl', 'https://instagram.co/club', CLUB_TEXT.instagramUrl],
    ['twitterUrl', 'https://twitter.com/club', null],
    ['twitterUrl', 'https://x.com/club', null],
    ['twitterUrl', 'https://www.x.com/club', null],
    ['twitterUrl', 'https://xx.com/club', CLUB_TEXT.twitterUrl],
    ['twitterUrl', 'https://twitter.com.example/club', CLUB_TEXT.twitterUrl],
    ['googleMapsUrl', 'https://maps.google.com/?q=club', null],
    ['googleMapsUrl', 'https://www.google.com/maps/place/Club', null],
    ['googleMapsUrl', 'https://google.co.uk/maps/@51.5,-0.1,15z', null],
    ['googleMapsUrl', 'https://goo.gl/maps/AbC123', null],
    ['googleMapsUrl', 'https://maps.app.goo.gl/AbC123', null],
    ['googleMapsUrl', 'https://www.google.com/search?q=maps', CLUB_TEXT.googleMapsUrl],
    ['googleMapsUrl', 'https://goo.gl/AbC123', CLUB_TEXT.googleMapsUrl],
    ['googleMapsUrl', 'https://maps.example.com/google.com/maps', CLUB_TEXT.googleMapsUrl],
  ])('%s %j: %s', (field, value, message) => {
    expect(check(field, value)).toBe(message);
  });

  it('answers blank optional fields as empty strings (the service stores them as NULL)', () => {
    const parsed = clubProfileRules.parse(validProfile({ websiteUrl: '  ', contactPhone: '', facebookUrl: null, what3words: undefined }));
    expect(parsed).toMatchObject({ websiteUrl: '', contactPhone: '', facebookUrl: '', what3words: '' });
  });

  it('checks what3words as ///word.word.word in lowercase letters', () => {
    expect(check('what3words', '///filled.count.soap')).toBeNull();
    expect(check('what3words', 'filled.count.soap')).toBe(CLUB_TEXT.what3words);
    expect(check('what3words', '///Filled.count.soap')).toBe(CLUB_TEXT.what3words);
    expect(check('what3words', '///filled.count.soap.extra')).toBe(CLUB_TEXT.what3words);
    expect(check('what3words', '//filled.count.soap')).toBe(CLUB_TEXT.what3words);
  });
});

describe('volunteerPositionRules', () => {
  it('answers blank and missing optional texts as empty strings', () => {
    expect(volunteerPositionRules.parse({ title: 'Coach', description: 'Coach the under-tens.', requirements: '  ', location: null })).toEqual({
      title: 'Coach',
      description: 'Coach the under-tens.',
      responsibilities: '',
      requirements: '',
      timeCommitment: '',
      location: '',
      contactInfo: '',
    });
  });

  it('refuses a title under 2 and a description under 10 characters with their messages', () => {
    expect(byPath(volunteerPositionRules, validPosition({ title: 'A', description: '123456789' }))).toEqual({
      title: [CLUB_TEXT.positionTitleMin],
      description: [CLUB_TEXT.positionDescriptionMin],
    });
    expect(volunteerPositionRules.safeParse(validPosition({ title: 'AB', description: '1234567890' })).success).toBe(true);
  });
});

describe('searchQuery', () => {
  it('turns the words into prefix terms that must all match', () => {
    expect(searchQuery('foot  lon')).toBe('foot:* & lon:*');
    expect(searchQuery('Football')).toBe('football:*');
    expect(searchQuery('  Riverside   ROVERS ')).toBe('riverside:* & rovers:*');
  });

  it('answers null when there is nothing to search for', () => {
    expect(searchQuery('')).toBeNull();
    expect(searchQuery('   ')).toBeNull();
    expect(searchQuery(null)).toBeNull();
    expect(searchQuery(undefined)).toBeNull();
    expect(searchQuery('&|!():*<->\'"\\')).toBeNull();
  });

  it.each([
    ["o'brien", 'o:* & brien:*'],
    ['rovers & | ! ( ) :* <->', 'rovers:*'],
    ['"rovers" fc', 'rovers:* & fc:*'],
    ["'; drop table clubs; --", 'drop:* & table:* & clubs:*'],
    ['a&b|c!d', 'a:* & b:* & c:* & d:*'],
    ['foot:*B', 'foot:* & b:*'],
    ['Zürich Schwimmer', 'zürich:* & schwimmer:*'],
    ['U12 2024', 'u12:* & 2024:*'],
  ])('keeps only letters and digits from %j', (input, expected) => {
    expect(searchQuery(input)).toBe(expected);
  });

  it.each([
    ["x' | y", 'x:* & y:*'],
    ['!!!a', 'a:*'],
    ['(a | b) & !c', 'a:* & b:* & c:*'],
    ['a:*:*', 'a:*'],
    ['tab\tnew\nline', 'tab:* & new:* & line:*'],
    ['a\u0000b', 'a:* & b:*'],
    ['<script>', 'script:*'],
  ])('never answers a query with operators, quotes or punctuation of its own: %j', (input, expected) => {
    const query = searchQuery(input);
    expect(query).toBe(expected);
    expect(query).toMatch(/^[\p{L}\p{N}]+:\*( & [\p{L}\p{N}]+:\*)*$/u);
  });

  it.each(['%_\\', '', '   ', '!&|():*<->', '\u0000\u0001'])('answers no query at all (every club) for %j, which has no letters or digits', (input) => {
    expect(searchQuery(input)).toBeNull();
  });

  it('uses at most 8 words', () => {
    expect(searchQuery('a b c d e f g h i j')).toBe('a:* & b:* & c:* & d:* & e:* & f:* & g:* & h:*');
  });
});

// Found by mutation testing (npm run test:mutation, docs/TESTING.md): checks that no test judged.
describe('mutation-found gaps: profile fields', () => {
  const fields = (over: Record<string, unknown>) => byPath(clubProfileRules, validProfile(over));

  it('refuses a link holding markup or quotes even where the URL parser would take it', () => {
    for (const website of ['https://example.com/a"onmouseover=x', 'https://example.com/<script>', "https://example.com/'x", 'https://example.com/`x`']) {
      expect(fields({ websiteUrl: website }), website).toEqual({ websiteUrl: [CLUB_TEXT.url] });
    }
  });

  it('refuses a phone number over 20 characters even with few digits, and one with letters around the digits', () => {
    expect(isPhone('1 2 3 4 5 6 7 8 9 0 1')).toBe(false); // 21 characters, 11 digits
    expect(isPhone('+44 (20) 7946 - 0958')).toBe(true); // exactly 20 characters
    expect('+44 (20) 7946 - 0958').toHaveLength(20);
    expect(isPhone('tel 12345')).toBe(false);
    expect(isPhone('12345 ext')).toBe(false);
  });

  it("refuses an invalid contact phone with 'Please enter a valid phone number'", () => {
    expect(fields({ contactPhone: 'call the club' })).toEqual({ contactPhone: [CLUB_TEXT.phone] });
    expect(fields({ contactPhone: '1234' })).toEqual({ contactPhone: [CLUB_TEXT.phone] });
  });

  it('refuses what3words with anything before the slashes', () => {
    expect(fields({ what3words: 'x///filled.count.soap' })).toEqual({ what3words: [CLUB_TEXT.what3words] });
  });

  it('refuses a Google page that only mentions maps later in its path', () => {
    expect(fields({ googleMapsUrl: 'https://www.google.com/search/goo.gl/maps' })).toEqual({ googleMapsUrl: [CLUB_TEXT.googleMapsUrl] });
  });

  it("gives the category, description and text-length messages of the form (not zod's defaults)", () => {
    for (const category of ['Hockey', '', null, undefined]) expect(fields({ category }), String(category)).toEqual({ category: [CLUB_TEXT.category] });
    for (const description of ['Too short', '   Too short      ', null, undefined]) {
      expect(fields({ description }), String(description)).toEqual({ description: [CLUB_TEXT.descriptionMin] });
    }
    expect(fields({ description: 'd'.repeat(501) })).toEqual({ description: [CLUB_TEXT.descriptionMax] });
    expect(fields({ description: 'd'.repeat(500) })).toEqual({});
    expect(fields({ address: 'a'.repeat(201) })).toEqual({ address: ['Address must be at most 200 characters'] });
    expect(fields({ city: 'c'.repeat(101) })).toEqual({ city: ['City must be at most 100 characters'] });
    expect(fields({ postcode: 'p'.repeat(13) })).toEqual({ postcode: ['Postcode must be at most 12 characters'] });
    expect(fields({ contactPhone: '1'.repeat(21) })).toEqual({ contactPhone: [CLUB_TEXT.phone] });
  });
});

describe('mutation-found gaps: meeting times', () => {
  it("gives the day and slot messages of the form (not zod's defaults)", () => {
    for (const day of [0, 8]) expect(byPath(meetingTimesRules, [row(day, '09:00', '10:00')])).toEqual({ '0.dayOfWeek': [CLUB_MESSAGES_DAY] });
    expect(byPath(meetingTimesRules, [row(1, '05:30', '07:00')])).toEqual({ '0.startTime': [CLUB_MESSAGES_SLOT] });
    expect(byPath(meetingTimesRules, [{ dayOfWeek: 1, startTime: 9, endTime: '10:00' }])).toEqual({ '0.startTime': [CLUB_MESSAGES_SLOT] });
  });

  it('judges a reversed or empty session only by its order, never as an overlap', () => {
    expect(byPath(meetingTimesRules, [row(2, '18:00', '20:00'), row(2, '19:30', '19:00')])).toEqual({ '1.endTime': [CLUB_TEXT.endAfterStart] });
    expect(byPath(meetingTimesRules, [row(2, '18:00', '20:00'), row(2, '19:00', '19:00')])).toEqual({ '1.endTime': [CLUB_TEXT.endAfterStart] });
    expect(byPath(meetingTimesRules, [row(2, '19:00', '18:00'), row(2, '17:00', '20:00')])).toEqual({ '0.endTime': [CLUB_TEXT.endAfterStart] });
    expect(byPath(meetingTimesRules, [row(2, '18:00', '18:00'), row(2, '17:00', '19:00')])).toEqual({ '0.endTime': [CLUB_TEXT.endAfterStart] });
  });

  it('judges a row off the half-hour slots only by its slot, never as an overlap', () => {
    expect(byPath(meetingTimesRules, [row(2, '18:00', '20:00'), row(2, '18:15', '19:00')])).toEqual({ '1.startTime': [CLUB_MESSAGES_SLOT] });
  });

  it('accepts back-to-back sessions in either order', () => {
    expect(meetingTimesRules.safeParse([row(2, '19:00', '20:00'), row(2, '18:00', '19:00')]).success).toBe(true);
  });

  it('counts only complete sessions against the limit of 30, and says so for the whole list', () => {
    const sessions = (n: number) => Array.from({ length: n }, (_, i) => row(1 + (i % 7), TIME_SLOTS[Math.floor(i / 7) * 2]!, TIME_SLOTS[Math.floor(i / 7) * 2 + 1]!));
    const blanks = Array.from({ length: 5 }, () => row(null, '', ''));
    expect(meetingTimesRules.parse([...sessions(30), ...blanks])).toHaveLength(30);
    expect(byPath(meetingTimesRules, sessions(31))).toEqual({ '': [`At most 30 meeting times can be saved.`] });
    expect(byPath(meetingTimesRules, Array.from({ length: 61 }, () => row(null, '', '')))).toEqual({ '': ['At most 30 meeting times can be saved.'] });
  });
});

describe('mutation-found gaps: volunteer positions', () => {
  const fields = (over: Record<string, unknown>) => byPath(volunteerPositionRules, validPosition(over));

  it("gives the title and description messages for missing, padded and over-long values", () => {
    for (const title of [null, undefined, '  A   ']) expect(fields({ title }), String(title)).toEqual({ title: [CLUB_TEXT.positionTitleMin] });
    for (const description of [null, undefined, '   123456789    ']) {
      expect(fields({ description }), String(description)).toEqual({ description: [CLUB_TEXT.positionDescriptionMin] });
    }
    expect(fields({ title: 't'.repeat(121) })).toEqual({ title: ['Title must be at most 120 characters'] });
    expect(fields({ description: 'd'.repeat(2001) })).toEqual({ description: ['Description must be at most 2000 characters'] });
  });

  it.each([
    ['responsibilities', 2000, 'Responsibilities must be at most 2000 characters'],
    ['requirements', 2000, 'Requirements must be at most 2000 characters'],
    ['timeCommitment', 200, 'Time commitment must be at most 200 characters'],
    ['location', 200, 'Location must be at most 200 characters'],
    ['contactInfo', 200, 'Contact info must be at most 200 characters'],
  ])('%s: %i characters accepted, one more refused with its message', (field, max, message) => {
    expect(fields({ [field]: 'x'.repeat(max) })).toEqual({});
    expect(fields({ [field]: 'x'.repeat(max + 1) })).toEqual({ [field]: [message] });
  });
});

const CLUB_MESSAGES_DAY = 'Please choose a day';
const CLUB_MESSAGES_SLOT = 'Please choose a time between 06:00 and 22:00';
