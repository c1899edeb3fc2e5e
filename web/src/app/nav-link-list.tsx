import { Stack } from '@chakra-ui/react';
import { UnreadBadge } from '../components/unread-badge';
import { useUnreadCount } from '../lib/unread-count';
import { NavItem } from './nav-item';
import { visibleNavLinks } from './nav-links';

interface NavLinkListProps {
  signedIn: boolean;
  direction: 'row' | 'column';
  onNavigate?: () => void;
}

/** The main links, shared by the top bar and the mobile drawer. */
export function NavLinkList({ signedIn, direction, onNavigate }: NavLinkListProps) {
  const unread = useUnreadCount();
  const column = direction === 'column';
  return (
    <Stack direction={direction} gap="1" alignItems={column ? 'stretch' : 'center'}>
      {visibleNavLinks(signedIn).map((link) => (
        <NavItem
          key={link.to}
          link={link}
          fullWidth={column}
          onNavigate={onNavigate}
          badge={link.to === '/messages' ? <UnreadBadge count={unread} /> : undefined}
        />
      ))}
    </Stack>
  );
}
