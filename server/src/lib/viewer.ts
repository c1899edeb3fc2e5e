// Who is calling: every module's services and the HTTP, GraphQL and WebSocket plumbing read it, so
// it is a foundation (no module owns it; the auth and tokens modules build it).
import type { ApiScopeName } from './shared/api-scopes.js';

/** An account's role, derived from its data (not stored): see roleOf. */
export type Role = 'volunteer' | 'club_admin' | 'platform_admin';

export function roleOf(isPlatformAdmin: boolean, hasClub: boolean): Role {
  if (isPlatformAdmin) return 'platform_admin';
  return hasClub ? 'club_admin' : 'volunteer';
}

/** The caller, as established from the bearer token. Services trust only this, never an id the
 *  client sends as "me". */
export interface Viewer {
  userId: string;
  /** The session, or for an API token the token's id (WebSocket caps and revocation key on it). */
  sessionId: string;
  email: string;
  role: Role;
  isPlatformAdmin: boolean;
  isCouncilAdmin: boolean;
  /** How the caller signed in: a browser/app session (JWT) or a personal API token. Absent means
   *  a session. */
  credential?: 'session' | 'token';
  /** An API token's scopes: what it may do of what its owner may (graphql/access.ts). */
  scopes?: readonly ApiScopeName[];
  /** An API token's id (the same as sessionId). */
  tokenId?: string;
}

export interface RequestMeta {
  ip: string;
  userAgent?: string;
}
