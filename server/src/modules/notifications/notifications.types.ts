import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Node, connectionOf } from '../../graphql/relay.js';
import { Payload } from '../../graphql/payload.js';

export enum NotificationTypeEnum {
  MESSAGE = 'message',
  APPLICATION = 'application',
  SYSTEM = 'system',
}
registerEnumType(NotificationTypeEnum, {
  name: 'NotificationType',
  description: 'What a notification is about.',
  valuesConfig: {
    MESSAGE: { description: 'A new private message (its `message` is set).' },
    APPLICATION: { description: 'A club or volunteer application changed.' },
    SYSTEM: { description: 'Anything else the platform tells the member.' },
  },
});

@ObjectType({ implements: Node, description: 'An entry of the notification bell.' })
export class Notification extends Node {
  @Field(() => NotificationTypeEnum, { description: 'What it is about.' })
  type!: NotificationTypeEnum;

  @Field(() => String, { description: 'The headline.' })
  title!: string;

  @Field(() => String, { description: 'One or two sentences about what happened.' })
  description!: string;

  @Field(() => Boolean, { description: 'Whether the member has read it.' })
  read!: boolean;

  @Field(() => Date, { description: 'When it happened.' })
  createdAt!: Date;

  @Field(() => String, { nullable: true, description: 'The path in the web app where clicking it leads.' })
  actionUrl!: string | null;
}

@ObjectType({ description: "A page of the caller's notifications, newest first." })
export class NotificationConnection extends connectionOf(Notification, 'Notification', { totalCount: 'How many notifications the caller has, over all pages.' }) {}

@InputType({ description: 'Which notification to mark read.' })
export class MarkNotificationReadInput {
  @Field(() => ID, { description: "The notification's global id." })
  id!: string;
}

@ObjectType({ description: 'The result of markNotificationRead.' })
export class MarkNotificationReadPayload extends Payload {
  @Field(() => Notification, { nullable: true, description: 'The notification, now read; null when refused.' })
  notification?: Notification | null;
}

@ObjectType({ description: 'The result of markAllNotificationsRead.' })
export class MarkAllNotificationsReadPayload extends Payload {
  @Field(() => Int, { nullable: true, description: 'How many notifications changed from unread to read.' })
  count?: number | null;
}

@ObjectType({ description: 'A notification was added for the caller.' })
export class NotificationAddedEvent {
  @Field(() => Notification, { description: 'The new notification.' })
  notification!: Notification;
}

@ObjectType({ description: "The caller's unread notification count, now." })
export class UnreadNotificationCountEvent {
  @Field(() => Int, { description: 'Notifications of the caller not read yet.' })
  count!: number;
}
