import { useSubscription } from '@apollo/client/react';
import { SessionRevokedDocument } from './auth.generated';
import { sessionEndNotice } from '../../lib/messages';
import { expireSession } from '../../lib/session-expiry';
import { useAuth } from '../../lib/use-auth';

/** Ends this tab's session when the server revokes it (password reset, sign-out elsewhere, an
 *  administrator suspending or banning the account or changing its role), with the notice that
 *  says why. */
export function SessionRevokedWatcher() {
  const { status } = useAuth();
  useSubscription(SessionRevokedDocument, {
    skip: status !== 'signed-in',
    context: { silent: true },
    onData: ({ data }) => {
      const revoked = data.data?.sessionRevoked;
      if (revoked) expireSession(sessionEndNotice(revoked.reason));
    },
  });
  return null;
}
