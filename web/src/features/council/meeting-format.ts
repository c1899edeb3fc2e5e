// Helpers of the council meeting cards (dates are formatted by lib/format.ts).

/** True when rich text holds no visible text (empty, or only empty tags). */
export function isBlankHtml(html: string | null | undefined): boolean {
  return !html || html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() === '';
}

/** The anchor of a meeting's card in the list ('meeting-' and its id): a meeting's page links back
 *  to it, and the list opens and scrolls to the card a location hash names. */
export function meetingCardAnchor(id: string): string {
  return `meeting-${id}`;
}

/** The meeting card named by a location hash '#meeting-…', if any. */
export function hashMeetingAnchor(hash: string): string | null {
  return hash.startsWith('#meeting-') ? decodeURIComponent(hash.slice(1)) : null;
}

/** A meeting's own page, by its global id: what the list's cards link to, its canonical address
 *  and the sitemap's (server/src/app/sitemap.ts). */
export function meetingPagePath(id: string): string {
  return `/sports-council/meetings/${id}`;
}

/** Meeting ids are opaque global ids (base64url); anything else names no meeting, so it is not
 *  asked for. */
export function isMeetingId(value: string | undefined): value is string {
  return value !== undefined && /^[A-Za-z0-9_-]{1,200}$/.test(value);
}
