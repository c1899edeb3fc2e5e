import { Box, Button, Card, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { LuEye } from 'react-icons/lu';
import { RoleBadge } from '../../../components/role-badge';
import type { AdminUsers_MemberFragment } from '../../../gql/graphql';
import { formatDate } from '../../../lib/format';
import { UserStatusBadge } from './user-badges';

interface UsersListProps {
  users: AdminUsers_MemberFragment[];
  onView: (user: AdminUsers_MemberFragment) => void;
}

function ViewButton({ user, onView }: { user: AdminUsers_MemberFragment; onView: UsersListProps['onView'] }) {
  return (
    <Button size="xs" variant="outline" aria-label={`View ${user.name}`} onClick={() => onView(user)}>
      <LuEye aria-hidden /> View
    </Button>
  );
}

function Joined({ user }: { user: AdminUsers_MemberFragment }) {
  return <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>;
}

/** The desktop list: name, email, role, status, joined and 'View'. */
export function UsersTable({ users, onView }: UsersListProps) {
  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" aria-label="Users">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Name</Table.ColumnHeader>
            <Table.ColumnHeader>Email</Table.ColumnHeader>
            <Table.ColumnHeader>Role</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>Joined</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {users.map((user) => (
            <Table.Row key={user.id}>
              <Table.Cell fontWeight="medium" wordBreak="break-word">
                {user.name}
              </Table.Cell>
              <Table.Cell wordBreak="break-all">{user.email}</Table.Cell>
              <Table.Cell>{user.role && <RoleBadge role={user.role} />}</Table.Cell>
              <Table.Cell>
                <UserStatusBadge status={user.status} />
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">
                <Joined user={user} />
              </Table.Cell>
              <Table.Cell textAlign="end">
                <ViewButton user={user} onView={onView} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** The phone's list (under 768 px): one card per account. */
export function UserCards({ users, onView }: UsersListProps) {
  return (
    <Stack as="ul" listStyleType="none" gap="3" aria-label="Users">
      {users.map((user) => (
        <li key={user.id}>
          <Card.Root variant="outline" size="sm">
            <Card.Body>
              <Stack gap="2">
                <Stack gap="0" minW="0">
                  <Text fontWeight="semibold" wordBreak="break-word">
                    {user.name}
                  </Text>
                  <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                    {user.email}
                  </Text>
                </Stack>
                <HStack gap="2" flexWrap="wrap">
                  {user.role && <RoleBadge role={user.role} />}
                  <UserStatusBadge status={user.status} />
                </HStack>
                <HStack justify="space-between" gap="2">
                  <Text fontSize="sm" color="fg.muted">
                    Joined <Joined user={user} />
                  </Text>
                  <ViewButton user={user} onView={onView} />
                </HStack>
              </Stack>
            </Card.Body>
          </Card.Root>
        </li>
      ))}
    </Stack>
  );
}
