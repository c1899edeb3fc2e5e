// <PageMeta …/>: a public page names its title, description, canonical address and structured
// data once. Rendered on the server it is written into the HTML's <head> (and its status into
// the response); in the browser the document's head follows the page the visitor is on.
import { useEffect } from 'react';
import { headTags, PAGE_META_ATTRIBUTE, scriptSafeJson, type HeadTag, type PageMetaData } from './page-meta-tags';
import { useServerRender } from './server-render';

export const APP_URL_META = 'clubroom-app-url';

function appUrl(): string {
  return document.querySelector<HTMLMetaElement>(`meta[name="${APP_URL_META}"]`)?.content || window.location.origin;
}

/** Whether the document's head holds exactly `tags`: a rendered page's, as the server wrote them
 *  (headHtml), which the page then leaves as they are rather than making them again. */
function headHolds(tags: HeadTag[]): boolean {
  const present = Array.from(document.head.querySelectorAll(`[${PAGE_META_ATTRIBUTE}]`));
  return (
    present.length === tags.length &&
    tags.every(({ tag, attributes, text }, i) => {
      const element = present[i]!;
      return (
        element.tagName.toLowerCase() === tag &&
        element.attributes.length === Object.keys(attributes).length + 1 &&
        Object.entries(attributes).every(([name, value]) => element.getAttribute(name) === value) &&
        (text === undefined || element.textContent === text)
      );
    })
  );
}

/** Replaces the page's tags in the document's head with `tags`. */
function applyHeadTags(tags: HeadTag[]): void {
  document.head.querySelectorAll(`[${PAGE_META_ATTRIBUTE}]`).forEach((element) => element.remove());
  for (const { tag, attributes, text } of tags) {
    if (tag === 'title') {
      document.title = text ?? '';
      continue;
    }
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    element.setAttribute(PAGE_META_ATTRIBUTE, '');
    if (text !== undefined) element.textContent = text;
    document.head.append(element);
  }
}

export function PageMeta(meta: PageMetaData): null {
  const server = useServerRender();
  if (server) {
    server.meta = meta;
    server.status = meta.status ?? 200;
  }
  const key = scriptSafeJson(meta);
  useEffect(() => {
    const tags = headTags(JSON.parse(key) as PageMetaData, appUrl());
    if (!headHolds(tags)) applyHeadTags(tags);
    // Leaving for a page that names nothing: the app's defaults, nothing of this page's.
    return () => applyHeadTags(headTags(null, appUrl()));
  }, [key]);
  return null;
}
