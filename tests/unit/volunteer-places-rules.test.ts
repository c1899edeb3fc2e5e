// The timed offer's deadline (issue 30 §2): 24 hours (the club's offer hours), shortened close to
// the start to half the time left but never under 30 minutes, and never ending in the volunteer's
// quiet hours (moved to two hours after they end, or back to when they began when that would pass
// the start's bound); and the places rules.
import { describe, expect, it } from 'vitest';
import { deadlineOutsideQuietHours } from '../../server/src/modules/notifications/notifications.routing.js';
import { freePlaces, offerDeadline, placesRules } from '../../server/src/modules/opportunities/volunteer-places.rules.js';

const at = (iso: string) => new Date(iso);
const H = 3_600_000;

describe('offerDeadline', () => {
  const now = at('2026-12-01T10:00:00Z');
  it('stands the offer hours when there is no start, or the start is far', () => {
    expect(offerDeadline(now, 24, null)).toEqual({ deadline: at('2026-12-02T10:00:00Z'), latest: null });
    expect(offerDeadline(now, 24, at('2026-12-10T00:00:00Z')).deadline).toEqual(at('2026-12-02T10:00:00Z'));
  });
  it('shortens to half the time left close to the start, never under 30 minutes', () => {
    expect(offerDeadline(now, 24, at('2026-12-01T20:00:00Z'))).toEqual({ deadline: at('2026-12-01T15:00:00Z'), latest: at('2026-12-01T15:00:00Z') });
    expect(offerDeadline(now, 24, at('2026-12-01T10:20:00Z')).deadline).toEqual(at('2026-12-01T10:30:00Z'));
  });
  it('ignores a start already passed (an ongoing role)', () => {
    expect(offerDeadline(now, 6, at('2026-11-01T00:00:00Z')).deadline).toEqual(new Date(now.getTime() + 6 * H));
  });
});

describe('deadlineOutsideQuietHours', () => {
  const quiet = { start: 22 * 60, end: 7 * 60, timeZone: 'Europe/London' };
  const earliest = at('2026-12-01T10:00:00Z');
  it('leaves a deadline outside quiet hours alone', () => {
    expect(deadlineOutsideQuietHours(at('2026-12-01T18:00:00Z'), quiet, { earliest, latest: null })).toEqual(at('2026-12-01T18:00:00Z'));
    expect(deadlineOutsideQuietHours(at('2026-12-02T03:00:00Z'), null, { earliest, latest: null })).toEqual(at('2026-12-02T03:00:00Z'));
  });
  it('moves one inside them to two hours after they end', () => {
    expect(deadlineOutsideQuietHours(at('2026-12-02T03:00:00Z'), quiet, { earliest, latest: null })).toEqual(at('2026-12-02T09:00:00Z'));
    // In New York's winter (UTC-5): 03:00 local is 08:00Z; quiet ends 07:00 local = 12:00Z.
    expect(deadlineOutsideQuietHours(at('2026-12-02T08:00:00Z'), { ...quiet, timeZone: 'America/New_York' }, { earliest, latest: null })).toEqual(at('2026-12-02T14:00:00Z'));
  });
  it('moves it back to when they began when the later time would pass the bound close to the start', () => {
    expect(deadlineOutsideQuietHours(at('2026-12-02T03:00:00Z'), quiet, { earliest, latest: at('2026-12-02T05:00:00Z') })).toEqual(at('2026-12-01T22:00:00Z'));
  });
  it('keeps the later time when quiet hours already hold now', () => {
    expect(deadlineOutsideQuietHours(at('2026-12-02T03:00:00Z'), quiet, { earliest: at('2026-12-01T23:00:00Z'), latest: at('2026-12-02T05:00:00Z') })).toEqual(at('2026-12-02T09:00:00Z'));
  });
});

describe('places rules', () => {
  it('frees places minus those held; no limit is infinite', () => {
    expect(freePlaces(3, 1)).toBe(2);
    expect(freePlaces(1, 2)).toBe(0);
    expect(freePlaces(null, 50)).toBe(Number.POSITIVE_INFINITY);
  });
  it('defaults to no limit, automatic, 24 hours', () => {
    expect(placesRules.parse({})).toEqual({ places: null, waitlistPolicy: 'automatic', offerHours: 24 });
    expect(placesRules.safeParse({ places: 0 }).success).toBe(false);
    expect(placesRules.safeParse({ offerHours: 200 }).success).toBe(false);
  });
});
