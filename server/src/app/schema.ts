import 'reflect-metadata';
import { GraphQLInterfaceType, GraphQLObjectType, lexicographicSortSchema, printSchema, type GraphQLResolveInfo, type GraphQLSchema } from 'graphql';
import { buildSchema, getMetadataStorage } from 'type-graphql';
import { nodeTypeOf } from '../graphql/relay.js';
import { AuthResolver } from '../modules/auth/auth.resolver.js';
import { ConversationResolver, MessagesResolver } from '../modules/messages/messages.resolver.js';
import { NotificationsResolver } from '../modules/notifications/notifications.resolver.js';
import { MemberBlocksResolver } from '../modules/messages/member-blocks.resolver.js';
import { PushResolver } from '../modules/notifications/push.resolver.js';
import { AccountResolver } from '../modules/account/account.resolver.js';
import { CertificatesResolver } from '../modules/certificates/certificates.resolver.js';
import { NotificationKindSettingResolver, NotificationPreferencesResolver } from '../modules/notifications/notification-preferences.resolver.js';
import { ClubResolver, MemberClubResolver } from '../modules/clubs/clubs.resolver.js';
import { ClubFollowerResolver, ClubFollowsResolver, FollowedClubResolver } from '../modules/clubs/club-follows.resolver.js';
import { AnnouncementsResolver, ClubAnnouncementsResolver } from '../modules/announcements/announcements.resolver.js';
import { VolunteerPositionResolver } from '../modules/clubs/volunteer-positions.resolver.js';
import { CouncilAdminResolver, CouncilResolver, PublicCouncilMeetingsResolver } from '../modules/council/council.resolver.js';
import { MemberResolver } from '../modules/users/users.resolver.js';
import { ApiTokensResolver } from '../modules/tokens/tokens.resolver.js';
import { WebhookDeliveriesResolver, WebhookEndpointsResolver } from '../modules/webhooks/webhooks.resolver.js';
import { AdminActionResolver, AdminActivityResolver, AdminResolver, BulkApprovalResolver, ClubReviewResolver } from '../modules/admin/admin.resolver.js';
import { MemberVolunteerProfileResolver, VolunteerProfileResolver } from '../modules/volunteers/volunteers.resolver.js';
import { OpportunityPositionResolver, VolunteerApplicationEventResolver, VolunteerApplicationResolver } from '../modules/opportunities/opportunities.resolver.js';
import { ApplicationShiftsFieldResolver, PositionShiftResolver, PositionShiftsFieldResolver, ShiftSignupResolver, ShiftSwapResolver } from '../modules/opportunities/shifts.resolver.js';
import { AnalyticsResolver, PlatformActivityResolver } from '../modules/analytics/analytics.resolver.js';
import { AdminUsersResolver, MemberActivityResolver } from '../modules/admin-users/admin-users.resolver.js';
import { ContentReportResolver, ModerationActionResolver, ModerationResolver } from '../modules/moderation/moderation.resolver.js';
import { ClubSessionResolver, ClubSessionsResolver, SessionAttendeeResolver, SessionMutationsResolver } from '../modules/sessions/sessions.resolver.js';
import { CalendarFeedResolver } from '../modules/calendar/calendar.resolver.js';
import { SessionAnswerLinkResolver } from '../modules/sessions/session-reminders.resolver.js';
import { CheckKindResolver, PositionRequiredCheckResolver, VolunteerCheckEventResolver, VolunteerCheckResolver, VolunteerCheckVerificationResolver } from '../modules/safeguarding/safeguarding.resolver.js';
import { HoursByClubResolver, HoursByPositionResolver, HoursByVolunteerResolver, HoursClaimablePositionResolver, HoursResolver } from '../modules/hours/hours.resolver.js';
import { NodeResolver } from '../graphql/node.resolver.js';
import { DateTimeScalar } from '../graphql/scalars.js';
import { assertCleanText } from '../lib/text-input.js';
import { authChecker, withRootRoles } from '../graphql/access.js';
import type { PubSub } from '../graphql/pubsub.js';

