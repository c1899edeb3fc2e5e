import { Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuUserCheck } from 'react-icons/lu';
import { LoadError } from '../../components/load-error';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf } from '../../lib/user-errors';
import { BLOCKED_MEMBERS_TEXTS as T } from './notifications-settings-texts';
import { useBlockedMembers, useUnblockMember } from './use-blocked-members';

/** The members the member blocked, each with 'Unblock'. */
export function BlockedMembers() {
  const { members, failed, retry } = useBlockedMembers();
  const unblock = useUnblockMember();
  const [unblocking, setUnblocking] = useState<string | null>(null);

  const onUnblock = async (member: { id: string; name: string }) => {
    setUnblocking(member.id);
    try {
      await unblock(member.id);
      notifySuccess(T.unblocked(member.name), T.unblockedDescription);
    } catch (error) {
      console.error('Unblocking the member failed:', error);
      notifyError(T.failedTitle, errorMessageOf(error) ?? T.failed);
    } finally {
      setUnblocking(null);
    }
  };

  if (failed) return <LoadError title={T.loadFailed} onRetry={retry} />;
  if (!members) return <Spinner size="sm" color="teal.solid" />;
  if (members.length === 0) {
    return (
      <HStack gap="3" color="fg.muted">
        <LuUserCheck aria-hidden="true" />
        <Text>{T.empty}</Text>
      </HStack>
    );
  }
  return (
    <Stack as="ul" listStyleType="none" gap="0" aria-label={T.listName}>
      {members.map((member) => (
        <HStack as="li" key={member.id} justify="space-between" gap="3" py="2" borderBottomWidth="1px" _last={{ borderBottomWidth: '0' }}>
          <Text fontWeight="medium" wordBreak="break-word">
            {member.name}
          </Text>
          <Button
            size="sm"
            variant="outline"
            aria-label={T.unblockName(member.name)}
            loading={unblocking === member.id}
            loadingText={T.unblocking}
            disabled={unblocking !== null && unblocking !== member.id}
            onClick={() => void onUnblock(member)}
          >
            {T.unblock}
          </Button>
        </HStack>
      ))}
    </Stack>
  );
}
