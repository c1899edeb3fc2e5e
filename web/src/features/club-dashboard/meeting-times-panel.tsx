import { Alert } from '@chakra-ui/react';
import { CLUB_MESSAGES } from '@clubroom/rules/clubs-texts';
import type { ClubDashboard_ClubFragment } from '../../gql/graphql';
import { MeetingTimesEditor } from './meeting-times-editor';

/** The Meeting Times tab: the editor once the club is approved, an explanation before. */
export function MeetingTimesPanel({ club }: { club: ClubDashboard_ClubFragment }) {
  if (club.applicationStatus !== 'APPROVED') {
    return (
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Title>{CLUB_MESSAGES.notApproved}</Alert.Title>
      </Alert.Root>
    );
  }
  return <MeetingTimesEditor club={club} />;
}
