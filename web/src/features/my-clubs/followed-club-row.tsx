import { Badge, Button, Card, HStack, Icon, Link, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { LuMapPin } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { followingSinceText } from '../../lib/club-follow-dates';
import { CLUB_FOLLOW_TEXTS } from '../../lib/club-follows';
import { MY_CLUBS_TEXTS as T } from './my-clubs-texts';
import type { FollowedClubItem } from './use-my-followed-clubs';

interface FollowedClubRowProps {
  item: FollowedClubItem;
  unfollowing: boolean;
  /** Another row's unfollow is in flight. */
  busy: boolean;
  onUnfollow: (item: FollowedClubItem) => void;
}

/** One followed club: its name (to its page), sport, city, since when, and 'Unfollow'. */
export function FollowedClubRow({ item, unfollowing, busy, onUnfollow }: FollowedClubRowProps) {
  const { club } = item;
  const place = club.city ?? club.location;
  return (
    <Card.Root as="li" variant="outline" size="sm">
      <Card.Body>
        <HStack justify="space-between" alignItems={{ base: 'flex-start', sm: 'center' }} gap="4" flexDirection={{ base: 'column', sm: 'row' }}>
          <Stack gap="1.5" minW="0">
            <Link asChild colorPalette="teal" color="colorPalette.fg" fontWeight="semibold" textStyle="lg" wordBreak="break-word">
              <RouterLink to={`/clubs/${club.id}`}>{club.name}</RouterLink>
            </Link>
            <HStack gap="3" wrap="wrap" textStyle="sm" color="fg.muted">
              {club.category && (
                <Badge colorPalette="teal" variant="outline">
                  {club.category}
                </Badge>
              )}
              {place && (
                <HStack gap="1">
                  <Icon size="sm">
                    <LuMapPin />
                  </Icon>
                  <Text>{place}</Text>
                </HStack>
              )}
              <Text>{followingSinceText(item.followedAt)}</Text>
            </HStack>
          </Stack>
          <Button size="sm" variant="outline" flexShrink="0" loading={unfollowing} loadingText={T.unfollowing} disabled={busy} onClick={() => onUnfollow(item)}>
            {CLUB_FOLLOW_TEXTS.unfollow}
            <VisuallyHidden> {club.name}</VisuallyHidden>
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
