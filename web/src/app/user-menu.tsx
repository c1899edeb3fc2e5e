import { Avatar, Box, Button, HStack, Menu, Portal, Text, VisuallyHidden } from '@chakra-ui/react';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { RoleBadge } from '../components/role-badge';
import { UnreadBadge } from '../components/unread-badge';
import { useSignOut } from '../features/auth/use-sign-out';
import type { SessionUser } from '../lib/session-types';
import { useUnreadCount } from '../lib/unread-count';
import { userMenuGroups } from './user-menu-items';

export function UserMenu({ user }: { user: SessionUser }) {
  const unread = useUnreadCount();
  const signOut = useSignOut();
  const displayName = user.full_name || user.email;
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        {/* Named by hidden text, not aria-label: the visible initials are decoration, and an
            aria-label that does not contain them fails WCAG 2.5.3 (label in name). */}
        <Button variant="ghost" size="sm" px="1" borderRadius="full">
          <Avatar.Root size="sm" colorPalette="teal" aria-hidden="true">
            <Avatar.Fallback name={displayName} />
          </Avatar.Root>
          <VisuallyHidden>User menu</VisuallyHidden>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="64">
            <Box px="2" py="2">
              <Text fontWeight="semibold">{displayName}</Text>
              <Text textStyle="sm" color="fg.muted">
                {user.email}
              </Text>
              <Box mt="1">
                <RoleBadge role={user.role} />
              </Box>
            </Box>
            {userMenuGroups(user).map((group) => (
              <Fragment key={group[0].to}>
                <Menu.Separator />
                {group.map((item) => (
                  <Menu.Item key={item.to} value={item.to} asChild>
                    <RouterLink to={item.to}>
                      <HStack justifyContent="space-between" width="full">
                        {item.label}
                        {item.unread && <UnreadBadge count={unread} />}
                      </HStack>
                    </RouterLink>
                  </Menu.Item>
                ))}
              </Fragment>
            ))}
            <Menu.Separator />
            <Menu.Item value="log-out" onClick={() => void signOut()}>
              Log out
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
