// Every Query, Mutation and Subscription is either @Authorized(...) or marked @Public(); a test
// walks the schema and fails on one that is neither.
import { Extensions, getMetadataStorage, type AuthChecker } from 'type-graphql';
import { isObjectType, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import type { Context } from './context.js';
import { errors } from '../lib/errors.js';
import { BY_TYPE, isTokenViewer, scopeRefusal, type OperationKind } from './scopes.js';
import { API_SCOPES, type ApiScopeName, type ReadScope as ReadScopeName } from '../lib/shared/api-scopes.js';

export const Public = () => Extensions({ access: 'public' });

/**
 * Marks a field whose value only platform administrators see (besides, where its description
 * says so, the row's own member or club owner); everyone else gets null (an empty list, 0). The
 * resolver decides with the viewer's rights (`viewer.isPlatformAdmin`, already narrowed to an API
 * token's scopes where the viewer is built); the marker is what the authorization matrix reads
 * (tests/attack/node-expectations.ts), so a new such field that the matrix does not list fails it.
 */
export const AdminOnly = () => Extensions({ visibility: 'admin' });

/** The fields marked @AdminOnly, as `Type.field`. */
export function adminOnlyFields(schema: GraphQLSchema): string[] {
  const found: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) if (field.extensions?.visibility === 'admin') found.push(`${type.name}.${field.name}`);
  }
  return found.sort();
}

/**
 * What an API token must hold to run an operation (docs/API.md, 'API tokens'). Every query and
 * subscription root field names the read scope it needs with @ReadScope (a token passes with that
 * scope or the whole `read`); every mutation names its scope with @RequiresScope, or is
 * @SessionOnly (credential operations an API token may never run). The scopes and their texts are
 * shared with the Developer page (lib/shared/api-scopes.ts).
 */
export { API_SCOPES };
export type ApiScope = ApiScopeName;
export const RequiresScope = (scope: ApiScope) => Extensions({ scope });
/**
 * The read scope a root query or subscription field needs (a unit test fails on one that names
 * none), or an object field that reaches into another area than the object's own (a club's private
 * data on the public Club: `read:club`; an administrators-only one: `read:admin`). graphql/scopes.ts
 * reads it for every field a token's document selects.
 */
export const ReadScope = (scope: ReadScopeName) => Extensions({ readScope: scope });
/** node(id:) and nodes(ids:): the read scope is each Node type's (registerNodeType); the field
 *  itself needs any read scope. */
export const ReadScopeOfEachType = () => Extensions({ readScope: BY_TYPE });
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
    // An API token may run this root field at all (graphql/scopes.ts; whole
    // operations are checked before they run, this guards each root field again). Its rights are
    // already its owner's narrowed to its scopes (lib/viewer-account.ts): the role check below
    // reads those.
    const kind = rootKind(info.parentType, info.schema);
    const refusal = kind ? scopeRefusal(viewer, kind, info.parentType.getFields()[info.fieldName]!) : null;
    if (refusal) throw refusal;
  }
  if (roles.length === 0) return true;
  if (!roles.some((role) => (role === 'council_admin' ? viewer.isCouncilAdmin : viewer.role === role))) {
    // The administration area's wording (../shared/spec/administration.md, section 6).
    throw roles.every((role) => role === 'platform_admin') ? errors.forbidden('Admin permissions required') : errors.forbidden();
  }
  return true;
};

/** Copies each root field's @Authorized roles into its extensions (`roles`), where the scope check
 *  that runs before an operation reads them (a field reserved to platform administrators needs the
 *  `admin` scope): type-graphql keeps the roles in its metadata only. */
export function withRootRoles(schema: GraphQLSchema): void {
  const storage = getMetadataStorage();
  const rolesOf = new Map(storage.authorizedFields.map((f) => [`${f.target.name}.${f.fieldName}`, f.roles]));
  const roots = [
    [schema.getQueryType(), storage.queries],
    [schema.getMutationType(), storage.mutations],
    [schema.getSubscriptionType(), storage.subscriptions],
  ] as const;
  for (const [root, definitions] of roots) {
    if (!root) continue;
    const fields = root.getFields();
    for (const definition of definitions) {
      const field = fields[definition.schemaName];
      const roles = rolesOf.get(`${definition.target.name}.${definition.methodName}`);
      if (field && roles) field.extensions = { ...field.extensions, roles: [...roles] };
    }
  }
}

function rootKind(type: GraphQLObjectType, schema: GraphQLSchema): OperationKind | null {
  if (type === schema.getQueryType()) return 'query';
  if (type === schema.getMutationType()) return 'mutation';
  if (type === schema.getSubscriptionType()) return 'subscription';
  return null;
}
