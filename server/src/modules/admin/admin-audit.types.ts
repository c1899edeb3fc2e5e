// The audit trail's GraphQL types: an entry, its action types, its pages and its filter.
import { ArgsType, Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Node, PageArgs, connectionOf } from '../../graphql/relay.js';
import { DateScalar } from '../../graphql/scalars.js';

export enum AdminActionTypeEnum {
  APPROVE = 'approve',
  REJECT = 'reject',
  VIEW = 'view',
  EXPORT = 'export',
  BULK_APPROVE = 'bulk_approve',
  BULK_REJECT = 'bulk_reject',
  VERIFY = 'verify',
  UNVERIFY = 'unverify',
  SUSPEND = 'suspend',
  BAN = 'ban',
  REINSTATE = 'reinstate',
  GRANT_ADMIN = 'grant_admin',
  REVOKE_ADMIN = 'revoke_admin',
  REVIEW_REPORT = 'review_report',
  WARN = 'warn',
  REMOVE_CONTENT = 'remove_content',
  RESTORE_CONTENT = 'restore_content',
  DISMISS_REPORT = 'dismiss_report',
  DELETE_ACCOUNT = 'delete_account',
}
registerEnumType(AdminActionTypeEnum, {
  name: 'AdminActionType',
  description: 'What a platform administrator did.',
  valuesConfig: {
    APPROVE: { description: 'Approved a club application.' },
    REJECT: { description: 'Rejected a club application.' },
    VIEW: { description: "Opened a club application's detail." },
    EXPORT: { description: 'Exported applications, the audit log or statistics.' },
    BULK_APPROVE: { description: 'Approved one application as part of a bulk approval.' },
    BULK_REJECT: { description: 'Rejected one application as part of a bulk rejection.' },
    VERIFY: { description: 'Verified a club.' },
    UNVERIFY: { description: "Withdrew a club's verification." },
    SUSPEND: { description: 'Suspended an account (or changed a suspension).' },
    BAN: { description: 'Banned an account.' },
    REINSTATE: { description: 'Reinstated a suspended or banned account (adminName Clubroom: a suspension ended by itself).' },
    GRANT_ADMIN: { description: 'Granted the platform administrator role.' },
    REVOKE_ADMIN: { description: 'Revoked the platform administrator role.' },
    REVIEW_REPORT: { description: 'Marked a content report as reviewed.' },
    WARN: { description: 'Sent a warning about a reported item to its owner.' },
    REMOVE_CONTENT: { description: 'Removed a reported item.' },
    RESTORE_CONTENT: { description: 'Restored a removed item.' },
    DISMISS_REPORT: { description: 'Dismissed a content report.' },
    DELETE_ACCOUNT: { description: "A member deleted their own account (adminName 'Deleted member': the member, not an administrator)." },
  },
});

@ObjectType({ implements: Node, description: "One entry of the administrators' audit trail, written by the server with the change it describes. Platform administrators only." })
export class AdminAction extends Node {
  @Field(() => AdminActionTypeEnum, { description: 'What was done.' })
  actionType!: AdminActionTypeEnum;

  @Field(() => String, { description: "What kind of thing it was done to: 'club_application', 'club', 'export', 'user' or 'report'." })
  targetType!: string;

  @Field(() => String, { description: 'The name of what it was done to when it was done (a club name, or the export file).' })
  targetName!: string;

  @Field(() => String, { description: "What happened, in words (e.g. 'Application rejected: {reason}')." })
  details!: string;

  @Field(() => String, { description: "The administrator's name when they acted." })
  adminName!: string;

  @Field(() => String, { description: "The administrator's email when they acted." })
  adminEmail!: string;

  @Field(() => String, { nullable: true, description: 'The IP address the action came from; null when unknown.' })
  ipAddress!: string | null;

  @Field(() => Date, { description: 'When it was done.' })
  createdAt!: Date;
}

@ObjectType({ description: 'A page of the audit trail.' })
export class AdminActionConnection extends connectionOf(AdminAction, 'AdminAction', { totalCount: 'How many entries match the filter, over all pages.' }) {}

@InputType({ description: 'Which audit entries to list; absent fields do not filter.' })
export class AdminActionFilterInput {
  @Field(() => AdminActionTypeEnum, { nullable: true, description: 'Only this action type; null for all.' })
  actionType?: AdminActionTypeEnum | null;

  @Field(() => DateScalar, { nullable: true, description: 'On or after this day (UTC).' })
  from?: string | null;

  @Field(() => DateScalar, { nullable: true, description: 'On or before this day (UTC).' })
  to?: string | null;

  @Field(() => ID, { nullable: true, description: "Only this administrator's actions (a Member's global id)." })
  adminId?: string | null;

  @Field(() => ID, { nullable: true, description: "Only actions on this club (a Club's global id): an application's timeline." })
  clubId?: string | null;

  @Field(() => String, { nullable: true, description: "Text to find (case-insensitive, at most 100 characters) in the target's name, the details, or the administrator's name or email." })
  search?: string | null;
}

@ArgsType()
export class AdminActionsArgs extends PageArgs {
  @Field(() => AdminActionFilterInput, { nullable: true, description: 'What to list; null for every entry.' })
  filter?: AdminActionFilterInput | null;

  @Field(() => Int, { nullable: true, description: 'Skip this many entries from the start (0 to 100,000), for a numbered pager; not with `after`, `before` or `last`.' })
  offset?: number | null;
}
