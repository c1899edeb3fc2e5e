// Helpers of analytics-report.spec.ts: the administrator's API client and the GraphQL documents
// that seed the story and read what the server has.
import { expect } from '@playwright/test';
import { ApiClient, STRONG_PASSWORD, uniqueEmail } from '../helpers/client.js';
import { ADMIN } from './support.js';
import { workerServer } from './servers.js';

export const BASE_URL = workerServer().url;

/** The administrator, signed in afresh (the e2e server's access tokens last 30 s). */
export async function adminApi(): Promise<ApiClient> {
  const admin = new ApiClient(BASE_URL);
  expect((await admin.signIn(ADMIN.email, ADMIN.password)).body.success).toBe(true);
  return admin;
}

/** A volunteer signed up through the REST adapter, as the sign-up form does. */
export async function signUpVolunteer(prefix: string, name: { first: string; last: string; location: string }): Promise<{ client: ApiClient; email: string }> {
  const client = new ApiClient(BASE_URL);
  const email = uniqueEmail(prefix);
  const signUp = await client.rest('POST', '/api/auth/signup', {
    email,
    password: STRONG_PASSWORD,
    metadata: { account_type: 'volunteer', first_name: name.first, last_name: name.last, location: name.location },
  });
  expect(signUp.body.success, JSON.stringify(signUp.body)).toBe(true);
  return { client, email };
}

export async function gqlOk(api: ApiClient, query: string, variables: Record<string, unknown> = {}) {
  const answer = await api.gql(query, variables);
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data;
}

export async function payloadOk(api: ApiClient, field: string, query: string, input: Record<string, unknown>) {
  const data = await gqlOk(api, query, { input });
  expect(data[field].userErrors, JSON.stringify(data[field].userErrors)).toEqual([]);
  return data[field];
}

export const APPROVE = 'mutation ($input: ApproveClubApplicationInput!) { approveClubApplication(input: $input) { club { id } userErrors { message } } }';
export const VERIFY = 'mutation ($input: SetClubVerifiedInput!) { setClubVerified(input: $input) { club { id } userErrors { message } } }';
export const CREATE_POSITION = 'mutation ($input: CreateVolunteerPositionInput!) { createVolunteerPosition(input: $input) { position { id } userErrors { message } } }';
export const SET_LIVE = 'mutation ($input: SetVolunteerPositionLiveInput!) { setVolunteerPositionLive(input: $input) { position { id } userErrors { message } } }';
export const APPLY = 'mutation ($input: ApplyToOpportunityInput!) { applyToOpportunity(input: $input) { application { id } userErrors { message } } }';
export const SEND = 'mutation ($input: SendMessageInput!) { sendMessage(input: $input) { message { id } userErrors { message } } }';
export const SUSPEND = 'mutation ($input: SuspendUserInput!) { suspendUser(input: $input) { member { id status } userErrors { message } } }';
export const ANALYTICS = `query ($weeks: Int!) { adminAnalytics(weeks: $weeks) {
  totals { members volunteers clubs approvedClubs verifiedClubs opportunities applications messages openReports }
  verificationRate engagement { weekStart messages applications signUps }
  popularSports { sport clubs opportunities } recentActivity { kind title } } }`;
export const REPORTS = `query { contentReports(first: 50) { totalCount nodes { targetType targetLabel reason status } } }`;
