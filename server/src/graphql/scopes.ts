// What an API token may run (docs/API.md, 'API tokens'): its owner's rights, narrowed to its
// scopes. The rights themselves are narrowed once, where the viewer is built
// (lib/viewer-account.ts: an administrator's token without `admin` is no administrator). This file
// decides which root fields a token may run at all, before the operation runs (HTTP:
// modules/tokens/tokens.plugin.ts; graphql-ws: app/ws.ts), so a refusal is the whole document's (403, nothing runs);
// the auth checker asks the same of every @Authorized root field again:
// - a query or subscription field needs `read` (plus its own @RequiresScope, if it has one);
// - a mutation needs the scope its @RequiresScope names; a mutation marked @SessionOnly, or with no
//   marker at all, is never run by a token;
// - a root field reserved to platform administrators (@Authorized('platform_admin'), whose roles
//   graphql/access.ts copies into the field's extensions) also needs `admin`: without it the
//   token's viewer is no administrator, and the refusal names the scope it lacks.
// Introspection (`__schema`, `__type`, `__typename`) is the schema, not data: always allowed.
import { Kind, type DocumentNode, type GraphQLField, type GraphQLObjectType, type GraphQLSchema, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import { AppError, errors } from '../lib/errors.js';
import type { ApiScopeName } from '../lib/shared/api-scopes.js';
import type { Viewer } from '../lib/viewer.js';
import { ADMIN_SCOPE } from '../lib/viewer-account.js';

export type OperationKind = 'query' | 'mutation' | 'subscription';

export const lacksScope = (scope: string) => errors.forbidden(`This API token lacks the ${scope} scope.`);
export const sessionOnly = (field: string) => errors.forbidden(`An API token cannot run ${field}: it needs a signed-in session.`);

/** Whether the caller is an API token (and so limited by scopes). */
export function isTokenViewer(viewer: Viewer | null | undefined): viewer is Viewer & { scopes: readonly ApiScopeName[] } {
  return viewer?.credential === 'token';
}

/** Why a token may not run this root field, or null when it may. */
export function scopeRefusal(viewer: Viewer, kind: OperationKind, field: Pick<GraphQLField<unknown, unknown>, 'name' | 'extensions'>): AppError | null {
  if (!isTokenViewer(viewer) || field.name.startsWith('__')) return null;
  const marked = (field.extensions as { scope?: unknown } | undefined)?.scope;
  if (marked === 'session') return sessionOnly(field.name);
  const needed: string[] = [];
  if (kind === 'mutation') {
    if (typeof marked !== 'string') return sessionOnly(field.name);
    needed.push(marked);
  } else {
    needed.push('read');
    if (typeof marked === 'string') needed.push(marked);
  }
  if (reservedToPlatformAdmins(field)) needed.push(ADMIN_SCOPE);
  const missing = needed.find((scope) => !viewer.scopes.includes(scope as ApiScopeName));
  return missing ? lacksScope(missing) : null;
}

/** Whether only platform administrators may run a root field: every role of its @Authorized is
 *  `platform_admin` (the roles are in its extensions, graphql/access.ts). */
function reservedToPlatformAdmins(field: Pick<GraphQLField<unknown, unknown>, 'extensions'>): boolean {
  const roles = (field.extensions as { roles?: unknown } | undefined)?.roles;
  return Array.isArray(roles) && roles.length > 0 && roles.every((role) => role === 'platform_admin');
}

/** Why a token may not run `operation`, or null: the first root field it may not run. */
export function operationScopeRefusal(schema: GraphQLSchema, viewer: Viewer | null | undefined, document: DocumentNode, operation: OperationDefinitionNode): AppError | null {
  if (!isTokenViewer(viewer)) return null;
  const root = operation.operation === 'query' ? schema.getQueryType() : operation.operation === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
  if (!root) return null;
  for (const name of rootFieldNames(document, operation.selectionSet)) {
    const field = (root as GraphQLObjectType).getFields()[name];
    if (!field) continue;
    const refusal = scopeRefusal(viewer, operation.operation, field);
    if (refusal) return refusal;
  }
  return null;
}

/** The root fields an operation selects, through fragments and inline fragments. */
function rootFieldNames(document: DocumentNode, selectionSet: SelectionSetNode, seen = new Set<string>()): string[] {
  const names: string[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) names.push(selection.name.value);
    else if (selection.kind === Kind.INLINE_FRAGMENT) names.push(...rootFieldNames(document, selection.selectionSet, seen));
    else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      const fragment = document.definitions.find((d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === selection.name.value);
      if (fragment && fragment.kind === Kind.FRAGMENT_DEFINITION) names.push(...rootFieldNames(document, fragment.selectionSet, seen));
    }
  }
  return names;
}
