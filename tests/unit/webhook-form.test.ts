// The Developer page's webhook form (web/src/features/developer/webhook-kinds.ts): which endpoint
// kinds a viewer is offered, which event kinds each lists, and the form's rules.
import { describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '../../server/src/modules/webhooks/webhooks.rules.js';
import {
  creatableEndpointKinds,
  endpointKindOf,
  eventKindsFor,
  instantOfLocal,
  keepAllowedKinds,
  localDateTimeValue,
  webhookEndpointFormRules,
  type EventKindOption,
} from '../../web/src/features/developer/webhook-kinds.js';

const OPTIONS: EventKindOption[] = [
  { name: 'club.application.submitted', description: 'A club applied.', endpointKinds: ['platform'] },
  { name: 'volunteer.application.received', description: 'A volunteer applied.', endpointKinds: ['club'] },
  { name: 'message.received', description: 'A message reached you.', endpointKinds: ['member'] },
  { name: 'council.meeting.published', description: 'A meeting.', endpointKinds: ['member', 'club', 'platform'] },
];

describe('creatableEndpointKinds', () => {
  it('offers a member only their own data', () => {
    expect(creatableEndpointKinds({ role: 'volunteer', club: null })).toEqual(['member']);
  });
  it('offers a club account its club besides its own data', () => {
    expect(creatableEndpointKinds({ role: 'club_admin', club: { name: 'Harbour Rowing' } })).toEqual(['member', 'club']);
  });
  it('offers an administrator the platform', () => {
    expect(creatableEndpointKinds({ role: 'platform_admin', club: null })).toEqual(['member', 'platform']);
  });
});

describe('eventKindsFor', () => {
  it('lists only the kinds the endpoint kind may receive, in the API order', () => {
    expect(eventKindsFor('member', OPTIONS).map((o) => o.name)).toEqual(['message.received', 'council.meeting.published']);
    expect(eventKindsFor('club', OPTIONS).map((o) => o.name)).toEqual(['volunteer.application.received', 'council.meeting.published']);
    expect(eventKindsFor('platform', OPTIONS).map((o) => o.name)).toEqual(['club.application.submitted', 'council.meeting.published']);
  });
  it('falls back to the shared rules while the API list is not there', () => {
    const names = eventKindsFor('member', []).map((o) => o.name);
    expect(names).toContain('message.received');
    expect(names).not.toContain('club.application.submitted');
  });
  it('unticks what a newly chosen endpoint kind may not receive', () => {
    expect(keepAllowedKinds(['message.received', 'council.meeting.published'], 'club', OPTIONS)).toEqual(['council.meeting.published']);
  });
});

describe('webhookEndpointFormRules', () => {
  const valid = { kind: 'member' as const, url: 'https://example.com/hook', eventKinds: ['message.received'], description: '' };
  it('accepts a URL, allowed kinds and an empty description', () => {
    expect(webhookEndpointFormRules.safeParse(valid).success).toBe(true);
  });
  it('asks for at least one event kind, with the server’s message', () => {
    const result = webhookEndpointFormRules.safeParse({ ...valid, eventKinds: [] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(WEBHOOK_MESSAGES.kindsRequired);
  });
  it('refuses a kind the endpoint kind may not receive', () => {
    const result = webhookEndpointFormRules.safeParse({ ...valid, eventKinds: ['club.application.submitted'] });
    expect(result.error?.issues[0]?.message).toBe(WEBHOOK_MESSAGES.kindNotAllowed('club.application.submitted', 'member'));
  });
  it('refuses what is not a URL', () => {
    expect(webhookEndpointFormRules.safeParse({ ...valid, url: 'example.com' }).success).toBe(false);
    expect(webhookEndpointFormRules.safeParse({ ...valid, url: '' }).success).toBe(false);
  });
});

describe('endpoint kinds and datetime values', () => {
  it('reads the API’s upper-case endpoint kinds', () => {
    expect(endpointKindOf('CLUB')).toBe('club');
    expect(endpointKindOf('PLATFORM')).toBe('platform');
  });
  it('turns a datetime-local value into an instant and back', () => {
    const instant = instantOfLocal('2026-11-28T09:30');
    expect(instant).not.toBeNull();
    expect(localDateTimeValue(instant!)).toBe('2026-11-28T09:30');
    expect(instantOfLocal('')).toBeNull();
  });
});
