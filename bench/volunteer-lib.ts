// Shared by the volunteer area's benchmarks (bench/volunteer-*.ts): their database, its sizes, the
// measured scenarios (each a GraphQL request as the web client sends it, with the __typename
// fields Apollo Client adds) and the shape of the recorded SQL.
//
// The volunteer benchmarks have their own database (default clubroom_bench_volunteers, on the
// server of BENCH_DATABASE_URL): the clubs of bench/clubs-generate.ts, 50,000 positions with the
// opportunity fields, 20,000 volunteers and 500,000 applications would change the other
// benchmarks' plans.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Kind, OperationTypeNode, parse, print, visit, type ASTNode, type FieldNode, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';
import { BENCH_DATABASE_URL, connect, ROOT } from './lib.js';

export const VOLUNTEERS_DATABASE = process.env.BENCH_VOLUNTEERS_DATABASE ?? 'clubroom_bench_volunteers';
export const VOLUNTEERS_DATABASE_URL = Object.assign(new URL(BENCH_DATABASE_URL), { pathname: `/${VOLUNTEERS_DATABASE}` }).toString();
export const connectVolunteers = (max = 1) => connect({ db: VOLUNTEERS_DATABASE, max });

export const VOLUNTEERS = 20_000;
export const POSITIONS = 50_000;
export const APPLICATIONS = 500_000;
/** Passed to the measured server: the access token is signed once and must outlive the run. */
export const LONG_SESSION_ENV = { ACCESS_TOKEN_TTL_SECONDS: '86400', SESSION_IDLE_TIMEOUT_MINUTES: '1440' };

export const volunteerEmail = (n: number) => `volunteer${String(n).padStart(5, '0')}@bench.clubroom.test`;

/** Skills volunteers list and positions require (the opportunity filter's list is built from them). */
export const SKILLS = [
  'First Aid', 'Coaching', 'Safeguarding', 'DBS Check', 'Fundraising', 'Social Media', 'Photography', 'Bookkeeping',
  'Event Planning', 'Refereeing', 'Catering', 'Driving', 'Groundskeeping', 'IT Support', 'Marketing', 'Communication',
  'Teamwork', 'Leadership', 'Graphic Design', 'Web Design', 'Writing', 'Administration', 'Customer Service', 'Lifeguarding',
  'Minibus Licence', 'Kit Management', 'Scoring', 'Timekeeping', 'Mentoring', 'Sign Language',
] as const;

/** The measured filters (see volunteer-generate.ts for how many positions each matches). */
export const SEARCH_WORD = 'treasurer';
export const SKILL = 'First Aid';
export const LOCATION = 'Brighton';
/** Opportunities a page (the browser's page size) and on the dashboard. */
export const OPPORTUNITIES_PAGE = 24;
export const DASHBOARD_OPPORTUNITIES = 6;
/** Application cards on the dashboard's overview (the spec's 'recent applications 5'); the
 *  statement count is also taken with 20 cards (the Applications tab's page). */
export const DASHBOARD_APPLICATIONS = 5;
export const APPLICATIONS_PAGE = 20;

// ---- the documents, as Apollo Client sends them ----------------------------------------------------
// The web's own operations (web/src/features/volunteer/volunteer.graphql and the club side's files),
// each with the fragments it uses and the __typename fields Apollo Client adds to every selection
// set but the operation's root.

/** The operations and fragments of the web's .graphql files, by name. */
function webDefinitions(...files: string[]) {
  const operations = new Map<string, OperationDefinitionNode>();
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const file of files) {
    for (const d of parse(readFileSync(join(ROOT, 'web', 'src', 'features', file), 'utf8')).definitions) {
      if (d.kind === Kind.OPERATION_DEFINITION && d.name) operations.set(d.name.value, d);
      if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
    }
  }
  return { operations, fragments };
}
const web = webDefinitions('volunteer/volunteer.graphql', 'volunteer-search/volunteer-search.graphql', 'club-opportunities/club-opportunities.graphql');

