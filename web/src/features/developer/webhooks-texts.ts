// The Developer page's Webhooks section: its words.
import { WEBHOOK_LOG_DAYS, WEBHOOK_REPLAY_MAX_DAYS, WEBHOOK_SECRET_GRACE_HOURS, type WebhookEndpointKind } from '@clubroom/rules/webhooks';

/** The API guide (docs/API.md, served as text): its 'Webhook events' section. */
export const WEBHOOKS_DOCS_URL = '/docs/api';

export const WEBHOOKS_TEXTS = {
  heading: 'Webhooks',
  newEndpoint: 'New endpoint',
  intro:
    'Webhooks tell your own server when something happens in Clubroom: we POST a signed JSON event to your URL, retry it when your server is down, and keep a log you can redeliver from.',
  docsLink: 'Read “Webhook events” in the API guide',
  emptyTitle: 'No webhook endpoints yet',
  emptyLine: 'Add an endpoint and your server is told of new messages, applications and meetings as they happen, without polling.',
  loadFailed: 'We could not load your webhook endpoints.',
  tooMany: 'Showing your 20 newest endpoints.',
  createTitle: 'New webhook endpoint',
  editTitle: 'Edit webhook endpoint',
  urlLabel: 'URL',
  urlHelp: 'Where we POST the events: an https address your server answers.',
  kindLabel: 'Whose events',
  eventKindsLegend: 'Event kinds',
  eventKindsHelp: 'The events this endpoint receives. Only those this kind of endpoint may receive are listed.',
  descriptionLabel: 'Description (optional)',
  descriptionHelp: 'What the endpoint is for, so you can recognise it later.',
  secretLabel: 'Signing secret',
  secretWarning:
    'Copy this signing secret now and keep it on your server. For your security it is shown only once: you will not be able to see it again (rotate it for a new one).',
  secretHelp: 'Verify each delivery’s webhook-signature header with it (the standardwebhooks library does it in a few lines).',
  rotateTitle: 'Rotate signing secret',
  rotateQuestion: `The endpoint gets a new signing secret, shown once. The current one keeps signing too for ${WEBHOOK_SECRET_GRACE_HOURS} hours, so you have time to put the new one on your server.`,
  rotatedTitle: 'New signing secret',
  deleteTitle: 'Delete webhook endpoint',
  deleteQuestion: 'No more events will be sent to it, and its delivery log is deleted too. This cannot be undone.',
  logHeading: 'Delivery log',
  logEmpty: 'Nothing delivered yet. Events this endpoint asked for appear here as they happen.',
  logLoadFailed: 'We could not load the delivery log.',
  logKept: `Deliveries are kept for ${WEBHOOK_LOG_DAYS} days.`,
  replayLabel: 'Replay since',
  replayHelp: `Sends again every finished delivery from this moment on (at most ${WEBHOOK_REPLAY_MAX_DAYS} days).`,
  previousSecret: 'Previous secret also signs until',
} as const;

export const WEBHOOK_KIND_LABELS: Record<WebhookEndpointKind, { label: string; help: string }> = {
  member: { label: 'Mine', help: 'Your own data: messages to you, your applications; and public events.' },
  club: { label: 'My club', help: 'Your club’s applications, sessions and answers; and public events.' },
  platform: { label: 'Platform', help: 'Platform events for administrators (club applications); and public events.' },
};

export const WEBHOOKS_TOASTS = {
  created: 'Webhook endpoint created',
  createFailed: 'Could not create the webhook endpoint',
  updated: 'Webhook endpoint saved',
  updateFailed: 'Could not save the webhook endpoint',
  deleted: 'Webhook endpoint deleted',
  deleteFailed: 'Could not delete the webhook endpoint',
  rotated: 'Signing secret rotated',
  rotateFailed: 'Could not rotate the signing secret',
  enabled: 'Webhook endpoint enabled again',
  enableFailed: 'Could not enable the webhook endpoint',
  redelivered: 'Delivery queued again',
  redeliverFailed: 'Could not redeliver',
  replayed: (count: number) => (count === 1 ? '1 delivery queued again' : `${count} deliveries queued again`),
  replayFailed: 'Could not replay the deliveries',
  copied: 'Signing secret copied',
  copyFailed: 'Could not copy: select the secret and copy it yourself.',
} as const;