export const resolvers = [
  NodeResolver,
  MemberResolver,
  AuthResolver,
  MessagesResolver,
  ConversationResolver,
  NotificationsResolver,
  MemberBlocksResolver,
  PushResolver,
  AccountResolver,
  CertificatesResolver,
  NotificationPreferencesResolver,
  NotificationKindSettingResolver,
  ClubResolver,
  MemberClubResolver,
  ClubFollowsResolver,
  ClubFollowerResolver,
  FollowedClubResolver,
  ClubSessionResolver,
  ClubSessionsResolver,
  SessionAttendeeResolver,
  SessionMutationsResolver,
  AnnouncementsResolver,
  ClubAnnouncementsResolver,
  SessionAnswerLinkResolver,
  VolunteerPositionResolver,
  CouncilResolver,
  PublicCouncilMeetingsResolver,
  CouncilAdminResolver,
  CalendarFeedResolver,
  ApiTokensResolver,
  WebhookEndpointsResolver,
  WebhookDeliveriesResolver,
  AdminResolver,
  ClubReviewResolver,
  AdminActionResolver,
  AdminActivityResolver,
  BulkApprovalResolver,
  VolunteerProfileResolver,
  MemberVolunteerProfileResolver,
  VolunteerApplicationResolver,
  PositionShiftResolver,
  PositionShiftsFieldResolver,
  ApplicationShiftsFieldResolver,
  ShiftSignupResolver,
  ShiftSwapResolver,
  VolunteerApplicationEventResolver,
  OpportunityPositionResolver,
  CheckKindResolver,
  VolunteerCheckResolver,
  VolunteerCheckVerificationResolver,
  VolunteerCheckEventResolver,
  PositionRequiredCheckResolver,
  ModerationResolver,
  ContentReportResolver,
  ModerationActionResolver,
  AdminUsersResolver,
  MemberActivityResolver,
  AnalyticsResolver,
  PlatformActivityResolver,
  HoursResolver,
  HoursByClubResolver,
  HoursByVolunteerResolver,
  HoursByPositionResolver,
  HoursClaimablePositionResolver,
] as const;

const ROOT_DESCRIPTIONS = {
  Query: 'Every read: start from `me`, a list (each a connection), or `node(id:)` for any object by its global id.',
  Mutation: 'Every write: each takes one `input` (when it has arguments) and answers its own payload with `userErrors`.',
  Subscription: 'Live events over graphql-ws, each about the caller only.',
} as const;

/** One instance of each resolver class, shared by type-graphql (its container) and the direct
 *  field resolvers below. Resolver classes hold no state. */
const instances = new Map<Function, object>();
function instanceOf(resolverClass: Function): object {
  let instance = instances.get(resolverClass);
  if (!instance) instances.set(resolverClass, (instance = new (resolverClass as new () => object)()));
  return instance;
}

export async function buildClubroomSchema(pubsub: ReturnType<PubSub['forTypeGraphql']>): Promise<GraphQLSchema> {
  const schema = await buildSchema({
    resolvers: [...resolvers],
    container: { get: instanceOf },
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
  withDirectFieldResolvers(schema);
  withRootRoles(schema);
  return schema;
}

type Param = NonNullable<ReturnType<typeof getMetadataStorage>['fieldResolvers'][number]['params']>[number];
type Take = (root: Record<string, unknown>, context: Record<string, unknown>, info: GraphQLResolveInfo) => unknown;

/** How a direct call takes one parameter, or null when only type-graphql can give it: @Root (as
 *  is: its declared type is a plain row), @Ctx and @Info. Arguments are left to type-graphql,
 *  which runs the schema's validateFn on them. */
function takerOf(param: Param): Take | null {
  if (param.kind === 'info') return (_root, _context, info) => info;
  if (param.kind === 'context') return param.propertyName ? (_root, context) => context[param.propertyName!] : (_root, context) => context;
  if (param.kind === 'root' && (!param.getType || param.getType() === Object)) return param.propertyName ? (root) => root[param.propertyName!] : (root) => root;
  return null;
}

/**
 * Field resolvers (@FieldResolver) with no @Authorized and no middleware, whose parameters are only
 * @Root, @Ctx and @Info, are called directly: type-graphql's handler sorts and maps the parameter
 * list, looks the instance up and runs an empty middleware chain on every call, for every row of
 * a list (a 50-message page calls ~250 of them). Anything else keeps type-graphql's resolver.
 */
function withDirectFieldResolvers(schema: GraphQLSchema): void {
  const storage = getMetadataStorage();
  for (const objectType of storage.objectTypes) {
    const type = schema.getType(objectType.name);
    if (!(type instanceof GraphQLObjectType)) continue;
    const interfaces = storage.interfaceTypes.filter((i) => objectType.interfaceClasses?.includes(i.target));
    const fields = type.getFields();
    for (const field of [...(objectType.fields ?? []), ...interfaces.flatMap((i) => i.fields ?? [])]) {
      const handler = storage.fieldResolvers.find(
        (r) => r.kind === 'external' && (resolvers as readonly Function[]).includes(r.target) && r.getObjectType?.() === field.target && r.methodName === field.name,
      );
      const schemaField = fields[field.schemaName];
      if (!handler || !schemaField || handler.roles || handler.middlewares?.length) continue;
      const takers = [...(handler.params ?? [])].sort((a, b) => a.index - b.index).map(takerOf);
      if (takers.length > 3 || takers.some((t) => t === null)) continue;
      const instance = instanceOf(handler.target) as Record<string, (...params: unknown[]) => unknown>;
      const method = instance[handler.methodName]!;
      const [a, b, c] = takers as Take[];
      schemaField.resolve =
        takers.length === 0
          ? () => method.call(instance)
          : takers.length === 1
            ? (root, _args, context, info) => method.call(instance, a!(root, context, info))
            : takers.length === 2
              ? (root, _args, context, info) => method.call(instance, a!(root, context, info), b!(root, context, info))
              : (root, _args, context, info) => method.call(instance, a!(root, context, info), b!(root, context, info), c!(root, context, info));
    }
  }
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
