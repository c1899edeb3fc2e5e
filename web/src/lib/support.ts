// Where users report errors: the error screen's 'Report This Error' writes to this address.
// Set VITE_SUPPORT_EMAIL when building the client (`vite build` reads it); see README.

export const SUPPORT_EMAIL: string = (import.meta.env.VITE_SUPPORT_EMAIL as string | undefined)?.trim() || 'support@clubroom.local';

/** A mailto: link to support with the subject and body filled in. */
export function supportMailto(subject: string, body: string): string {
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
