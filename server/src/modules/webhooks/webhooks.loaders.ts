// What a list of webhook deliveries can ask for besides its rows: each delivery's event and its
// latest attempts, one statement each per request whatever the list's length.
import DataLoader from 'dataloader';
import type { WebhookAttemptRow } from '../../db/schema/index.js';
import type { WebhooksService } from './webhooks.service.js';

export interface WebhookLoaders {
  /** A delivery's event (kind, data, when), by event id. */
  webhookEvent: DataLoader<string, { id: string; kind: string; data: Record<string, unknown>; createdAt: Date } | null>;
  /** A delivery's latest attempts, oldest first, by delivery id. */
  webhookAttempts: DataLoader<string, WebhookAttemptRow[]>;
  /** An endpoint by id (a delivery's, already the caller's). */
  webhookEndpoint: DataLoader<string, import('../../db/schema/index.js').WebhookEndpointRow | null>;
}

export function createWebhookLoaders(webhooks: WebhooksService): WebhookLoaders {
  return {
    webhookEvent: new DataLoader((ids) => webhooks.eventsByIds(ids)),
    webhookAttempts: new DataLoader((ids) => webhooks.attemptsOf(ids)),
    webhookEndpoint: new DataLoader((ids) => webhooks.endpointsByIds(ids)),
  };
}

declare module '../../graphql/context.js' {
  interface Loaders extends WebhookLoaders {}
}
