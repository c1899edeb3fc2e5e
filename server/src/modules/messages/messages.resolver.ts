import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { RequiresScope, ReadScope } from '../../graphql/access.js';
import { Topic, type TopicPayloads } from '../../graphql/pubsub.js';
import { mutate } from '../../graphql/payload.js';
import { databaseId, PageArgs, requireDatabaseId, toGlobalId } from '../../graphql/relay.js';
import { registerNodeType } from '../../graphql/node.resolver.js';
import type { MessageRow } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import type { UserView } from '../users/users.service.js';
import { Member } from '../users/users.types.js';
import { MESSAGE_NOT_FOUND } from './messages.service.js';
import type { ConversationRow } from './message-lists.service.js';
import {
  Conversation,
  ConversationConnection,
  ConversationCounts,
  ConversationFilterEnum,
  DeleteMessageInput,
  DeleteMessagePayload,
  MarkConversationReadInput,
  MarkConversationReadPayload,
  MarkMessagesReadInput,
  MarkMessagesReadPayload,
  MemberConnection,
  Message,
  MessageConnection,
  MessageDeletedEvent,
  MessageReceivedEvent,
  MessagesReadEvent,
  SendMessageInput,
  SendMessagePayload,
  UnreadMessageCountEvent,
} from './messages.types.js';

// A message is visible to its sender and its recipient only.
registerNodeType('Message', 'read:messages', async (ctx, ids) => {
  if (!ctx.viewer) return ids.map(() => null);
  const rows = await ctx.loaders.message.loadMany(ids);
  return rows.map((r) => (r instanceof Error || r === null || (r.senderId !== ctx.viewer!.userId && r.recipientId !== ctx.viewer!.userId) ? null : r));
});

/** Names accounts that no longer exist. Messages go with their accounts (ON DELETE CASCADE), so
 *  this only answers a message read in the instant its sender's or recipient's account went. */
const FORMER_MEMBER = 'Former member';

/** The member behind a user id, through the request's user loader. A list asks this for every
 *  row's sender and recipient, mostly the same few members: each member's answer is made once per
 *  loaded promise (a cleared loader loads, and answers, afresh), and a member already asked for is
 *  read from the loader's cache without a promise per call. */
function memberOf(ctx: Context, userId: string): Promise<UserView> {
  const { user, userCache, members } = ctx.loaders;
  const loaded = userCache.get(userId) ?? user.load(userId);
  const known = members.get(userId);
  if (known?.loaded === loaded) return known.member;
  const member = loaded.then((view) => view ?? formerMember(userId));
  members.set(userId, { loaded, member });
  return member;
}

function formerMember(userId: string): UserView {
  return {
    id: userId,
    email: '',
    fullName: FORMER_MEMBER,
    role: 'volunteer',
    isPlatformAdmin: false,
    isCouncilAdmin: false,
    hasVolunteerProfile: false,
    status: 'banned',
    statusReason: null,
    suspendedUntil: null,
    statusChangedAt: null,
    club: null,
    createdAt: new Date(0),
  };
}

/** What a global id of `type` names in sendMessage: its database id; null or blank stays as it is
 *  (the rules say what is missing); anything else names nothing. */
function idOrNothing(globalId: string | null | undefined, type: string): string | null | undefined {
  if (globalId == null || globalId.trim() === '') return globalId;
  return databaseId(globalId, type) ?? 'names-nothing';
}

@Resolver(() => Message)
export class MessagesResolver {
  @Authorized()
  @ReadScope('read:messages')
  @Query(() => MessageConnection, { description: 'Messages the caller received, newest first (50 a page unless `first` or `last` says).' })
  inbox(@Args(() => PageArgs) page: PageArgs, @Ctx() ctx: Context) {
    return ctx.services.messageLists.inbox(ctx.viewer!, page);
  }

  @Authorized()
  @ReadScope('read:messages')
  @Query(() => MessageConnection, { description: 'Messages the caller sent, newest first (50 a page unless `first` or `last` says).' })
  sentMessages(@Args(() => PageArgs) page: PageArgs, @Ctx() ctx: Context) {
    return ctx.services.messageLists.sent(ctx.viewer!, page);
  }

