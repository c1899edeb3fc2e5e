import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';

export enum ConversationFilterEnum {
  ALL = 'all',
  UNREAD = 'unread',
  SENT = 'sent',
}
registerEnumType(ConversationFilterEnum, { name: 'ConversationFilter', description: 'Which conversations to list.' });

export enum RecipientKindEnum {
  VOLUNTEER = 'volunteer',
  CLUB = 'club',
}
registerEnumType(RecipientKindEnum, { name: 'RecipientKind' });

@ObjectType({ description: 'A private message between two accounts.' })
export class Message {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  senderId!: string;

  @Field(() => ID)
  recipientId!: string;

  @Field(() => String)
  subject!: string;

  @Field(() => String, { description: 'Plain text; line breaks are kept.' })
  content!: string;

  @Field(() => Boolean, { description: 'Whether the recipient has read it.' })
  read!: boolean;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType({ description: 'One row per counterpart: the last message either way and how many of theirs are unread.' })
export class Conversation {
  @Field(() => ID)
  partnerId!: string;

  @Field(() => String)
  partnerName!: string;

  @Field(() => Message)
  lastMessage!: Message;

  @Field(() => Int, { description: 'Messages from the partner to the caller not read yet.' })
  unreadCount!: number;
}

@ObjectType({ description: 'How many conversations each tab of the Messages screen holds.' })
export class ConversationCounts {
  @Field(() => Int)
  all!: number;

  @Field(() => Int)
  unread!: number;

  @Field(() => Int)
  sent!: number;
}

@ObjectType({ description: 'Someone the caller can write to: a volunteer or an approved club.' })
export class MessageRecipient {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => RecipientKindEnum)
  kind!: RecipientKindEnum;
}

@InputType({ description: 'A new message, or with replyToId a reply whose subject is derived from the message it answers.' })
export class SendMessageInput {
  // Nullable in the schema so that a missing value gets the rule's own message ('Please select a
  // recipient') rather than GraphQL's generic one.
  @Field(() => ID, { nullable: true })
  recipientId?: string | null;

  @Field(() => String, { nullable: true, description: 'At least 5 characters; ignored for a reply.' })
  subject?: string | null;

  @Field(() => String, { nullable: true, description: 'At least 10 characters for a new message; not blank for a reply.' })
  content?: string | null;

  @Field(() => ID, { nullable: true })
  replyToId?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      "The client's key for this send attempt (1 to 100 visible ASCII characters, e.g. a UUID), sent again unchanged when it retries. A repeat with a key already used by the same sender sends nothing and answers that first message, even if the other fields differ; another sender's keys are independent.",
  })
  idempotencyKey?: string | null;
}
