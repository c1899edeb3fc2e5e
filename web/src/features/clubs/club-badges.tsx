import { Badge, HStack } from '@chakra-ui/react';
import { LuBadgeCheck } from 'react-icons/lu';

/** 'Verified' (for verified clubs) and the club's sport. */
export function ClubBadges({ verified, sport }: { verified: boolean; sport: string | null | undefined }) {
  if (!verified && !sport) return null;
  return (
    <HStack gap="1.5" wrap="wrap">
      {verified && (
        <Badge colorPalette="green" variant="subtle">
          <LuBadgeCheck aria-hidden="true" />
          Verified
        </Badge>
      )}
      {sport && (
        <Badge colorPalette="teal" variant="outline">
          {sport}
        </Badge>
      )}
    </HStack>
  );
}
