import { Badge, HStack } from '@chakra-ui/react';
import { LuBadgeCheck } from 'react-icons/lu';

/** 'Verified' (for verified clubs) and one badge per sport. */
export function ClubBadges({ verified, sports }: { verified: boolean; sports: readonly string[] }) {
  if (!verified && sports.length === 0) return null;
  return (
    <HStack gap="1.5" wrap="wrap">
      {verified && (
        <Badge colorPalette="green" variant="subtle">
          <LuBadgeCheck aria-hidden="true" />
          Verified
        </Badge>
      )}
      {sports.map((sport) => (
        <Badge key={sport} colorPalette="teal" variant="outline">
          {sport}
        </Badge>
      ))}
    </HStack>
  );
}
