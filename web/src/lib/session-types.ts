// The REST adapter's shapes for the signed-in user and the stored session (spec section 3).

export type UserRole = 'volunteer' | 'club_admin' | 'platform_admin';
export type ClubApplicationStatus = 'pending' | 'approved' | 'rejected';

export interface SessionUser {
  id: string;
  /** The account's global id in the GraphQL API (compare GraphQL ids with this, not `id`). */
  node_id: string;
  email: string;
  full_name: string;
  role: UserRole;
  is_council_admin: boolean;
  has_volunteer_profile: boolean;
  club: { id: string; node_id: string; name: string; application_status: ClubApplicationStatus } | null;
  created_at: string;
}

/** What is kept in localStorage: the refresh token stays in its httpOnly cookie. */
export interface Session {
  access_token: string;
  /** Epoch seconds. */
  expires_at: number;
  user: SessionUser;
}

/** The answer of sign-in and refresh. */
export interface AuthSessionPayload extends Session {
  refresh_token: string;
}