const TYPENAME: FieldNode = { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } };
/** Apollo Client's addTypenameToDocument: __typename in every selection set below the root. */
export function withTypename<T extends ASTNode>(node: T): T {
  return visit(node, {
    SelectionSet: {
      leave(set, _key, parent) {
        if (parent && 'kind' in parent && parent.kind === Kind.OPERATION_DEFINITION) return undefined;
        if (set.selections.some((f) => f.kind === Kind.FIELD && f.name.value === '__typename')) return undefined;
        return { ...set, selections: [...set.selections, TYPENAME] };
      },
    },
  });
}
/** The fragments a definition spreads, with theirs. */
function fragmentsOf(node: ASTNode, found = new Map<string, FragmentDefinitionNode>()) {
  visit(node, {
    FragmentSpread(spread) {
      const name = spread.name.value;
      if (found.has(name)) return;
      const fragment = web.fragments.get(name);
      if (!fragment) throw new Error(`No fragment ${name} in the web's .graphql files`);
      found.set(name, fragment);
      fragmentsOf(fragment, found);
    },
  });
  return [...found.values()];
}
function documentOf(operation: OperationDefinitionNode): string {
  return print({ kind: Kind.DOCUMENT, definitions: [operation, ...fragmentsOf(operation)].map(withTypename) });
}
function webOperation(name: string): OperationDefinitionNode {
  const operation = web.operations.get(name);
  if (!operation) throw new Error(`No operation ${name} in the web's .graphql files`);
  return operation;
}
/** Renames a variable of an operation ($from → $to), in its definitions and its uses. */
const renameVariable = (operation: OperationDefinitionNode, from: string, to: string): OperationDefinitionNode =>
  visit(operation, { Variable: (v) => (v.name.value === from ? { ...v, name: { ...v.name, value: to } } : undefined) });

export const OPPORTUNITIES = documentOf(webOperation('BrowseOpportunities'));
export const DASHBOARD_APPLICATIONS_ONLY = documentOf(webOperation('MyVolunteerApplications'));
export const DASHBOARD_STATS_ONLY = documentOf(webOperation('MyVolunteerApplicationStats'));
export const DASHBOARD_RECENT_ONLY = documentOf(webOperation('RecentOpportunities'));
/** The dashboard's three queries as one document (the opportunities' $first renamed $opportunitiesFirst). */
export const DASHBOARD = (() => {
  const parts = [webOperation('MyVolunteerApplications'), webOperation('MyVolunteerApplicationStats'), renameVariable(webOperation('RecentOpportunities'), 'first', 'opportunitiesFirst')];
  const combined: OperationDefinitionNode = {
    kind: Kind.OPERATION_DEFINITION,
    operation: OperationTypeNode.QUERY,
    name: { kind: Kind.NAME, value: 'VolunteerDashboard' },
    variableDefinitions: parts.flatMap((p) => p.variableDefinitions ?? []),
    selectionSet: { kind: Kind.SELECTION_SET, selections: parts.flatMap((p) => p.selectionSet.selections) },
  };
  return documentOf(combined);
})();
/** Variables of the dashboard's applications list as the web sends them (all statuses, newest first). */
const applicationsVariables = (first: number) => ({ status: null, sort: 'NEWEST', first, after: null });

// ---- the scenarios ------------------------------------------------------------------------------------

export type ScenarioKind = 'opportunities' | 'dashboard' | 'applications' | 'stats' | 'recent' | 'other';
export interface Scenario {
  name: string;
  kind: ScenarioKind;
  /** Who sends it: anonymous (the opportunities browser), the bench volunteer (the dashboard) or
   *  the owner of the bench club (the club's side, explained only). */
  as: 'anonymous' | 'volunteer' | 'club';
  query: string;
  variables: Record<string, unknown>;
  /** Variables taken from the answer of a scenario recorded before it (a next page's cursor, an
   *  application's id), added to `variables`. */
  from?: { scenario: string; variables: (answer: any) => Record<string, unknown> };
}

export function scenarios(): Scenario[] {
  const opportunities = (name: string, filter: Record<string, unknown>): Scenario => ({
    name,
    kind: 'opportunities',
    as: 'anonymous',
    query: OPPORTUNITIES,
    variables: { search: null, skill: null, sport: null, location: null, first: OPPORTUNITIES_PAGE, after: null, ...filter },
  });
  const dashboard = { ...applicationsVariables(DASHBOARD_APPLICATIONS), opportunitiesFirst: DASHBOARD_OPPORTUNITIES };
  return [
    opportunities('opportunities: first page', {}),
    opportunities(`opportunities: search "${SEARCH_WORD}"`, { search: SEARCH_WORD }),
    opportunities(`opportunities: skill "${SKILL}"`, { skill: SKILL }),
    opportunities(`opportunities: location "${LOCATION}"`, { location: LOCATION }),
    { name: 'dashboard: one document', kind: 'dashboard', as: 'volunteer', query: DASHBOARD, variables: dashboard },
    { name: `dashboard: myVolunteerApplications(first: ${DASHBOARD_APPLICATIONS})`, kind: 'applications', as: 'volunteer', query: DASHBOARD_APPLICATIONS_ONLY, variables: applicationsVariables(DASHBOARD_APPLICATIONS) },
    { name: 'dashboard: myVolunteerApplicationStats', kind: 'stats', as: 'volunteer', query: DASHBOARD_STATS_ONLY, variables: {} },
    { name: `dashboard: opportunities(first: ${DASHBOARD_OPPORTUNITIES})`, kind: 'recent', as: 'volunteer', query: DASHBOARD_RECENT_ONLY, variables: { first: DASHBOARD_OPPORTUNITIES } },
  ];
}

