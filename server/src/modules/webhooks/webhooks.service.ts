// Webhooks (issue 31, docs/API.md 'Webhooks'): the transactional outbox a module writes its events
// to (emit), and the endpoints their owners manage. The worker (webhooks.worker.ts) delivers.
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { WEBHOOK_EVENT_KINDS, type WebhookAudience, type WebhookEmitter, type WebhookEvent } from './webhooks.rules.js';

/** Every (event kind, endpoint kind) pair the rules allow, as two parallel arrays for unnest(). */
const RECEIVER_PAIRS: [string[], string[]] = (() => {
  const kinds: string[] = [];
  const endpointKinds: string[] = [];
  for (const [kind, info] of Object.entries(WEBHOOK_EVENT_KINDS)) {
    for (const endpointKind of Object.keys(info.receivers)) {
      kinds.push(kind);
      endpointKinds.push(endpointKind);
    }
  }
  return [kinds, endpointKinds];
})();

/** The audience as stored: only the four keys, memberIds as strings. */
function storedAudience(audience: WebhookAudience): Required<WebhookAudience> {
  return {
    memberIds: [...new Set(audience.memberIds ?? [])],
    clubId: audience.clubId ?? null,
    platform: audience.platform === true,
    public: audience.public === true,
  };
}

export class WebhooksService implements WebhookEmitter {
  constructor(protected readonly db: Db) {}

  /** The worker's wake-up (set by the composition root once the worker exists). */
  private wake: () => void = () => {};
  useWake(wake: () => void): void {
    this.wake = wake;
  }

  /** Writes the event in the caller's transaction: see emitMany. */
  async emit(tx: Executor, event: WebhookEvent): Promise<void> {
    await this.emitMany(tx, [event]);
  }

  /**
   * Writes the events in the caller's transaction (nothing leaves before it commits), and one
   * delivery per active endpoint that asked for the kind, may receive it (its kind is one of the
   * event kind's receivers) and is in its audience: a `member` endpoint when audience.memberIds
   * names its owner, a `club` endpoint when audience.clubId is its club, a `platform` endpoint
   * when audience.platform, any endpoint when audience.public. One statement, whatever the number
   * of events; an event no active endpoint asked for is not written at all.
   */
  async emitMany(tx: Executor, events: readonly WebhookEvent[]): Promise<void> {
    if (events.length === 0) return;
    const input = JSON.stringify(events.map((e) => ({ kind: e.kind, audience: storedAudience(e.audience), data: e.data })));
    await tx.execute(sql`
      with input as (
        select v.e ->> 'kind' as kind, v.e -> 'audience' as audience, v.e -> 'data' as data, v.ord
        from jsonb_array_elements(${input}::jsonb) with ordinality as v(e, ord)
        where exists (select 1 from webhook_endpoints p where p.status = 'active' and p.event_kinds @> array[v.e ->> 'kind'])
      ),
      events as (
        insert into webhook_events (kind, audience, data)
        select kind, audience, data from input order by ord
        returning id, seq, kind, audience
      )
      insert into webhook_deliveries (event_id, endpoint_id, seq)
      select e.id, p.id, e.seq
      from events e
      join webhook_endpoints p on p.status = 'active' and p.event_kinds @> array[e.kind]
      where (e.kind, p.kind) in (select * from unnest(${sql.param(RECEIVER_PAIRS[0])}::text[], ${sql.param(RECEIVER_PAIRS[1])}::text[]))
        and (
          (e.audience ->> 'public')::boolean
          or (p.kind = 'member' and e.audience -> 'memberIds' @> to_jsonb(p.user_id::text))
          or (p.kind = 'club' and e.audience ->> 'clubId' = p.club_id::text)
          or (p.kind = 'platform' and (e.audience ->> 'platform')::boolean)
        )
      order by e.seq, p.id`);
  }

  /** Wakes the worker: call after the commit of a transaction that emitted (optional; the worker
   *  also polls). */
  kick(): void {
    this.wake();
  }
}

declare module '../../lib/services.js' {
  interface Services {
    webhooks: WebhooksService;
  }
}
