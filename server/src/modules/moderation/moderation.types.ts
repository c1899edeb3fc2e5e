// Moderation's GraphQL types (issue 13 contract, section 2): content reports, moderators' actions,
// the counters, and the payloads. Relations are declared in moderation.resolver.ts.
import { ArgsType, Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Node, PageArgs, connectionOf } from '../../graphql/relay.js';
import { Payload } from '../../graphql/payload.js';
import { EXCERPT_MAX, MODERATION_NOTE_MAX, REPORT_ACTIONS_MAX, REPORT_DETAILS_MAX } from './moderation.rules.js';

export enum ReportTargetTypeEnum {
  OPPORTUNITY = 'opportunity',
  PROFILE = 'profile',
  MESSAGE = 'message',
  CLUB = 'club',
  ANNOUNCEMENT = 'announcement',
}
registerEnumType(ReportTargetTypeEnum, {
  name: 'ReportTargetType',
  description: 'What kind of item a report is about.',
  valuesConfig: {
    OPPORTUNITY: { description: "A club's volunteer position (its id is a VolunteerPosition's global id)." },
    PROFILE: { description: "A volunteer's profile (its id is the volunteer's Member global id)." },
    MESSAGE: { description: 'A private message the reporter received (a Message global id).' },
    CLUB: { description: 'A club (a Club global id).' },
    ANNOUNCEMENT: { description: "A club's announcement (an Announcement global id)." },
  },
});

export enum ReportReasonEnum {
  SPAM = 'spam',
  HARASSMENT = 'harassment',
  INAPPROPRIATE = 'inappropriate',
  MISLEADING = 'misleading',
  OTHER = 'other',
}
registerEnumType(ReportReasonEnum, {
  name: 'ReportReason',
  description: 'Why a member reported an item.',
  valuesConfig: {
    SPAM: { description: 'Spam.' },
    HARASSMENT: { description: 'Harassment or abuse.' },
    INAPPROPRIATE: { description: 'Inappropriate content.' },
    MISLEADING: { description: 'False or misleading.' },
    OTHER: { description: 'Other (the details say what).' },
  },
});

export enum ReportStatusEnum {
  PENDING = 'pending',
  REVIEWED = 'reviewed',
  RESOLVED = 'resolved',
  DISMISSED = 'dismissed',
}
registerEnumType(ReportStatusEnum, {
  name: 'ReportStatus',
  description: 'Where a report stands. PENDING and REVIEWED are open; RESOLVED and DISMISSED are closed.',
  valuesConfig: {
    PENDING: { description: 'Waiting for a moderator.' },
    REVIEWED: { description: 'A moderator has looked at it; no decision yet.' },
    RESOLVED: { description: 'A moderator acted on it (warning, removal or suspension).' },
    DISMISSED: { description: 'A moderator found no breach of the guidelines.' },
  },
});

export enum ModerationActionTypeEnum {
  WARNING = 'warning',
  CONTENT_REMOVAL = 'content_removal',
  ACCOUNT_SUSPENSION = 'account_suspension',
  DISMISSAL = 'dismissal',
  CONTENT_RESTORATION = 'content_restoration',
}
registerEnumType(ModerationActionTypeEnum, {
  name: 'ModerationActionType',
  description: 'What a moderator did.',
  valuesConfig: {
    WARNING: { description: "A warning, delivered to the item's owner as a private message." },
    CONTENT_REMOVAL: { description: 'The item was hidden from everyone (kept for the audit; restorable).' },
    ACCOUNT_SUSPENSION: { description: "The owner's account was suspended (as the Users tab's suspension)." },
    DISMISSAL: { description: 'The report was dismissed: no breach found.' },
    CONTENT_RESTORATION: { description: 'A removed item was restored (restoreContent).' },
  },
});

const ADMIN_ONLY = 'Platform administrators only (null for the reporter).';

@ObjectType({
  implements: Node,
  description: "A member's report of an item. Visible to platform administrators; the reporter sees their own report (status, dates and what was reported), nobody else.",
})
export class ContentReport extends Node {
  @Field(() => ReportTargetTypeEnum, { description: 'What kind of item was reported.' })
  targetType!: ReportTargetTypeEnum;

  @Field(() => String, { description: "What the item was called when reported: a message's subject, a position's title, a club's or a volunteer's name." })
  targetLabel!: string;

  @Field(() => String, { description: `The item's text when reported (a message's content, a description or a bio), at most ${EXCERPT_MAX} characters.` })
  targetExcerpt!: string;

  @Field(() => ReportReasonEnum, { description: 'Why it was reported.' })
  reason!: ReportReasonEnum;

  @Field(() => String, { description: `What the reporter added (under ${REPORT_DETAILS_MAX} characters); empty when nothing.` })
  details!: string;

  @Field(() => ReportStatusEnum, { description: 'Where the report stands.' })
  status!: ReportStatusEnum;

  @Field(() => Date, { description: 'When it was reported.' })
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When a moderator first marked it reviewed or decided it; null before.' })
  reviewedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When it was resolved or dismissed; null while open.' })
  closedAt!: Date | null;
}

@ObjectType({ implements: Node, description: 'What a moderator did about a report (or a restoration of removed content). Platform administrators only.' })
export class ModerationAction extends Node {
  @Field(() => ModerationActionTypeEnum, { description: 'What was done.' })
  actionType!: ModerationActionTypeEnum;

