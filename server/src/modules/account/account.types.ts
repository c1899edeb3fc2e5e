import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Node } from '../../graphql/relay.js';
import { Payload } from '../../graphql/payload.js';

export enum DataExportStatusEnum {
  PENDING = 'pending',
  READY = 'ready',
  EXPIRED = 'expired',
}
registerEnumType(DataExportStatusEnum, {
  name: 'DataExportStatus',
  description: 'Where an archive of a member’s data stands.',
  valuesConfig: {
    PENDING: { description: 'Asked for; being built.' },
    READY: { description: 'Built: downloadable until it expires.' },
    EXPIRED: { description: 'Expired: its file is gone.' },
  },
});

@ObjectType({ implements: Node, description: "An archive of the caller's data (Download my data)." })
export class DataExport extends Node {
  @Field(() => DataExportStatusEnum, { description: 'Where it stands.' })
  status!: DataExportStatusEnum;

  @Field(() => Date, { description: 'When it was asked for.' })
  requestedAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When it was ready; null before.' })
  readyAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When its file goes; null before it is ready.' })
  expiresAt!: Date | null;

  @Field(() => Int, { nullable: true, description: 'The .zip’s size in bytes; null before it is ready.' })
  sizeBytes!: number | null;
}

@ObjectType({ description: 'The result of requestDataExport.' })
export class RequestDataExportPayload extends Payload {
  @Field(() => DataExport, { nullable: true, description: 'The archive asked for (PENDING); null when refused.' })
  dataExport?: DataExport | null;
}

@InputType({ description: 'Deleting the caller\'s account: their password, which proves it is them.' })
export class DeleteMyAccountInput {
  @Field(() => String, { description: "The account's password; a wrong one changes nothing (a BAD_USER_INPUT user error on password, counted as a failed sign-in)." })
  password!: string;
}

@ObjectType({ description: 'The result of deleteMyAccount.' })
export class DeleteMyAccountPayload extends Payload {
  @Field(() => Boolean, { nullable: true, description: 'True: the account is deleted and this session has ended; null when refused.' })
  deleted?: boolean | null;
}
