import type { UserView } from '../modules/users/users.service.js';
import { toGlobalId } from '../graphql/relay.js';

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
