// Moderation rules and wording (issue 13 contract, section 2). Pure: imported by the server and by
// web/ (the report dialog, the Moderation tab's action dialog).
import { z } from 'zod';

export const REPORT_DETAILS_MAX = 1000;
export const MODERATION_NOTE_MAX = 1000;
/** Reports one member may file per hour. */
export const REPORTS_PER_HOUR = 20;
/** The text of the reported item kept with the report. */
export const EXCERPT_MAX = 1000;
/** The actions a report answers in its detail. */
export const REPORT_ACTIONS_MAX = 20;
export const MODERATION_PAGE_DEFAULT = 20;

/** The report dialog's reason labels, by the ReportReason enum's value. */
export const REPORT_REASON_LABELS = {
  SPAM: 'Spam',
  HARASSMENT: 'Harassment or abuse',
  INAPPROPRIATE: 'Inappropriate content',
  MISLEADING: 'False or misleading',
  OTHER: 'Other',
} as const;

export const MODERATION_MESSAGES = {
  detailsTooLong: `Details must be less than ${REPORT_DETAILS_MAX} characters`,
  reasonRequired: 'Please choose a reason',
  targetNotFound: 'The reported item was not found.',
  ownContent: 'You cannot report your own content.',
  duplicate: 'You have already reported this. Our moderators are reviewing it.',
  rateLimited: 'You have sent too many reports. Please try again later.',
  reportNotFound: 'Report not found',
  actionNotFound: 'Moderation action not found',
  reportClosed: 'This report has already been closed.',
  restorationNotAnAction: 'Choose warning, content removal, account suspension or dismissal.',
  warningRequired: 'Warning message is required',
  warningTooLong: `Warning message must be less than ${MODERATION_NOTE_MAX} characters`,
  reasonRequiredForSuspension: 'Reason is required',
  reasonTooLong: `Reason must be less than ${MODERATION_NOTE_MAX} characters`,
  noteTooLong: `Note must be less than ${MODERATION_NOTE_MAX} characters`,
  notRemoved: 'This content is not removed.',
  /** The report dialog's success toast. */
  received: { title: 'Report received', description: 'Thank you. Our moderators will review it.' },
} as const;

export const MODERATION_TEXTS = {
  warningSubject: 'Warning from the Clubroom moderators',
  warningBody: (note: string, label: string) => `${note}\n\nThis warning concerns: ${label}`,
  removedTitle: 'Content removed',
  removedBody: (kind: string, label: string) => `Your ${kind} "${label}" was removed by a moderator.`,
  reviewedTitle: 'Report reviewed',
  actionTaken: (label: string) => `Thank you. We reviewed your report about "${label}" and took action.`,
  noBreach: (label: string) => `We reviewed your report about "${label}" and found no breach of our guidelines.`,
} as const;

const M = MODERATION_MESSAGES;

/** The reporter's details: optional, trimmed; blank means none. Under 1000 characters. */
export const reportDetailsRule = z
  .string()
  .trim()
  .max(REPORT_DETAILS_MAX - 1, { error: M.detailsTooLong })
  .nullish()
  .transform((v) => v ?? '');

export const reportReasonRule = z.enum(['spam', 'harassment', 'inappropriate', 'misleading', 'other'], { error: M.reasonRequired });

/** The report dialog's form (the reason as the enum's GraphQL name, '' before one is chosen). */
export const reportFormRules = z.object({
  reason: z.enum(Object.keys(REPORT_REASON_LABELS) as [keyof typeof REPORT_REASON_LABELS], { error: M.reasonRequired }),
  details: reportDetailsRule,
});

const noteRule = (requiredMessage: string | null, tooLong: string) =>
  z
    .string()
    .trim()
    .max(MODERATION_NOTE_MAX - 1, { error: tooLong })
    .nullish()
    .transform((v) => v ?? '')
    .refine((v) => requiredMessage === null || v.length > 0, { error: requiredMessage ?? '' });

/** The note of each action: the warning's text, the suspension's reason, a dismissal's note. */
export const actionNoteRules = {
  warning: noteRule(M.warningRequired, M.warningTooLong),
  content_removal: noteRule(null, M.noteTooLong),
  account_suspension: noteRule(M.reasonRequiredForSuspension, M.reasonTooLong),
  dismissal: noteRule(null, M.noteTooLong),
} as const;
export type DecisionAction = keyof typeof actionNoteRules;

/** Each action's `{ note }` form, built once per action (not per dialog or request). */
export const actionNoteForms = Object.fromEntries(
  (Object.keys(actionNoteRules) as DecisionAction[]).map((action) => [action, z.object({ note: actionNoteRules[action] })]),
) as Record<DecisionAction, z.ZodObject<{ note: (typeof actionNoteRules)[DecisionAction] }>>;

/** The action dialog's form: `action` as the enum's GraphQL name. */
export function actionFormRules(action: 'WARNING' | 'CONTENT_REMOVAL' | 'ACCOUNT_SUSPENSION' | 'DISMISSAL') {
  return actionNoteForms[action.toLowerCase() as DecisionAction];
}
