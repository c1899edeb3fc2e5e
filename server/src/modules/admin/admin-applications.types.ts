// The club applications list's GraphQL types: its filter, sort and paging arguments, and the counts
// by status. A club application is the Club itself (one name per concept); its admin-only fields
// are declared in admin.resolver.ts.
import { ArgsType, Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PageArgs } from '../../graphql/relay.js';
import { DateScalar } from '../../graphql/scalars.js';

export enum ApplicationStatusFilterEnum {
  ALL = 'all',
  PENDING = 'pending',
  APPROVED = 'approved',
  REJECTED = 'rejected',
}
registerEnumType(ApplicationStatusFilterEnum, {
  name: 'ClubApplicationStatusFilter',
  description: 'Which applications a list shows by status.',
  valuesConfig: {
    ALL: { description: 'Every application, whatever its status.' },
    PENDING: { description: 'Waiting for review.' },
    APPROVED: { description: 'Approved.' },
    REJECTED: { description: 'Rejected.' },
  },
});

export enum ApplicationSearchFieldEnum {
  NAME = 'name',
  EMAIL = 'email',
  DESCRIPTION = 'description',
}
registerEnumType(ApplicationSearchFieldEnum, {
  name: 'ClubApplicationSearchField',
  description: 'A field the applications search looks in.',
  valuesConfig: {
    NAME: { description: "The club's name." },
    EMAIL: { description: 'The contact email.' },
    DESCRIPTION: { description: "The club's description." },
  },
});

export enum ApplicationSortFieldEnum {
  NAME = 'name',
  CREATED_AT = 'created_at',
  APPLICATION_STATUS = 'application_status',
  LOCATION = 'location',
}
registerEnumType(ApplicationSortFieldEnum, {
  name: 'ClubApplicationSortField',
  description: 'What the applications list is ordered by (ties by id).',
  valuesConfig: {
    NAME: { description: 'The club name, whatever the letter case.' },
    CREATED_AT: { description: 'When the application was submitted.' },
    APPLICATION_STATUS: { description: 'The status (approved, pending, rejected alphabetically), then submission time.' },
    LOCATION: { description: 'The town or city, whatever the letter case (none first).' },
  },
});

export enum SortDirectionEnum {
  ASC = 'asc',
  DESC = 'desc',
}
registerEnumType(SortDirectionEnum, {
  name: 'SortDirection',
  description: 'Ascending or descending.',
  valuesConfig: { ASC: { description: 'Smallest first (A to Z, oldest first).' }, DESC: { description: 'Largest first (Z to A, newest first).' } },
});

@InputType({ description: 'Which club applications to list. Every field is optional; absent fields do not filter.' })
export class ClubApplicationFilterInput {
  @Field(() => ApplicationStatusFilterEnum, { nullable: true, description: 'By status; ALL or null for every status.' })
  status?: ApplicationStatusFilterEnum | null;

  @Field(() => String, { nullable: true, description: 'Text to find (at most 100 characters, case-insensitive) in the chosen `searchFields`; blank for no search.' })
  search?: string | null;

  @Field(() => [ApplicationSearchFieldEnum], { nullable: true, description: 'Where `search` looks; null or empty for name, email and description.' })
  searchFields?: ApplicationSearchFieldEnum[] | null;

  @Field(() => DateScalar, { nullable: true, description: 'Submitted on or after this day (UTC).' })
  submittedFrom?: string | null;

  @Field(() => DateScalar, { nullable: true, description: 'Submitted on or before this day (UTC).' })
  submittedTo?: string | null;

  @Field(() => String, { nullable: true, description: 'Text the town or city contains (case-insensitive, at most 100 characters).' })
  location?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Only verified (true) or not yet verified (false) clubs; null for both. The Clubs tab lists approved clubs by this.' })
  verified?: boolean | null;
}

@InputType({ description: 'The order of the applications list.' })
export class ClubApplicationSortInput {
  @Field(() => ApplicationSortFieldEnum, { description: 'The key.' })
  field!: ApplicationSortFieldEnum;

  @Field(() => SortDirectionEnum, { description: 'The direction.' })
  direction!: SortDirectionEnum;
}

@ArgsType()
export class ClubApplicationsArgs extends PageArgs {
  @Field(() => ClubApplicationFilterInput, { nullable: true, description: 'What to list; null for every application.' })
  filter?: ClubApplicationFilterInput | null;

  @Field(() => ClubApplicationSortInput, { nullable: true, description: 'The order; null for newest submission first.' })
  sort?: ClubApplicationSortInput | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Skip this many items from the start (0 to 100,000), for jumping to page N of a numbered pager (`offset: (N - 1) * first`); not with `after`, `before` or `last`. Cursors from the page continue from there.',
  })
  offset?: number | null;
}

@ObjectType({ description: 'How many club applications are in each status.' })
export class ClubApplicationCounts {
  @Field(() => Int, { description: 'Waiting for review.' })
  pending!: number;

  @Field(() => Int, { description: 'Approved (active clubs).' })
  approved!: number;

  @Field(() => Int, { description: 'Rejected (declined applications).' })
  rejected!: number;

  @Field(() => Int, { description: 'Every application, all time.' })
  total!: number;
}
