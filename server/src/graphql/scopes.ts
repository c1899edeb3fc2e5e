// What an API token may run (docs/API.md, 'API tokens'): its owner's rights, narrowed to its
// scopes. The rights themselves are narrowed once, where the viewer is built
// (lib/viewer-account.ts: an administrator's token without `admin` is no administrator). This file
// decides which fields a token may run at all, before the operation runs (HTTP:
// modules/tokens/tokens.plugin.ts; graphql-ws: app/ws.ts), so a refusal is the whole document's (403, nothing runs);
// the auth checker asks the same of every @Authorized root field again:
// - a query or subscription field needs the read scope its @ReadScope names (`read:public`,
//   `read:messages`, …) or the whole `read`, plus its own @RequiresScope, if it has one;
// - a field deeper in the document that reaches into another area than its object's (@ReadScope on
//   an object field: a club's private data on Club needs `read:club`) needs that read scope too,
//   (fieldReadScope: the one rule);
// - a mutation needs the scope its @RequiresScope names; a mutation marked @SessionOnly, or with no
//   marker at all, is never run by a token (the fields it answers are not read-scoped: a token
//   that may write may see what it wrote);
// - a root field reserved to platform administrators (@Authorized('platform_admin'), whose roles
//   graphql/access.ts copies into the field's extensions) also needs `admin`: without it the
//   token's viewer is no administrator, and the refusal names the scope it lacks.
// node(id:) and nodes(ids:) need no read scope of their own: each Node type names one
// (registerNodeType, graphql/node.resolver.ts), and an object of a type whose scope the token lacks
// is null, as one the owner may not see.
// Introspection (`__schema`, `__type`, `__typename`) is the schema, not data: always allowed.
import {
  Kind,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type ASTNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { AppError, errors } from '../lib/errors.js';
import { hasReadScope, READ_SCOPES, WHOLE_READ_SCOPE, type ApiScopeName, type ReadScope } from '../lib/shared/api-scopes.js';
import type { Viewer } from '../lib/viewer.js';
import { ADMIN_SCOPE } from '../lib/viewer-account.js';

export type OperationKind = 'query' | 'mutation' | 'subscription';

export const lacksScope = (scope: string) => errors.forbidden(`This API token lacks the ${scope} scope.`);
export const sessionOnly = (field: string) => errors.forbidden(`An API token cannot run ${field}: it needs a signed-in session.`);

/** Whether the caller is an API token (and so limited by scopes). */
export function isTokenViewer(viewer: Viewer | null | undefined): viewer is Viewer & { scopes: readonly ApiScopeName[] } {
  return viewer?.credential === 'token';
}

/** The @ReadScope of node(id:) and nodes(ids:): each Node type names its own. */
export const BY_TYPE = 'by-type';

/** The read scope a field needs of a token (its @ReadScope), or null. Root query and subscription
 *  fields all name one; a deeper field names one only when it reaches into another area than its
 *  object's. (Not @AdminOnly: most such fields also answer the row's own member or club owner,
 *  whose token reads them under the object's area; the rights decide, lib/viewer-account.ts.) */
export function fieldReadScope(field: Pick<GraphQLField<unknown, unknown>, 'extensions'>): ReadScope | null {
  const marked = (field.extensions as { readScope?: unknown } | undefined)?.readScope;
  return typeof marked === 'string' && (READ_SCOPES as readonly string[]).includes(marked) ? (marked as ReadScope) : null;
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
    const refusal = readRefusal(viewer.scopes, field);
    if (refusal) return refusal;
    if (typeof marked === 'string') needed.push(marked);
  }
  if (reservedToPlatformAdmins(field)) needed.push(ADMIN_SCOPE);
  const missing = needed.find((scope) => !viewer.scopes.includes(scope as ApiScopeName));
  return missing ? lacksScope(missing) : null;
}

/** Why a token with `scopes` may not read a root query or subscription field, or null: it needs the
 *  field's read scope or the whole `read`; node and nodes need any read scope (each type then names
 *  its own); a field naming none (a unit test fails on one) needs the whole `read`. */
function readRefusal(scopes: readonly string[], field: Pick<GraphQLField<unknown, unknown>, 'extensions'>): AppError | null {
  if ((field.extensions as { readScope?: unknown } | undefined)?.readScope === BY_TYPE) {
    return scopes.some((scope) => scope === WHOLE_READ_SCOPE || (READ_SCOPES as readonly string[]).includes(scope)) ? null : lacksScope(WHOLE_READ_SCOPE);
  }
  const needed = fieldReadScope(field);
  if (needed) return hasReadScope(scopes, needed) ? null : lacksScope(needed);
  return scopes.includes(WHOLE_READ_SCOPE) ? null : lacksScope(WHOLE_READ_SCOPE);
}

/** Whether only platform administrators may run a root field: every role of its @Authorized is
 *  `platform_admin` (the roles are in its extensions, graphql/access.ts). */
function reservedToPlatformAdmins(field: Pick<GraphQLField<unknown, unknown>, 'extensions'>): boolean {
  const roles = (field.extensions as { roles?: unknown } | undefined)?.roles;
  return Array.isArray(roles) && roles.length > 0 && roles.every((role) => role === 'platform_admin');
}

/** Why a token may not run `operation`, or null: the first root field it may not run, else the
 *  first read scope a field deeper in the document needs that the token lacks. */
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
  // A mutation's answer is what it wrote: its scope is the whole check.
  if (operation.operation === 'mutation') return null;
  const missing = nestedReadScopes(schema, document, operation).find((scope) => !hasReadScope(viewer.scopes, scope));
  return missing ? lacksScope(missing) : null;
}

/** Per document and operation: the read scopes its fields below the root need (fieldReadScope). */
const nestedScopes = new WeakMap<DocumentNode, WeakMap<OperationDefinitionNode, ReadScope[]>>();

function nestedReadScopes(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): ReadScope[] {
  let perOperation = nestedScopes.get(document);
  if (!perOperation) nestedScopes.set(document, (perOperation = new WeakMap()));
  const known = perOperation.get(operation);
  if (known) return known;
  const found = new Set<ReadScope>();
  const fragments = new Map(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));
  const seen = new Set<string>();
  const pending: ASTNode[] = [operation];
  while (pending.length > 0) {
    const typeInfo = new TypeInfo(schema);
    visit(
      pending.pop()!,
      visitWithTypeInfo(typeInfo, {
        Field() {
          const parent = typeInfo.getParentType();
          const field = typeInfo.getFieldDef();
          // Root fields are scopeRefusal's (their @ReadScope is the operation's own).
          if (!field || !parent || parent === schema.getQueryType() || parent === schema.getSubscriptionType()) return;
          const scope = fieldReadScope(field);
          if (scope) found.add(scope);
        },
        FragmentSpread(spread) {
          const fragment = fragments.get(spread.name.value);
          if (fragment && !seen.has(spread.name.value)) {
            seen.add(spread.name.value);
            pending.push(fragment);
          }
        },
      }),
    );
  }
  const scopes = READ_SCOPES.filter((scope) => found.has(scope));
  perOperation.set(operation, scopes);
  return scopes;
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
