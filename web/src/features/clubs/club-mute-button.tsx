import { useEffect } from 'react';
import { LazyIsland } from '../../components/lazy-island';
import { lazyWithApollo } from '../../lib/apollo-island';
import { useAuth } from '../../lib/use-auth';

// The member's muted clubs, the button and its mutation are in a chunk of their own, loaded with
// the GraphQL client: only a signed-in member sees the button, so a visitor's public club page
// never loads them. A member's page asks for them as soon as the session is known.
const loadClubMuteToggle = () => import('./club-mute-toggle');
const ClubMuteControl = lazyWithApollo(() => loadClubMuteToggle().then((module) => module.ClubMuteControl));

/** 'Mute notifications' / 'Unmute notifications' for a signed-in member (not the club's own
 *  owner). The page is rendered on the server for anonymous visitors: there (and while it
 *  hydrates) the session is unknown, so nothing shows and the muted clubs are not asked for. */
export function ClubMuteButton({ club }: { club: { id: string; name: string } }) {
  const { status, session } = useAuth();
  const shown = status === 'signed-in' && session?.user.club?.node_id !== club.id;
  useEffect(() => {
    if (shown) loadClubMuteToggle().catch(() => undefined);
  }, [shown]);
  if (!shown) return null;
  return (
    <LazyIsland>
      <ClubMuteControl club={club} />
    </LazyIsland>
  );
}
