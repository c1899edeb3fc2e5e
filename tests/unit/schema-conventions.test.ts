// The API conventions of docs/API.md that a program can check, over the schema the server emits.
// The schema linter (npm run lint:schema, part of npm test) checks names, descriptions and the Relay
// connection shapes; this file checks what it cannot: nullability, payloads, events, ids, scalars.
import { describe, expect, it } from 'vitest';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import { buildClubroomSchema } from '../../server/src/app/schema.js';

const noPubSub = { publish: () => {}, subscribe: () => (async function* () {})() };
const schema: GraphQLSchema = await buildClubroomSchema(noPubSub);
const ownTypes = Object.values(schema.getTypeMap()).filter((t) => !t.name.startsWith('__'));
const roots = new Set(['Query', 'Mutation', 'Subscription']);
const BUILT_IN_SCALARS = new Set(['String', 'Int', 'Float', 'Boolean', 'ID']);

const fieldsOf = (type: GraphQLNamedType): Array<[string, GraphQLField<unknown, unknown>]> =>
  isObjectType(type) || isInterfaceType(type) ? Object.entries(type.getFields()) : [];

/** The list's item type when `type` is a list (of anything, nullable or not). */
function listItem(type: GraphQLOutputType): GraphQLNamedType | null {
  const inner = isNonNullType(type) ? type.ofType : type;
  return isListType(inner) ? getNamedType(inner) : null;
}

describe('descriptions', () => {
  it('describes every type, field, argument, input field and enum value', () => {
    const missing: string[] = [];
    for (const type of ownTypes) {
      if (BUILT_IN_SCALARS.has(type.name)) continue;
      if (!type.description?.trim()) missing.push(type.name);
      for (const [name, field] of fieldsOf(type)) {
        if (!field.description?.trim()) missing.push(`${type.name}.${name}`);
        for (const arg of field.args) if (!arg.description?.trim()) missing.push(`${type.name}.${name}(${arg.name})`);
      }
      if (isInputObjectType(type)) for (const [name, field] of Object.entries(type.getFields())) if (!field.description?.trim()) missing.push(`${type.name}.${name}`);
      if (isEnumType(type)) for (const value of type.getValues()) if (!value.description?.trim()) missing.push(`${type.name}.${value.name}`);
    }
    expect(missing).toEqual([]);
  });
});

