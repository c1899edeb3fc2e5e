import { useRef } from 'react';
import { z } from 'zod';
import type { Moderation_ActionFragment } from '../../../gql/graphql';
import { notifySuccess } from '../../../lib/toaster';
import { ActionFormDialog, type ActionFormRules } from '../users/action-form-dialog';
import { noNoteRule, noUntilRule } from '../users/form-rules';
import { MODERATION_TOASTS, TARGET_TYPES } from './moderation-texts';
import { useModerationDecisions } from './use-moderation-decisions';

const NO_FIELDS: ActionFormRules = z.object({ note: noNoteRule, until: noUntilRule });

/** Asks before removed content is shown again. */
export function RestoreDialog({ action, onClose }: { action?: Moderation_ActionFragment; onClose: () => void }) {
  const { restore } = useModerationDecisions();
  const last = useRef(action);
  if (action) last.current = action;
  const shown = last.current;
  if (!shown) return null;
  return (
    <ActionFormDialog
      open={!!action}
      onClose={onClose}
      title="Restore Content"
      question={`Restore the ${TARGET_TYPES[shown.targetType].noun} "${shown.targetLabel}"? It becomes visible again to everyone who could see it before.`}
      rules={NO_FIELDS}
      confirmLabel="Restore"
      busyLabel="Restoring..."
      destructive={false}
      onSubmit={async () => {
        await restore(shown.id);
        notifySuccess(MODERATION_TOASTS.restored);
        onClose();
      }}
    />
  );
}
