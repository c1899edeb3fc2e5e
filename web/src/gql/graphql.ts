/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** Where a club application stands. */
export type ClubApplicationStatus =
  | 'APPROVED'
  | 'PENDING'
  | 'REJECTED';

/** What the user is on the platform. */
export type Role =
  | 'CLUB_ADMIN'
  | 'PLATFORM_ADMIN'
  | 'VOLUNTEER';

export type SessionRevokedSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type SessionRevokedSubscription = { sessionRevoked: boolean };

export type ReportNotFoundMutationVariables = Exact<{
  path: string;
}>;


export type ReportNotFoundMutation = { reportNotFound: boolean };

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { me: { id: string, email: string, fullName: string, role: Role, isCouncilAdmin: boolean, hasVolunteerProfile: boolean, createdAt: string, club: { id: string, name: string, applicationStatus: ClubApplicationStatus } | null } | null };


export const SessionRevokedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"SessionRevoked"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sessionRevoked"}}]}}]} as unknown as DocumentNode<SessionRevokedSubscription, SessionRevokedSubscriptionVariables>;
export const ReportNotFoundDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ReportNotFound"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"path"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reportNotFound"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"path"},"value":{"kind":"Variable","name":{"kind":"Name","value":"path"}}}]}]}}]} as unknown as DocumentNode<ReportNotFoundMutation, ReportNotFoundMutationVariables>;
export const MeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"fullName"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"isCouncilAdmin"}},{"kind":"Field","name":{"kind":"Name","value":"hasVolunteerProfile"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"club"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"applicationStatus"}}]}}]}}]}}]} as unknown as DocumentNode<MeQuery, MeQueryVariables>;