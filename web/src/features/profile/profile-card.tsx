import { Avatar, Card, DataList, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { RoleBadge } from '../../components/role-badge';
import type { MeQuery } from '../../gql/graphql';
import { formatDateTime } from '../../lib/format';
import { ClubStatus } from './club-status';

type Me = NonNullable<MeQuery['me']>;

// The caller's own account fields are always answered for `me` (they are null only for others).

export function ProfileCard({ me }: { me: Me }) {
  return (
    <Card.Root>
      <Card.Header>
        <HStack gap="4">
          <Avatar.Root size="xl">
            <Avatar.Fallback name={me.fullName ?? undefined} />
          </Avatar.Root>
          <Stack gap="1">
            <Heading as="h2" size="xl">
              {me.fullName}
            </Heading>
            <Text color="fg.muted">{me.email}</Text>
            <HStack>{me.role && <RoleBadge role={me.role} />}</HStack>
          </Stack>
        </HStack>
      </Card.Header>
      <Card.Body>
        <DataList.Root orientation="horizontal" gap="4">
          <DataList.Item>
            <DataList.ItemLabel>Member since</DataList.ItemLabel>
            <DataList.ItemValue>{formatDateTime(me.createdAt)}</DataList.ItemValue>
          </DataList.Item>
          {me.club && (
            <DataList.Item alignItems="flex-start">
              <DataList.ItemLabel>Club</DataList.ItemLabel>
              <DataList.ItemValue>
                <ClubStatus club={me.club} />
              </DataList.ItemValue>
            </DataList.Item>
          )}
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}
