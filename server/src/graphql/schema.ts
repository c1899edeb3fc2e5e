import 'reflect-metadata';
import { GraphQLInterfaceType, GraphQLObjectType, lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchema, getMetadataStorage } from 'type-graphql';
import { nodeTypeOf } from './relay.js';
import { AuthResolver } from '../modules/auth/auth.resolver.js';
import { ConversationResolver, MessagesResolver } from '../modules/messages/messages.resolver.js';
import { NotificationsResolver } from '../modules/notifications/notifications.resolver.js';
import { ClubResolver, MemberClubResolver } from '../modules/clubs/clubs.resolver.js';
import { VolunteerPositionResolver } from '../modules/clubs/volunteer-positions.resolver.js';
import { CouncilAdminResolver, CouncilResolver, PublicCouncilMeetingsResolver } from '../modules/council/council.resolver.js';
import { MemberResolver } from '../modules/users/users.resolver.js';
import { ApiTokensResolver } from '../modules/tokens/tokens.resolver.js';
import { AdminActionResolver, AdminActivityResolver, AdminResolver, BulkApprovalResolver, ClubReviewResolver } from '../modules/admin/admin.resolver.js';
import { MemberVolunteerProfileResolver, VolunteerProfileResolver } from '../modules/volunteers/volunteers.resolver.js';
import { OpportunityPositionResolver, VolunteerApplicationEventResolver, VolunteerApplicationResolver } from '../modules/opportunities/opportunities.resolver.js';
import { AnalyticsResolver, PlatformActivityResolver } from '../modules/analytics/analytics.resolver.js';
import { AdminUsersResolver, MemberActivityResolver } from '../modules/admin-users/admin-users.resolver.js';
import { ContentReportResolver, ModerationActionResolver, ModerationResolver } from '../modules/moderation/moderation.resolver.js';
import { NodeResolver } from './node.resolver.js';
import { DateTimeScalar } from './scalars.js';
import { assertCleanText } from '../lib/text-input.js';
import { authChecker } from './access.js';
import type { PubSub } from './pubsub.js';

export const resolvers = [
  NodeResolver,
  MemberResolver,
  AuthResolver,
  MessagesResolver,
  ConversationResolver,
  NotificationsResolver,
  ClubResolver,
  MemberClubResolver,
  VolunteerPositionResolver,
  CouncilResolver,
  PublicCouncilMeetingsResolver,
  CouncilAdminResolver,
  ApiTokensResolver,
  AdminResolver,
  ClubReviewResolver,
  AdminActionResolver,
  AdminActivityResolver,
  BulkApprovalResolver,
  VolunteerProfileResolver,
  MemberVolunteerProfileResolver,
  VolunteerApplicationResolver,
  VolunteerApplicationEventResolver,
  OpportunityPositionResolver,
  ModerationResolver,
  ContentReportResolver,
  ModerationActionResolver,
  AdminUsersResolver,
  MemberActivityResolver,
  AnalyticsResolver,
  PlatformActivityResolver,
] as const;

const ROOT_DESCRIPTIONS = {
  Query: 'Every read: start from `me`, a list (each a connection), or `node(id:)` for any object by its global id.',
  Mutation: 'Every write: each takes one `input` (when it has arguments) and answers its own payload with `userErrors`.',
  Subscription: 'Live events over graphql-ws, each about the caller only.',
} as const;

export async function buildClubroomSchema(pubsub: ReturnType<PubSub['forTypeGraphql']>): Promise<GraphQLSchema> {
  const schema = await buildSchema({
    resolvers: [...resolvers],
    authChecker,
    authMode: 'error',
    scalarsMap: [{ type: Date, scalar: DateTimeScalar }],
    pubSub: pubsub,
    // Every argument of every operation (HTTP and WebSocket, literals and variables alike) passes
    // the control-character check before its resolver runs.
    validateFn: (value) => assertCleanText(value),
  });
  // type-graphql has no option for the root types' descriptions.
  for (const root of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    if (root) root.description = ROOT_DESCRIPTIONS[root.name as keyof typeof ROOT_DESCRIPTIONS];
  }
  // type-graphql wraps every resolveType in an async function; graphql-jit (graphql/executor.ts)
  // needs the type name at once, so Node's is set back to the plain lookup. Node is the schema's
  // only abstract type.
  const node = schema.getType('Node');
  if (node instanceof GraphQLInterfaceType) node.resolveType = nodeTypeOf;
  withPlainFields(schema);
  return schema;
}

/**
 * type-graphql gives every plain field (a property of the row, with no @Authorized, middleware or
 * field resolver) a resolver that only runs an empty middleware chain and reads the property. Those
 * are removed: graphql-js's default reads the same property, and graphql-jit then inlines the read
 * instead of calling a function per field per row (a 50-message page has ~800 of them). A field
 * whose GraphQL name differs from its property keeps type-graphql's resolver.
 */
function withPlainFields(schema: GraphQLSchema): void {
  const storage = getMetadataStorage();
  const resolved = new Set(storage.fieldResolvers.map((r) => `${r.getObjectType?.()?.name ?? ''}.${r.methodName}`));
  for (const objectType of storage.objectTypes) {
    const type = schema.getType(objectType.name);
    if (!(type instanceof GraphQLObjectType)) continue;
    const fields = type.getFields();
    for (const field of objectType.fields ?? []) {
      const byResolver = resolved.has(`${field.target.name}.${field.name}`) || resolved.has(`${objectType.target.name}.${field.name}`);
      const plain = field.name === field.schemaName && !field.roles && !field.middlewares?.length && !byResolver;
      if (plain && fields[field.schemaName]) fields[field.schemaName]!.resolve = undefined;
    }
  }
}

export function printClubroomSchema(schema: GraphQLSchema): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
