// The position form's rules: the shared position rules plus the opportunity fields of issue 12
// (required skills, start date, recurrence). The form always sends all three (the server stores
// an omitted one as empty/false/null).
import { z } from 'zod';
import { volunteerPositionRules } from '@clubroom/rules/clubs';
import { requiredSkillsRule } from '@clubroom/rules/volunteers';
import { positionPlacesFields } from './position-places-rules.js';

export const START_DATE_MESSAGE = 'Please enter a valid date';

/** 'YYYY-MM-DD' naming a real day (2026-02-30 is not one). */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const positionFormRules = volunteerPositionRules.extend({
  requiredSkills: requiredSkillsRule,
  /** '' for none (a date input's empty value); sent as null. */
  startDate: z
    .string()
    .trim()
    .refine((value) => value === '' || isCalendarDay(value), { error: START_DATE_MESSAGE })
    .transform((value) => (value === '' ? null : value)),
  isRecurring: z.boolean(),
  /** Safeguarding (issue 30 §5): a CheckKind's id, '' for none; sent as null. */
  requiredCheckId: z.string().transform((value) => (value === '' ? null : value)),
  // Places and the waiting list (issue 30): position-places-rules.ts.
  ...positionPlacesFields,
});
export type PositionFormInput = z.input<typeof positionFormRules>;
export type PositionFormValues = z.output<typeof positionFormRules>;
