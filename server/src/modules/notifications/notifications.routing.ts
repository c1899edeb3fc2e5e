// Where one notification goes, decided from the member's preferences: pure functions, so that the
// dispatcher's decisions are tested without a database.
import { TZDate } from '@date-fns/tz';
import { isChoosable, kindInfo, type EmailCadence, type NotificationChannel, type NotificationKind } from './notifications.rules.js';

export interface MemberPreferences {
  /** The member's choices for this kind, where they differ from its defaults. */
  choices: Partial<Record<NotificationChannel, boolean>>;
  emailCadence: EmailCadence;
  /** The event's club is one the member muted. */
  clubMuted: boolean;
}

export interface Route {
  inApp: boolean;
  /** Instant mail, a line in the next digest, or nothing. */
  email: 'instant' | 'digest' | null;
  push: boolean;
  /** Whether quiet hours may hold this back (never for a required channel). */
  mayWait: boolean;
}

/** The member's setting for one kind on one channel: required channels are on, unused ones off,
 *  otherwise the member's choice or the kind's default. */
export function channelEnabled(kind: NotificationKind, channel: NotificationChannel, choices: Partial<Record<NotificationChannel, boolean>>): boolean {
  const info = kindInfo(kind);
  if (info.unused.includes(channel)) return false;
  if (info.required.includes(channel)) return true;
  return choices[channel] ?? info.defaults[channel];
}

export function route(kind: NotificationKind, prefs: MemberPreferences): Route {
  const required = kindInfo(kind).required;
  const chosen = (channel: NotificationChannel) => {
    if (required.includes(channel)) return true;
    // A muted club reaches the member in the bell only.
    if (prefs.clubMuted && channel !== 'in_app') return false;
    return isChoosable(kind, channel) && channelEnabled(kind, channel, prefs.choices);
  };
  let email: Route['email'] = null;
  if (required.includes('email')) email = 'instant';
  else if (chosen('email')) email = prefs.emailCadence === 'instant' ? 'instant' : prefs.emailCadence === 'off' ? null : 'digest';
  return { inApp: chosen('in_app'), email, push: chosen('push'), mayWait: !required.includes('email') };
}

export interface QuietHours {
  /** Minutes after midnight, in `timeZone`. */
  start: number;
  end: number;
  timeZone: string;
}

/** Minutes after midnight of `instant` on the wall clock of `timeZone`. */
const wallMinutes = (instant: TZDate) => instant.getHours() * 60 + instant.getMinutes();

/** The instant `minutes` after midnight of the wall-clock day of `day` plus `addDays` (the
 *  wall-clock time kept across daylight-saving changes). */
function atWallClock(day: TZDate, minutes: number, addDays = 0): Date {
  const at = new TZDate(day.getFullYear(), day.getMonth(), day.getDate() + addDays, Math.floor(minutes / 60), minutes % 60, 0, 0, day.timeZone!);
  return new Date(at.getTime());
}

/**
 * When quiet hours hold `now`, the instant they end (a notification is queued until then);
 * otherwise null. A window whose end is before its start runs over midnight (22:00–07:00).
 */
export function quietUntil(now: Date, quiet: QuietHours | null): Date | null {
  if (!quiet || quiet.start === quiet.end) return null;
  const local = new TZDate(now.getTime(), quiet.timeZone);
  const m = wallMinutes(local);
  const inside = quiet.start < quiet.end ? m >= quiet.start && m < quiet.end : m >= quiet.start || m < quiet.end;
  if (!inside) return null;
  // Over midnight and before it: the end is tomorrow's.
  const tomorrow = quiet.start > quiet.end && m >= quiet.start;
  return atWallClock(local, quiet.end, tomorrow ? 1 : 0);
}

/** When a member's next digest is due after `after`: the next `hour`:00 on the member's wall
 *  clock (daily), or the next Monday's (weekly). */
export function nextDigestAt(after: Date, cadence: 'daily' | 'weekly', hour: number, timeZone: string): Date {
  const local = new TZDate(after.getTime(), timeZone);
  for (let days = 0; days <= 8; days++) {
    const candidate = atWallClock(local, hour * 60, days);
    if (candidate.getTime() <= after.getTime()) continue;
    if (cadence === 'weekly' && new TZDate(candidate.getTime(), timeZone).getDay() !== 1) continue;
    return candidate;
  }
  throw new Error('no digest time within 8 days');
}

/** How long after quiet hours end a deadline moved out of them falls (time to read and answer). */
export const AFTER_QUIET_MINUTES = 120;

/**
 * A deadline that never ends inside the member's quiet hours (a timed offer of a place): one that
 * would is moved to AFTER_QUIET_MINUTES after they end, unless that passes `latest` (close to the
 * start); then back to when they began, unless that is not after `earliest` (quiet hours already
 * hold now), when the later one stands.
 */
export function deadlineOutsideQuietHours(deadline: Date, quiet: QuietHours | null, bounds: { earliest: Date; latest: Date | null }): Date {
  const end = quietUntil(deadline, quiet);
  if (!end || !quiet) return deadline;
  const later = new Date(end.getTime() + AFTER_QUIET_MINUTES * 60_000);
  if (bounds.latest === null || later.getTime() <= bounds.latest.getTime()) return later;
  const length = (quiet.end - quiet.start + 1440) % 1440;
  const began = new Date(end.getTime() - length * 60_000);
  return began.getTime() > bounds.earliest.getTime() ? began : later;
}
