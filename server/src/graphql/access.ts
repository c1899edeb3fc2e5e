// Every Query, Mutation and Subscription is either @Authorized(...) or marked @Public(); a test
// walks the schema and fails on one that is neither.
import { Extensions, type AuthChecker } from 'type-graphql';
import type { Context } from './context.js';
import { errors } from '../lib/errors.js';

export const Public = () => Extensions({ access: 'public' });

/** Roles an operation can require: the account role, or the council administrator capability. */
export type AccessRole = 'platform_admin' | 'club_admin' | 'council_admin';

export const authChecker: AuthChecker<Context, AccessRole> = ({ context }, roles) => {
  // Our own errors, so that a refusal is UNAUTHENTICATED or FORBIDDEN with a clear message
  // (type-graphql's AuthorizationError would otherwise surface as an internal error).
  const viewer = context.viewer;
  if (!viewer) throw context.authError ?? errors.unauthenticated();
  if (roles.length === 0) return true;
  if (roles.some((role) => (role === 'council_admin' ? viewer.isCouncilAdmin : viewer.role === role))) return true;
  throw errors.forbidden();
};
