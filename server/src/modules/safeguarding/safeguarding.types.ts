// Safeguarding checks (issue 30 §5): the GraphQL types. Relations (a check's kind, its
// verifications and audit, a position's required check) are declared in safeguarding.resolver.ts.
import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { Payload } from '../../graphql/payload.js';
import { connectionOf, Node } from '../../graphql/relay.js';
import { DateScalar } from '../../graphql/scalars.js';
import { CHECK_KIND_DESCRIPTION_MAX, CHECK_KIND_NAME_MAX, CHECK_KIND_NAME_MIN, CHECK_MAX_YEARS } from './safeguarding.rules.js';

@ObjectType({
  implements: Node,
  description:
    'A kind of safeguarding check a volunteer position can require (e.g. “Enhanced DBS”), from the list platform administrators keep. Everyone sees the kinds offered; a retired one is no longer offered but stays on the checks and positions that name it.',
})
export class CheckKind extends Node {
  @Field(() => String, { description: `Its name, ${CHECK_KIND_NAME_MIN} to ${CHECK_KIND_NAME_MAX} characters, unique whatever the letter case.` })
  name!: string;

  @Field(() => String, { description: `What it is, at most ${CHECK_KIND_DESCRIPTION_MAX} characters; empty when not given.` })
  description!: string;

  @Field(() => Date, { nullable: true, description: 'When an administrator retired it (no longer offered for new checks and positions); null while it is offered.' })
  retiredAt!: Date | null;
}

@ObjectType({
  implements: Node,
  description:
    "A safeguarding check a volunteer recorded, with the minimum data: its kind, issue date and expiry or renewal date (no certificate numbers, no documents). The volunteer sees their own; the owner of a club they applied to and platform administrators see it through `applicantChecks` (each such view is audited); nobody else.",
})
export class VolunteerCheck extends Node {
  @Field(() => DateScalar, { description: 'When it was issued (not in the future).' })
  issuedOn!: string;

  @Field(() => DateScalar, { description: 'When it expires or is due for renewal; it no longer counts from that day.' })
  expiresOn!: string;

  @Field(() => Date, { description: 'When the volunteer recorded it.' })
  createdAt!: Date;

  @Field(() => Date, { description: 'When its dates last changed.' })
  updatedAt!: Date;
}

@ObjectType({ description: "A club's verification of a volunteer's check: that club's owner saw the check and confirmed it, for that club only." })
export class VolunteerCheckVerification {
  @Field(() => Date, { description: 'When it was verified.' })
  verifiedAt!: Date;
}

export enum CheckEventAction {
  RECORDED = 'recorded',
  CHANGED = 'changed',
  DELETED = 'deleted',
  VIEWED = 'viewed',
  VERIFIED = 'verified',
  UNVERIFIED = 'unverified',
  REMINDED = 'reminded',
}
registerEnumType(CheckEventAction, {
  name: 'CheckEventAction',
  description: 'What happened to a safeguarding check.',
  valuesConfig: {
    RECORDED: { description: 'The volunteer recorded it.' },
    CHANGED: { description: 'The volunteer changed its dates (every verification was removed).' },
    DELETED: { description: 'The volunteer deleted it.' },
    VIEWED: { description: 'A club owner or an administrator looked at it.' },
    VERIFIED: { description: "A club's owner verified it for their club." },
    UNVERIFIED: { description: "A club's owner withdrew their club's verification." },
    REMINDED: { description: 'Its expiry reminder went to the volunteer and the clubs relying on it.' },
  },
});

@ObjectType({ description: "One entry of a check's audit: every view by a club owner or an administrator, and every change. Its volunteer reads it." })
export class VolunteerCheckEvent {
  @Field(() => CheckEventAction, { description: 'What happened.' })
  action!: CheckEventAction;

  @Field(() => Date, { description: 'When.' })
  createdAt!: Date;
}

@ObjectType({ description: "A page of a check's verifications, oldest first." })
export class VolunteerCheckVerificationConnection extends connectionOf(VolunteerCheckVerification, 'VolunteerCheckVerification', {
  totalCount: 'How many verifications the caller may see.',
}) {}

@ObjectType({ description: "A page of a check's audit, newest first." })
export class VolunteerCheckEventConnection extends connectionOf(VolunteerCheckEvent, 'VolunteerCheckEvent', { totalCount: 'How many entries the audit holds.' }) {}

