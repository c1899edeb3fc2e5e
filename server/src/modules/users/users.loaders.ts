// The account of a user id, one statement per request whatever the list's length.
import DataLoader from 'dataloader';
import type { UsersService, UserView } from './users.service.js';

export interface UserLoaders {
  user: DataLoader<string, UserView | null>;
  /** The user loader's cache (its cacheMap): a promise already asked for, read without the extra
   *  promise DataLoader's load() makes for every cache hit. */
  userCache: ReadonlyMap<string, Promise<UserView | null>>;
}

export function createUserLoaders(users: UsersService): UserLoaders {
  const userCache = new Map<string, Promise<UserView | null>>();
  const user = new DataLoader(
    async (ids: readonly string[]) => {
      const views = await users.viewMany(ids);
      const byId = new Map(views.map((v) => [v.id, v]));
      return ids.map((id) => byId.get(id) ?? null);
    },
    { cacheMap: userCache },
  );
  return { user, userCache };
}

declare module '../../graphql/context.js' {
  interface Loaders extends UserLoaders {}
}
