import { Alert, Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { MeQuery } from '../../gql/graphql';

type Club = NonNullable<NonNullable<MeQuery['me']>['club']>;

const STATUS = {
  PENDING: { label: 'Pending', palette: 'orange' },
  APPROVED: { label: 'Approved', palette: 'green' },
  REJECTED: { label: 'Rejected', palette: 'red' },
} as const;

export function ClubStatus({ club }: { club: Club }) {
  const status = STATUS[club.applicationStatus];
  return (
    <Stack gap="3">
      <HStack gap="3" flexWrap="wrap">
        <Text fontWeight="semibold">{club.name}</Text>
        <Badge colorPalette={status.palette}>{status.label}</Badge>
        <Button asChild size="sm" variant="outline" colorPalette="teal">
          <RouterLink to="/club/dashboard">Club Dashboard</RouterLink>
        </Button>
      </HStack>
      {club.applicationStatus === 'PENDING' && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Your club is pending admin approval.</Alert.Title>
            <Alert.Description>
              An administrator will review your registration. Once it is approved your club appears in the directory
              and can advertise volunteer roles.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {club.applicationStatus === 'REJECTED' && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>Your club application was not approved.</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}
