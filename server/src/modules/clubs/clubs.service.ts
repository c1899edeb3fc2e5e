// Clubs: the club itself, one record per club keyed by its owner's user id (ownership is
// intrinsic: the caller's club is the club whose id is the caller's user id). Here: the owner's
// profile (its first save is the club's application), the club account's settings, clubs by id
// for the loaders, and who may see a club. The rest of the module: volunteer-positions.service.ts
// (the positions), club-meeting-times.service.ts (the weekly meeting times),
// club-directory.service.ts (the public directory and the sitemap's list), club-follows.service.ts
// (following); clubs.shared.ts holds what they share.
import { eq } from 'drizzle-orm';
import { anyOfPlaceholder } from '../../db/any.js';
import type { Db, Executor } from '../../db/client.js';
import { clubs, users, type ClubRow } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import { parseInput } from '../../lib/validate.js';
import type { Viewer } from '../../lib/viewer.js';
import { CLUB_MESSAGES, clubProfileRules } from './clubs.rules.js';
import { CLUB_VIEW_COLUMNS, sanitized } from './clubs.shared.js';
import { clubSettingsRules } from '../volunteers/volunteers.rules.js';

// The application's webhook events are built where its changes are made (auth's sign-up, admin's
// decisions), through this service (a module's surface).
import { clubApplicationEvent } from './clubs.webhooks.js';
import type { WebhookEmitter } from '../webhooks/webhooks.rules.js';
export { clubApplicationEvent };

export const CLUB_NOT_FOUND = 'Club not found';
export const NO_CLUB = 'You do not have a club yet. Save your club profile first.';

/** A club as the API reads it: every column but the search document (only the directory's
 *  search reads that, in SQL). */
export type ClubView = Omit<ClubRow, 'searchVector'>;

/** What the club settings need of the notification preferences (given by the composition root). */
export interface ClubEmailChoices {
  chooseWithin(tx: Executor, userId: string, changes: { kind: 'volunteer_application_received' | 'volunteer_application_withdrawn'; channel: 'email'; enabled: boolean }[]): Promise<void>;
}

/** The profile's plain-text fields (URLs and email are validated, not rewritten). */
const PROFILE_TEXT_FIELDS = ['name', 'description', 'address', 'city', 'postcode'] as const;

/** A blank optional text is stored as null. */
const orNull = (value: string) => (value === '' ? null : value);

/** Whether `viewer` may see `club`: approved clubs for everyone; an unapproved one, or one a
 *  moderator removed, for its owner and platform administrators only. */
export function canSeeClub(viewer: Viewer | null, club: Pick<ClubRow, 'id' | 'applicationStatus' | 'removedAt'>): boolean {
  return (club.applicationStatus === 'approved' && club.removedAt === null) || ownsOrAdministers(viewer, club.id);
}

/** Whether `viewer` owns the club `clubId` or is a platform administrator (owner-only fields). */
export function ownsOrAdministers(viewer: Viewer | null, clubId: string): boolean {
  return viewer !== null && (viewer.userId === clubId || viewer.isPlatformAdmin);
}

/** Whether `club` was listed in the directory and a moderator has since removed it: its page
 *  answers 410 Gone rather than 404 (it was public, and is no longer). Clubs are never deleted;
 *  an unapproved club was never public, so it is simply not found. */
export function removedFromDirectory(club: Pick<ClubRow, 'applicationStatus' | 'removedAt'>): boolean {
  return club.applicationStatus === 'approved' && club.removedAt !== null;
}

export class ClubsService {
  /** The batched load by id, built once (one text whatever the batch size: `= any($1)`). */
  private byIdsStatement?: { execute(values: Record<string, unknown>): Promise<ClubView[]> };

  constructor(
    private readonly db: Db,
    /** The owner's notification choices (the notifications module): the club settings' two email
     *  switches are the owner's email choices for the application kinds. */
    private readonly emailChoices?: ClubEmailChoices,
    /** Webhook events (issue 31): a club made by its first profile save is an application. */
    private readonly webhooks?: WebhookEmitter,
  ) {}

