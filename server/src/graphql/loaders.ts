// DataLoaders made per request (lazily: see createLoaders): every relation a list can ask for is
// batched into one statement.
import DataLoader from 'dataloader';
import type { Services } from '../services.js';
import type { UserView } from '../modules/users/users.service.js';
import type { MessageRow } from '../db/schema/index.js';
import { createClubLoaders, type ClubLoaders } from '../modules/clubs/clubs.loaders.js';
import { createVolunteerLoaders, type VolunteerLoaders } from '../modules/volunteers/volunteers.loaders.js';
import { createOpportunityLoaders, type OpportunityLoaders } from '../modules/opportunities/opportunities.loaders.js';
import { createAdminUserLoaders, type AdminUserLoaders } from '../modules/admin-users/admin-users.loaders.js';
import { createModerationLoaders, type ModerationLoaders } from '../modules/moderation/moderation.loaders.js';

export interface Loaders extends ClubLoaders, VolunteerLoaders, OpportunityLoaders, AdminUserLoaders, ModerationLoaders {
  user: DataLoader<string, UserView | null>;
  /** The user loader's cache (its cacheMap): a promise already asked for, read without the extra
   *  promise DataLoader's load() makes for every cache hit. */
  userCache: ReadonlyMap<string, Promise<UserView | null>>;
  /** Messaging's members (a user, or a former member), by user id, with the loaded promise each
   *  was made from (messages.resolver.ts memberOf). */
  members: Map<string, { loaded: Promise<UserView | null>; member: Promise<UserView> }>;
  message: DataLoader<string, MessageRow | null>;
}

type LoaderGroup = (services: Services) => object;

/** The loaders, in groups made together (a group's loaders may share what they fetched). */
const GROUPS: LoaderGroup[] = [
  (services) => createClubLoaders(services.clubs),
  (services) => createVolunteerLoaders(services.volunteers),
  (services) => createOpportunityLoaders(services),
  (services) => createAdminUserLoaders(services.adminUsers),
  (services) => createModerationLoaders(services),
  (services) => {
    const userCache = new Map<string, Promise<UserView | null>>();
    const user = new DataLoader(
      async (ids: readonly string[]) => {
        const views = await services.users.viewMany(ids);
        const byId = new Map(views.map((v) => [v.id, v]));
        return ids.map((id) => byId.get(id) ?? null);
      },
      { cacheMap: userCache },
    );
    return { user, userCache, members: new Map(), message: messageLoader(services) };
  },
];

function messageLoader(services: Services) {
  return new DataLoader(async (ids: readonly string[]) => {
    const rows = await services.messages.byIds(ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id) ?? null);
  });
}


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
