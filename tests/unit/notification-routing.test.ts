// Where one notification goes (notifications.routing.ts): the member's choices over the kind's
// defaults, required channels, muted clubs, the email cadence, quiet hours and digest times.
import { describe, expect, it } from 'vitest';
import { channelEnabled, nextDigestAt, quietUntil, route } from '../../server/src/modules/notifications/notifications.routing.js';
import { NOTIFICATION_KINDS, NOTIFICATION_KIND_KEYS, deliverySettingsRules, preferenceChangesRules } from '../../server/src/modules/notifications/notifications.rules.js';

const prefs = (over: Partial<Parameters<typeof route>[1]> = {}) => ({ choices: {}, emailCadence: 'instant' as const, clubMuted: false, ...over });

describe('route', () => {
  it('follows each kind’s defaults for a member who never chose', () => {
    for (const kind of NOTIFICATION_KIND_KEYS) {
      const d = NOTIFICATION_KINDS[kind].defaults;
      const r = route(kind, prefs());
      expect(r.inApp, kind).toBe(d.in_app || NOTIFICATION_KINDS[kind].required.includes('in_app' as never));
      expect(r.email !== null, kind).toBe(d.email || NOTIFICATION_KINDS[kind].required.includes('email' as never));
    }
  });

  it('follows the member’s choices over the defaults', () => {
    expect(route('message_received', prefs({ choices: { email: false } })).email).toBeNull();
    expect(route('report_outcome', prefs({ choices: { email: true } })).email).toBe('instant');
    expect(route('message_received', prefs({ choices: { in_app: false, push: false } }))).toMatchObject({ inApp: false, push: false, email: 'instant' });
  });

  it('sends required channels whatever the choices, cadence or mutes, and never lets quiet hours hold them', () => {
    const r = route('account_status', prefs({ choices: { email: false }, emailCadence: 'off', clubMuted: true }));
    expect(r).toMatchObject({ email: 'instant', mayWait: false });
    expect(route('account_security', prefs()).inApp).toBe(false);
    expect(route('moderation_notice', prefs({ choices: { in_app: false } })).inApp).toBe(true);
  });

  it('gathers email for a digest, or drops it, by the cadence', () => {
    expect(route('message_received', prefs({ emailCadence: 'daily' })).email).toBe('digest');
    expect(route('message_received', prefs({ emailCadence: 'weekly' })).email).toBe('digest');
    expect(route('message_received', prefs({ emailCadence: 'off' })).email).toBeNull();
  });

  it('keeps a muted club’s notifications to the bell', () => {
    expect(route('volunteer_application_decided', prefs({ clubMuted: true }))).toMatchObject({ inApp: true, email: null, push: false });
  });

  it('answers a channel a kind never uses as off', () => {
    expect(channelEnabled('account_security', 'push', { push: true })).toBe(false);
  });
});

describe('quietUntil', () => {
  const quiet = { start: 22 * 60, end: 7 * 60, timeZone: 'Europe/London' };
  it('holds a moment inside hours that run over midnight until their end, on the member’s wall clock', () => {
    // 23:30 in London in winter (UTC+0): held until 07:00 the next morning.
    expect(quietUntil(new Date('2026-01-15T23:30:00Z'), quiet)?.toISOString()).toBe('2026-01-16T07:00:00.000Z');
    // 05:00 in London in summer (UTC+1, 04:00Z): held until 07:00 London, 06:00Z the same day.
    expect(quietUntil(new Date('2026-07-15T04:00:00Z'), quiet)?.toISOString()).toBe('2026-07-15T06:00:00.000Z');
  });

  it('lets a moment outside quiet hours through, and the end itself', () => {
    expect(quietUntil(new Date('2026-01-15T12:00:00Z'), quiet)).toBeNull();
    expect(quietUntil(new Date('2026-01-15T07:00:00Z'), quiet)).toBeNull();
    expect(quietUntil(new Date('2026-01-15T21:59:00Z'), quiet)).toBeNull();
    expect(quietUntil(new Date('2026-01-15T22:00:00Z'), quiet)).not.toBeNull();
  });

  it('keeps the wall-clock end across a daylight-saving change', () => {
    // The night the clocks go forward in London (29 March 2026, 01:00Z): 23:00 GMT on the 28th
    // is held until 07:00 BST, which is 06:00Z.
    expect(quietUntil(new Date('2026-03-28T23:00:00Z'), quiet)?.toISOString()).toBe('2026-03-29T06:00:00.000Z');
  });

  it('handles hours within one day', () => {
    const day = { start: 9 * 60, end: 17 * 60, timeZone: 'UTC' };
    expect(quietUntil(new Date('2026-01-15T10:00:00Z'), day)?.toISOString()).toBe('2026-01-15T17:00:00.000Z');
    expect(quietUntil(new Date('2026-01-15T18:00:00Z'), day)).toBeNull();
  });
});

