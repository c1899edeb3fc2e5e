// The relations a list of reports or moderation actions can ask for, each one statement per request
// whatever the list's length; and the reporter's view of an item, by each domain's own rule.
import DataLoader from 'dataloader';
import type { ContentReportRow, ModerationActionRow } from '../../db/schema/index.js';
import type { Context } from '../../graphql/context.js';
import { canSeeAnnouncement } from '../announcements/announcements.service.js';
import { canSeeClub } from '../clubs/clubs.service.js';
import { visiblePositions } from '../opportunities/position-visibility.service.js';
import { visibleProfile } from '../volunteers/volunteers.service.js';
import type { ModerationService, TargetVisibility } from './moderation.service.js';

export interface ModerationLoaders {
  /** A report by id, whatever the caller (administrators' relations only). */
  moderationReport: DataLoader<string, ContentReportRow | null>;
  /** A report's actions, newest first (at most 20). */
  reportActions: DataLoader<string, ModerationActionRow[]>;
  /** Open reports of an item, keyed `${targetType}:${targetId}`. */
  openReportsOnTarget: DataLoader<string, number>;
  /** Whether an item is removed now, keyed `${targetType}:${targetId}`. */
  targetRemoved: DataLoader<string, boolean>;
}

export function createModerationLoaders(services: { moderation: ModerationService }): ModerationLoaders {
  const { moderation } = services;
  return {
    moderationReport: new DataLoader(async (ids) => {
      const rows = new Map((await moderation.reportRows(ids)).map((r) => [r.id, r]));
      return ids.map((id) => rows.get(id) ?? null);
    }),
    reportActions: new DataLoader(async (ids) => {
      const byReport = await moderation.actionsOfReports(ids);
      return ids.map((id) => byReport.get(id) ?? []);
    }),
    openReportsOnTarget: new DataLoader(async (keys) => {
      const counts = await moderation.openReportCounts(keys);
      return keys.map((key) => counts.get(key) ?? 0);
    }),
    targetRemoved: new DataLoader(async (keys) => {
      const removed = await moderation.removedOf(keys);
      return keys.map((key) => removed.has(key));
    }),
  };
}

/**
 * Whether the caller may see an item they report, by the rule of its domain: a message they are
 * party to (as its node), a volunteer profile they may see, a position they may see (live of an
 * approved club, or one they applied to), a club they may see, an announcement they may see (its
 * club's rule). Whose item it is, whether a message was received and whether it is removed are the
 * report's own checks.
 */
export function reporterVisibility(ctx: Context): TargetVisibility {
  const viewer = ctx.viewer;
  return async (type, id) => {
    if (!viewer) return false;
    switch (type) {
      case 'message': {
        const row = await ctx.loaders.message.load(id);
        return !!row && (row.senderId === viewer.userId || row.recipientId === viewer.userId);
      }
      case 'profile':
        return (await visibleProfile(ctx, id)) !== null;
      case 'opportunity':
        return (await visiblePositions(ctx, [id]))[0] != null;
      case 'club': {
        const club = await ctx.loaders.club.load(id);
        return !!club && canSeeClub(viewer, club);
      }
      case 'announcement': {
        const announcement = await ctx.loaders.announcement.load(id);
        return !!announcement && canSeeAnnouncement(viewer, announcement, await ctx.loaders.club.load(announcement.clubId));
      }
    }
  };
}

declare module '../../graphql/context.js' {
  interface Loaders extends ModerationLoaders {}
}
