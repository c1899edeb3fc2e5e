// The spec's sanitising: plain text loses tags, script prefixes and event handlers; rich text keeps
// only b, i, em, strong, p, br, ul, ol, li without attributes; URLs must be http or https.
import sanitizeHtml from 'sanitize-html';
import { decodeHTML } from 'entities';

const SCRIPT_PREFIX = /(javascript|vbscript|data)\s*:/gi;
const EVENT_HANDLER = /\bon[a-z]+\s*=/gi;

/** Plain text: every tag is removed (script and style with their content); the text itself keeps
 *  its characters ('Smith & Sons' stays as typed) because React escapes on output. */
export function sanitizeText(input: string): string {
  // Repeat until nothing changes: entity-encoded tags ('&lt;script&gt;') and nested prefixes
  // ('javajavascript:script:') must not come back after one pass.
  let current = input;
  for (let pass = 0; pass < 10; pass++) {
    const stripped = sanitizeHtml(current, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' });
    const next = decodeHTML(stripped).replace(SCRIPT_PREFIX, '').replace(EVENT_HANDLER, '');
    if (next === current) break;
    current = next;
  }
  return current.trim();
}

export const RICH_TEXT_TAGS = ['b', 'i', 'em', 'strong', 'p', 'br', 'ul', 'ol', 'li'];

export function sanitizeRichText(input: string): string {
  return sanitizeHtml(input, { allowedTags: RICH_TEXT_TAGS, allowedAttributes: {}, disallowedTagsMode: 'discard' }).trim();
}

/** Returns the URL when it is http(s), otherwise null. */
export function sanitizeUrl(input: string): string | null {
  try {
    const url = new URL(input.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Rich text as plain text for places without markup (calendar descriptions): paragraphs and
 *  line breaks become new lines, list items bullets. */
export function richTextToPlain(input: string): string {
  const marked = input
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|ul|ol)>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<\/li>/gi, '\n');
  const text = decodeHTML(sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' }));
  return text
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
