import type { Role } from '../users/users.service.js';
import type { ApiScopeName } from '../tokens/tokens.rules.js';

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
