import { Flex } from '@chakra-ui/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useQuery } from '@apollo/client/react';
import { replySubject } from '../../../../server/src/modules/messages/messages.rules';
import { ConversationDocument, MessageRecipientDocument } from '../../gql/graphql';
import { useFreshnessPolicy } from '../../lib/freshness';
import { useAuth } from '../../lib/use-auth';
import { ConversationEmpty } from './conversation-empty';
import { ConversationHeader } from './conversation-header';
import { MemberNotFound } from './member-not-found';
import { MessageList } from './message-list';
import { CONVERSATION_MAX_AGE_MS, CONVERSATION_MESSAGE_LIMIT } from './messages-limits';
import { PanelError, PanelLoading } from './panel-status';
import { UNKNOWN_PARTNER_NAME } from './recipient';
import { ReplyBox } from './reply-box';
import { useMarkConversationRead } from './use-mark-conversation-read';
import { useSendMessage } from './use-send-message';

function isNotFound(error: unknown): boolean {
  return CombinedGraphQLErrors.is(error) && error.errors.some((item) => item.extensions?.code === 'NOT_FOUND');
}

interface ConversationPanelProps {
  participantId: string;
  onBack?: () => void;
}

/** The conversation with one participant: messages, read marking and the reply box. */
export function ConversationPanel({ participantId, onBack }: ConversationPanelProps) {
  const myId = useAuth().session?.user.id;
  const fetchPolicy = useFreshnessPolicy(`conversation:${participantId}`, CONVERSATION_MAX_AGE_MS);
  const { data, error, refetch } = useQuery(ConversationDocument, {
    variables: { partnerId: participantId, limit: CONVERSATION_MESSAGE_LIMIT },
    fetchPolicy,
    context: { silent: true },
  });
  const messages = data?.conversation ?? [];
  // A conversation without messages yet is headed by the partner's real name when it is known.
  // It also tells whether the id is a member at all.
  const {
    data: partner,
    error: partnerError,
    loading: partnerLoading,
  } = useQuery(MessageRecipientDocument, {
    variables: { id: participantId },
    skip: !data || messages.length > 0,
    context: { silent: true },
  });
  useMarkConversationRead(participantId, myId, messages);
  const { send } = useSendMessage();

  if (!data) {
    if (error) {
      return <PanelError title="We could not load this conversation." onRetry={() => void refetch().catch(() => undefined)} />;
    }
    return <PanelLoading text="Loading conversation..." />;
  }

  const last = messages.at(-1);
  if (!last) {
    if (isNotFound(partnerError)) return <MemberNotFound self={participantId === myId} />;
    if (!partner && !partnerError && partnerLoading) return <PanelLoading text="Loading conversation..." />;
    const known = partner?.messageRecipient;
    return <ConversationEmpty partner={known ?? { id: participantId, name: UNKNOWN_PARTNER_NAME }} onBack={onBack} />;
  }

  const partnerName = (last.senderId === participantId ? last.senderName : last.recipientName) || UNKNOWN_PARTNER_NAME;
  const reply = (content: string) =>
    send({ recipientId: participantId, replyToId: last.id, content }).catch((error: unknown) => {
      // The message replied to may have been deleted by its sender: load the conversation again
      // so that the next attempt answers what is really there.
      refetch().catch(() => undefined);
      throw error;
    });
  return (
    <Flex direction="column" h="full" minH="0">
      <ConversationHeader
        title={partnerName}
        avatarName={partnerName}
        subtitle={messages.length === 1 ? '1 message' : `${messages.length} messages`}
        onBack={onBack}
      />
      <MessageList messages={messages} myId={myId} partnerName={partnerName} />
      <ReplyBox subject={replySubject(last.subject)} onSend={reply} />
    </Flex>
  );
}