  @Authorized()
  @ReadScope('read:messages')
  @Query(() => MessageConnection, {
    description:
      "The caller's messages with one partner, both ways, in list order from OLDEST to NEWEST. A chat view asks for the newest page with `last: n` and for older messages with `last: n, before: startCursor` (`pageInfo.hasPreviousPage` says whether there are any); `first`/`after` read from the oldest on. Without `first` or `last`: the 50 oldest. An id that names no member answers an empty list.",
  })
  conversation(
    @Arg('partnerId', () => ID, { description: "The partner's global id (a Member)." }) partnerId: string,
    @Args(() => PageArgs) page: PageArgs,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.messageLists.conversation(ctx.viewer!, databaseId(partnerId, 'Member'), page);
  }

  @Authorized()
  @ReadScope('read:messages')
  @Query(() => ConversationConnection, { description: 'One row per counterpart, newest conversation first (50 a page unless `first` or `last` says).' })
  conversations(
    @Arg('filter', () => ConversationFilterEnum, { defaultValue: ConversationFilterEnum.ALL, description: 'Which tab: all conversations, those with unread messages, or those the caller sent in.' })
    filter: ConversationFilterEnum,
    @Arg('search', () => String, { nullable: true, description: "Matches the partner's name or any subject or text of the conversation (case-insensitive, at most 100 characters)." })
    search: string | null,
    @Args(() => PageArgs) page: PageArgs,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.messageLists.conversations(ctx.viewer!, { ...page, filter, search });
  }

  @Authorized()
  @ReadScope('read:messages')
  @Query(() => ConversationCounts, { description: 'The counts of the All, Unread and Sent tabs.' })
  conversationCounts(
    @Arg('search', () => String, { nullable: true, description: 'The same search as `conversations` takes; the counts are of the conversations it matches.' }) search: string | null,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.messageLists.conversationCounts(ctx.viewer!, search);
  }

  @Authorized()
  @ReadScope('read:messages')
  @Query(() => Int, { description: 'Messages to the caller not read yet.' })
  unreadMessageCount(@Ctx() ctx: Context) {
    return ctx.services.messageReadState.unreadCount(ctx.viewer!.userId);
  }

  @Authorized()
  @ReadScope('read:messages')
  @Query(() => MemberConnection, { description: 'Members the caller can write to: volunteers and approved clubs (never the caller or a platform administrator), by name (20 a page unless `first` or `last` says).' })
  messageRecipients(
    @Arg('search', () => String, { nullable: true, description: 'Part of the name, case-insensitive (at most 100 characters).' }) search: string | null,
    @Args(() => PageArgs) page: PageArgs,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.messageLists.recipients(ctx.viewer!, { ...page, search });
  }

  @Authorized()
  @RequiresScope('messages:write')
  @Mutation(() => SendMessagePayload, { description: 'Sends a message (or a reply); the recipient is notified live.' })
  sendMessage(@Arg('input', () => SendMessageInput, { description: 'The message: recipient, subject and content, or for a reply the message it answers and the content.' }) input: SendMessageInput, @Ctx() ctx: Context) {
    return mutate(
      () =>
        ctx.services.messages.send(ctx.viewer!, {
          ...input,
          recipientId: idOrNothing(input.recipientId, 'Member'),
          replyToId: input.replyToId == null ? input.replyToId : (databaseId(input.replyToId, 'Message') ?? 'names-nothing'),
        }),
      (message) => ({ message }),
    );
  }

