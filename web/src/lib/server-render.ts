// What a page tells the server while it is rendered there: its metadata and its HTTP status.
// The server's renderer (web/src/entry-server.tsx) provides one per request; in the browser there
// is none, and pages set their metadata in the document instead (lib/page-meta.tsx).
import { createContext, useContext } from 'react';
import type { PageMetaData } from './page-meta-tags';

export interface ServerRender {
  /** APP_URL: canonical and Open Graph addresses are absolute. */
  appUrl: string;
  /** The metadata of the page rendered last (a later render pass overwrites it). */
  meta: PageMetaData | null;
  status: number;
}

export const ServerRenderContext = createContext<ServerRender | null>(null);

/** The request being rendered on the server, or null in the browser. */
export function useServerRender(): ServerRender | null {
  return useContext(ServerRenderContext);
}
