import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';

export enum NotificationTypeEnum {
  MESSAGE = 'message',
  APPLICATION = 'application',
  SYSTEM = 'system',
}
registerEnumType(NotificationTypeEnum, { name: 'NotificationType' });

@ObjectType({ description: 'An entry of the notification bell.' })
export class Notification {
  @Field(() => ID)
  id!: string;

  @Field(() => NotificationTypeEnum)
  type!: NotificationTypeEnum;

  @Field(() => String)
  title!: string;

  @Field(() => String)
  description!: string;

  @Field(() => Boolean)
  read!: boolean;

  @Field(() => Date, { description: 'When it happened.' })
  createdAt!: Date;

  @Field(() => String, { nullable: true, description: 'Where clicking it leads.' })
  actionUrl!: string | null;

  @Field(() => ID, { nullable: true, description: 'The message a message notification is about.' })
  messageId!: string | null;
}
