// The Users tab's relations, batched per request: Member.activity of a page of members is one
// statement.
import DataLoader from 'dataloader';
import type { AdminUsersService, MemberActivityRow } from './admin-users.service.js';

export interface AdminUserLoaders {
  memberActivity: DataLoader<string, MemberActivityRow | null>;
}

export function createAdminUserLoaders(service: AdminUsersService): AdminUserLoaders {
  return {
    memberActivity: new DataLoader(async (ids) => {
      const byId = await service.activityMany(ids);
      return ids.map((id) => byId.get(id) ?? null);
    }),
  };
}

declare module '../../graphql/context.js' {
  interface Loaders extends AdminUserLoaders {}
}
