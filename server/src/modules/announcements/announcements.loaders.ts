// The relations a list of announcements can ask for, each one statement per request whatever the
// list's length.
import DataLoader from 'dataloader';
import type { ClubAnnouncementRow } from '../../db/schema/index.js';
import type { AnnouncementCounts, AnnouncementsService } from './announcements.service.js';

export interface AnnouncementLoaders {
  /** An announcement by id, whatever its state: callers check visibility (canSeeAnnouncement). */
  announcement: DataLoader<string, ClubAnnouncementRow | null>;
  /** How many followers an announcement reached and how many read it. */
  announcementCounts: DataLoader<string, AnnouncementCounts>;
}

export function createAnnouncementLoaders(announcements: AnnouncementsService): AnnouncementLoaders {
  return {
    announcement: new DataLoader(async (ids) => {
      const byId = new Map((await announcements.byIds(ids)).map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
    announcementCounts: new DataLoader(async (ids) => {
      const counts = await announcements.counts(ids);
      return ids.map((id) => counts.get(id) ?? { delivered: 0, read: 0 });
    }),
  };
}

declare module '../../graphql/context.js' {
  interface Loaders extends AnnouncementLoaders {}
}
