// The scenarios of `npm run bench` (bench/run.ts): each one request exactly as the web client
// sends it (the operation documents of web/src/features/**/*.graphql with their fragments and the
// __typename fields Apollo Client adds, the variables its hooks pass), who sends it, and which
// bar it is held to. The admin and volunteer documents are those of bench/admin-lib.ts and
// bench/volunteer-lib.ts (taken from the same files); the inbox is the messaging benchmark's
// (bench/operations.ts: the web reads conversations, not the inbox field).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Kind, parse, print, visit, type ASTNode, type FieldNode, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';
import { toGlobalId } from '../server/src/graphql/relay.js';
import { APPROVALS_LIST, AUDIT_LOG, PLATFORM_STATS } from './admin-lib.js';
import { BENCH_PASSWORD, ROOT } from './lib.js';
import { GRAPHQL } from './operations.js';
import { DASHBOARD, DASHBOARD_OPPORTUNITIES, OPPORTUNITIES, withTypename } from './volunteer-lib.js';

/** Who sends a request: nobody signed in, a typical member (also a volunteer), the administrator. */
export type Caller = 'anonymous' | 'member' | 'longThread' | 'admin';
/** The bar of issue 14: GraphQL ≥ 0.6 of bare with p99 ≤ 2×; REST ≥ 0.8. */
export type Bar = 'graphql' | 'rest';

export interface RunScenario {
  name: string;
  as: Caller;
  bar: Bar;
  /** A GraphQL request (POST /graphql) … */
  graphql?: { query: string; variables: Record<string, unknown> };
  /** … or a REST read (GET). */
  rest?: string;
  /** The sign-in: its bare handler verifies the password with argon2 and signs a token. */
  signIn?: { email: string; password: string };
}


/** The document of the web's operation `name` in web/src/features/`file`, with its fragments
 *  (from that file, or from `fragmentFiles`: the club page's sessions are the sessions feature's). */
export function webDocument(file: string, name: string, fragmentFiles: string[] = []): string {
  const read = (f: string) => parse(readFileSync(join(ROOT, 'web', 'src', 'features', f), 'utf8')).definitions;
  const definitions = read(file);
  const fragments = new Map(
    [...definitions, ...fragmentFiles.flatMap(read)].filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
  );
  const operation = definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION && d.name?.value === name);
  if (!operation) throw new Error(`No operation ${name} in web/src/features/${file}`);
  const used = new Map<string, FragmentDefinitionNode>();
  const collect = (node: ASTNode) =>
    visit(node, {
      FragmentSpread(spread) {
        const fragment = fragments.get(spread.name.value);
        if (!fragment) throw new Error(`No fragment ${spread.name.value} in web/src/features/${[file, ...fragmentFiles].join(', ')}`);
        if (used.has(fragment.name.value)) return;
        used.set(fragment.name.value, fragment);
        collect(fragment);
      },
    });
  collect(operation);
  return print({ kind: Kind.DOCUMENT, definitions: [operation, ...used.values()].map(withTypename) });
}

export const SIGN_IN = 'mutation SignIn($input: SignInInput!) { signIn(input: $input) { session { accessToken } userErrors { message } } }';
/** The directory's and the opportunities' searches (see bench/fill.ts: a city of about 4% of the
 *  clubs; a title of one position in twelve). */
export const DIRECTORY_SEARCH = 'Brighton';
export const OPPORTUNITY_SEARCH = 'treasurer';

/** What a card of the opportunities browser shows of a position's places (issue 30, "Measured":
 *  "opportunities with places left"): each read from the position's line counts, one batched
 *  statement for the page (ApplicationListsService.lineCounts). */
export const PLACE_FIELDS = ['placesLeft', 'placesFilled', 'waitlistLength', 'joinsWaitlist'] as const;

/** `document` with PLACE_FIELDS in every fragment on VolunteerPosition (the browser's card) that
 *  does not ask for them yet: the web's card asks for what it shows, and the bench measures the
 *  places on every card whether or not the web shows them yet. */
export function withPlaceFields(document: string): string {
  let cards = 0;
  const out = visit(parse(document), {
    FragmentDefinition(fragment) {
      if (fragment.typeCondition.name.value !== 'VolunteerPosition') return undefined;
      cards++;
      const asked = new Set(fragment.selectionSet.selections.flatMap((s) => (s.kind === Kind.FIELD ? [s.name.value] : [])));
      const added: FieldNode[] = PLACE_FIELDS.filter((f) => !asked.has(f)).map((f) => ({ kind: Kind.FIELD, name: { kind: Kind.NAME, value: f } }));
      return { ...fragment, selectionSet: { ...fragment.selectionSet, selections: [...fragment.selectionSet.selections, ...added] } };
    },
  });
  if (cards === 0) throw new Error('withPlaceFields: the document has no fragment on VolunteerPosition (the card)');
  return print(out);
}

