// Every Query, Mutation and Subscription is either @Authorized(...) or marked @Public(); a test
// walks the schema and fails on one that is neither.
import { Extensions, type AuthChecker } from 'type-graphql';
import type { GraphQLObjectType, GraphQLSchema } from 'graphql';
import type { Context } from './context.js';
import { errors } from '../lib/errors.js';
import { isTokenViewer, lacksScope, scopeRefusal, type OperationKind } from '../modules/tokens/tokens.scopes.js';

export const Public = () => Extensions({ access: 'public' });

/**
 * What an API token must hold to run an operation (docs/API.md, 'API tokens'). Queries and
 * subscriptions need `read` unless marked otherwise; every mutation names its scope with
 * @RequiresScope, or is @SessionOnly (credential operations an API token may never run).
 */
export const API_SCOPES = {
  read: 'Read everything the owner may read: queries and subscriptions.',
  'messages:write': 'Send, read-mark and delete messages; mark notifications read.',
  'profile:write': "Change the owner's own profile.",
  'club:write': "Change the owner's club: profile, meeting times, volunteer positions.",
  'volunteer:write': "Keep the owner's volunteer profile; apply to opportunities and withdraw applications.",
  'council:write': 'Create, change and delete sports council meetings (council administrators).',
  'reports:write': 'Report content to the moderators.',
  admin: 'Platform administration (platform administrators).',
} as const;
export type ApiScope = keyof typeof API_SCOPES;
export const RequiresScope = (scope: ApiScope) => Extensions({ scope });
/** Only a signed-in session (not an API token) may run it: credentials and tokens themselves. */
export const SessionOnly = () => Extensions({ scope: 'session' });

/** Roles an operation can require: the account role, or the council administrator capability. */
export type AccessRole = 'platform_admin' | 'club_admin' | 'council_admin';

export const authChecker: AuthChecker<Context, AccessRole> = ({ context, info }, roles) => {
  // Our own errors, so that a refusal is UNAUTHENTICATED or FORBIDDEN with a clear message
  // (type-graphql's AuthorizationError would otherwise surface as an internal error).
  const viewer = context.viewer;
  if (!viewer) throw context.authError ?? errors.unauthenticated();
  if (isTokenViewer(viewer)) {
    // An API token: its owner's rights narrowed to its scopes (modules/tokens/tokens.scopes.ts;
    // whole operations are checked before they run, this guards each root field again).
    const kind = rootKind(info.parentType, info.schema);
    const refusal = kind ? scopeRefusal(viewer, kind, info.parentType.getFields()[info.fieldName]!) : null;
    if (refusal) throw refusal;
  }
  if (roles.length === 0) return true;
  if (!roles.some((role) => (role === 'council_admin' ? viewer.isCouncilAdmin : viewer.role === role))) {
    // The administration area's wording (../shared/spec/administration.md, section 6).
    throw roles.every((role) => role === 'platform_admin') ? errors.forbidden('Admin permissions required') : errors.forbidden();
  }
  // What only platform administrators may do, a token does only with the admin scope.
  if (isTokenViewer(viewer) && roles.every((role) => role === 'platform_admin') && !viewer.scopes.includes('admin')) throw lacksScope('admin');
  return true;
};

function rootKind(type: GraphQLObjectType, schema: GraphQLSchema): OperationKind | null {
  if (type === schema.getQueryType()) return 'query';
  if (type === schema.getMutationType()) return 'mutation';
  if (type === schema.getSubscriptionType()) return 'subscription';
  return null;
}
