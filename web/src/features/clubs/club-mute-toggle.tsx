import { Button } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { LuBell, LuBellOff } from 'react-icons/lu';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf, requirePayload } from '../../lib/user-errors';
import { CLUB_MUTE_TEXTS as T } from './club-mute-texts';
import { ClubMuteStateDocument, SetClubMutedDocument } from './club-mute.generated';

/** The member's muted clubs, then the button for this one (nothing until they are known). */
export function ClubMuteControl({ club }: { club: { id: string; name: string } }) {
  const { data } = useQuery(ClubMuteStateDocument, { context: { silent: true } });
  if (!data) return null;
  const muted = data.notificationSettings.mutedClubs.some((mutedClub) => mutedClub.id === club.id);
  return <ClubMuteToggle club={club} muted={muted} />;
}

/** Mutes or unmutes the club. The answer is the member's muted clubs, written over the cached
 *  settings (one object, lib/apollo-cache.ts): the button and the Notifications page follow. */
export function ClubMuteToggle({ club, muted }: { club: { id: string; name: string }; muted: boolean }) {
  const [setMuted, { loading }] = useMutation(SetClubMutedDocument, { context: { silent: true } });

  const toggle = async () => {
    try {
      const { data } = await setMuted({ variables: { input: { clubId: club.id, muted: !muted } } });
      requirePayload(data?.setClubMuted);
      if (muted) notifySuccess(T.unmuted(club.name), T.unmutedDescription);
      else notifySuccess(T.muted(club.name), T.mutedDescription);
    } catch (error) {
      console.error('Muting the club failed:', error);
      notifyError(T.failedTitle, errorMessageOf(error) ?? T.failed);
    }
  };

  return (
    <Button size="sm" variant="outline" loading={loading} onClick={() => void toggle()}>
      {muted ? <LuBell aria-hidden="true" /> : <LuBellOff aria-hidden="true" />}
      {muted ? T.unmute : T.mute}
    </Button>
  );
}
