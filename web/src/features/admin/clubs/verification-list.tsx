import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { pageButtons } from '@clubroom/rules/admin';
import { PageSpinner } from '../../../components/page-spinner';
import type { AdminClubs_ClubFragment } from '../../../gql/graphql';
import { PageNav } from '../page-nav';
import { useVerificationClubs } from './use-verification-clubs';
import { VerificationClubCard } from './verification-club-card';

interface VerificationListProps {
  verified: boolean;
  onView: (club: AdminClubs_ClubFragment) => void;
  onVerify: (club: AdminClubs_ClubFragment) => void;
}

const TEXTS = {
  pending: { empty: 'No clubs pending verification', count: (n: number) => `${n} ${n === 1 ? 'club' : 'clubs'} awaiting verification`, list: 'Clubs pending verification' },
  verified: { empty: 'No verified clubs yet', count: (n: number) => `${n} verified ${n === 1 ? 'club' : 'clubs'}`, list: 'Verified clubs' },
};

/** One sub-tab of the Clubs tab: approved clubs that are (or are not yet) verified, paged. */
export function VerificationList({ verified, onView, onVerify }: VerificationListProps) {
  const [page, setPage] = useState(1);
  const { clubs, totalCount, totalPages, loading, error, refetch } = useVerificationClubs(verified, page);
  const texts = verified ? TEXTS.verified : TEXTS.pending;

  // A change (a club verified away from the last page) can leave the page past the end.
  useEffect(() => {
    if (totalCount !== undefined && totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [page, totalCount, totalPages]);

  if (!clubs && loading) return <PageSpinner />;
  if (!clubs) {
    return (
      <Stack gap="3" align="flex-start" role="alert">
        <Text color="fg.error">Failed to load clubs.</Text>
        <Button size="sm" variant="outline" onClick={() => void refetch().catch(() => undefined)} disabled={!error}>
          Try Again
        </Button>
      </Stack>
    );
  }
  if (clubs.length === 0) return <Text color="fg.muted">{texts.empty}</Text>;
  return (
    <Stack gap="4">
      <HStack justify="space-between">
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {texts.count(totalCount ?? clubs.length)}
        </Text>
      </HStack>
      <Stack as="ul" listStyleType="none" gap="3" aria-label={texts.list} aria-busy={loading}>
        {clubs.map((club) => (
          <li key={club.id}>
            <VerificationClubCard club={club} onView={() => onView(club)} onVerify={() => onVerify(club)} />
          </li>
        ))}
      </Stack>
      <PageNav label={`${texts.list}: pages`} page={page} totalPages={totalPages} buttons={pageButtons(page, totalPages)} onPage={setPage} />
    </Stack>
  );
}
