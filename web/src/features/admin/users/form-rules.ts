// The action dialogs' form rules, built from the server's shared rules (admin-users.rules.ts,
// moderation.rules.ts). The 'Suspend until' field is a calendar day in the administrator's time
// zone; the suspension lasts to the end of that day, and past days are refused.
import { z } from 'zod';
import { suspensionEndRule } from '@clubroom/rules/admin-users';

/** A shared rule (which also takes null or nothing) fed a form's text, with its messages. */
export function fromText<O>(rule: z.ZodType<O, unknown>): z.ZodType<O, string> {
  return z.string().transform((value, ctx) => {
    const result = rule.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  });
}

const two = (n: number) => String(n).padStart(2, '0');

/** Today as 'YYYY-MM-DD' (local): the date field's earliest day. */
export function todayYmd(now = new Date()): string {
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/** The last minute of a 'YYYY-MM-DD' day (local) as an ISO instant; '' stays ''; anything else
 *  is passed on for the rule to refuse. */
export function endOfDay(ymd: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  if (!day) return ymd;
  return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]), 23, 59).toISOString();
}

const untilInstant = fromText(suspensionEndRule);

/** The date field: '' is no end; a day becomes the end of that day, which must be in the future. */
export const suspendUntilRule: z.ZodType<string | null, string> = z
  .string()
  .transform(endOfDay)
  .pipe(untilInstant)
  .transform((date) => date?.toISOString() ?? null);

/** A form without the date field: no end. */
export const noUntilRule = z.string().transform((): string | null => null);

/** A form without a text field. */
export const noNoteRule = z.string().transform((): string | null => null);
