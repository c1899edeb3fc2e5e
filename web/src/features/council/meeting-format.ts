// Dates and times of council meetings: YYYY-MM-DD and HH:MM are wall-clock values, read as local.
import { format } from 'date-fns';

/** 'YYYY-MM-DD' as a local date (new Date('YYYY-MM-DD') would be midnight UTC). */
function localDate(ymd: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** e.g. 'Tuesday 1 December 2026'. */
export function formatMeetingDate(ymd: string): string {
  const date = localDate(ymd);
  return date ? format(date, 'EEEE d MMMM yyyy') : ymd;
}

/** 'HH:MM' as e.g. '7:00 PM'. */
export function formatMeetingTime(hhmm: string): string {
  const match = /^(\d{2}):(\d{2})/.exec(hhmm);
  if (!match) return hhmm;
  return format(new Date(2000, 0, 1, Number(match[1]), Number(match[2])), 'h:mm a');
}

/** True when rich text holds no visible text (empty, or only empty tags). */
export function isBlankHtml(html: string | null | undefined): boolean {
  return !html || html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() === '';
}

/** The meeting id named by a location hash '#meeting-<id>', if any. */
export function hashMeetingId(hash: string): string | null {
  return hash.startsWith('#meeting-') ? decodeURIComponent(hash.slice('#meeting-'.length)) : null;
}
