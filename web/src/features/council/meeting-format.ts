// Helpers of the council meeting cards (dates are formatted by lib/format.ts).

/** True when rich text holds no visible text (empty, or only empty tags). */
export function isBlankHtml(html: string | null | undefined): boolean {
  return !html || html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() === '';
}

/** The meeting id named by a location hash '#meeting-<id>', if any. */
export function hashMeetingId(hash: string): string | null {
  return hash.startsWith('#meeting-') ? decodeURIComponent(hash.slice('#meeting-'.length)) : null;
}
