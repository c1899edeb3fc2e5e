// The webhook events of club applications (issue 31; docs/API.md, 'Webhook events'): a club's
// registration (for administrators) and the decision on it (for administrators and the club). The
// administrators' notes are theirs alone (Club.adminNotes), so no event carries them.
import type { ClubRow } from '../../db/schema/index.js';
import { toGlobalId } from '../../graphql/relay.js';
import type { WebhookEvent } from '../webhooks/webhooks.rules.js';

type ApplicationKind = 'club.application.submitted' | 'club.application.approved' | 'club.application.rejected';

/** The event `kind` of the club's application, as the schema's Club names it. */
export function clubApplicationEvent(kind: ApplicationKind, club: Pick<ClubRow, 'id' | 'name' | 'applicationStatus' | 'city' | 'category' | 'createdAt' | 'reviewedAt'>): WebhookEvent {
  return {
    kind,
    // The club hears of the decision; the registration is the administrators' business only.
    audience: kind === 'club.application.submitted' ? { platform: true } : { platform: true, clubId: club.id },
    data: {
      club: {
        id: toGlobalId('Club', club.id),
        name: club.name,
        applicationStatus: club.applicationStatus.toUpperCase(),
        city: club.city,
        category: club.category,
        createdAt: club.createdAt.toISOString(),
        reviewedAt: club.reviewedAt ? club.reviewedAt.toISOString() : null,
      },
    },
  };
}
