import type { UserView } from '../modules/users/users.service.js';

/** The REST shape of a user (snake_case, as the spec's calls use). */
export function userJson(user: UserView) {
  return {
    id: user.id,
    email: user.email,
    full_name: user.fullName,
    role: user.role,
    is_council_admin: user.isCouncilAdmin,
    has_volunteer_profile: user.hasVolunteerProfile,
    club: user.club ? { id: user.club.id, name: user.club.name, application_status: user.club.applicationStatus } : null,
    created_at: user.createdAt.toISOString(),
  };
}
