// The names of the API token scopes: a foundation, because the caller (lib/viewer.ts) carries its
// token's scopes and the GraphQL access rules (graphql/access.ts, graphql/scopes.ts) check them;
// the tokens module's rules and the Developer page's form use the same list (web/ imports this
// file through tokens.rules.ts, so it must not import server code).

/** The scopes a token may hold: the keys of API_SCOPES in server/src/graphql/access.ts, in the same
 *  order (a unit test keeps the two equal). */
export const API_SCOPE_NAMES = ['read', 'messages:write', 'profile:write', 'club:write', 'volunteer:write', 'council:write', 'reports:write', 'webhooks:write', 'admin'] as const;
export type ApiScopeName = (typeof API_SCOPE_NAMES)[number];
