// node(id) and nodes(ids): any object by its global id, through the loader of its type, with the
// same visibility as the type's own lookups (an object the caller may not see is null). Each type
// names the read scope an API token needs to fetch it so (graphql/scopes.ts): an object of a type
// whose scope the token lacks is null too, the answer for one the owner may not see.
import { Arg, Ctx, FieldResolver, ID, Info, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLResolveInfo } from 'graphql';
import type { Context } from './context.js';
import { Public, ReadScopeOfEachType } from './access.js';
import { asNode, fromGlobalId, Node, toGlobalId } from './relay.js';
import { errors } from '../lib/errors.js';
import { hasReadScope, type ReadScope } from '../lib/shared/api-scopes.js';
import { isTokenViewer } from './scopes.js';

/** Loads objects of one type by database id for this caller; null where none or not visible. */
export type NodeFetcher = (ctx: Context, ids: readonly string[]) => Promise<Array<object | null>>;

const fetchers = new Map<string, { scope: ReadScope; fetch: NodeFetcher }>();

/** Each domain registers the types it serves (next to its resolver), with the read scope an API
 *  token needs to fetch one by id (docs/API.md, 'API tokens'). */
export function registerNodeType(type: string, scope: ReadScope, fetch: NodeFetcher): void {
  fetchers.set(type, { scope, fetch });
}

/** The read scope of every registered Node type (a unit test checks each Node type has one). */
export function nodeTypeReadScopes(): Record<string, ReadScope> {
  return Object.fromEntries([...fetchers].map(([type, { scope }]) => [type, scope]));
}

/** Whether the caller may fetch objects of `type` by id at all: any caller but a token lacking the
 *  type's read scope. */
function mayFetch(ctx: Context, type: string): boolean {
  const registered = fetchers.get(type);
  if (!registered) return false;
  return !isTokenViewer(ctx.viewer) || hasReadScope(ctx.viewer.scopes, registered.scope);
}

export const MAX_NODES = 100;

async function fetchNodes(ctx: Context, globalIds: readonly string[]): Promise<Array<object | null>> {
  const parsed = globalIds.map((id) => fromGlobalId(id));
  const byType = new Map<string, string[]>();
  for (const p of parsed) if (p && mayFetch(ctx, p.type)) byType.set(p.type, [...(byType.get(p.type) ?? []), p.id]);
  const found = new Map<string, object | null>();
  await Promise.all(
    [...byType].map(async ([type, ids]) => {
      const rows = await fetchers.get(type)!.fetch(ctx, ids);
      ids.forEach((id, i) => found.set(`${type}:${id}`, rows[i] ? asNode(type, rows[i]!) : null));
    }),
  );
  return parsed.map((p) => (p ? (found.get(`${p.type}:${p.id}`) ?? null) : null));
}

@Resolver(() => Node)
export class NodeResolver {
  @Public()
  @ReadScopeOfEachType()
  @Query(() => Node, { nullable: true, description: 'Any object by its global id; null when there is none or the caller may not see it.' })
  async node(@Arg('id', () => ID, { description: 'A global id from any `id` field.' }) id: string, @Ctx() ctx: Context) {
    const [found] = await fetchNodes(ctx, [id]);
    return found;
  }

  @Public()
  @ReadScopeOfEachType()
  @Query(() => [Node], { nullable: 'items', description: `Objects by their global ids (at most ${MAX_NODES}), in the order asked; null for each one there is none of or the caller may not see.` })
  nodes(@Arg('ids', () => [ID], { description: `Global ids from \`id\` fields, at most ${MAX_NODES}.` }) ids: string[], @Ctx() ctx: Context) {
    if (ids.length > MAX_NODES) throw errors.validation(`Ask for at most ${MAX_NODES} ids at once.`, { ids: `Ask for at most ${MAX_NODES} ids at once.` });
    return fetchNodes(ctx, ids);
  }

  /** Every Node type's id: its database id encoded with the type's name. */
  @FieldResolver(() => ID)
  id(@Root() row: { id: string }, @Info() info: GraphQLResolveInfo): string {
    return toGlobalId(info.parentType.name, row.id);
  }
}
