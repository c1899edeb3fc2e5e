import { Alert, Badge, Heading, HStack, Text } from '@chakra-ui/react';
import { CLUB_MESSAGES } from '@clubroom/rules/clubs-texts';
import type { ClubDashboard_ClubFragment } from '../../gql/graphql';

/** Where the club stands: not saved yet, pending admin approval, rejected or approved. */
export function ClubStatusNote({ club }: { club: ClubDashboard_ClubFragment | null }) {
  if (club?.applicationStatus === 'REJECTED') {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Your club application was rejected.</Alert.Title>
          <Alert.Description>
            An administrator did not approve {club.name}. Your club is not listed in the directory.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (!club?.profileSaved) {
    return (
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Complete your club profile</Alert.Title>
          <Alert.Description>
            Save your profile to send your club for admin approval. Volunteer positions can be added once it is saved.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  const approved = club.applicationStatus === 'APPROVED';
  return (
    <HStack gap="3" flexWrap="wrap">
      <Heading as="h2" size="md">
        {club.name}
      </Heading>
      <Badge colorPalette={approved ? 'green' : 'orange'} size="md">
        {approved ? 'Approved' : CLUB_MESSAGES.pendingApproval}
      </Badge>
      {!approved && (
        <Text color="fg.muted" fontSize="sm">
          Meeting times can be set once your club is approved.
        </Text>
      )}
    </HStack>
  );
}
