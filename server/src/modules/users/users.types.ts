import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { Node, toGlobalId } from '../../graphql/relay.js';
import type { UserView } from './users.service.js';

export enum RoleEnum {
  VOLUNTEER = 'volunteer',
  CLUB_ADMIN = 'club_admin',
  PLATFORM_ADMIN = 'platform_admin',
}
registerEnumType(RoleEnum, {
  name: 'Role',
  description: 'What a member is on the platform (derived: an account that owns a club is a club administrator).',
  valuesConfig: {
    VOLUNTEER: { description: 'A member without a club.' },
    CLUB_ADMIN: { description: 'The owner of a club (whatever its application status).' },
    PLATFORM_ADMIN: { description: 'A platform administrator: reviews clubs and reads the audit trail.' },
  },
});

export enum ClubApplicationStatusEnum {
  PENDING = 'pending',
  APPROVED = 'approved',
  REJECTED = 'rejected',
}
registerEnumType(ClubApplicationStatusEnum, {
  name: 'ClubApplicationStatus',
  description: 'Where a club application stands.',
  valuesConfig: {
    PENDING: { description: 'Waiting for a platform administrator’s review.' },
    APPROVED: { description: 'Approved: the club is in the directory.' },
    REJECTED: { description: 'Rejected by a platform administrator.' },
  },
});

export enum MemberKindEnum {
  VOLUNTEER = 'volunteer',
  CLUB = 'club',
}
registerEnumType(MemberKindEnum, {
  name: 'MemberKind',
  description: 'Whom a member speaks for.',
  valuesConfig: {
    VOLUNTEER: { description: 'A person speaking for themselves.' },
    CLUB: { description: 'A club account: it is named by its club.' },
  },
});

export enum UserStatusEnum {
  ACTIVE = 'active',
  SUSPENDED = 'suspended',
  BANNED = 'banned',
  DELETED = 'deleted',
}
registerEnumType(UserStatusEnum, {
  name: 'UserStatus',
  description: 'Whether an account may sign in.',
  valuesConfig: {
    ACTIVE: { description: 'The account may sign in.' },
    SUSPENDED: { description: 'Suspended by a platform administrator, until `suspendedUntil` or until reinstated.' },
    BANNED: { description: 'Banned by a platform administrator until reinstated.' },
    DELETED: { description: 'Deleted by the member (deleteMyAccount): emptied of personal data and named "Deleted member"; it never signs in again.' },
  },
});

/**
 * A Clubroom account as others see it. The fields marked 'Only for the member themselves and
 * platform administrators' are null for everyone else.
 */
@ObjectType({ implements: Node, description: 'A Clubroom account. Fields about the account itself (email, role, …) are null unless the caller is that member or a platform administrator.' })
export class Member extends Node {
  @Field(() => Date, { description: 'When the account was created.' })
  createdAt!: Date;
}

/** Marks an account answered to a caller who has just proved to be it (signUp, signIn,
 *  refreshSession): its own fields are shown although the request carries no session of it yet. */
const PROVEN_OWNER = Symbol('provenOwner');

export function asProvenOwner<T extends object>(member: T): T {
  return Object.assign({ ...member }, { [PROVEN_OWNER]: true });
}

export function isProvenOwner(member: object): boolean {
  return (member as { [PROVEN_OWNER]?: boolean })[PROVEN_OWNER] === true;
}

/** The REST shape of a user (snake_case, as the spec's calls use). */
export function userJson(user: UserView) {
  return {
    id: user.id,
    // The same account's id in the GraphQL API (a global id), as GitHub's REST API gives node_id.
    node_id: toGlobalId('Member', user.id),
    email: user.email,
    full_name: user.fullName,
    role: user.role,
    is_council_admin: user.isCouncilAdmin,
    has_volunteer_profile: user.hasVolunteerProfile,
    club: user.club ? { id: user.club.id, node_id: toGlobalId('Club', user.club.id), name: user.club.name, application_status: user.club.applicationStatus } : null,
    created_at: user.createdAt.toISOString(),
  };
}
