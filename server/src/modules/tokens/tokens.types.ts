import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { API_SCOPES } from '../../graphql/access.js';
import { Payload } from '../../graphql/payload.js';
import { Node, connectionOf } from '../../graphql/relay.js';
import { API_SCOPE_NAMES, scopeEnumName, type ApiScopeName } from './tokens.rules.js';

/** The GraphQL enum of API_SCOPES: `MESSAGES_WRITE` stands for the scope `messages:write`. */
export const ApiScopeEnum = Object.fromEntries(API_SCOPE_NAMES.map((scope) => [scopeEnumName(scope), scope])) as Record<string, ApiScopeName>;
registerEnumType(ApiScopeEnum, {
  name: 'ApiScope',
  description: 'What an API token may do of what its owner may (docs/API.md, \'API tokens\'). `MESSAGES_WRITE` is the scope `messages:write`.',
  valuesConfig: Object.fromEntries(API_SCOPE_NAMES.map((scope) => [scopeEnumName(scope), { description: `\`${scope}\`: ${API_SCOPES[scope]}` }])),
});

@ObjectType({ implements: Node, description: "A personal API token of the caller's. Its secret was shown once, when it was created, and is not kept." })
export class ApiToken extends Node {
  @Field(() => String, { description: 'The name its owner gave it.' })
  name!: string;

  @Field(() => String, { description: 'The first characters of the secret (`clubroom_pat_` and 8 more), to tell tokens apart.' })
  prefix!: string;

  @Field(() => [ApiScopeEnum], { description: 'What it may do of what its owner may.' })
  scopes!: ApiScopeName[];

  @Field(() => Date, { nullable: true, description: 'When it stops working; null when it does not expire.' })
  expiresAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When it was last used (to the minute); null when never.' })
  lastUsedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When it was revoked; null while it is not.' })
  revokedAt!: Date | null;

  @Field(() => Date, { description: 'When it was created.' })
  createdAt!: Date;
}

@ObjectType({ description: "A page of the caller's API tokens, newest first." })
export class ApiTokenConnection extends connectionOf(ApiToken, 'ApiToken', { totalCount: 'How many API tokens the caller has (revoked and expired ones included), over all pages.' }) {}

@InputType({ description: 'A new API token.' })
export class CreateApiTokenInput {
  @Field(() => String, { description: 'What it is for, to recognise it later (1 to 100 characters).' })
  name!: string;

  @Field(() => [ApiScopeEnum], { description: 'What it may do (at least one scope).' })
  scopes!: ApiScopeName[];

  @Field(() => Date, { nullable: true, description: 'When it stops working: in the future, at most 365 days ahead (one more day is allowed for "through that day"). Null or absent: it works until revoked.' })
  expiresAt?: Date | null;
}

@ObjectType({ description: 'The result of createApiToken.' })
export class CreateApiTokenPayload extends Payload {
  @Field(() => ApiToken, { nullable: true, description: 'The new token; null when refused.' })
  token?: ApiToken | null;

  @Field(() => String, { nullable: true, description: 'The secret to send as `Authorization: Bearer <secret>`. Shown this once: it is stored only as a hash and cannot be read again.' })
  secret?: string | null;
}

@InputType({ description: 'Which API token to revoke.' })
export class RevokeApiTokenInput {
  @Field(() => ID, { description: "The token's global id." })
  id!: string;
}

@ObjectType({ description: 'The result of revokeApiToken.' })
export class RevokeApiTokenPayload extends Payload {
  @Field(() => ApiToken, { nullable: true, description: 'The token, now revoked (already revoked: unchanged); null when refused.' })
  token?: ApiToken | null;
}
