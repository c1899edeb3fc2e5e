// Certificates of approved volunteer hours (issue 30 §4): the request form's rules, shared by the
// server and the web (`@clubroom/rules/certificates`). The zod-free part (limits, the code's shape,
// wording, formatting) is certificates-texts.rules.ts, which the public /verify page takes alone.
// Pure: no server imports.
import { z } from 'zod';
import { CERTIFICATE_MAX_YEARS, CERTIFICATE_MESSAGES as M, todayUtc } from './certificates-texts.rules.js';

export * from './certificates-texts.rules.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) => DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** The request form and the server's check: a period of calendar days, not ending in the future,
 *  at most CERTIFICATE_MAX_YEARS long; `clubId` empty for all clubs. */
export const certificateRequestRules = z
  .object({
    clubId: z.string().max(200).nullish(),
    fromDate: z.string({ error: M.fromRequired }).refine(isDay, { error: M.fromRequired }),
    toDate: z.string({ error: M.toRequired }).refine(isDay, { error: M.toRequired }),
  })
  .superRefine((value, ctx) => {
    if (!isDay(value.fromDate) || !isDay(value.toDate)) return;
    if (value.toDate < value.fromDate) ctx.addIssue({ code: 'custom', path: ['toDate'], message: M.toBeforeFrom });
    else if (value.toDate > todayUtc()) ctx.addIssue({ code: 'custom', path: ['toDate'], message: M.future });
    else {
      const from = new Date(`${value.fromDate}T00:00:00Z`);
      const limit = new Date(Date.UTC(from.getUTCFullYear() + CERTIFICATE_MAX_YEARS, from.getUTCMonth(), from.getUTCDate()));
      if (new Date(`${value.toDate}T00:00:00Z`) >= limit) ctx.addIssue({ code: 'custom', path: ['toDate'], message: M.tooLong });
    }
  });
export type CertificateRequestValues = z.output<typeof certificateRequestRules>;

