import { Flex } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useMemo, useState } from 'react';
import { replySubject } from '@clubroom/rules/messages';
import { ConversationDocument, ConversationPartnerDocument } from './messages.generated';
import { useFreshnessPolicy } from '../../lib/freshness';
import { useAuth } from '../../lib/use-auth';
import { BlockedNotice } from './blocked-notice';
import { ConversationActions } from './conversation-actions';
import { ConversationEmpty } from './conversation-empty';
import { ConversationHeader } from './conversation-header';
import { MemberNotFound } from './member-not-found';
import { MessageList } from './message-list';
import { CONVERSATION_MAX_AGE_MS, CONVERSATION_PAGE_SIZE } from './messages-limits';
import { PanelError, PanelLoading } from './panel-status';
import { UNKNOWN_PARTNER_NAME } from './recipient';
import { ReplyBox } from './reply-box';
import { useMarkConversationRead } from './use-mark-conversation-read';
import { useSendMessage } from './use-send-message';

interface ConversationPanelProps {
  /** The partner's member id (a GraphQL global id, as in /messages/{id}). */
  participantId: string;
  onBack?: () => void;
}

/** The conversation with one participant: the newest messages (older ones on request), read
 *  marking and the reply box. */
export function ConversationPanel({ participantId, onBack }: ConversationPanelProps) {
  const myId = useAuth().session?.user.node_id;
  const fetchPolicy = useFreshnessPolicy(`conversation:${participantId}`, CONVERSATION_MAX_AGE_MS);
  const { data, error, refetch, fetchMore } = useQuery(ConversationDocument, {
    variables: { partnerId: participantId, last: CONVERSATION_PAGE_SIZE },
    fetchPolicy,
    context: { silent: true },
  });
  const connection = data?.conversation;
  const messages = useMemo(() => connection?.edges.map((edge) => edge.node) ?? [], [connection]);
  // A conversation without messages yet is headed by the partner's name; the lookup also tells
  // whether the id is a member at all, and whether the caller blocked them (the header's Block or
  // Unblock, and the reply box), so it runs beside the conversation's.
  const self = participantId === myId;
  const {
    data: partner,
    error: partnerError,
    refetch: refetchPartner,
  } = useQuery(ConversationPartnerDocument, {
    variables: { id: participantId },
    skip: self,
    context: { silent: true },
  });
  useMarkConversationRead(participantId, myId, messages);
  const { send } = useSendMessage();
  const [loadingOlder, setLoadingOlder] = useState(false);

  if (!data) {
    if (error) {
      return <PanelError title="We could not load this conversation." onRetry={() => void refetch().catch(() => undefined)} />;
    }
    return <PanelLoading text="Loading conversation..." />;
  }

  const last = messages.at(-1);
  if (!last) {
    if (self) return <MemberNotFound self />;
    if (partnerError) {
      return <PanelError title="We could not load this conversation." onRetry={() => void refetchPartner().catch(() => undefined)} />;
    }
    if (!partner) return <PanelLoading text="Loading conversation..." />;
    if (!partner.member) return <MemberNotFound self={false} />;
    return <ConversationEmpty partner={partner.member} onBack={onBack} />;
  }

  const partnerName = (last.sender.id === participantId ? last.sender.name : last.recipient.name) || UNKNOWN_PARTNER_NAME;
  const member = partner?.member;
  const total = Math.max(connection?.totalCount ?? messages.length, messages.length);
  const { hasPreviousPage, startCursor } = connection!.pageInfo;
  const loadOlder = async () => {
    if (!startCursor) return;
    setLoadingOlder(true);
    try {
      await fetchMore({ variables: { last: CONVERSATION_PAGE_SIZE, before: startCursor, first: null, after: null } });
    } catch (cause) {
      console.error('Loading older messages failed:', cause);
    } finally {
      setLoadingOlder(false);
    }
  };
  const reply = (content: string) =>
    send({ recipientId: participantId, replyToId: last.id, content }).catch((cause: unknown) => {
      // The message replied to may have been deleted by its sender: load the conversation again
      // so that the next attempt answers what is really there.
      refetch().catch(() => undefined);
      throw cause;
    });
  return (
    <Flex direction="column" h="full" minH="0">
      <ConversationHeader
        title={partnerName}
        avatarName={partnerName}
        subtitle={total === 1 ? '1 message' : `${total} messages`}
        onBack={onBack}
        actions={member && <ConversationActions partner={{ id: member.id, name: partnerName, blockedByMe: member.blockedByMe }} />}
      />
      <MessageList
        messages={messages}
        myId={myId}
        partnerName={partnerName}
        hasOlder={hasPreviousPage}
        loadingOlder={loadingOlder}
        onLoadOlder={loadOlder}
      />
      {member?.blockedByMe ? <BlockedNotice partner={{ id: member.id, name: partnerName }} /> : <ReplyBox subject={replySubject(last.subject)} onSend={reply} />}
    </Flex>
  );
}
