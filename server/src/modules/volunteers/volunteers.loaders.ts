// The relations a list can ask about volunteers, each one statement per request whatever the
// list's length. Mutations clear what they change (see the resolvers).
import DataLoader from 'dataloader';
import type { VolunteerProfileView, VolunteersService } from './volunteers.service.js';

export interface VolunteerLoaders {
  /** A profile by its account id, whatever the caller: resolvers apply canSeeProfile. */
  volunteerProfile: DataLoader<string, VolunteerProfileView | null>;
  /** Whether a volunteer applied to a club, keyed `clubId:volunteerId` (any status). */
  appliedToClub: DataLoader<string, boolean>;
}

export function createVolunteerLoaders(volunteers: VolunteersService): VolunteerLoaders {
  return {
    volunteerProfile: new DataLoader(async (ids) => {
      const byId = new Map((await volunteers.byUserIds(ids)).map((row) => [row.userId, row]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
    appliedToClub: new DataLoader(async (keys) => {
      const pairs = keys.map((key) => {
        const [clubId, volunteerId] = key.split(':') as [string, string];
        return { clubId, volunteerId };
      });
      const applied = await volunteers.appliedPairs(pairs);
      return keys.map((key) => applied.has(key));
    }),
  };
}

declare module '../../graphql/context.js' {
  interface Loaders extends VolunteerLoaders {}
}
