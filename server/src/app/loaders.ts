// DataLoaders made per request (lazily: see createLoaders): every relation a list can ask for is
// batched into one statement.
import type { Loaders } from '../graphql/context.js';
import type { Services } from '../lib/services.js';
import { createAdminUserLoaders } from '../modules/admin-users/admin-users.loaders.js';
import { createAnnouncementLoaders } from '../modules/announcements/announcements.loaders.js';
import { createCertificateLoaders } from '../modules/certificates/certificates.loaders.js';
import { createClubLoaders } from '../modules/clubs/clubs.loaders.js';
import { createMessageLoaders } from '../modules/messages/messages.loaders.js';
import { createModerationLoaders } from '../modules/moderation/moderation.loaders.js';
import { createOpportunityLoaders } from '../modules/opportunities/opportunities.loaders.js';
import { createShiftLoaders } from '../modules/opportunities/shifts.loaders.js';
import { createSafeguardingLoaders } from '../modules/safeguarding/safeguarding.loaders.js';
import { createSessionLoaders } from '../modules/sessions/sessions.loaders.js';
import { createUserLoaders } from '../modules/users/users.loaders.js';
import { createWebhookLoaders } from '../modules/webhooks/webhooks.loaders.js';
import { createVolunteerLoaders } from '../modules/volunteers/volunteers.loaders.js';

type LoaderGroup = (services: Services) => object;

/** The loaders, in groups made together (a group's loaders may share what they fetched). Each
 *  module declares its own in `Loaders` (graphql/context.ts). */
const GROUPS: LoaderGroup[] = [
  (services) => createClubLoaders(services),
  (services) => createVolunteerLoaders(services.volunteers),
  (services) => createOpportunityLoaders(services),
  (services) => createShiftLoaders(services.shiftReads, services.shiftSwaps),
  (services) => createAdminUserLoaders(services.adminUsers),
  (services) => createModerationLoaders(services),
  (services) => createUserLoaders(services.users),
  (services) => createMessageLoaders(services.messageLists, services.memberBlocks),
  (services) => createSessionLoaders(services.sessionReads, services.sessionAnswers),
  (services) => createAnnouncementLoaders(services.announcements),
  (services) => createSafeguardingLoaders(services.checkKinds, services.checkReviews),
  (services) => createCertificateLoaders(services.certificates),
  (services) => createWebhookLoaders(services.webhooks),
];

/** Per Services, the prototype every request's loaders inherit from: a getter per loader that
 *  makes that loader's group on first use and keeps it on the request's own object. */
const prototypes = new WeakMap<Services, object>();

/** A request's loaders. Most requests use one or two of the ~30 loaders: each group is made the
 *  first time one of its loaders is asked for, so a request pays only for what it uses. */
export function createLoaders(services: Services): Loaders {
  let prototype = prototypes.get(services);
  if (!prototype) prototypes.set(services, (prototype = lazyLoaders(services)));
  return Object.create(prototype) as Loaders;
}

function lazyLoaders(services: Services): object {
  const prototype = {};
  for (const make of GROUPS) {
    // The group's names, learnt once (making DataLoaders runs no statement).
    const names = Object.keys(make(services));
    for (const name of names) {
      Object.defineProperty(prototype, name, {
        get(this: Record<string, unknown>) {
          const made = make(services) as Record<string, unknown>;
          for (const own of names) Object.defineProperty(this, own, { value: made[own], enumerable: true });
          return made[name];
        },
      });
    }
  }
  return prototype;
}