@InputType({ description: 'A new kind of safeguarding check.' })
export class CreateCheckKindInput {
  @Field(() => String, { description: `Its name, ${CHECK_KIND_NAME_MIN} to ${CHECK_KIND_NAME_MAX} characters, unique whatever the letter case.` })
  name!: string;

  @Field(() => String, { nullable: true, description: `What it is, at most ${CHECK_KIND_DESCRIPTION_MAX} characters; null or omitted for none.` })
  description?: string | null;
}

@InputType({ description: 'A new name and description for a kind of check.' })
export class UpdateCheckKindInput extends CreateCheckKindInput {
  @Field(() => ID, { description: "The kind's global id." })
  checkKindId!: string;
}

@InputType({ description: 'Retires or restores a kind of check.' })
export class SetCheckKindRetiredInput {
  @Field(() => ID, { description: "The kind's global id." })
  checkKindId!: string;

  @Field(() => Boolean, { description: 'true retires it (no longer offered), false offers it again.' })
  retired!: boolean;
}

@ObjectType({ description: 'The result of createCheckKind.' })
export class CreateCheckKindPayload extends Payload {
  @Field(() => CheckKind, { nullable: true, description: 'The new kind; null when refused.' })
  checkKind?: unknown;
}

@ObjectType({ description: 'The result of updateCheckKind.' })
export class UpdateCheckKindPayload extends Payload {
  @Field(() => CheckKind, { nullable: true, description: 'The kind as saved; null when refused.' })
  checkKind?: unknown;
}

@ObjectType({ description: 'The result of setCheckKindRetired.' })
export class SetCheckKindRetiredPayload extends Payload {
  @Field(() => CheckKind, { nullable: true, description: 'The kind as saved; null when refused.' })
  checkKind?: unknown;
}

@InputType({ description: "A check to record on the caller's volunteer profile: only its kind and dates are kept." })
export class RecordVolunteerCheckInput {
  @Field(() => ID, { description: 'The kind (a CheckKind global id from `checkKinds`); one check per kind.' })
  kindId!: string;

  @Field(() => DateScalar, { description: 'When it was issued: not in the future.' })
  issuedOn!: string;

  @Field(() => DateScalar, { description: `When it expires or is due for renewal: after the issue date, within ${CHECK_MAX_YEARS} years of it.` })
  expiresOn!: string;
}

@InputType({ description: "New dates for one of the caller's checks (every club's verification of it is removed)." })
export class ChangeVolunteerCheckInput {
  @Field(() => ID, { description: "The check's global id." })
  checkId!: string;

  @Field(() => DateScalar, { description: 'When it was issued: not in the future.' })
  issuedOn!: string;

  @Field(() => DateScalar, { description: `When it expires or is due for renewal: after the issue date, within ${CHECK_MAX_YEARS} years of it.` })
  expiresOn!: string;
}

@InputType({ description: "One of the caller's checks to delete." })
export class DeleteVolunteerCheckInput {
  @Field(() => ID, { description: "The check's global id." })
  checkId!: string;
}

@InputType({ description: "A check of a volunteer who applied to one of the caller's club's positions." })
export class VerifyVolunteerCheckInput {
  @Field(() => ID, { description: "The check's global id." })
  checkId!: string;

  @Field(() => Boolean, { description: "true verifies it for the caller's club; false withdraws the club's verification." })
  verified!: boolean;
}

@ObjectType({ description: 'The result of recordVolunteerCheck.' })
export class RecordVolunteerCheckPayload extends Payload {
  @Field(() => VolunteerCheck, { nullable: true, description: 'The check as recorded; null when refused.' })
  check?: unknown;
}

@ObjectType({ description: 'The result of changeVolunteerCheck.' })
export class ChangeVolunteerCheckPayload extends Payload {
  @Field(() => VolunteerCheck, { nullable: true, description: 'The check as saved; null when refused.' })
  check?: unknown;
}

@ObjectType({ description: 'The result of deleteVolunteerCheck.' })
export class DeleteVolunteerCheckPayload extends Payload {
  @Field(() => ID, { nullable: true, description: "The deleted check's global id; null when refused." })
  deletedCheckId?: string | null;
}

@ObjectType({ description: 'The result of verifyVolunteerCheck.' })
export class VerifyVolunteerCheckPayload extends Payload {
  @Field(() => VolunteerCheck, { nullable: true, description: 'The check, with its verifications as the caller sees them; null when refused.' })
  check?: unknown;
}
