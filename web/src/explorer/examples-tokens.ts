// The explorer's examples of personal API tokens: listing, creating and revoking them.
import type { ExplorerExample } from './example.js';

export const API_TOKEN_EXAMPLES: ExplorerExample[] = [
  {
    name: 'MyApiTokens',
    domain: 'API tokens',
    description: 'Your API tokens (signed-in session only: a token never lists tokens).',
    query: `query MyApiTokens {
  apiTokens(first: 20) {
    nodes {
      id
      name
      prefix
      scopes
      expiresAt
      lastUsedAt
      active
    }
  }
}
`,
  },
  {
    name: 'CreateApiToken',
    domain: 'API tokens',
    description: 'Creates a token (signed-in session only). Copy the secret now: it is shown once.',
    query: `mutation CreateApiToken($input: CreateApiTokenInput!) {
  createApiToken(input: $input) {
    secret
    token {
      id
      name
      prefix
      scopes
      expiresAt
    }
    userErrors {
      field
      message
    }
  }
}
`,
    variables: { input: { name: 'Inbox sync script', scopes: ['READ', 'MESSAGES_WRITE'], expiresAt: null } },
  },
  {
    name: 'RevokeApiToken',
    domain: 'API tokens',
    description: 'Revokes a token at once: its requests answer 401 and its sockets close.',
    query: `mutation RevokeApiToken($id: ID!) {
  revokeApiToken(input: { id: $id }) {
    token {
      id
      revokedAt
    }
    userErrors {
      message
    }
  }
}
`,
    variables: { id: 'an ApiToken id from MyApiTokens' },
  },
];
