import { Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuBellOff } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type { NotificationSettings_SettingsFragment } from '../../gql/graphql';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf } from '../../lib/user-errors';
import { MUTED_CLUBS_TEXTS as T } from './notifications-settings-texts';
import { useUnmuteClub } from './use-notification-settings-mutations';

type MutedClub = NotificationSettings_SettingsFragment['mutedClubs'][number];

/** The clubs whose news reaches the member in the app only, each with its page and 'Unmute'. */
export function MutedClubs({ clubs }: { clubs: MutedClub[] }) {
  const unmute = useUnmuteClub();
  const [unmuting, setUnmuting] = useState<string | null>(null);

  const onUnmute = async (club: MutedClub) => {
    setUnmuting(club.id);
    try {
      // The answer's settings no longer list the club: the cached list follows.
      await unmute(club.id);
      notifySuccess(T.unmuted(club.name), T.unmutedDescription);
    } catch (error) {
      console.error('Unmuting the club failed:', error);
      notifyError(T.failedTitle, errorMessageOf(error) ?? T.failed);
    } finally {
      setUnmuting(null);
    }
  };

  if (clubs.length === 0) {
    return (
      <HStack gap="3" color="fg.muted">
        <LuBellOff aria-hidden="true" />
        <Text>{T.empty}</Text>
      </HStack>
    );
  }

  return (
    <Stack as="ul" listStyleType="none" gap="0" aria-label={T.listName}>
      {clubs.map((club) => (
        <HStack as="li" key={club.id} justify="space-between" gap="3" py="2" borderBottomWidth="1px" _last={{ borderBottomWidth: '0' }}>
          <Link asChild colorPalette="teal" color="colorPalette.fg" fontWeight="medium" wordBreak="break-word">
            <RouterLink to={`/clubs/${club.id}`}>{club.name}</RouterLink>
          </Link>
          <Button
            size="sm"
            variant="outline"
            aria-label={T.unmuteName(club.name)}
            loading={unmuting === club.id}
            loadingText={T.unmuting}
            disabled={unmuting !== null && unmuting !== club.id}
            onClick={() => void onUnmute(club)}
          >
            {T.unmute}
          </Button>
        </HStack>
      ))}
    </Stack>
  );
}
