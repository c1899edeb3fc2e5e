import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { AdminClubs_ClubFragment } from '../../../gql/graphql';
import { isQueuedOffline } from '../../../lib/offline-queue';
import { notifySuccess } from '../../../lib/toaster';
import { notifyDecisionFailure } from '../approvals/review-refresh';
import { CLUB_TOASTS, UNVERIFY_CONFIRMATION, VERIFY_CONFIRMATION } from './clubs-texts';
import { useSetClubVerified } from './use-set-club-verified';

interface VerifyClubDialogProps {
  /** The club to verify (or, when it is verified, to unverify); none closes the dialog. */
  club?: AdminClubs_ClubFragment;
  onClose: () => void;
  /** After the change went through. */
  onDone: () => void;
}

/** Asks before a club's verification changes; stays open when the change fails. */
export function VerifyClubDialog({ club, onClose, onDone }: VerifyClubDialogProps) {
  const { setVerified, saving } = useSetClubVerified();
  const verifying = !club?.verified;

  const confirm = async () => {
    if (!club) return;
    try {
      await setVerified(club.id, verifying);
      notifySuccess(verifying ? CLUB_TOASTS.verified : CLUB_TOASTS.unverified);
      onDone();
    } catch (error) {
      if (isQueuedOffline(error)) {
        // Queued offline (lib/offline-queue): it runs on reconnect.
        onDone();
        return;
      }
      console.error('Changing the club verification failed:', error);
      notifyDecisionFailure(error, CLUB_TOASTS.errorDefault, CLUB_TOASTS.errorTitle);
    }
  };

  return (
    <ConfirmDialog
      open={!!club}
      onClose={onClose}
      title={verifying ? 'Verify Club' : 'Unverify Club'}
      question={verifying ? VERIFY_CONFIRMATION : UNVERIFY_CONFIRMATION}
      itemName={club?.name}
      confirmLabel={verifying ? 'Verify Club' : 'Unverify'}
      busyLabel={verifying ? 'Verifying...' : 'Unverifying...'}
      destructive={!verifying}
      busy={saving}
      onConfirm={() => void confirm()}
    />
  );
}
