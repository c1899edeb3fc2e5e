import type { Role } from '../users/users.service.js';

/** The caller, as established from the bearer token. Services trust only this, never an id the
 *  client sends as "me". */
export interface Viewer {
  userId: string;
  sessionId: string;
  email: string;
  role: Role;
  isPlatformAdmin: boolean;
  isCouncilAdmin: boolean;
}

export interface RequestMeta {
  ip: string;
  userAgent?: string;
}
