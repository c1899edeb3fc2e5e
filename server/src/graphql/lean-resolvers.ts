// Leaner resolvers for type-graphql's per-row field resolvers. type-graphql wraps each
// @FieldResolver in a generic function that, on every call, sorts its parameters, looks the
// resolver class up in its container, builds a middleware chain and allocates its data: run once
// per field of every row of every list, that was a visible share of a list's CPU. Here a field
// resolver that takes only @Root (untyped), @Ctx and @Info, with no middleware, is called
// directly: parameters sorted once, one instance of its class, the auth checker (synchronous in
// Clubroom, access.ts) called as type-graphql calls it. Anything else (arguments, which pass
// validateFn; typed roots; middlewares) keeps type-graphql's own resolver.
import { defaultFieldResolver, isInterfaceType, isObjectType, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import { AuthenticationError, AuthorizationError, getMetadataStorage, type AuthCheckerFn } from 'type-graphql';

type Param = { kind: string; index: number; propertyName?: string; getType?: () => unknown };

/** Replaces the eligible field resolvers of `schema` (built by type-graphql from `resolvers`). */
export function leanFieldResolvers(schema: GraphQLSchema, resolvers: readonly Function[], authChecker: AuthCheckerFn<any, any>): number {
  const storage = getMetadataStorage();
  const instances = new Map<Function, Record<string, (...args: unknown[]) => unknown>>();
  let replaced = 0;
  for (const fr of storage.fieldResolvers) {
    if (fr.kind !== 'external' || !resolvers.includes(fr.target) || !fr.getObjectType) continue;
    if ((fr.middlewares?.length ?? 0) > 0) continue;
    const params = [...((fr.params ?? []) as Param[])].sort((a, b) => a.index - b.index);
    if (!params.every(plainParam)) continue;
    // The GraphQL field is the object type's own field of that name: the one type-graphql gave
    // this resolver to (an interface's or a superclass's field of the same name is left alone).
    const objectClass = fr.getObjectType();
    const objectType = storage.objectTypes.find((o) => o.target === objectClass);
    const field = objectType?.fields?.find((f) => f.name === fr.methodName);
    const graphqlType = objectType && field ? schema.getType(objectType.name) : undefined;
    const fieldConfig = isObjectType(graphqlType) || isInterfaceType(graphqlType) ? graphqlType.getFields()[field!.schemaName] : undefined;
    if (!fieldConfig || fieldConfig.resolve === undefined || fieldConfig.resolve === defaultFieldResolver) continue;

    let instance = instances.get(fr.target);
    if (!instance) instances.set(fr.target, (instance = new (fr.target as new () => Record<string, (...args: unknown[]) => unknown>)()));
    const method = instance[fr.methodName]!;
    const self = instance;
    const roles: unknown[] = fr.roles ?? [];
    type Resolver = GraphQLFieldResolver<unknown, Record<string, unknown>>;
    const call: Resolver = (root, _args, context, info) =>
      method.apply(
        self,
        params.map((p) =>
          p.kind === 'root' ? (p.propertyName ? (root as Record<string, unknown>)[p.propertyName] : root) : p.kind === 'context' ? (p.propertyName ? context[p.propertyName] : context) : info,
        ),
      );
    const guarded: Resolver = (root, args, context, info) => {
          const granted = authChecker({ root, args, context, info }, roles);
          if (granted === true) return call(root, args, context, info);
          return Promise.resolve(granted).then((ok) => {
            if (!ok) throw roles.length === 0 ? new AuthenticationError() : new AuthorizationError();
            return call(root, args, context, info);
          });
        };
    fieldConfig.resolve = fr.roles ? guarded : call;
    replaced++;
  }
  return replaced;
}

/** A parameter read straight from the resolver's inputs: no conversion, no validation. */
function plainParam(p: Param): boolean {
  if (p.kind === 'context' || p.kind === 'info') return true;
  if (p.kind !== 'root') return false;
  const type = p.getType?.();
  return type === undefined || type === Object;
}