  @Authorized()
  @RequiresScope('messages:write')
  @Mutation(() => MarkConversationReadPayload, { description: 'Marks every message from the partner to the caller read; answers the messages that changed.' })
  markConversationRead(@Arg('input', () => MarkConversationReadInput, { description: 'Whose messages to mark read.' }) input: MarkConversationReadInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.messageReadState.markConversationRead(ctx.viewer!, databaseId(input.partnerId, 'Member')),
      (messages) => ({ messages }),
    );
  }

  @Authorized()
  @RequiresScope('messages:write')
  @Mutation(() => MarkMessagesReadPayload, { description: 'Marks these messages read where the caller is the recipient; answers the messages that changed.' })
  markMessagesRead(@Arg('input', () => MarkMessagesReadInput, { description: 'Which messages to mark read.' }) input: MarkMessagesReadInput, @Ctx() ctx: Context) {
    const ids = input.ids.map((id) => databaseId(id, 'Message')).filter((id): id is string => id !== null);
    return mutate(
      () => ctx.services.messageReadState.markMessagesRead(ctx.viewer!, ids),
      (messages) => ({ messages }),
    );
  }

  @Authorized()
  @RequiresScope('messages:write')
  @Mutation(() => DeleteMessagePayload, { description: "Deletes a message the caller sent (FORBIDDEN 'You can only delete messages you sent.' for a message the caller received)." })
  deleteMessage(@Arg('input', () => DeleteMessageInput, { description: 'Which message to delete.' }) input: DeleteMessageInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.messages.delete(ctx.viewer!, requireDatabaseId(input.id, 'Message', 'id', MESSAGE_NOT_FOUND)),
      (id) => ({ deletedMessageId: toGlobalId('Message', id) }),
    );
  }

  @FieldResolver(() => Member, { description: 'Who sent it.' })
  sender(@Root() message: MessageRow, @Ctx() ctx: Context) {
    return memberOf(ctx, message.senderId);
  }

  @FieldResolver(() => Member, { description: 'Whom it was sent to.' })
  recipient(@Root() message: MessageRow, @Ctx() ctx: Context) {
    return memberOf(ctx, message.recipientId);
  }

  @Authorized()
  @ReadScope('read:messages')
  @Subscription(() => UnreadMessageCountEvent, {
    name: 'unreadMessageCount',
    subscribe: ({ context }) => (context as Context).services.messageReadState.unreadCountStream((context as Context).viewer),
    description: "The caller's unread message count: sent at once, then on every change.",
  })
  unreadMessageCountChanged(@Root() count: number): UnreadMessageCountEvent {
    return { count };
  }

  @Authorized()
  @ReadScope('read:messages')
  @Subscription(() => MessageReceivedEvent, {
    topics: Topic.MessageReceived,
    topicId: ({ context }) => (context as Context).viewer?.userId ?? 'anonymous',
    description: 'A message to the caller, as it arrives.',
  })
  async messageReceived(@Root() payload: TopicPayloads[Topic.MessageReceived], @Ctx() ctx: Context): Promise<MessageReceivedEvent> {
    const message = await ctx.loaders.message.load(payload.messageId);
    if (!message) throw errors.notFound(MESSAGE_NOT_FOUND);
    return { message: message as unknown as Message };
  }

  @Authorized()
  @ReadScope('read:messages')
  @Subscription(() => MessageDeletedEvent, {
    topics: Topic.MessageDeleted,
    topicId: ({ context }) => (context as Context).viewer?.userId ?? 'anonymous',
    description: 'A message to the caller that its sender has just deleted.',
  })
  messageDeleted(@Root() payload: TopicPayloads[Topic.MessageDeleted]): MessageDeletedEvent {
    return { messageId: toGlobalId('Message', payload.messageId) };
  }

  @Authorized()
  @ReadScope('read:messages')
  @Subscription(() => MessagesReadEvent, {
    topics: Topic.MessagesRead,
    topicId: ({ context }) => (context as Context).viewer?.userId ?? 'anonymous',
    description: "Some of the caller's sent messages that their recipient has just read (one event per read, up to 100 messages each).",
  })
  async messageRead(@Root() payload: TopicPayloads[Topic.MessagesRead], @Ctx() ctx: Context): Promise<MessagesReadEvent> {
    const rows = await ctx.loaders.message.loadMany(payload.messageIds);
    const messages = rows.filter((r): r is MessageRow => r !== null && !(r instanceof Error) && r.senderId === ctx.viewer?.userId);
    return { messages: messages as unknown as Message[] };
  }
}

@Resolver(() => Conversation)
export class ConversationResolver {
  @FieldResolver(() => Member, { description: 'The other member of the conversation.' })
  partner(@Root() conversation: ConversationRow, @Ctx() ctx: Context) {
    return memberOf(ctx, conversation.partnerId);
  }
}
