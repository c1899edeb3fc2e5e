// The members the caller blocked, and unblocking one. The list is fetched whenever the page opens
// (a block is made from a conversation, elsewhere); an unblock answers the member with
// blockedByMe false, which every view of that member follows, and drops them from the list.
import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useEffect } from 'react';
import { requirePayload } from '../../lib/user-errors';
import { BlockedMembersDocument, UnblockBlockedMemberDocument } from './blocked-members.generated';

export function useBlockedMembers() {
  const { data, error, refetch } = useQuery(BlockedMembersDocument, { fetchPolicy: 'cache-and-network', context: { silent: true } });
  useEffect(() => {
    if (error) console.error('Loading the blocked members failed:', error);
  }, [error]);
  const retry = useCallback(() => {
    refetch().catch((cause: unknown) => console.error('Reloading the blocked members failed:', cause));
  }, [refetch]);
  return { members: data?.blockedMembers, failed: Boolean(error) && !data, retry };
}

export function useUnblockMember() {
  const [mutate] = useMutation(UnblockBlockedMemberDocument, {
    context: { silent: true },
    update(cache, { data }) {
      const member = data?.unblockMember.member;
      if (!member) return;
      cache.updateQuery({ query: BlockedMembersDocument }, (list) =>
        list ? { blockedMembers: list.blockedMembers.filter((blocked) => blocked.id !== member.id) } : list,
      );
    },
  });
  return useCallback(
    async (memberId: string) => {
      const { data } = await mutate({ variables: { input: { memberId } } });
      requirePayload(data?.unblockMember);
    },
    [mutate],
  );
}
