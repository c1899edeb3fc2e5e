// The signed-in header's controls (notifications bell, user menu), loaded only once a member is
// signed in: their menus, popover and GraphQL client stay out of a visitor's first page.
import type { SessionUser } from '../lib/session-types';
import { NotificationBell } from '../features/notifications/notification-bell';
import { ApolloRoot } from './apollo-root';
import { UserMenu } from './user-menu';

export default function AccountControls({ user }: { user: SessionUser }) {
  return (
    <ApolloRoot>
      <NotificationBell />
      <UserMenu user={user} />
    </ApolloRoot>
  );
}
