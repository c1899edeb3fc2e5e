import { Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { LuArrowLeftRight } from 'react-icons/lu';
import { LoadError } from '../../components/load-error';
import { SectionCard } from '../../components/section-card';
import type { MyShiftSwapsQuery, OfferAnswer } from '../../gql/graphql';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf, requirePayload } from '../../lib/user-errors';
import { useAuth } from '../../lib/use-auth';
import { shiftWhen } from './shift-format';
import { AnswerShiftSwapDocument, CancelShiftSwapDocument, MyShiftSwapsDocument } from './shifts.generated';
import { SWAP_STATUS_LABELS, SWAPS_TEXTS as T } from './shifts-texts';

type Swap = MyShiftSwapsQuery['myShiftSwaps']['nodes'][number];

const OPTIONS = { refetchQueries: ['MyShiftSwaps', 'ApplicationShifts', 'VolunteerApplicationDetail'], awaitRefetchQueries: true, context: { silent: true } };

/** 'Shift swaps': the swaps the volunteer proposed or was asked (of one position, or all), to
 *  agree, decline or withdraw; nothing when there are none. */
export function ShiftSwapsList({ positionId }: { positionId?: string }) {
  const { data, error, refetch } = useQuery(MyShiftSwapsDocument, { fetchPolicy: 'cache-and-network', context: { silent: true } });
  const swaps = (data?.myShiftSwaps.nodes ?? []).filter((swap) => !positionId || swap.fromShift?.position?.id === positionId);
  if (error && !data) return <LoadError title={T.loadFailed} onRetry={() => void refetch().catch(() => undefined)} />;
  if (swaps.length === 0) return null;
  return (
    <SectionCard title={T.title} level="h2" icon={<LuArrowLeftRight aria-hidden />} description={T.description}>
      <Stack as="ul" listStyleType="none" gap="3" aria-label={T.title}>
        {swaps.map((swap) => (
          <SwapCard key={swap.id} swap={swap} />
        ))}
      </Stack>
    </SectionCard>
  );
}

function SwapCard({ swap }: { swap: Swap }) {
  const me = useAuth().session?.user?.node_id;
  const [answer] = useMutation(AnswerShiftSwapDocument, OPTIONS);
  const [cancel] = useMutation(CancelShiftSwapDocument, OPTIONS);
  const [busy, setBusy] = useState<string | null>(null);
  const from = swap.fromShift ? shiftWhen(swap.fromShift) : '';
  const to = swap.toShift ? shiftWhen(swap.toShift) : '';
  const mine = swap.proposedBy?.id === me;
  const title = swap.fromShift?.position?.title;

  const act = async (what: OfferAnswer | 'WITHDRAW') => {
    setBusy(what);
    try {
      if (what === 'WITHDRAW') requirePayload((await cancel({ variables: { input: { id: swap.id } } })).data?.cancelShiftSwap);
      else requirePayload((await answer({ variables: { input: { id: swap.id, answer: what } } })).data?.answerShiftSwap);
      notifySuccess(what === 'WITHDRAW' ? T.withdrawn : what === 'ACCEPT' ? T.agreed : T.declinedToast);
    } catch (failure) {
      notifyError(T.failed, errorMessageOf(failure));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card.Root as="li" variant="outline">
      <Card.Body>
        <HStack justify="space-between" align="flex-start" flexWrap="wrap" gap="3">
          <Stack gap="1">
            <HStack gap="2" flexWrap="wrap">
              {title && <Text fontWeight="semibold">{title}</Text>}
              <Badge colorPalette={swap.status === 'PROPOSED' ? 'orange' : swap.status === 'ACCEPTED' ? 'green' : 'gray'}>{SWAP_STATUS_LABELS[swap.status]}</Badge>
            </HStack>
            <Text fontSize="sm">{mine ? T.proposedByYou(from, to) : T.proposedToYou(swap.proposedBy?.name ?? 'A volunteer', from, to)}</Text>
          </Stack>
          <HStack gap="2">
            {swap.canAnswer && (
              <>
                <Button size="sm" colorPalette="green" loading={busy === 'ACCEPT'} disabled={busy !== null} onClick={() => void act('ACCEPT')}>
                  {T.agree}
                </Button>
                <Button size="sm" variant="outline" loading={busy === 'DECLINE'} disabled={busy !== null} onClick={() => void act('DECLINE')}>
                  {T.decline}
                </Button>
              </>
            )}
            {swap.canCancel && (
              <Button size="sm" variant="outline" colorPalette="red" loading={busy === 'WITHDRAW'} disabled={busy !== null} onClick={() => void act('WITHDRAW')}>
                {T.withdraw}
              </Button>
            )}
          </HStack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
