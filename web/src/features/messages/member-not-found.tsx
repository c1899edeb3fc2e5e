import { Button } from '@chakra-ui/react';
import { LuUserX } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { ListStatus } from './list-status';

/** /messages/{id} whose id is no member (or is the caller): nobody to start a conversation with. */
export function MemberNotFound({ self }: { self: boolean }) {
  return (
    <ListStatus
      icon={<LuUserX />}
      title={self ? 'This is your own account' : 'Member not found'}
      description={self ? 'You cannot send messages to yourself.' : 'This member does not exist.'}
    >
      <Button asChild size="sm" variant="outline">
        <RouterLink to="/messages">Back to Messages</RouterLink>
      </Button>
    </ListStatus>
  );
}
