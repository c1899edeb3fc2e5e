import { useQuery } from '@apollo/client/react';
import { lazy, Suspense, useEffect } from 'react';
import { ErrorBoundary } from '../../components/error-boundary';
import { useAuth } from '../../lib/use-auth';
import { ClubMuteStateDocument } from './club-mute.generated';

// The button and its mutation (with useMutation and the payload checks, ~1.5 KB gzipped) are in a
// chunk of their own: only a signed-in member sees the button, so a visitor's public club page
// never loads it. A member's page asks for it as soon as the session is known, beside the query.
const loadClubMuteToggle = () => import('./club-mute-toggle');
const ClubMuteToggle = lazy(() => loadClubMuteToggle().then((module) => ({ default: module.ClubMuteToggle })));

/** 'Mute notifications' / 'Unmute notifications' for a signed-in member (not the club's own
 *  owner). The page is rendered on the server for anonymous visitors: there (and while it
 *  hydrates) the session is unknown, so nothing shows and the muted clubs are not asked for. */
export function ClubMuteButton({ club }: { club: { id: string; name: string } }) {
  const { status, session } = useAuth();
  const shown = status === 'signed-in' && session?.user.club?.node_id !== club.id;
  const { data } = useQuery(ClubMuteStateDocument, { skip: !shown, context: { silent: true } });
  useEffect(() => {
    if (shown) loadClubMuteToggle().catch(() => undefined);
  }, [shown]);
  if (!shown || !data) return null;
  const muted = data.notificationSettings.mutedClubs.some((mutedClub) => mutedClub.id === club.id);
  return (
    <ErrorBoundary fallback={() => null}>
      <Suspense fallback={null}>
        <ClubMuteToggle club={club} muted={muted} />
      </Suspense>
    </ErrorBoundary>
  );
}
