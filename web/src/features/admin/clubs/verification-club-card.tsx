import { Badge, Button, Card, Heading, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { LuBadgeCheck, LuCalendar, LuEye, LuMapPin } from 'react-icons/lu';
import type { AdminClubs_ClubFragment } from '../../../gql/graphql';
import { formatDate } from '../../../lib/format';

interface VerificationClubCardProps {
  club: AdminClubs_ClubFragment;
  onView: () => void;
  onVerify: () => void;
}

/** One club of the Clubs tab: name, location, sports, when it registered, and its actions. */
export function VerificationClubCard({ club, onView, onVerify }: VerificationClubCardProps) {
  const headingId = `verification-club-${club.id}`;
  return (
    <Card.Root as="article" aria-labelledby={headingId} variant="outline" size="sm">
      <Card.Body>
        <HStack justify="space-between" align="flex-start" gap="4" flexWrap="wrap">
          <Stack gap="1.5" minW="0">
            <HStack gap="2" flexWrap="wrap">
              <Heading as="h3" size="md" id={headingId} wordBreak="break-word">
                {club.name}
              </Heading>
              {club.verified && (
                <Badge colorPalette="green" variant="subtle">
                  <LuBadgeCheck aria-hidden="true" />
                  Verified
                </Badge>
              )}
            </HStack>
            <HStack gap="4" fontSize="sm" color="fg.muted" flexWrap="wrap">
              <HStack gap="1.5">
                <Icon size="sm">
                  <LuMapPin />
                </Icon>
                <Text>{club.location ?? 'No location given'}</Text>
              </HStack>
              <HStack gap="1.5">
                <Icon size="sm">
                  <LuCalendar />
                </Icon>
                <Text>
                  Registered <time dateTime={club.createdAt}>{formatDate(club.createdAt)}</time>
                </Text>
              </HStack>
            </HStack>
            <HStack gap="1" flexWrap="wrap">
              {club.sportTypes.length > 0 ? (
                club.sportTypes.map((sport) => (
                  <Badge key={sport} colorPalette="teal" variant="outline">
                    {sport}
                  </Badge>
                ))
              ) : (
                <Text fontSize="sm" color="fg.muted">
                  No sports listed
                </Text>
              )}
            </HStack>
          </Stack>
          <HStack gap="2" flexWrap="wrap">
            <Button size="sm" variant="outline" aria-label={`View Details of ${club.name}`} onClick={onView}>
              <LuEye aria-hidden /> View Details
            </Button>
            {club.verified ? (
              <Button size="sm" variant="outline" colorPalette="red" aria-label={`Unverify ${club.name}`} onClick={onVerify}>
                Unverify
              </Button>
            ) : (
              <Button size="sm" colorPalette="teal" aria-label={`Verify Club ${club.name}`} onClick={onVerify}>
                <LuBadgeCheck aria-hidden /> Verify Club
              </Button>
            )}
          </HStack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