describe('nextDigestAt', () => {
  it('is the next digest hour on the member’s wall clock (daily), or the next Monday’s (weekly)', () => {
    // Thursday 15 January 2026, 10:00 in New York (15:00Z).
    const after = new Date('2026-01-15T15:00:00Z');
    expect(nextDigestAt(after, 'daily', 8, 'America/New_York').toISOString()).toBe('2026-01-16T13:00:00.000Z');
    expect(nextDigestAt(after, 'daily', 18, 'America/New_York').toISOString()).toBe('2026-01-15T23:00:00.000Z');
    expect(nextDigestAt(after, 'weekly', 8, 'America/New_York').toISOString()).toBe('2026-01-19T13:00:00.000Z');
  });

  it('is strictly after the moment given (a digest sent at 08:00 schedules the next day’s)', () => {
    expect(nextDigestAt(new Date('2026-01-15T08:00:00Z'), 'daily', 8, 'UTC').toISOString()).toBe('2026-01-16T08:00:00.000Z');
  });
});

describe('rules', () => {
  it('refuses unknown kinds and channels, and channels that cannot change, with the field’s message', () => {
    const issue = (input: unknown) => preferenceChangesRules.safeParse(input).error?.issues[0];
    expect(issue({ changes: [{ kind: 'nope', channel: 'email', enabled: true }] })).toMatchObject({ path: ['changes', 0, 'kind'], message: 'Unknown notification kind' });
    expect(issue({ changes: [{ kind: 'message_received', channel: 'fax', enabled: true }] })).toMatchObject({ path: ['changes', 0, 'channel'], message: 'Unknown notification channel' });
    expect(issue({ changes: [{ kind: 'account_status', channel: 'email', enabled: false }] })).toMatchObject({ path: ['changes', 0, 'channel'], message: 'Your account’s status: email cannot be changed' });
    expect(issue({ changes: Array.from({ length: 61 }, () => ({ kind: 'message_received', channel: 'email', enabled: true })) })?.message).toBe('At most 60 changes at once');
  });

  it('refuses quiet hours with one end, equal ends, bad clocks, unknown zones and hours out of range', () => {
    const base = { emailCadence: 'instant', quietHoursStart: '22:00', quietHoursEnd: '07:00', timeZone: 'Europe/London', digestHour: 8, pushPreviews: false };
    const message = (over: Record<string, unknown>) => deliverySettingsRules.safeParse({ ...base, ...over }).error?.issues[0]?.message;
    expect(message({})).toBeUndefined();
    expect(message({ quietHoursEnd: null })).toBe('Give both the start and the end of quiet hours, or neither');
    expect(message({ quietHoursEnd: '22:00' })).toBe('Quiet hours must start and end at different times');
    expect(message({ quietHoursStart: '24:00' })).toBe('Enter a time as HH:MM, from 00:00 to 23:59');
    expect(message({ timeZone: 'Mars/Olympus' })).toBe('Unknown time zone');
    expect(message({ digestHour: 24 })).toBe('Choose an hour from 0 to 23');
    expect(message({ emailCadence: 'hourly' })).toBe('Choose instant, daily, weekly or off');
  });
});
