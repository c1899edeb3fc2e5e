import { Avatar, Box, Card, HStack, Heading, Icon, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { LuHandHeart, LuMapPin } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type { ClubCard_ClubFragment } from '../../gql/graphql';
import { ClubBadges } from './club-badges';
import { ClubContactLinks } from './club-contact-links';
import { ClubFollowButton } from './club-follow-button';
import { volunteerRoleText } from './club-format';
import type { ClubLinkState } from './club-link-state';
import { MeetingTimesSummary } from './meeting-times-summary';

interface ClubCardProps {
  club: ClubCard_ClubFragment;
  /** Lets the club page's 'Back to directory' return to this search. */
  linkState: ClubLinkState;
}

/** One directory card; the whole card opens the club page, its contact links stay their own.
 *  Memoized: a further page must not render the cards already shown again. */
export const ClubCard = memo(function ClubCard({ club, linkState }: ClubCardProps) {
  const headingId = `club-${club.id}-name`;
  return (
    <LinkBox as="article" aria-labelledby={headingId} h="full">
      <Card.Root
        variant="outline"
        size="sm"
        h="full"
        transition="box-shadow 0.15s, border-color 0.15s"
        _hover={{ shadow: 'md', borderColor: 'teal.muted' }}
        _focusWithin={{ borderColor: 'teal.muted' }}
      >
        <Card.Body gap="3">
          <HStack gap="3" alignItems="flex-start">
            <Avatar.Root size="lg" colorPalette="teal" flexShrink="0" aria-hidden="true">
              <Avatar.Fallback>{club.initials}</Avatar.Fallback>
            </Avatar.Root>
            <Stack gap="1.5" minW="0">
              <Heading as="h2" size="md" id={headingId} lineClamp="2" wordBreak="break-word">
                <LinkOverlay asChild>
                  <RouterLink to={`/clubs/${club.id}`} state={linkState}>
                    {club.name}
                  </RouterLink>
                </LinkOverlay>
              </Heading>
              <ClubBadges verified={club.verified} sport={club.category} />
            </Stack>
          </HStack>
          {club.location && (
            <HStack gap="2" textStyle="sm" color="fg.muted">
              <Icon size="sm" flexShrink="0">
                <LuMapPin />
              </Icon>
              <Text truncate>{club.location}</Text>
            </HStack>
          )}
          {club.description && (
            <Text textStyle="sm" lineClamp="3" wordBreak="break-word">
              {club.description}
            </Text>
          )}
          <MeetingTimesSummary times={club.meetingTimes} />
        </Card.Body>
        <Card.Footer flexDirection="column" alignItems="stretch" gap="3" borderTopWidth="1px" pt="3">
          <HStack justify="space-between" gap="3" flexWrap="wrap">
            <HStack gap="2" textStyle="sm" fontWeight="medium" color={club.liveRoleCount > 0 ? 'teal.fg' : 'fg.muted'}>
              <Icon size="sm" flexShrink="0">
                <LuHandHeart />
              </Icon>
              <Text>{volunteerRoleText(club.liveRoleCount)}</Text>
            </HStack>
            {/* Above the card's link overlay, which would otherwise take its clicks. */}
            <Box position="relative" zIndex="1">
              <ClubFollowButton club={club} size="xs" />
            </Box>
          </HStack>
          <ClubContactLinks club={club} compact />
        </Card.Footer>
      </Card.Root>
    </LinkBox>
  );
});
