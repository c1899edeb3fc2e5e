import { Button } from '@chakra-ui/react';
import { LuMessageSquare } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type { ClubDetails_ClubFragment } from '../../gql/graphql';
import { useAuth } from '../../lib/use-auth';

/** 'Message this club': signed in, the compose dialog with the club's account as the recipient;
 *  signed out, sign in first. Not shown to the club's own owner. */
export function MessageClubButton({ club }: { club: ClubDetails_ClubFragment }) {
  const { status, session } = useAuth();
  if (status === 'checking') return null;
  const signedIn = status === 'signed-in';
  const ownerId = club.owner?.id;
  if (signedIn && (!ownerId || ownerId === session?.user.node_id)) return null;
  const to = signedIn && ownerId ? `/messages/compose?to=${encodeURIComponent(ownerId)}` : '/login';
  return (
    <Button asChild colorPalette="teal" alignSelf="flex-start">
      <RouterLink to={to}>
        <LuMessageSquare aria-hidden="true" /> Message this club
      </RouterLink>
    </Button>
  );
}
