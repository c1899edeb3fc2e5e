// Certificates of approved volunteer hours (issue 30 §4): limits, the shape of a verification code,
// the wording and how hours and days are written, shared by the server, the PDF and the web
// (`@clubroom/rules/certificates-texts`: the public /verify page loads no zod). Pure: no imports.

/** The longest period one certificate covers. */
export const CERTIFICATE_MAX_YEARS = 10;
/** The certificates a volunteer's list pages through, 20 at a time unless `first`/`last` says. */
export const CERTIFICATES_PAGE_DEFAULT = 20;
/** A ready certificate's download link works this long (it is signed again each time the list is read). */
export const CERTIFICATE_LINK_MINUTES = 10;
/** How many certificates a volunteer may ask for in 24 hours (each is a PDF made by a job). */
export const CERTIFICATES_PER_DAY = 20;

/**
 * A verification code: 28 characters of Crockford's base32 (no I, L, O or U, so nothing is misread)
 * in seven groups of four, e.g. `7F3K-Q9XM-2BWD-…`. They carry 140 random bits: guessing one that
 * exists is hopeless, so the public page needs no sign-in and no rate limit of its own.
 */
export const CERTIFICATE_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CERTIFICATE_CODE_GROUPS = 7;
export const CERTIFICATE_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{4}(?:-[0-9A-HJKMNP-TV-Z]{4}){6}$/;

/** The code as the page and the database know it (typed in lower case, it is the same code). */
export const normaliseCertificateCode = (code: string): string => code.trim().toUpperCase();
export const isCertificateCode = (code: string): boolean => code.length <= 64 && CERTIFICATE_CODE_PATTERN.test(normaliseCertificateCode(code));

export const CERTIFICATE_MESSAGES = {
  fromRequired: 'Enter the first day of the period as a date',
  toRequired: 'Enter the last day of the period as a date',
  toBeforeFrom: 'The period must end on or after its first day',
  future: 'The period cannot end in the future',
  tooLong: `A certificate covers at most ${CERTIFICATE_MAX_YEARS} years`,
  clubNotFound: 'Club not found',
  perDay: `You can ask for ${CERTIFICATES_PER_DAY} certificates a day. Please try again tomorrow.`,
  noHours: 'You have no approved hours in this period. Choose another period or club.',
  notFound: 'Certificate not found',
  linkInvalid: 'This download link is invalid. Open your certificates and download it again.',
  linkExpired: 'This download link has expired. Open your certificates and download it again.',
  notACode: 'This is not a certificate code. A code is seven groups of four letters and digits, e.g. 7F3K-Q9XM-2BWD-H4RT-N6PA-C8VE-Z1YJ.',
  unknown: 'No certificate has this code. Check the code on the certificate.',
  revoked: 'Some of the hours this certificate states were revoked by the club since it was issued, so its total no longer stands.',
} as const;

/** Today in UTC, as YYYY-MM-DD (a volunteer's hours carry calendar dates). */
export const todayUtc = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

/** Minutes as hours the way a certificate states them: "1.5 hours", "1 hour", "0.25 hours". */
export function formatHours(minutes: number): string {
  const hours = Math.round((minutes / 60) * 100) / 100;
  return `${hours.toLocaleString('en-GB', { maximumFractionDigits: 2 })} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** A calendar day as a certificate writes it: "3 March 2026". */
export function formatCertificateDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The public page's address for a code. */
export const verificationPath = (code: string): string => `/verify/${code}`;
