// The Users tab's confirmations: 'Suspend User', 'Ban User', 'Reinstate User' and the
// administrator role, each with the fields the contract asks for.
import { useRef } from 'react';
import { z } from 'zod';
import { banUserRules, reinstateNoteRule, userReasonRule } from '@clubroom/rules/admin-users';
import { notifySuccess } from '../../../lib/toaster';
import { ActionFormDialog, type ActionFormRules } from './action-form-dialog';
import { fromText, noNoteRule, noUntilRule, suspendUntilRule } from './form-rules';
import { useUserActions } from './use-user-actions';
import { USER_TOASTS } from './users-texts';

export type UserAction = 'suspend' | 'ban' | 'reinstate' | 'grantAdmin' | 'revokeAdmin';

const SUSPEND_RULES: ActionFormRules = z.object({ note: userReasonRule, until: suspendUntilRule });
const BAN_RULES: ActionFormRules = z.object({ note: banUserRules.shape.reason, until: noUntilRule });
const REINSTATE_RULES: ActionFormRules = z.object({ note: fromText(reinstateNoteRule), until: noUntilRule });
const NO_FIELDS: ActionFormRules = z.object({ note: noNoteRule, until: noUntilRule });

interface UserActionDialogProps {
  /** The account and the action to confirm; none closes the dialog. */
  target?: { user: { id: string; name: string }; action: UserAction };
  onClose: () => void;
}

export function UserActionDialog({ target, onClose }: UserActionDialogProps) {
  const actions = useUserActions();
  // The closing dialog keeps its content while it animates away.
  const last = useRef(target);
  if (target) last.current = target;
  const { user, action } = last.current ?? { user: { id: '', name: '' }, action: 'suspend' as const };
  const done = (toast: string) => {
    notifySuccess(toast);
    onClose();
  };
  const common = { open: !!target, onClose };

  switch (action) {
    case 'suspend':
      return (
        <ActionFormDialog
          {...common}
          title="Suspend User"
          question={`Suspend ${user.name}? They are signed out everywhere at once and cannot sign in until the suspension ends or they are reinstated.`}
          rules={SUSPEND_RULES}
          noteField={{ label: 'Suspension Reason *', placeholder: 'Why the account is suspended (the member is told)', required: true }}
          untilLabel="Suspend until"
          confirmLabel="Suspend User"
          busyLabel="Suspending..."
          onSubmit={async ({ note, until }) => {
            await actions.suspend(user.id, note ?? '', until);
            done(USER_TOASTS.suspended);
          }}
        />
      );
    case 'ban':
      return (
        <ActionFormDialog
          {...common}
          title="Ban User"
          question={`Ban ${user.name}? They are signed out everywhere at once and cannot sign in until an administrator reinstates them.`}
          rules={BAN_RULES}
          noteField={{ label: 'Ban Reason *', placeholder: 'Why the account is banned (the member is told)', required: true }}
          confirmLabel="Ban User"
          busyLabel="Banning..."
          onSubmit={async ({ note }) => {
            await actions.ban(user.id, note ?? '');
            done(USER_TOASTS.banned);
          }}
        />
      );
    case 'reinstate':
      return (
        <ActionFormDialog
          {...common}
          title="Reinstate User"
          question={`Reinstate ${user.name}? The account becomes active again and they can sign in.`}
          rules={REINSTATE_RULES}
          noteField={{ label: 'Note (optional)', placeholder: 'For the audit log' }}
          confirmLabel="Reinstate User"
          busyLabel="Reinstating..."
          destructive={false}
          onSubmit={async ({ note }) => {
            await actions.reinstate(user.id, note);
            done(USER_TOASTS.reinstated);
          }}
        />
      );
    case 'grantAdmin':
    case 'revokeAdmin': {
      const grant = action === 'grantAdmin';
      return (
        <ActionFormDialog
          {...common}
          title={grant ? 'Make Administrator' : 'Remove Administrator'}
          question={
            grant
              ? `Make ${user.name} a platform administrator? They can then review clubs, manage users and moderate content.`
              : `Remove the administrator role from ${user.name}? Their open sessions end at once.`
          }
          rules={NO_FIELDS}
          confirmLabel={grant ? 'Make Administrator' : 'Remove Administrator'}
          busyLabel={grant ? 'Granting...' : 'Removing...'}
          destructive={!grant}
          onSubmit={async () => {
            await actions.setPlatformAdmin(user.id, grant);
            done(grant ? USER_TOASTS.adminGranted : USER_TOASTS.adminRevoked);
          }}
        />
      );
    }
  }
}
