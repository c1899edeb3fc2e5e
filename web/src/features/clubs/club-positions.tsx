import { Box, Stack, Text } from '@chakra-ui/react';
import type { ClubPosition_PositionFragment } from '../../gql/graphql';
import { ClubPosition } from './club-position';
import { ClubSection } from './club-section';

/** 'Volunteer Positions': the club's live positions, newest first. */
export function ClubPositions({ positions }: { positions: readonly ClubPosition_PositionFragment[] }) {
  return (
    <ClubSection title="Volunteer Positions">
      {positions.length === 0 ? (
        <Text color="fg.muted">This club is not advertising any volunteer positions right now.</Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="4">
          {positions.map((position) => (
            <Box as="li" key={position.id}>
              <ClubPosition position={position} />
            </Box>
          ))}
        </Stack>
      )}
    </ClubSection>
  );
}
