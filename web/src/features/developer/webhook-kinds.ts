// What the webhook form offers: the endpoint kinds the viewer may create, the event kinds each may
// receive, and the form's rules (the server's limits and messages, from @clubroom/rules/webhooks).
import type { z } from 'zod';
import { WEBHOOK_ENDPOINT_KINDS, webhookEndpointRules, webhookKindsFor, type WebhookEndpointKind } from '@clubroom/rules/webhooks';

/** One event kind as the API lists it (Query.webhookEventKinds). */
export interface EventKindOption {
  name: string;
  description: string;
  /** Lower-case endpoint kinds, as the rules name them. */
  endpointKinds: readonly WebhookEndpointKind[];
}

/** Who the viewer is, as far as the form cares. */
export interface WebhookViewer {
  role: string;
  /** The viewer's club (a club account's), or null. */
  club: { name: string } | null;
}

/** The endpoint kinds the viewer may create: their own data always; their club's when they have a
 *  club; the platform's when they are an administrator. */
export function creatableEndpointKinds(viewer: WebhookViewer): WebhookEndpointKind[] {
  return WEBHOOK_ENDPOINT_KINDS.filter((kind) => kind === 'member' || (kind === 'club' && viewer.club !== null) || (kind === 'platform' && viewer.role === 'platform_admin'));
}

/** The event kinds an endpoint of `endpointKind` may receive, in the API's order; the shared rules'
 *  list when the API's is not there yet. */
export function eventKindsFor(endpointKind: WebhookEndpointKind, options: readonly EventKindOption[]): EventKindOption[] {
  if (options.length > 0) return options.filter((option) => option.endpointKinds.includes(endpointKind));
  return webhookKindsFor(endpointKind).map((name) => ({ name, description: '', endpointKinds: [endpointKind] }));
}

/** The kinds still allowed after the endpoint kind changed (the others are unticked). */
export function keepAllowedKinds(chosen: readonly string[], endpointKind: WebhookEndpointKind, options: readonly EventKindOption[]): string[] {
  const allowed = new Set(eventKindsFor(endpointKind, options).map((option) => option.name));
  return chosen.filter((kind) => allowed.has(kind));
}

/** The create and edit form: the rules the server applies (it checks the URL's address itself). */
export const webhookEndpointFormRules = webhookEndpointRules;

export type WebhookEndpointForm = z.infer<typeof webhookEndpointFormRules>;

/** A `datetime-local` value (the viewer's time) as an instant; null when it is not one. */
export function instantOfLocal(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An instant as a `datetime-local` value in the viewer's time (minutes). */
export function localDateTimeValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The API's upper-case endpoint kind (MEMBER) as the rules name it (member). */
export function endpointKindOf(apiKind: string): WebhookEndpointKind {
  const kind = apiKind.toLowerCase();
  return (WEBHOOK_ENDPOINT_KINDS as readonly string[]).includes(kind) ? (kind as WebhookEndpointKind) : 'member';
}
