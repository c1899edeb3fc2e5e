// The Developer page's words.
export const DEVELOPER_TEXTS = {
  title: 'Developer',
  intro:
    'Personal API tokens let your own scripts and integrations use the Clubroom API as you. Each token can only do what its scopes allow, and never more than you can. Webhooks tell your server when something happens.',
  tokensHeading: 'API tokens',
  newToken: 'New token',
  empty: 'You have no API tokens yet.',
  loadFailed: 'We could not load your API tokens.',
  tooMany: 'Showing your 100 newest tokens.',
  neverUsed: 'Never used',
  neverExpires: 'Never expires',
  secretWarning: 'Copy this token now. For your security it is shown only once: you will not be able to see it again.',
  secretLabel: 'Your new API token',
  revokeTitle: 'Revoke API token',
  revokeQuestion: 'Scripts using this token will stop working at once. This cannot be undone.',
} as const;

export const DEVELOPER_TOASTS = {
  created: 'API token created',
  createFailed: 'Could not create the API token',
  revoked: 'API token revoked',
  revokeFailed: 'Could not revoke the API token',
  copied: 'Token copied',
  copyFailed: 'Could not copy: select the token and copy it yourself.',
} as const;
