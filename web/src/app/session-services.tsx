// The live services of a session (revocation watch, unread message count), loaded while a
// session is being checked or is signed in; a signed-out visitor never downloads them.
import { useEffect } from 'react';
import { SessionRevokedWatcher } from '../features/auth/session-revoked-watcher';
import { UnreadMessageCountSync } from '../features/messages/unread-message-count-sync';
import { setUnreadCount } from '../lib/unread-count';
import { ApolloRoot } from './apollo-root';

export default function SessionServices() {
  // Unmounted at sign-out: no count is left on the badges for the next member of this tab.
  useEffect(() => () => setUnreadCount(0), []);
  return (
    <ApolloRoot>
      <SessionRevokedWatcher />
      <UnreadMessageCountSync />
    </ApolloRoot>
  );
}