  @Field(() => ReportTargetTypeEnum, { description: 'What kind of item it concerned.' })
  targetType!: ReportTargetTypeEnum;

  @Field(() => String, { description: 'What the item was called (as reported).' })
  targetLabel!: string;

  @Field(() => String, { description: "The moderator's name when they acted." })
  adminName!: string;

  @Field(() => String, { description: "The moderator's note: the warning's text, the suspension's reason, why it was dismissed; empty when none." })
  note!: string;

  @Field(() => Date, { description: 'When it was done.' })
  createdAt!: Date;
}

@ObjectType({ description: 'The Moderation tab\'s counters.' })
export class ModerationStats {
  @Field(() => Int, { description: 'Every report, all time.' })
  totalReports!: number;

  @Field(() => Int, { description: 'Reports waiting for a moderator.' })
  pending!: number;

  @Field(() => Int, { description: 'Reports marked reviewed, not yet decided.' })
  reviewed!: number;

  @Field(() => Int, { description: 'Reports a moderator acted on.' })
  resolved!: number;

  @Field(() => Int, { description: 'Reports dismissed.' })
  dismissed!: number;

  @Field(() => Int, { description: 'Moderation actions taken, all time (restorations included).' })
  actionsTaken!: number;

  @Field(() => Int, { description: 'Items removed by a moderator now (messages, profiles, positions and clubs whose removal stands).' })
  removedItems!: number;
}

@ObjectType({ description: 'A page of content reports.' })
export class ContentReportConnection extends connectionOf(ContentReport, 'ContentReport', { totalCount: 'How many reports match, over all pages.' }) {}

@ObjectType({ description: 'A page of moderation actions.' })
export class ModerationActionConnection extends connectionOf(ModerationAction, 'ModerationAction', { totalCount: 'How many actions there are, over all pages.' }) {}

@ArgsType()
export class ContentReportsArgs extends PageArgs {
  @Field(() => ReportStatusEnum, { nullable: true, description: 'Only reports in this status; null for all.' })
  status?: ReportStatusEnum | null;

  @Field(() => ReportTargetTypeEnum, { nullable: true, description: 'Only reports of this kind of item; null for all.' })
  targetType?: ReportTargetTypeEnum | null;
}

@InputType({ description: 'What to report, and why.' })
export class ReportContentInput {
  @Field(() => ReportTargetTypeEnum, { description: 'What kind of item it is.' })
  targetType!: ReportTargetTypeEnum;

  @Field(() => ID, { description: "The item's global id: a Message, a VolunteerPosition, a Club, an Announcement, or the volunteer's Member id for a profile." })
  targetId!: string;

  @Field(() => ReportReasonEnum, { description: 'Why.' })
  reason!: ReportReasonEnum;

  @Field(() => String, { nullable: true, description: `Anything the moderators should know (optional, under ${REPORT_DETAILS_MAX} characters).` })
  details?: string | null;
}

@ObjectType({ description: 'The result of reportContent.' })
export class ReportContentPayload extends Payload {
  @Field(() => ContentReport, { nullable: true, description: 'The report filed; null when refused.' })
  report!: unknown;
}

@InputType({ description: 'Which report to mark reviewed.' })
export class MarkReportReviewedInput {
  @Field(() => ID, { description: "The report's global id." })
  reportId!: string;
}

@ObjectType({ description: 'The result of markReportReviewed.' })
export class MarkReportReviewedPayload extends Payload {
  @Field(() => ContentReport, { nullable: true, description: 'The report, now reviewed; null when refused.' })
  report!: unknown;
}

@InputType({ description: 'A moderator\'s decision on an open report.' })
export class TakeModerationActionInput {
  @Field(() => ID, { description: "The report's global id." })
  reportId!: string;

  @Field(() => ModerationActionTypeEnum, { description: 'WARNING, CONTENT_REMOVAL, ACCOUNT_SUSPENSION or DISMISSAL (restoration is restoreContent).' })
  action!: ModerationActionTypeEnum;

  @Field(() => String, {
    nullable: true,
    description: `The warning's text (required for WARNING), the suspension's reason (required for ACCOUNT_SUSPENSION), or a note; under ${MODERATION_NOTE_MAX} characters.`,
  })
  note?: string | null;

  @Field(() => Date, { nullable: true, description: 'ACCOUNT_SUSPENSION only: when the suspension ends (in the future); null for until reinstated.' })
  suspendUntil?: Date | null;
}

@ObjectType({ description: 'The result of takeModerationAction.' })
export class TakeModerationActionPayload extends Payload {
  @Field(() => ContentReport, { nullable: true, description: 'The report, now closed; null when refused.' })
  report!: unknown;

  @Field(() => ModerationAction, { nullable: true, description: 'The action taken; null when refused.' })
  action!: unknown;
}

@InputType({ description: 'Which removal to undo.' })
export class RestoreContentInput {
  @Field(() => ID, { description: 'The global id of the CONTENT_REMOVAL moderation action.' })
  actionId!: string;
}

@ObjectType({ description: 'The result of restoreContent.' })
export class RestoreContentPayload extends Payload {
  @Field(() => ModerationAction, { nullable: true, description: 'The CONTENT_RESTORATION action written; null when refused.' })
  action!: unknown;
}

export const ACTIONS_TEXT = `The actions taken on it, newest first (at most ${REPORT_ACTIONS_MAX}). ${ADMIN_ONLY.replace('null', 'empty')}`;
export { ADMIN_ONLY };
