// A public page's metadata as <head> tags: title, description, canonical URL, Open Graph and
// Twitter card, robots, and schema.org structured data. One function makes the tags for both
// sides: the server writes them into the HTML (server/src/http/web.ts), the browser keeps the
// document's in step as the visitor moves between pages (lib/page-meta.tsx).

export const SITE_NAME = 'Clubroom';
export const DEFAULT_TITLE = 'Clubroom';
export const DEFAULT_DESCRIPTION = 'Clubroom: discover local sports clubs, volunteer, and follow the sports council.';

/** Marks the tags a page owns, so that the next page's replace them. */
export const PAGE_META_ATTRIBUTE = 'data-page-meta';

export interface PageMetaData {
  /** The page's own title; the document's is '<title> · Clubroom' (the home page's 'Clubroom'). */
  title: string;
  description: string;
  /** The canonical path ('/clubs/…'), without query or hash. */
  path: string;
  /** Open Graph type. */
  type?: 'website' | 'profile' | 'article';
  /** Structured data (schema.org, JSON-LD). */
  jsonLd?: Record<string, unknown> | Record<string, unknown>[];
  /** 404 or 410 for a page that is not (or no longer) there; also keeps it out of the index. */
  status?: 200 | 404 | 410;
  /** A page that is no one's to find (one opened from a member's email, its address a secret):
   *  its title only, kept out of the index, no canonical address or share tags. */
  noindex?: boolean;
}

/** A listing page (the directory, the opportunities): schema.org CollectionPage. */
export function collectionPageMeta(title: string, description: string, path: string): PageMetaData {
  return { title, description, path, jsonLd: { '@context': 'https://schema.org', '@type': 'CollectionPage', name: title, url: path } };
}

export interface HeadTag {
  tag: 'title' | 'meta' | 'link' | 'script';
  attributes: Record<string, string>;
  text?: string;
}

const MAX_DESCRIPTION = 160;

/** One line of at most 160 characters: what search results and share previews show. */
export function summary(text: string, max: number = MAX_DESCRIPTION): string {
  const line = text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

export function documentTitle(meta: Pick<PageMetaData, 'title'>): string {
  return meta.title === SITE_NAME ? SITE_NAME : `${meta.title} · ${SITE_NAME}`;
}

/** JSON for a <script> data block: nothing in it can end the element or start a comment. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Structured data with every `url` made absolute (the builders write paths). */
function absoluteUrls(value: unknown, appUrl: string): unknown {
  if (Array.isArray(value)) return value.map((item) => absoluteUrls(item, appUrl));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, key === 'url' && typeof item === 'string' ? new URL(item, appUrl).href : absoluteUrls(item, appUrl)]),
  );
}

/** The tags of `meta` (null: the app's defaults, for pages that set none). */
export function headTags(meta: PageMetaData | null, appUrl: string): HeadTag[] {
  if (!meta) {
    return [
      { tag: 'title', attributes: {}, text: DEFAULT_TITLE },
      { tag: 'meta', attributes: { name: 'description', content: DEFAULT_DESCRIPTION } },
    ];
  }
  const title = documentTitle(meta);
  const url = new URL(meta.path, appUrl).href;
  const unlisted = meta.noindex === true || meta.status === 404 || meta.status === 410;
  const tags: HeadTag[] = [
    { tag: 'title', attributes: {}, text: title },
    { tag: 'meta', attributes: { name: 'description', content: meta.description } },
  ];
  if (unlisted) {
    tags.push({ tag: 'meta', attributes: { name: 'robots', content: 'noindex' } });
    return tags;
  }
  tags.push(
    { tag: 'link', attributes: { rel: 'canonical', href: url } },
    { tag: 'meta', attributes: { property: 'og:site_name', content: SITE_NAME } },
    { tag: 'meta', attributes: { property: 'og:type', content: meta.type ?? 'website' } },
    { tag: 'meta', attributes: { property: 'og:title', content: meta.title } },
    { tag: 'meta', attributes: { property: 'og:description', content: meta.description } },
    { tag: 'meta', attributes: { property: 'og:url', content: url } },
    { tag: 'meta', attributes: { name: 'twitter:card', content: 'summary' } },
    { tag: 'meta', attributes: { name: 'twitter:title', content: meta.title } },
    { tag: 'meta', attributes: { name: 'twitter:description', content: meta.description } },
  );
  if (meta.jsonLd) {
    tags.push({ tag: 'script', attributes: { type: 'application/ld+json' }, text: scriptSafeJson(absoluteUrls(meta.jsonLd, appUrl)) });
  }
  return tags;
}

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The tags as HTML, each marked as the page's. */
export function headHtml(tags: HeadTag[]): string {
  return tags
    .map(({ tag, attributes, text }) => {
      const attrs = Object.entries({ ...attributes, [PAGE_META_ATTRIBUTE]: '' })
        .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`))
        .join('');
      if (tag === 'meta' || tag === 'link') return `<${tag}${attrs}>`;
      // JSON-LD is already script-safe; a title is text.
      return `<${tag}${attrs}>${tag === 'script' ? (text ?? '') : escapeHtml(text ?? '')}</${tag}>`;
    })
    .join('\n    ');
}
