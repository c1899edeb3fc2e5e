import { Switch } from '@chakra-ui/react';
import type { ClubDashboard_PositionFragment } from '../../gql/graphql';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { POSITION_TOASTS } from './club-dashboard-texts';
import { useSetPositionLive } from './use-position-actions';

/** Shows or hides a position publicly (not one a moderator removed). */
export function PositionLiveSwitch({ position }: { position: ClubDashboard_PositionFragment }) {
  const setLive = useSetPositionLive();

  const toggle = async (isLive: boolean) => {
    try {
      await setLive(position, isLive);
      notifySuccess(isLive ? POSITION_TOASTS.visible : POSITION_TOASTS.hidden);
    } catch (error) {
      console.error('Changing the position visibility failed:', error);
      notifyError(POSITION_TOASTS.liveFailedTitle, POSITION_TOASTS.liveFailed);
    }
  };

  return (
    <Switch.Root
      checked={position.isLive}
      onCheckedChange={(details) => void toggle(details.checked)}
      colorPalette="teal"
      size="md"
      // A position a moderator removed cannot be made live again by its club.
      disabled={!!position.removedAt}
    >
      {/* Named for its position (each card has a 'Live' switch); the empty labelledby lets
          aria-label win over the visible 'Live' label that Ark points at. */}
      <Switch.HiddenInput aria-label={`Show ${position.title} publicly`} aria-labelledby="" />
      <Switch.Control />
      <Switch.Label>Live</Switch.Label>
    </Switch.Root>
  );
}
