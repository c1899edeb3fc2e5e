import { Button } from '@chakra-ui/react';
import { LuLock } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyPanel } from '../../components/empty-panel';
import { useAuth } from '../../lib/use-auth';
import { NO_CLUB_TEXT, PENDING_CLUB_TEXT, REJECTED_CLUB_TEXT } from './volunteer-search-texts';

/** The server's refusal ('Only approved clubs can search for volunteers.') and what the member
 *  can do about it: a pending club waits for approval, a member without a club registers one. */
export function SearchRefused({ message }: { message: string }) {
  const club = useAuth().session?.user.club ?? null;
  const status = club?.application_status;
  const description = !club ? NO_CLUB_TEXT : status === 'pending' ? PENDING_CLUB_TEXT : status === 'rejected' ? REJECTED_CLUB_TEXT : undefined;
  return (
    <EmptyPanel icon={<LuLock />} title={message} description={description}>
      {!club && (
        <Button asChild colorPalette="teal">
          <RouterLink to="/club/register">Register Club</RouterLink>
        </Button>
      )}
      {club && (
        <Button asChild variant="outline" colorPalette="teal">
          <RouterLink to="/club/dashboard">Go to Club Dashboard</RouterLink>
        </Button>
      )}
    </EmptyPanel>
  );
}
