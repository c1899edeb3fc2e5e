// Where users report errors: the error screen's 'Report This Error' writes to this address.
// At run time the server's SUPPORT_EMAIL, given in the page's <meta name="clubroom-support-email">
// (server/src/http/web.ts); else VITE_SUPPORT_EMAIL of the build (`vite build` reads it); see README.

const BUILD_DEFAULT = (import.meta.env.VITE_SUPPORT_EMAIL as string | undefined)?.trim() || 'support@clubroom.local';

function runtimeSupportEmail(): string | null {
  if (typeof document === 'undefined') return null;
  const content = document.querySelector('meta[name="clubroom-support-email"]')?.getAttribute('content')?.trim();
  return content || null;
}

export const SUPPORT_EMAIL: string = runtimeSupportEmail() ?? BUILD_DEFAULT;

/** A mailto: link to support with the subject and body filled in. */
export function supportMailto(subject: string, body: string): string {
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
