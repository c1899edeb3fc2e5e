// The confirmation of each decision on a report: 'Send Warning', 'Remove Content', 'Suspend
// Account', 'Dismiss Report' (issue 13 contract, section 2), with the note each one takes.
import { useRef } from 'react';
import { z } from 'zod';
import { actionNoteRules } from '@clubroom/rules/moderation';
import type { Moderation_ReportFragment } from '../../../gql/graphql';
import { notifySuccess } from '../../../lib/toaster';
import { ActionFormDialog, type ActionFormRules } from '../users/action-form-dialog';
import { fromText, noUntilRule, suspendUntilRule } from '../users/form-rules';
import { personName } from './report-row';
import { MODERATION_TOASTS, TARGET_TYPES } from './moderation-texts';
import { useModerationDecisions, type DecisionType } from './use-moderation-decisions';

const RULES: Record<DecisionType, ActionFormRules> = {
  WARNING: z.object({ note: fromText(actionNoteRules.warning), until: noUntilRule }),
  CONTENT_REMOVAL: z.object({ note: fromText(actionNoteRules.content_removal), until: noUntilRule }),
  ACCOUNT_SUSPENSION: z.object({ note: fromText(actionNoteRules.account_suspension), until: suspendUntilRule }),
  DISMISSAL: z.object({ note: fromText(actionNoteRules.dismissal), until: noUntilRule }),
};

interface DecisionDialogProps {
  /** The report and the decision to confirm; none closes the dialog. */
  target?: { report: Moderation_ReportFragment; action: DecisionType };
  onClose: () => void;
  /** After the decision went through. */
  onDone: () => void;
}

export function DecisionDialog({ target, onClose, onDone }: DecisionDialogProps) {
  const { takeAction } = useModerationDecisions();
  // The closing dialog keeps its content while it animates away.
  const last = useRef(target);
  if (target) last.current = target;
  if (!last.current) return null;
  const { report, action } = last.current;
  const owner = personName(report.targetOwner);
  const item = `the ${TARGET_TYPES[report.targetType].noun} "${report.targetLabel}"`;

  const texts = {
    WARNING: {
      title: 'Send Warning',
      question: `Send a warning to ${owner} about ${item}? It is delivered as a private message from the Clubroom moderators.`,
      noteField: { label: 'Warning Message *', placeholder: 'What the member should change', required: true },
      destructive: false,
      busy: 'Sending...',
    },
    CONTENT_REMOVAL: {
      title: 'Remove Content',
      question: `Remove ${item}? It is hidden from everyone at once and every open report on it is resolved. It can be restored from the Actions tab.`,
      noteField: { label: 'Note (optional)', placeholder: 'For the record' },
      destructive: true,
      busy: 'Removing...',
    },
    ACCOUNT_SUSPENSION: {
      title: 'Suspend Account',
      question: `Suspend the account of ${owner}? They are signed out everywhere at once and cannot sign in until the suspension ends or they are reinstated.`,
      noteField: { label: 'Suspension Reason *', placeholder: 'Why the account is suspended (the member is told)', required: true },
      destructive: true,
      busy: 'Suspending...',
    },
    DISMISSAL: {
      title: 'Dismiss Report',
      question: `Dismiss this report about ${item}? The reporter is told that no breach of the guidelines was found.`,
      noteField: { label: 'Note (optional)', placeholder: 'For the record' },
      destructive: false,
      busy: 'Dismissing...',
    },
  }[action];

  return (
    <ActionFormDialog
      open={!!target}
      onClose={onClose}
      title={texts.title}
      question={texts.question}
      rules={RULES[action]}
      noteField={texts.noteField}
      untilLabel={action === 'ACCOUNT_SUSPENSION' ? 'Suspend until' : undefined}
      confirmLabel={texts.title}
      busyLabel={texts.busy}
      destructive={texts.destructive}
      onSubmit={async ({ note, until }) => {
        await takeAction(report.id, action, note || null, until);
        notifySuccess(MODERATION_TOASTS[action]);
        onDone();
      }}
    />
  );
}
