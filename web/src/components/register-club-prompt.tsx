import { Button } from '@chakra-ui/react';
import { LuBuilding2 } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyPanel } from './empty-panel';

/** For a member without a club on a club owner's page: what the page is for, and 'Register Club'
 *  (the club is registered on this same account). */
export function RegisterClubPrompt({ description }: { description: string }) {
  return (
    <EmptyPanel icon={<LuBuilding2 />} title="You have not registered a club yet" description={description}>
      <Button asChild colorPalette="teal">
        <RouterLink to="/club/register">Register Club</RouterLink>
      </Button>
    </EmptyPanel>
  );
}
