import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Node, connectionOf } from '../../graphql/relay.js';
import { Payload } from '../../graphql/payload.js';
import { Member } from '../users/users.types.js';

export enum ConversationFilterEnum {
  ALL = 'all',
  UNREAD = 'unread',
  SENT = 'sent',
}
registerEnumType(ConversationFilterEnum, {
  name: 'ConversationFilter',
  description: 'Which conversations to list (the tabs of the Messages screen).',
  valuesConfig: {
    ALL: { description: 'Every conversation of the caller.' },
    UNREAD: { description: 'Conversations with messages from the partner that the caller has not read.' },
    SENT: { description: 'Conversations in which the caller has sent at least one message.' },
  },
});

/** Sender and recipient are resolved through the user loader (MessagesResolver). */
@ObjectType({ implements: Node, description: 'A private message between two members. Only its sender and its recipient can see it.' })
export class Message extends Node {
  @Field(() => String, { description: 'The subject; a reply has its original’s subject prefixed with `Re: `.' })
  subject!: string;

  @Field(() => String, { description: 'Plain text; line breaks are kept.' })
  content!: string;

  @Field(() => Boolean, { description: 'Whether the recipient has read it.' })
  read!: boolean;

  @Field(() => Date, { description: 'When it was sent.' })
  createdAt!: Date;
}

@ObjectType({ description: 'A page of messages.' })
export class MessageConnection extends connectionOf(Message, 'Message', { totalCount: 'How many messages the list holds, over all pages.' }) {}

@ObjectType({ description: 'The caller’s exchange with one other member: the last message either way and how many of theirs are unread. Derived from the messages, so it has no id of its own: name it by its partner.' })
export class Conversation {
  // `partner: Member!` is resolved through the user loader (ConversationResolver).

  @Field(() => Message, { description: 'The newest message of the conversation, whoever sent it.' })
  lastMessage!: Message;

  @Field(() => Int, { description: 'Messages from the partner to the caller not read yet.' })
  unreadCount!: number;
}

@ObjectType({ description: 'A page of conversations, newest conversation first.' })
export class ConversationConnection extends connectionOf(Conversation, 'Conversation', { totalCount: 'How many conversations match the filter and search, over all pages.' }) {}

@ObjectType({ description: 'A page of members.' })
export class MemberConnection extends connectionOf(Member, 'Member', { totalCount: 'How many members the list holds, over all pages.' }) {}

@ObjectType({ description: 'How many conversations each tab of the Messages screen holds.' })
export class ConversationCounts {
  @Field(() => Int, { description: 'Every conversation (the All tab).' })
  all!: number;

  @Field(() => Int, { description: 'Conversations with unread messages from the partner (the Unread tab).' })
  unread!: number;

  @Field(() => Int, { description: 'Conversations in which the caller has sent a message (the Sent tab).' })
  sent!: number;
}

// ---------------------------------------------------------------------------------------------
// Mutations.

@InputType({ description: 'A new message, or with replyToId a reply whose subject is derived from the message it answers.' })
export class SendMessageInput {
  // Nullable in the schema so that a missing value gets the rule's own message ('Please select a
  // recipient') as a user error rather than GraphQL's generic one.
  @Field(() => ID, { nullable: true, description: 'The global id of the member to write to (required; never the caller).' })
  recipientId?: string | null;

  @Field(() => String, { nullable: true, description: 'At least 5 and at most 200 characters; ignored for a reply.' })
  subject?: string | null;

  @Field(() => String, { nullable: true, description: 'At least 10 and at most 5000 characters for a new message; not blank for a reply.' })
  content?: string | null;

  @Field(() => ID, { nullable: true, description: 'The global id of a message between the caller and the recipient that this one answers; the subject becomes `Re: ` and its subject.' })
  replyToId?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      "The client's key for this send attempt (1 to 100 visible ASCII characters, e.g. a UUID), sent again unchanged when it retries. A repeat with a key already used by the same sender sends nothing and answers that first message, even if the other fields differ; another sender's keys are independent.",
  })
  idempotencyKey?: string | null;
}

@ObjectType({ description: 'The result of sendMessage.' })
export class SendMessagePayload extends Payload {
  @Field(() => Message, { nullable: true, description: 'The message sent (or, for a repeated idempotency key, the one first sent with it); null when refused.' })
  message?: Message | null;
}

@InputType({ description: 'Whose messages to the caller to mark read.' })
export class MarkConversationReadInput {
  @Field(() => ID, { description: 'The global id of the conversation partner: every message from them to the caller is marked read (an id that names no member changes nothing).' })
  partnerId!: string;
}

@ObjectType({ description: 'The result of markConversationRead.' })
export class MarkConversationReadPayload extends Payload {
  @Field(() => [Message], { nullable: true, description: 'The messages that changed from unread to read (empty when none did); null when refused.' })
  messages?: Message[] | null;
}

@InputType({ description: 'Which messages to mark read.' })
export class MarkMessagesReadInput {
  @Field(() => [ID], { description: 'Global ids of messages. Only those addressed to the caller change; other and unknown ids are ignored.' })
  ids!: string[];
}

@ObjectType({ description: 'The result of markMessagesRead.' })
export class MarkMessagesReadPayload extends Payload {
  @Field(() => [Message], { nullable: true, description: 'The messages that changed from unread to read (empty when none did); null when refused.' })
  messages?: Message[] | null;
}

@InputType({ description: 'Which message to delete.' })
export class DeleteMessageInput {
  @Field(() => ID, { description: 'The global id of a message the caller sent.' })
  id!: string;
}

@ObjectType({ description: 'The result of deleteMessage.' })
export class DeleteMessagePayload extends Payload {
  @Field(() => ID, { nullable: true, description: 'The global id of the message deleted; null when refused.' })
  deletedMessageId?: string | null;
}

// ---------------------------------------------------------------------------------------------
// Subscription events.

@ObjectType({ description: 'A message to the caller has arrived.' })
export class MessageReceivedEvent {
  @Field(() => Message, { description: 'The new message.' })
  message!: Message;
}

@ObjectType({ description: 'The sender of a message to the caller has deleted it.' })
export class MessageDeletedEvent {
  @Field(() => ID, { description: 'The global id of the message that no longer exists.' })
  messageId!: string;
}

@ObjectType({ description: 'The recipient has just read some of the caller’s sent messages.' })
export class MessagesReadEvent {
  @Field(() => [Message], { description: 'The caller’s messages that were just read (each now with `read: true`); a message deleted meanwhile is left out.' })
  messages!: Message[];
}

@ObjectType({ description: "The caller's unread message count, now." })
export class UnreadMessageCountEvent {
  @Field(() => Int, { description: 'Messages to the caller not read yet.' })
  count!: number;
}

@InputType({ description: 'The member to block or unblock.' })
export class MemberBlockInput {
  @Field(() => ID, { description: "The member's global id." })
  memberId!: string;
}

@ObjectType({ description: 'The result of blockMember.' })
export class BlockMemberPayload extends Payload {
  @Field(() => Member, { nullable: true, description: 'The member, now blocked; null when refused.' })
  member?: Member | null;
}

@ObjectType({ description: 'The result of unblockMember.' })
export class UnblockMemberPayload extends Payload {
  @Field(() => Member, { nullable: true, description: 'The member, no longer blocked; null when refused.' })
  member?: Member | null;
}
