// Helpers of the council meeting cards (dates are formatted by lib/format.ts).

/** True when rich text holds no visible text (empty, or only empty tags). */
export function isBlankHtml(html: string | null | undefined): boolean {
  return !html || html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() === '';
}

/** The anchor of a meeting's card: the fragment of its `url` ('/sports-council#meeting-…'), the
 *  address the calendar feed links each event to. */
export function meetingAnchor(url: string): string {
  const at = url.indexOf('#');
  return at < 0 ? '' : url.slice(at + 1);
}

/** The meeting card named by a location hash '#meeting-…', if any. */
export function hashMeetingAnchor(hash: string): string | null {
  return hash.startsWith('#meeting-') ? decodeURIComponent(hash.slice(1)) : null;
}
