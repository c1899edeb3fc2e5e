import { useSubscription } from '@apollo/client/react';
import { SessionRevokedDocument } from '../../gql/graphql';
import { SESSION_EXPIRED_NOTICE } from '../../lib/messages';
import { expireSession } from '../../lib/session-expiry';
import { useAuth } from '../../lib/use-auth';

/** Ends this tab's session when the server revokes it (password reset, sign-out elsewhere). */
export function SessionRevokedWatcher() {
  const { status } = useAuth();
  useSubscription(SessionRevokedDocument, {
    skip: status !== 'signed-in',
    context: { silent: true },
    onData: ({ data }) => {
      if (data.data?.sessionRevoked) expireSession(SESSION_EXPIRED_NOTICE);
    },
  });
  return null;
}
