import 'reflect-metadata';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { AuthResolver } from '../modules/auth/auth.resolver.js';
import { MessagesResolver } from '../modules/messages/messages.resolver.js';
import { NotificationsResolver } from '../modules/notifications/notifications.resolver.js';
import { ClubProfileResolver, ClubsResolver, VolunteerPositionsResolver } from '../modules/clubs/clubs.resolver.js';
import { CouncilResolver } from '../modules/council/council.resolver.js';
import { MemberResolver } from '../modules/users/users.resolver.js';
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
  NotificationsResolver,
  ClubProfileResolver,
  VolunteerPositionsResolver,
  ClubsResolver,
  CouncilResolver,
] as const;

export function buildClubroomSchema(pubsub: ReturnType<PubSub['forTypeGraphql']>): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers: [...resolvers],
    authChecker,
    authMode: 'error',
    scalarsMap: [{ type: Date, scalar: DateTimeScalar }],
    pubSub: pubsub,
    // Every argument of every operation (HTTP and WebSocket, literals and variables alike) passes
    // the control-character check before its resolver runs.
    validateFn: (value) => assertCleanText(value),
  });
}

export function printClubroomSchema(schema: GraphQLSchema): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
