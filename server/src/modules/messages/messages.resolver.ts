import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Topic, type TopicPayloads } from '../../graphql/pubsub.js';
import type { MessageRow } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import { Conversation, ConversationCounts, ConversationFilterEnum, Message, MessageRecipient, SendMessageInput } from './messages.types.js';
import { MESSAGE_NOT_FOUND } from './messages.service.js';

@Resolver(() => Message)
export class MessagesResolver {
  @Authorized()
  @Query(() => [Message], { description: 'Messages the caller received, newest first.' })
  inbox(
    @Arg('limit', () => Int, { defaultValue: 50 }) limit: number,
    @Arg('offset', () => Int, { defaultValue: 0 }) offset: number,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.messages.inbox(ctx.viewer!, { limit, offset });
  }

  @Authorized()
  @Query(() => [Message], { description: 'Messages the caller sent, newest first.' })
  sentMessages(
    @Arg('limit', () => Int, { defaultValue: 50 }) limit: number,
    @Arg('offset', () => Int, { defaultValue: 0 }) offset: number,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.messages.sent(ctx.viewer!, { limit, offset });
  }

  @Authorized()
  @Query(() => [Message], { description: "The caller's conversation with one partner, oldest to newest." })
  conversation(
    @Arg('partnerId', () => ID) partnerId: string,
    @Arg('limit', () => Int, { defaultValue: 200, description: 'The newest this many messages.' }) limit: number,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.messages.conversation(ctx.viewer!, partnerId, { limit });
  }

  @Authorized()
  @Query(() => [Conversation], { description: 'One row per counterpart, newest conversation first.' })
  conversations(
    @Arg('filter', () => ConversationFilterEnum, { defaultValue: ConversationFilterEnum.ALL }) filter: ConversationFilterEnum,
    @Arg('search', () => String, { nullable: true, description: "Matches the partner's name or any subject or text of the conversation." }) search: string | null,
    @Arg('limit', () => Int, { defaultValue: 50 }) limit: number,
    @Arg('offset', () => Int, { defaultValue: 0 }) offset: number,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.messages.conversations(ctx.viewer!, { filter, search, limit, offset });
  }

  @Authorized()
  @Query(() => ConversationCounts, { description: 'The counts of the All, Unread and Sent tabs.' })
  conversationCounts(@Arg('search', () => String, { nullable: true }) search: string | null, @Ctx() ctx: Context) {
    return ctx.services.messages.conversationCounts(ctx.viewer!, search);
  }

  @Authorized()
  @Query(() => Int, { description: 'Messages to the caller not read yet.' })
  unreadMessageCount(@Ctx() ctx: Context) {
    return ctx.services.messages.unreadCount(ctx.viewer!.userId);
  }

  @Authorized()
  @Query(() => [MessageRecipient], { description: 'Volunteers and approved clubs the caller can write to, by name.' })
  messageRecipients(
    @Arg('search', () => String, { nullable: true }) search: string | null,
    @Arg('limit', () => Int, { defaultValue: 20 }) limit: number,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.messages.recipients(ctx.viewer!, { search, limit });
  }

  @Authorized()
  @Query(() => MessageRecipient, { description: 'One member as a message counterpart, by id (NOT_FOUND for the caller or an unknown id).' })
  messageRecipient(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.services.messages.recipient(ctx.viewer!, id);
  }

  @Authorized()
  @Mutation(() => Message, { description: 'Sends a message (or a reply); the recipient is notified live.' })
  sendMessage(@Arg('input', () => SendMessageInput) input: SendMessageInput, @Ctx() ctx: Context) {
    return ctx.services.messages.send(ctx.viewer!, { ...input });
  }

  @Authorized()
  @Mutation(() => [ID], { description: 'Marks every message from this sender to the caller read; answers the ids that changed.' })
  markConversationRead(@Arg('senderId', () => ID) senderId: string, @Ctx() ctx: Context) {
    return ctx.services.messages.markConversationRead(ctx.viewer!, senderId);
  }

  @Authorized()
  @Mutation(() => [ID], { description: 'Marks these messages read where the caller is the recipient; answers the ids that changed.' })
  markMessagesRead(@Arg('ids', () => [ID]) ids: string[], @Ctx() ctx: Context) {
    return ctx.services.messages.markMessagesRead(ctx.viewer!, ids);
  }

  @Authorized()
  @Mutation(() => ID, { description: 'Deletes a message the caller sent; answers its id.' })
  deleteMessage(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.services.messages.delete(ctx.viewer!, id);
  }

  @FieldResolver(() => String, { description: "The sender's display name (a club's name for a club account)." })
  senderName(@Root() message: MessageRow, @Ctx() ctx: Context) {
    return ctx.loaders.displayName.load(message.senderId);
  }

  @FieldResolver(() => String, { description: "The recipient's display name." })
  recipientName(@Root() message: MessageRow, @Ctx() ctx: Context) {
    return ctx.loaders.displayName.load(message.recipientId);
  }

  @Authorized()
  @Subscription(() => Int, {
    name: 'unreadMessageCount',
    subscribe: ({ context }) => (context as Context).services.messages.unreadCountStream((context as Context).viewer),
    description: "The caller's unread message count: sent at once, then on every change.",
  })
  unreadMessageCountChanged(@Root() count: number): number {
    return count;
  }

  @Authorized()
  @Subscription(() => Message, {
    topics: Topic.MessageReceived,
    topicId: ({ context }) => (context as Context).viewer?.userId ?? 'anonymous',
    description: 'A message to the caller, as it arrives.',
  })
  async messageReceived(@Root() payload: TopicPayloads[Topic.MessageReceived], @Ctx() ctx: Context) {
    const message = await ctx.loaders.message.load(payload.messageId);
    if (!message) throw errors.notFound(MESSAGE_NOT_FOUND);
    return message;
  }

  @Authorized()
  @Subscription(() => ID, {
    topics: Topic.MessageDeleted,
    topicId: ({ context }) => (context as Context).viewer?.userId ?? 'anonymous',
    description: 'The id of a message to the caller that its sender has just deleted.',
  })
  messageDeleted(@Root() payload: TopicPayloads[Topic.MessageDeleted]): string {
    return payload.messageId;
  }

  @Authorized()
  @Subscription(() => [ID], {
    topics: Topic.MessagesRead,
    topicId: ({ context }) => (context as Context).viewer?.userId ?? 'anonymous',
    description: "Ids of the caller's sent messages that their recipient has just read.",
  })
  messageRead(@Root() payload: TopicPayloads[Topic.MessagesRead]): string[] {
    return payload.messageIds;
  }
}
