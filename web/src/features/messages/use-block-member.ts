// Blocking and unblocking a conversation's partner. Each answers the member with blockedByMe,
// which the cached partner (ConversationPartner) takes at once: the header's action and the
// reply box follow without a refetch. Both tell the user how it went.
import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf, requirePayload } from '../../lib/user-errors';
import { BlockConversationPartnerDocument, UnblockConversationPartnerDocument } from './messages.generated';

export function useBlockMember() {
  const [block, { loading: blocking }] = useMutation(BlockConversationPartnerDocument, { context: { silent: true } });
  const [unblock, { loading: unblocking }] = useMutation(UnblockConversationPartnerDocument, { context: { silent: true } });

  const blockMember = useCallback(
    async (member: { id: string; name: string }): Promise<boolean> => {
      try {
        const { data } = await block({ variables: { input: { memberId: member.id } } });
        requirePayload(data?.blockMember);
        notifySuccess(`${member.name} blocked`, 'They can no longer message you.');
        return true;
      } catch (error) {
        console.error('Blocking the member failed:', error);
        notifyError('Block failed', errorMessageOf(error) ?? 'There was a problem blocking this member. Please try again.');
        return false;
      }
    },
    [block],
  );

  const unblockMember = useCallback(
    async (member: { id: string; name: string }): Promise<boolean> => {
      try {
        const { data } = await unblock({ variables: { input: { memberId: member.id } } });
        requirePayload(data?.unblockMember);
        notifySuccess(`${member.name} unblocked`, 'They can message you again.');
        return true;
      } catch (error) {
        console.error('Unblocking the member failed:', error);
        notifyError('Unblock failed', errorMessageOf(error) ?? 'There was a problem unblocking this member. Please try again.');
        return false;
      }
    },
    [unblock],
  );

  return { blockMember, unblockMember, blocking, unblocking };
}
