import { Arg, Args, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { SessionOnly } from '../../graphql/access.js';
import { mutate } from '../../graphql/payload.js';
import { PageArgs, requireDatabaseId } from '../../graphql/relay.js';
import { registerNodeType } from '../../graphql/node.resolver.js';
import type { ApiTokenRow } from '../../db/schema/index.js';
import { TOKEN_MESSAGES } from './tokens.rules.js';
import { ApiToken, ApiTokenConnection, CreateApiTokenInput, CreateApiTokenPayload, RevokeApiTokenInput, RevokeApiTokenPayload } from './tokens.types.js';

// Own tokens only, and never to an API token (a token cannot see tokens).
registerNodeType('ApiToken', 'read:profile', (ctx, ids) => ctx.services.apiTokens.ownByIds(ctx.viewer, ids));

@Resolver(() => ApiToken)
export class ApiTokensResolver {
  @Authorized()
  @SessionOnly()
  @Query(() => ApiTokenConnection, { description: "The caller's personal API tokens, newest first (20 a page unless `first` or `last` says); revoked and expired ones included. Signed-in sessions only." })
  apiTokens(@Args(() => PageArgs) page: PageArgs, @Ctx() ctx: Context) {
    return ctx.services.apiTokens.list(ctx.viewer!, page);
  }

  @Authorized()
  @SessionOnly()
  @Mutation(() => CreateApiTokenPayload, { description: 'Creates a personal API token that acts as the caller, narrowed to its scopes. The secret is in this answer only. Signed-in sessions only.' })
  createApiToken(@Arg('input', () => CreateApiTokenInput, { description: 'The name, scopes and optional expiry of the new token.' }) input: CreateApiTokenInput, @Ctx() ctx: Context) {
    return mutate(() => ctx.services.apiTokens.create(ctx.viewer!, input), ({ token, secret }) => ({ token: token as unknown as ApiToken, secret }));
  }

  @Authorized()
  @SessionOnly()
  @Mutation(() => RevokeApiTokenPayload, { description: "Revokes one of the caller's API tokens at once: requests with it are refused (401) and WebSocket connections made with it close. Signed-in sessions only." })
  revokeApiToken(@Arg('input', () => RevokeApiTokenInput, { description: 'Which token to revoke.' }) input: RevokeApiTokenInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.apiTokens.revoke(ctx.viewer!, requireDatabaseId(input.id, 'ApiToken', 'id', TOKEN_MESSAGES.notFound)),
      (token) => ({ token: token as unknown as ApiToken }),
    );
  }

  @FieldResolver(() => Boolean, { description: 'Whether it works now: neither revoked nor expired (its owner may still be suspended).' })
  active(@Root() row: ApiTokenRow): boolean {
    return !row.revokedAt && (!row.expiresAt || row.expiresAt.getTime() > Date.now());
  }
}