/** The scenarios; `longThreadPartner` is the long thread's other member (a user id); `sessionsClub`
 *  the club page's club (a user id: bench/fill.ts gives it dated sessions, followers and answers;
 *  the member of the 'member' caller follows it and answered every other session). */
export function runScenarios(opts: { longThreadPartner: string; signInEmail: string; sessionsClub: string }): RunScenario[] {
  const directory = webDocument('clubs/clubs.graphql', 'ClubDirectory');
  const browse = (search: string | null) => ({ search, skill: null, sport: null, location: null, first: 24, after: null });
  return [
    { name: 'directory page', as: 'anonymous', bar: 'graphql', graphql: { query: directory, variables: { search: null, sport: null, first: 24, after: null } } },
    { name: `directory search "${DIRECTORY_SEARCH}"`, as: 'anonymous', bar: 'graphql', graphql: { query: directory, variables: { search: DIRECTORY_SEARCH, sport: null, first: 24, after: null } } },
    {
      // The club page as a signed-in follower opens it: the club, its next 12 sessions and events
      // (each with its head count and the member's own answer) and its live positions.
      name: 'club page (with upcoming sessions)',
      as: 'member',
      bar: 'graphql',
      graphql: { query: webDocument('clubs/clubs.graphql', 'Club', ['sessions/sessions.graphql']), variables: { id: toGlobalId('Club', opts.sessionsClub), positionsAfter: null } },
    },
    {
      // The opportunities browser's search, every card with its places left, places filled,
      // waiting list length and whether applying joins the list (PLACE_FIELDS).
      name: `opportunities search "${OPPORTUNITY_SEARCH}" (with places left)`,
      as: 'anonymous',
      bar: 'graphql',
      graphql: { query: withPlaceFields(OPPORTUNITIES), variables: browse(OPPORTUNITY_SEARCH) },
    },
    { name: 'inbox', as: 'member', bar: 'graphql', graphql: { query: GRAPHQL.inbox, variables: {} } },
    {
      name: 'conversations',
      as: 'member',
      bar: 'graphql',
      graphql: { query: webDocument('messages/messages.graphql', 'Conversations'), variables: { filter: 'ALL', search: null, first: 50 } },
    },
    {
      name: 'conversation (long thread, newest 50)',
      as: 'longThread',
      bar: 'graphql',
      graphql: { query: webDocument('messages/messages.graphql', 'Conversation'), variables: { partnerId: toGlobalId('Member', opts.longThreadPartner), last: 50 } },
    },
    { name: 'unread count', as: 'member', bar: 'graphql', graphql: { query: webDocument('messages/messages.graphql', 'UnreadMessageCount'), variables: {} } },
    {
      name: 'volunteer dashboard',
      as: 'member',
      bar: 'graphql',
      graphql: { query: DASHBOARD, variables: { status: null, sort: 'NEWEST', first: 5, after: null, opportunitiesFirst: DASHBOARD_OPPORTUNITIES } },
    },
    {
      name: 'admin applications list',
      as: 'admin',
      bar: 'graphql',
      graphql: {
        query: APPROVALS_LIST,
        variables: {
          filter: { status: 'PENDING', search: null, searchFields: ['NAME', 'EMAIL', 'DESCRIPTION'], submittedFrom: null, submittedTo: null, location: null },
          sort: { field: 'CREATED_AT', direction: 'DESC' },
          first: 10,
          offset: 0,
        },
      },
    },
    {
      name: 'audit page',
      as: 'admin',
      bar: 'graphql',
      graphql: { query: AUDIT_LOG, variables: { filter: { actionType: null, from: null, to: null, search: null }, first: 25, offset: 0 } },
    },
    { name: 'statistics (adminPlatformStats)', as: 'admin', bar: 'graphql', graphql: { query: PLATFORM_STATS, variables: {} } },
    {
      name: 'sign-in',
      as: 'anonymous',
      bar: 'graphql',
      graphql: { query: SIGN_IN, variables: { input: { email: opts.signInEmail, password: BENCH_PASSWORD } } },
      signIn: { email: opts.signInEmail, password: BENCH_PASSWORD },
    },
    { name: 'REST GET /admin/club-applications', as: 'admin', bar: 'rest', rest: '/admin/club-applications' },
  ];
}