// ---- explained only (bench/volunteer-explain.ts): the other reads the 0010 indexes are for ---------------

const OPPORTUNITY_SKILLS = documentOf(webOperation('OpportunityFilterOptions'));
const VOLUNTEER_SEARCH = documentOf(webOperation('SearchVolunteers'));
const POSITION_APPLICATIONS = documentOf(webOperation('OpportunityApplications'));
const MY_OPPORTUNITIES = documentOf(webOperation('MyOpportunities'));
const APPLICATION_DETAIL = documentOf(webOperation('VolunteerApplicationDetail'));
const nextPage = (answer: { opportunities: { pageInfo: { endCursor: string } } }) => ({ after: answer.opportunities.pageInfo.endCursor });
/** A surname of the generated profiles (about one in 26), for the volunteer search. */
export const VOLUNTEER_SEARCH_WORD = 'okafor';

/** Reads not measured under load, explained to see which indexes they use. `positionId` is the
 *  global id of the bench club's position with the most applications. */
export function explainedOnly(positionId: string): Scenario[] {
  const mine = (name: string, variables: Record<string, unknown>): Scenario => ({
    name,
    kind: 'other',
    as: 'volunteer',
    query: DASHBOARD_APPLICATIONS_ONLY,
    variables: { ...applicationsVariables(APPLICATIONS_PAGE), ...variables },
  });
  const volunteers = (name: string, filter: Record<string, unknown>): Scenario => ({
    name,
    kind: 'other',
    as: 'club',
    query: VOLUNTEER_SEARCH,
    variables: { search: null, location: null, skill: null, first: 20, after: null, ...filter },
  });
  return [
    { ...scenarios()[0]!, name: 'opportunities: second page', kind: 'other', from: { scenario: 'opportunities: first page', variables: nextPage } },
    { ...scenarios()[1]!, name: `opportunities: search "${SEARCH_WORD}", second page`, kind: 'other', from: { scenario: `opportunities: search "${SEARCH_WORD}"`, variables: nextPage } },
    { name: 'opportunitySkills (with clubSports)', kind: 'other', as: 'anonymous', query: OPPORTUNITY_SKILLS, variables: {} },
    mine('myVolunteerApplications: status PENDING', { status: 'PENDING' }),
    mine('myVolunteerApplications: sort OLDEST', { sort: 'OLDEST' }),
    mine('myVolunteerApplications: sort STATUS', { sort: 'STATUS' }),
    mine('myVolunteerApplications: sort TITLE', { sort: 'TITLE' }),
    volunteers('volunteers: first page', {}),
    volunteers(`volunteers: search "${VOLUNTEER_SEARCH_WORD}"`, { search: VOLUNTEER_SEARCH_WORD }),
    volunteers(`volunteers: skill "${SKILL}"`, { skill: SKILL }),
    volunteers(`volunteers: location "${LOCATION}"`, { location: LOCATION }),
    { name: "a position's applications (its club's owner)", kind: 'other', as: 'club', query: POSITION_APPLICATIONS, variables: { id: positionId, first: 20, after: null } },
    { name: "the club's opportunities with their counts (its owner)", kind: 'other', as: 'club', query: MY_OPPORTUNITIES, variables: { after: null } },
    {
      name: 'volunteerApplication(id) with its history (the volunteer)',
      kind: 'other',
      as: 'volunteer',
      query: APPLICATION_DETAIL,
      variables: {},
      from: { scenario: `dashboard: myVolunteerApplications(first: ${DASHBOARD_APPLICATIONS})`, variables: (answer) => ({ id: answer.myVolunteerApplications.edges[0].node.id }) },
    },
    {
      name: "volunteerApplication(id) with its history (the club's owner)",
      kind: 'other',
      as: 'club',
      query: APPLICATION_DETAIL,
      variables: {},
      from: { scenario: "a position's applications (its club's owner)", variables: (answer) => ({ id: answer.node.applications.edges[0].node.id }) },
    },
  ];
}

/** The dashboard document with `cards` application cards (for the statement count: 5 and 20). */
export const dashboardWith = (cards: number): Scenario => ({
  name: `dashboard: one document, ${cards} application cards`,
  kind: 'dashboard',
  as: 'volunteer',
  query: DASHBOARD,
  variables: { ...applicationsVariables(cards), opportunitiesFirst: DASHBOARD_OPPORTUNITIES },
});

/** The request body Clubroom receives for a scenario. */
export const scenarioBody = (s: Scenario) => JSON.stringify({ query: s.query, variables: s.variables });

/** One SQL statement as drizzle hands it to postgres.js. */
export interface Statement {
  sql: string;
  params: unknown[];
}

/** A scenario's statements in the order the server sends them: the session check (signed-in
 *  requests only) and then the scenario's own. */
export interface ScenarioStatements {
  session: Statement | null;
  statements: Statement[];
}
