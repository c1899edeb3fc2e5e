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
    applyHeadTags(headTags(JSON.parse(key) as PageMetaData, appUrl()));
    // Leaving for a page that names nothing: the app's defaults, nothing of this page's.
    return () => applyHeadTags(headTags(null, appUrl()));
  }, [key]);
  return null;
}
