// The GraphQL types of the administration area's exports: what to export, the formats, and the
// file to download.
import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { Payload } from '../../graphql/payload.js';
import { DateScalar } from '../../graphql/scalars.js';
import { ApplicationStatusFilterEnum } from './admin-applications.types.js';
import { AdminActionTypeEnum } from './admin-audit.types.js';

export enum ExportFormatEnum {
  XLSX = 'xlsx',
  CSV = 'csv',
  JSON = 'json',
}
registerEnumType(ExportFormatEnum, {
  name: 'ExportFormat',
  description: 'The file format of an export.',
  valuesConfig: {
    XLSX: { description: 'An Excel workbook (.xlsx).' },
    CSV: { description: 'Comma-separated values (RFC 4180), UTF-8.' },
    JSON: { description: 'A JSON document.' },
  },
});

@ObjectType({ description: 'A file ready to download: fetch `downloadUrl` (no credentials needed) before `expiresAt`.' })
export class ExportFile {
  @Field(() => String, { description: 'A signed, short-lived address of the file (relative to the server).' })
  downloadUrl!: string;

  @Field(() => String, { description: 'The name to save it under.' })
  filename!: string;

  @Field(() => Date, { description: 'When the address stops working.' })
  expiresAt!: Date;
}

/** What every export of club applications takes: the format and the days they were submitted. */
// A base to inherit fields from; never referenced itself, so never emitted (as graphql/payload.ts's Payload).
@InputType()
abstract class ExportSubmittedInput {
  @Field(() => ExportFormatEnum, { nullable: true, description: 'The format; null for XLSX.' })
  format?: ExportFormatEnum | null;

  @Field(() => DateScalar, { nullable: true, description: 'Submitted on or after this day (UTC).' })
  from?: string | null;

  @Field(() => DateScalar, { nullable: true, description: 'Submitted on or before this day (UTC).' })
  to?: string | null;
}

@InputType({ description: 'Export club applications.' })
export class ExportClubApplicationsInput extends ExportSubmittedInput {

  @Field(() => ApplicationStatusFilterEnum, { nullable: true, description: 'Only this status; null for ALL.' })
  status?: ApplicationStatusFilterEnum | null;

  @Field(() => Boolean, { nullable: true, description: "Include each application's review history (default true)." })
  includeHistory?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Include the admin notes (default true).' })
  includeAdminNotes?: boolean | null;
}

@InputType({ description: 'Export the audit log.' })
export class ExportAdminActionsInput {
  @Field(() => ExportFormatEnum, { nullable: true, description: 'The format; null for XLSX.' })
  format?: ExportFormatEnum | null;

  @Field(() => DateScalar, { nullable: true, description: 'On or after this day (UTC).' })
  from?: string | null;

  @Field(() => DateScalar, { nullable: true, description: 'On or before this day (UTC).' })
  to?: string | null;

  @Field(() => ID, { nullable: true, description: "Only this administrator's actions (a Member's global id)." })
  adminId?: string | null;

  @Field(() => AdminActionTypeEnum, { nullable: true, description: 'Only this action type.' })
  actionType?: AdminActionTypeEnum | null;

  @Field(() => String, { nullable: true, description: "Only entries whose target, details, or administrator's name or email contain this text (case-insensitive, at most 100 characters), as `adminActions(filter: { search })`." })
  search?: string | null;
}

@InputType({ description: 'Export the club application statistics.' })
export class ExportClubApplicationStatisticsInput extends ExportSubmittedInput {}

@ObjectType({ description: 'The result of exportClubApplications.' })
export class ExportClubApplicationsPayload extends Payload {
  @Field(() => ExportFile, { nullable: true, description: 'The file to download.' })
  file!: ExportFile | null;
}

@ObjectType({ description: 'The result of exportAdminActions.' })
export class ExportAdminActionsPayload extends Payload {
  @Field(() => ExportFile, { nullable: true, description: 'The file to download.' })
  file!: ExportFile | null;
}

@ObjectType({ description: 'The result of exportClubApplicationStatistics.' })
export class ExportClubApplicationStatisticsPayload extends Payload {
  @Field(() => ExportFile, { nullable: true, description: 'The file to download.' })
  file!: ExportFile | null;
}
