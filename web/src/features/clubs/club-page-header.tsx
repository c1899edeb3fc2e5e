import { Avatar, Flex, HStack, Heading, Icon, Stack, Text } from '@chakra-ui/react';
import { LuHandHeart, LuMapPin, LuUsers } from 'react-icons/lu';
import { followerCountText } from '../../lib/club-follows';
import type { ClubDetails_ClubFragment } from '../../gql/graphql';
import { ClubBadges } from './club-badges';
import { ClubFollowButton } from './club-follow-button';
import { volunteerRoleText } from './club-format';

/** The club's initials, name, badges, where it is, how many roles it advertises, how many members
 *  follow it, and 'Follow' ('Sign in to follow' for a visitor). */
export function ClubPageHeader({ club }: { club: ClubDetails_ClubFragment }) {
  return (
    <Flex gap={{ base: '4', md: '6' }} direction={{ base: 'column', sm: 'row' }} alignItems={{ sm: 'center' }}>
      <Avatar.Root size="2xl" colorPalette="teal" flexShrink="0" aria-hidden="true">
        <Avatar.Fallback>{club.initials}</Avatar.Fallback>
      </Avatar.Root>
      <Stack gap="2" minW="0">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} wordBreak="break-word">
          {club.name}
        </Heading>
        <ClubBadges verified={club.verified} sport={club.category} />
        <HStack gap="4" wrap="wrap" textStyle="sm" color="fg.muted">
          {club.location && (
            <HStack gap="1.5">
              <Icon size="sm">
                <LuMapPin />
              </Icon>
              <Text>{club.location}</Text>
            </HStack>
          )}
          <HStack gap="1.5" color={club.liveRoleCount > 0 ? 'teal.fg' : undefined}>
            <Icon size="sm">
              <LuHandHeart />
            </Icon>
            <Text>{volunteerRoleText(club.liveRoleCount)}</Text>
          </HStack>
          <HStack gap="1.5">
            <Icon size="sm">
              <LuUsers />
            </Icon>
            <Text>{followerCountText(club.followerCount)}</Text>
          </HStack>
        </HStack>
        {/* Empty for the club's owner and until the session is known: no gap left for it then. */}
        <HStack _empty={{ display: 'none' }}>
          <ClubFollowButton club={club} signedOut="sign-in" />
        </HStack>
      </Stack>
    </Flex>
  );
}
