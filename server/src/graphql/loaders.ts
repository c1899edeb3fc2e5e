// DataLoaders made per request: every relation a list can ask for is batched into one statement.
import DataLoader from 'dataloader';
import type { Services } from '../services.js';
import type { UserView } from '../modules/users/users.service.js';

export interface Loaders {
  user: DataLoader<string, UserView | null>;
}

export function createLoaders(services: Services): Loaders {
  return {
    user: new DataLoader(async (ids) => {
      const views = await services.users.viewMany(ids);
      const byId = new Map(views.map((v) => [v.id, v]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
  };
}
