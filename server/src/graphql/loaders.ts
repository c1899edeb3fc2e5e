// DataLoaders made per request: every relation a list can ask for is batched into one statement.
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
  message: DataLoader<string, MessageRow | null>;
}

export function createLoaders(services: Services): Loaders {
  return {
    ...createClubLoaders(services.clubs),
    ...createVolunteerLoaders(services.volunteers),
    ...createOpportunityLoaders(services),
    ...createAdminUserLoaders(services.adminUsers),
    ...createModerationLoaders(services),
    user: new DataLoader(async (ids) => {
      const views = await services.users.viewMany(ids);
      const byId = new Map(views.map((v) => [v.id, v]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
    message: new DataLoader(async (ids) => {
      const rows = await services.messages.byIds(ids);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
  };
}
