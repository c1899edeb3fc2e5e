import { Button } from '@chakra-ui/react';
import { useEffect } from 'react';
import { LuPlus } from 'react-icons/lu';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { loginReturningTo } from '../../lib/return-to';
import { LazyIsland } from '../../components/lazy-island';
import { lazyWithApollo } from '../../lib/apollo-island';
import { CLUB_FOLLOW_TEXTS as T } from '../../lib/club-follows';
import { useServerDataAnonymous } from '../../lib/member-data';
import { useAuth } from '../../lib/use-auth';

// The toggle and its mutations are a chunk of their own, loaded with the GraphQL client (as the mute
// button's): a visitor's public page never loads them; a member's page asks for them as soon as the
// session is known.
const loadClubFollowToggle = () => import('./club-follow-toggle');
const ClubFollowToggle = lazyWithApollo(() => loadClubFollowToggle().then((module) => module.ClubFollowToggle));

interface ClubFollowButtonProps {
  club: { id: string; name: string; followedByMe: boolean };
  /** The directory's cards offer it to members only; the club page asks visitors to sign in. */
  signedOut?: 'sign-in' | 'hidden';
  size?: 'xs' | 'sm';
}

/** 'Follow' / 'Following' for a signed-in member (never on their own club). The page is rendered
 *  on the server for anonymous visitors: there, while it hydrates and until the member's own data
 *  is in (lib/member-data.ts), nothing shows. */
export function ClubFollowButton({ club, signedOut = 'hidden', size = 'sm' }: ClubFollowButtonProps) {
  const { status, session } = useAuth();
  const location = useLocation();
  const anonymousData = useServerDataAnonymous();
  const member = status === 'signed-in' && session?.user.club?.node_id !== club.id;
  useEffect(() => {
    if (member) loadClubFollowToggle().catch(() => undefined);
  }, [member]);

  if (status === 'signed-out' && signedOut === 'sign-in') {
    return (
      <Button asChild size={size} variant="outline" colorPalette="teal">
        <RouterLink to={loginReturningTo(location.pathname)}>
          <LuPlus aria-hidden="true" />
          {T.signInToFollow}
        </RouterLink>
      </Button>
    );
  }
  if (!member || anonymousData) return null;
  return (
    <LazyIsland>
      <ClubFollowToggle club={club} size={size} />
    </LazyIsland>
  );
}
