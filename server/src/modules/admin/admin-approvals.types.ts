// The GraphQL types of club application review: approving, rejecting, and a bulk approval with its
// progress.
import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Node } from '../../graphql/relay.js';
import { Payload } from '../../graphql/payload.js';
import { Club } from '../clubs/clubs.types.js';
import { ADMIN_NOTES_MAX, BULK_APPROVAL_MAX, REJECTION_REASON_MAX } from './admin.rules.js';

export enum BulkApprovalStatusEnum {
  RUNNING = 'running',
  COMPLETED = 'completed',
}
registerEnumType(BulkApprovalStatusEnum, {
  name: 'BulkApprovalStatus',
  description: 'Where a bulk approval stands.',
  valuesConfig: { RUNNING: { description: 'The server is working through the applications.' }, COMPLETED: { description: 'Every application has been processed.' } },
});

@ObjectType({ description: 'One application a bulk approval could not approve.' })
export class BulkApprovalFailure {
  @Field(() => String, { description: 'The id the caller sent for it, as sent.' })
  reference!: string;

  @Field(() => Club, { nullable: true, description: 'The club, when the id names one.' })
  club!: unknown;

  @Field(() => String, { nullable: true, description: "The club's name, when the id names one." })
  clubName!: string | null;

  @Field(() => String, { description: 'Why it failed.' })
  message!: string;
}

@ObjectType({ implements: Node, description: `A bulk approval of up to ${BULK_APPROVAL_MAX} applications, each approved in its own transaction. Poll it (\`node(id:)\` or \`bulkApproval(id:)\`) for progress. Seen by the administrator who started it.` })
export class BulkApproval extends Node {
  @Field(() => BulkApprovalStatusEnum, { description: 'Running or completed.' })
  status!: BulkApprovalStatusEnum;

  @Field(() => Int, { description: 'How many applications it has.' })
  total!: number;

  @Field(() => Int, { description: 'How many have been processed so far (approved or failed).' })
  processed!: number;

  @Field(() => [Club], { description: 'The clubs approved so far, in order.' })
  succeeded!: unknown[];

  @Field(() => [BulkApprovalFailure], { description: 'The applications that failed so far, in order, with why.' })
  failures!: BulkApprovalFailure[];

  @Field(() => Date, { description: 'When it started.' })
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When it finished; null while running.' })
  finishedAt!: Date | null;
}

@InputType({ description: 'Approve one pending club application.' })
export class ApproveClubApplicationInput {
  @Field(() => ID, { description: "The club's global id." })
  clubId!: string;

  @Field(() => String, { nullable: true, description: `Notes for the record (trimmed; under ${ADMIN_NOTES_MAX} characters); blank for none.` })
  adminNotes?: string | null;
}

@ObjectType({ description: 'The result of approveClubApplication.' })
export class ApproveClubApplicationPayload extends Payload {
  @Field(() => Club, { nullable: true, description: 'The club, now approved.' })
  club!: unknown;
}

@InputType({ description: 'Reject one pending club application.' })
export class RejectClubApplicationInput {
  @Field(() => ID, { description: "The club's global id." })
  clubId!: string;

  @Field(() => String, { description: `Why (required; under ${REJECTION_REASON_MAX} characters). The applicant is told it by email.` })
  rejectionReason!: string;
}

@ObjectType({ description: 'The result of rejectClubApplication.' })
export class RejectClubApplicationPayload extends Payload {
  @Field(() => Club, { nullable: true, description: 'The club, now rejected.' })
  club!: unknown;
}

@InputType({ description: `Approve up to ${BULK_APPROVAL_MAX} pending applications.` })
export class StartBulkApprovalInput {
  @Field(() => [ID], { description: `The clubs' global ids: 1 to ${BULK_APPROVAL_MAX} (ids that are not club ids are dropped).` })
  clubIds!: string[];

  @Field(() => String, { nullable: true, description: `Notes for every one of them (under ${ADMIN_NOTES_MAX} characters); blank for none.` })
  adminNotes?: string | null;
}

@ObjectType({ description: 'The result of startBulkApproval.' })
export class StartBulkApprovalPayload extends Payload {
  @Field(() => BulkApproval, { nullable: true, description: 'The bulk approval, started: poll it for progress.' })
  bulkApproval!: unknown;
}
