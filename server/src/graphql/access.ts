// Every Query, Mutation and Subscription is either @Authorized(...) or marked @Public(); a test
// walks the schema and fails on one that is neither.
import { Extensions, type AuthChecker } from 'type-graphql';
import type { Context } from './context.js';

export const Public = () => Extensions({ access: 'public' });

/** Roles an operation can require: the account role, or the council administrator capability. */
export type AccessRole = 'platform_admin' | 'club_admin' | 'council_admin';

export const authChecker: AuthChecker<Context, AccessRole> = ({ context }, roles) => {
  const viewer = context.viewer;
  if (!viewer) {
    if (context.authError) throw context.authError;
    return false;
  }
  if (roles.length === 0) return true;
  return roles.some((role) => (role === 'council_admin' ? viewer.isCouncilAdmin : viewer.role === role));
};
