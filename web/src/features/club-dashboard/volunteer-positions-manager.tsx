import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { LuPlus } from 'react-icons/lu';
import { PageSpinner } from '../../components/page-spinner';
import type { ClubDashboard_PositionFragment } from '../../gql/graphql';
import { MyVolunteerPositionsDocument } from './club-dashboard.generated';
import { notifyError } from '../../lib/toaster';
import { useRemainingPages } from '../../lib/use-remaining-pages';
import { POSITION_TOASTS } from './club-dashboard-texts';
import { DeletePositionDialog } from './delete-position-dialog';
import { PositionCard } from './position-card';
import { PositionDialog } from './position-dialog';
import { PositionsStatus } from './positions-status';

interface DialogState {
  open: boolean;
  position?: ClubDashboard_PositionFragment;
}

/** The Volunteer Positions tab: the club's positions newest first (all of them: a club has at
 *  most 200, read 100 a page), with add, edit, delete and the live toggle. */
export function VolunteerPositionsManager() {
  const { data, loading, error, refetch, fetchMore } = useQuery(MyVolunteerPositionsDocument, {
    variables: { after: null },
    context: { silent: true },
  });
  const [editor, setEditor] = useState<DialogState>({ open: false });
  const [deleting, setDeleting] = useState<DialogState>({ open: false });
  const connection = data?.me?.club?.positions;
  const positions = useMemo(() => connection?.edges.map((edge) => edge.node), [connection]);
  const fetchAfter = useCallback((cursor: string) => fetchMore({ variables: { after: cursor } }), [fetchMore]);
  useRemainingPages(connection?.pageInfo, fetchAfter);

  useEffect(() => {
    if (error) notifyError(POSITION_TOASTS.loadFailed);
  }, [error]);

  const retry = () => {
    refetch().catch((cause: unknown) => console.error('Reloading the positions failed:', cause));
  };

  return (
    <Stack gap="4">
      <HStack justify="space-between" flexWrap="wrap" gap="3">
        <Text color="fg.muted">New positions start hidden; switch one to Live to show it publicly.</Text>
        <Button colorPalette="teal" onClick={() => setEditor({ open: true })}>
          <LuPlus /> Add Position
        </Button>
      </HStack>
      {!positions && loading && <PageSpinner />}
      {!positions && !loading && <PositionsStatus kind="error" onRetry={retry} />}
      {positions?.length === 0 && <PositionsStatus kind="empty" />}
      {positions && positions.length > 0 && (
        <Stack gap="4" as="ul" listStyleType="none" aria-label="Volunteer positions">
          {positions.map((position) => (
            <li key={position.id}>
              <PositionCard
                position={position}
                onEdit={() => setEditor({ open: true, position })}
                onDelete={() => setDeleting({ open: true, position })}
              />
            </li>
          ))}
        </Stack>
      )}
      <PositionDialog
        open={editor.open}
        position={editor.position}
        onClose={() => setEditor((state) => ({ ...state, open: false }))}
      />
      <DeletePositionDialog
        open={deleting.open}
        position={deleting.position}
        onClose={() => setDeleting((state) => ({ ...state, open: false }))}
      />
    </Stack>
  );
}
