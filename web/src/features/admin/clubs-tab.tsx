import { Stack, Tabs, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { AdminClubs_ClubFragment } from '../../gql/graphql';
import { ClubDetailDialog } from './clubs/club-detail-dialog';
import { VerificationList } from './clubs/verification-list';
import { VerifyClubDialog } from './clubs/verify-club-dialog';

type ClubsView = 'pending' | 'verified';

/** The admin panel's Clubs tab (administration spec, section 2): approved clubs pending
 *  verification and verified clubs, a detail dialog, 'Verify Club' and 'Unverify'. */
export function ClubsTab() {
  const [view, setView] = useState<ClubsView>('pending');
  const [detail, setDetail] = useState<AdminClubs_ClubFragment>();
  const [confirming, setConfirming] = useState<AdminClubs_ClubFragment>();

  return (
    <Stack gap="4">
      <Text color="fg.muted">Verified clubs show a Verified badge in the club directory.</Text>
      <Tabs.Root value={view} onValueChange={(details) => setView(details.value === 'verified' ? 'verified' : 'pending')} variant="enclosed" colorPalette="teal">
        <Tabs.List>
          <Tabs.Trigger value="pending">Pending Verification</Tabs.Trigger>
          <Tabs.Trigger value="verified">Verified Clubs</Tabs.Trigger>
        </Tabs.List>
        {/* Both lists stay mounted, so a change refetches the one not shown too. */}
        <Tabs.Content value="pending">
          <VerificationList verified={false} onView={setDetail} onVerify={setConfirming} />
        </Tabs.Content>
        <Tabs.Content value="verified">
          <VerificationList verified onView={setDetail} onVerify={setConfirming} />
        </Tabs.Content>
      </Tabs.Root>
      <ClubDetailDialog club={detail} onClose={() => setDetail(undefined)} onVerify={setConfirming} />
      <VerifyClubDialog
        club={confirming}
        onClose={() => setConfirming(undefined)}
        onDone={() => {
          setConfirming(undefined);
          setDetail(undefined);
        }}
      />
    </Stack>
  );
}
