import { Button, EmptyState, VStack } from '@chakra-ui/react';
import { LuHandHelping, LuTriangleAlert } from 'react-icons/lu';
import { POSITION_TOASTS } from './club-dashboard-texts';

type PositionsStatusProps = { kind: 'empty' } | { kind: 'error'; onRetry: () => void };

/** No positions yet, or the list could not be loaded. */
export function PositionsStatus(props: PositionsStatusProps) {
  const empty = props.kind === 'empty';
  return (
    <EmptyState.Root size="sm" borderWidth="1px" borderStyle="dashed" borderRadius="md" py="10">
      <EmptyState.Content>
        <EmptyState.Indicator>{empty ? <LuHandHelping /> : <LuTriangleAlert />}</EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title>{empty ? 'No volunteer positions yet' : POSITION_TOASTS.loadFailed}</EmptyState.Title>
          <EmptyState.Description>
            {empty
              ? 'Add a position to tell volunteers how they can help your club.'
              : 'Please check your connection and try again.'}
          </EmptyState.Description>
        </VStack>
        {props.kind === 'error' && (
          <Button size="sm" variant="outline" onClick={props.onRetry}>
            Try again
          </Button>
        )}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
