// Club announcements (issue 29 §5): the owner posts one, a follower marks one read, a club lists
// its announcements, and the owner sees each one's delivered and read counts. Thin:
// announcements.service.ts.
import { Arg, Args, Authorized, Ctx, FieldResolver, Int, Mutation, Resolver, Root } from 'type-graphql';
import type { ClubAnnouncementRow } from '../../db/schema/index.js';
import type { Context } from '../../graphql/context.js';
import { AdminOnly, RequiresScope, ReadScope } from '../../graphql/access.js';
import { registerNodeType } from '../../graphql/node.resolver.js';
import { mutate } from '../../graphql/payload.js';
import { databaseId, PageArgs } from '../../graphql/relay.js';
import { ownsOrAdministers, type ClubView } from '../clubs/clubs.service.js';
import { Club } from '../clubs/clubs.types.js';
import { ANNOUNCEMENT_MESSAGES as M, ANNOUNCEMENT_WINDOW_HOURS, ANNOUNCEMENTS_PAGE_DEFAULT, ANNOUNCEMENTS_PER_WINDOW } from './announcements.rules.js';
import { canSeeAnnouncement } from './announcements.service.js';
import { Announcement, AnnouncementConnection, MarkAnnouncementReadInput, MarkAnnouncementReadPayload, PostAnnouncementInput, PostAnnouncementPayload } from './announcements.types.js';

/** The announcement if the caller may see it, else null. */
async function visibleAnnouncement(ctx: Context, id: string): Promise<ClubAnnouncementRow | null> {
  const row = await ctx.loaders.announcement.load(id);
  if (!row) return null;
  return canSeeAnnouncement(ctx.viewer, row, await ctx.loaders.club.load(row.clubId)) ? row : null;
}

registerNodeType('Announcement', 'read:public', (ctx, ids) => Promise.all(ids.map((id) => visibleAnnouncement(ctx, id))));

const OWNER_ONLY = "The club's owner and platform administrators only (null for anyone else).";

@Resolver(() => Announcement)
export class AnnouncementsResolver {
  @Authorized()
  @RequiresScope('club:write')
  @Mutation(() => PostAnnouncementPayload, {
    description: `Posts an announcement of the caller's club to its followers: each hears of it through their notification settings (a muted club: the bell only). Only an approved club ('${M.notApproved}'); a caller without a club is FORBIDDEN. At most ${ANNOUNCEMENTS_PER_WINDOW} per club in ${ANNOUNCEMENT_WINDOW_HOURS} hours (RATE_LIMITED, saying when to try again).`,
  })
  postAnnouncement(@Arg('input', () => PostAnnouncementInput, { description: 'The title and the text.' }) input: PostAnnouncementInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.announcements.post(ctx.viewer!, { title: input.title, body: input.body }),
      (announcement) => ({ announcement }),
    );
  }

  @Authorized()
  @RequiresScope('profile:write')
  @Mutation(() => MarkAnnouncementReadPayload, {
    description: `Marks an announcement the caller opened read (the owner's read count; once: opening it again changes nothing, nor does it for a member it was not sent to). One the caller may not see is NOT_FOUND '${M.notFound}'.`,
  })
  markAnnouncementRead(@Arg('input', () => MarkAnnouncementReadInput, { description: 'The announcement.' }) input: MarkAnnouncementReadInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.announcements.markRead(ctx.viewer!, databaseId(input.announcementId, 'Announcement')),
      (announcement) => ({ announcement }),
    );
  }

  @FieldResolver(() => Club, { description: 'The club that posted it.' })
  async club(@Root() row: ClubAnnouncementRow, @Ctx() ctx: Context): Promise<ClubView> {
    return (await ctx.loaders.club.load(row.clubId))!;
  }

  @AdminOnly()
  @ReadScope('read:club')
  @FieldResolver(() => Int, { nullable: true, description: `How many followers it reached when it was posted. ${OWNER_ONLY}` })
  async deliveredCount(@Root() row: ClubAnnouncementRow, @Ctx() ctx: Context): Promise<number | null> {
    return ownsOrAdministers(ctx.viewer, row.clubId) ? (await ctx.loaders.announcementCounts.load(row.id)).delivered : null;
  }

  @AdminOnly()
  @ReadScope('read:club')
  @FieldResolver(() => Int, { nullable: true, description: `How many of those followers opened it. ${OWNER_ONLY}` })
  async readCount(@Root() row: ClubAnnouncementRow, @Ctx() ctx: Context): Promise<number | null> {
    return ownsOrAdministers(ctx.viewer, row.clubId) ? (await ctx.loaders.announcementCounts.load(row.id)).read : null;
  }

  @AdminOnly()
  @FieldResolver(() => Date, { nullable: true, description: 'When a moderator removed it; null while it is shown. Platform administrators only.' })
  removedAt(@Root() row: ClubAnnouncementRow, @Ctx() ctx: Context): Date | null {
    return ctx.viewer?.isPlatformAdmin ? row.removedAt : null;
  }
}

@Resolver(() => Club)
export class ClubAnnouncementsResolver {
  @FieldResolver(() => AnnouncementConnection, {
    description: `The club's announcements, newest first; ${ANNOUNCEMENTS_PAGE_DEFAULT} a page unless \`first\` or \`last\` says. Ones a moderator removed are listed for platform administrators only.`,
  })
  announcements(@Root() club: ClubView, @Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    return ctx.services.announcements.ofClub(ctx.viewer, club.id, args);
  }
}