describe('lists, lookups and ids', () => {
  it('pages every list of objects as a connection (value lists are lists of scalars or value types)', () => {
    // Value types: small bounded objects without identity, listed whole (a club's meeting times).
    const VALUE_TYPES = new Set(['MeetingTime', 'UserError', 'RejectionReasonCount', 'ApplicationsByMonth', 'ApplicationsByLocation', 'BulkApprovalFailure', 'EngagementWeek', 'SportCount', 'NotificationKindSetting', 'NotificationChannelSetting',
      // Volunteer hours summed (issue 30 §3): per month (bounded like the engagement weeks), and per
      // club, volunteer or position: aggregates without identity of their own, naming their object.
      'HoursByMonth', 'VolunteerHoursMonth', 'HoursByClub', 'HoursByVolunteer', 'HoursByPosition',
      // A certificate's statement (issue 30 §4): its clubs, positions and revoked parts, as issued.
      'CertificateClub', 'CertificatePosition', 'CertificateRevokedPart']);
    // Lists of objects whose length a rule bounds, listed whole: a bulk approval's results (≤ 50),
    // an application's history (≤ 4 statuses), the analytics' recent activity (10), a content
    // report's moderation actions (≤ 20), a member's muted clubs (≤ 100) blocked members (≤ 500), push devices (≤ 20) and data archives (the last 10),
    // an application's shifts (≤ 200 upcoming shifts of its position), a shift's accepted teammates (≤ its places, ≤ 1000),
    // the safeguarding check kinds (≤ 100) and so a volunteer's checks (one per kind).
    const BOUNDED = new Set(['BulkApproval.succeeded', 'VolunteerApplication.history', 'PlatformAnalytics.recentActivity', 'ContentReport.actions', 'NotificationSettings.mutedClubs', 'Query.blockedMembers', 'Query.pushDevices', 'Query.myDataExports', 'VolunteerApplication.shiftSignups', 'PositionShift.teammates', 'Query.checkKinds', 'Query.adminCheckKinds', 'Query.myVolunteerChecks', 'Query.applicantChecks',
      // Webhooks (issue 31): a delivery's latest attempts (≤ 20), the event kinds (a fixed list).
      'WebhookDelivery.attempts', 'Query.webhookEventKinds']);
    const offenders: string[] = [];
    for (const type of ownTypes) {
      for (const [name, field] of fieldsOf(type)) {
        const item = listItem(field.type);
        if (!item || isScalarType(item) || isEnumType(item) || VALUE_TYPES.has(item.name)) continue;
        // A connection's own edges and nodes are the page itself; nodes(ids:) answers what was asked.
        if (type.name.endsWith('Connection') || (type.name === 'Query' && name === 'nodes')) continue;
        // A payload may answer the objects one mutation changed, an event the objects it is about.
        if (type.name.endsWith('Payload') || type.name.endsWith('Event')) continue;
        if (BOUNDED.has(`${type.name}.${name}`)) continue;
        offenders.push(`${type.name}.${name}: [${item.name}]`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('takes first ≤ 100 with after, and last with before, on every connection field', () => {
    const offenders: string[] = [];
    for (const type of ownTypes) {
      for (const [name, field] of fieldsOf(type)) {
        if (!getNamedType(field.type).name.endsWith('Connection')) continue;
        const args = new Set(field.args.map((a) => a.name));
        for (const needed of ['first', 'after', 'last', 'before']) if (!args.has(needed)) offenders.push(`${type.name}.${name} lacks ${needed}`);
        if (!isNonNullType(field.type)) offenders.push(`${type.name}.${name} should be non-null (an empty connection, not null)`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('answers null, not an error, for a lookup by id that finds nothing', () => {
    const offenders = Object.entries(schema.getQueryType()!.getFields())
      .filter(([, field]) => field.args.some((a) => a.name === 'id' || a.name.endsWith('Id')) && !getNamedType(field.type).name.endsWith('Connection'))
      .filter(([, field]) => isNonNullType(field.type))
      .map(([name]) => name);
    expect(offenders).toEqual([]);
  });

  it('implements Node for every type with an id, and names relations as objects, not bare ids', () => {
    // A moderation target is one of four types (a Message, a VolunteerPosition, a Club or a
    // volunteer's Member) and may be gone or removed: its global id, as the issue 13 contract says.
    const POLYMORPHIC_IDS = new Set(['ContentReport.targetId', 'ModerationAction.targetId']);
    const offenders: string[] = [];
    for (const type of ownTypes) {
      if (!isObjectType(type) || roots.has(type.name) || type.name.endsWith('Payload') || type.name.endsWith('Event')) continue;
      const fields = type.getFields();
      if (fields.id && !type.getInterfaces().some((i) => i.name === 'Node')) offenders.push(`${type.name} has an id but does not implement Node`);
      for (const [name, field] of Object.entries(fields)) {
        if (name !== 'id' && /Ids?$/.test(name) && getNamedType(field.type).name === 'ID' && !POLYMORPHIC_IDS.has(`${type.name}.${name}`)) offenders.push(`${type.name}.${name} is a bare id: make it the object`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

describe('mutations and subscriptions', () => {
  it('gives every mutation one input argument and its own payload with nullable results and userErrors', () => {
    const offenders: string[] = [];
    const payloads = new Map<string, string>();
    for (const [name, field] of Object.entries(schema.getMutationType()!.getFields())) {
      const args = field.args;
      if (args.length > 1 || (args.length === 1 && (args[0]!.name !== 'input' || !isNonNullType(args[0]!.type) || !isInputObjectType(getNamedType(args[0]!.type))))) {
        offenders.push(`${name}: takes ${args.map((a) => a.name).join(', ')} instead of one input`);
      }
      const payload = getNamedType(field.type);
      if (!isNonNullType(field.type) || !isObjectType(payload) || !payload.name.endsWith('Payload')) {
        offenders.push(`${name}: answers ${String(field.type)} instead of a non-null ...Payload`);
        continue;
      }
      if (payloads.has(payload.name)) offenders.push(`${name}: shares ${payload.name} with ${payloads.get(payload.name)}`);
      payloads.set(payload.name, name);
      for (const [fieldName, result] of Object.entries(payload.getFields())) {
        if (fieldName === 'userErrors') {
          if (String(result.type) !== '[UserError!]!') offenders.push(`${payload.name}.userErrors is ${String(result.type)}`);
        } else if (isNonNullType(result.type)) offenders.push(`${payload.name}.${fieldName} should be nullable`);
      }
      if (!payload.getFields().userErrors) offenders.push(`${payload.name} has no userErrors`);
    }
    expect(offenders).toEqual([]);
  });

  it('sends an event object from every subscription', () => {
    // The administrators' live counters answer the counters themselves (issue 13 contract).
    const LIVE_VALUES = new Set(['moderationStatsChanged']);
    const offenders = Object.entries(schema.getSubscriptionType()!.getFields())
      .filter(([name]) => !LIVE_VALUES.has(name))
      .filter(([, field]) => !isObjectType(getNamedType(field.type)) || !getNamedType(field.type).name.endsWith('Event') || listItem(field.type) !== null)
      .map(([name, field]) => `${name}: ${String(field.type)}`);
    expect(offenders).toEqual([]);
  });
});

describe('scalars', () => {
  it('carries dates and times in DateTime, Date and LocalTime, never as String or Int', () => {
    const offenders: string[] = [];
    const timeLike = /(At|Date|Time|Timestamp)$|^(date|time|today)$/;
    for (const type of ownTypes) {
      const fields: Array<[string, { type: unknown }]> = isInputObjectType(type) ? Object.entries(type.getFields()) : fieldsOf(type);
      for (const [name, field] of fields) {
        const named = getNamedType(field.type as GraphQLOutputType).name;
        if (timeLike.test(name) && (named === 'String' || named === 'Int')) offenders.push(`${type.name}.${name}: ${named}`);
      }
    }
    expect(offenders).toEqual([]);
    expect(schema.getType('DateTimeISO')).toBeUndefined();
    for (const scalar of ['DateTime', 'Date', 'LocalTime']) expect(schema.getType(scalar), scalar).toBeDefined();
  });
});