  // ---- the owner's club -------------------------------------------------------------------

  /** Creates or updates the caller's profile. The first save creates the club unapproved when the
   *  caller has none; once a profile is saved its club name is read-only. */
  async saveProfile(viewer: Viewer, raw: unknown): Promise<ClubRow> {
    const input = parseInput(clubProfileRules, sanitized(raw, PROFILE_TEXT_FIELDS));
    const profile = {
      category: input.category,
      description: input.description,
      website: orNull(input.websiteUrl),
      contactEmail: input.contactEmail,
      contactPhone: orNull(input.contactPhone),
      facebookUrl: orNull(input.facebookUrl),
      instagramUrl: orNull(input.instagramUrl),
      twitterUrl: orNull(input.twitterUrl),
      address: orNull(input.address),
      city: orNull(input.city),
      postcode: orNull(input.postcode),
      what3words: orNull(input.what3words),
      googleMapsUrl: orNull(input.googleMapsUrl),
    };
    return this.db.transaction(async (tx) => {
      const now = new Date();
      let [current] = await tx.select().from(clubs).where(eq(clubs.id, viewer.userId)).for('update');
      if (!current) {
        const [created] = await tx
          .insert(clubs)
          .values({ id: viewer.userId, name: input.name, ...profile, profileSavedAt: now })
          .onConflictDoNothing()
          .returning();
        if (created) {
          await this.webhooks?.emit(tx, clubApplicationEvent('club.application.submitted', created));
          return created;
        }
        // A concurrent first save won: this one is an update of that club.
        [current] = await tx.select().from(clubs).where(eq(clubs.id, viewer.userId)).for('update');
      }
      if (current!.profileSavedAt && current!.name !== input.name) {
        throw errors.validation(CLUB_MESSAGES.clubNameLockedTitle, { name: CLUB_MESSAGES.clubNameLocked });
      }
      const [updated] = await tx
        .update(clubs)
        .set({ name: input.name, ...profile, profileSavedAt: current!.profileSavedAt ?? now, updatedAt: now })
        .where(eq(clubs.id, viewer.userId))
        .returning();
      return updated!;
    });
  }

  /** The club account's settings: the contact email on the club, the owner's name on the account
   *  and the owner's email choices for applications and withdrawals (their notification
   *  preferences), in one transaction. Without a club the caller may not (FORBIDDEN). */
  async saveSettings(viewer: Viewer, raw: unknown): Promise<ClubRow> {
    const input = parseInput(clubSettingsRules, sanitized(raw, ['ownerName']));
    return this.db.transaction(async (tx) => {
      const [club] = await tx
        .update(clubs)
        .set({
          contactEmail: input.contactEmail,
          updatedAt: new Date(),
        })
        .where(eq(clubs.id, viewer.userId))
        .returning();
      if (!club) throw errors.forbidden(NO_CLUB);
      await tx.update(users).set({ fullName: input.ownerName, updatedAt: new Date() }).where(eq(users.id, viewer.userId));
      await this.emailChoices?.chooseWithin(tx, viewer.userId, [
        { kind: 'volunteer_application_received', channel: 'email', enabled: input.notifyApplicationsByEmail },
        { kind: 'volunteer_application_withdrawn', channel: 'email', enabled: input.notifyWithdrawalsByEmail },
      ]);
      return club;
    });
  }

  // ---- batched relations (DataLoaders) ----------------------------------------------------

  /** Clubs by id, whatever their status (callers apply canSeeClub). */
  async byIds(ids: readonly string[]): Promise<ClubView[]> {
    if (ids.length === 0) return [];
    this.byIdsStatement ??= this.db.select(CLUB_VIEW_COLUMNS).from(clubs).where(anyOfPlaceholder(clubs.id, 'ids')).prepare('clubs_by_ids');
    return this.byIdsStatement.execute({ ids: [...ids] });
  }
}

declare module '../../lib/services.js' {
  interface Services {
    /** The club itself: profile (its application), settings, clubs by id. */
    clubs: ClubsService;
  }
}
