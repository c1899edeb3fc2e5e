// Safeguarding checks (issue 30 §5): administrators keep the kinds; a volunteer records, changes and
// deletes their own checks; the owner of a club they applied to sees them (audited) and verifies
// them for that club; a position names the check it requires. Thin: safeguarding.service.ts (a
// volunteer's own checks), check-kinds.service.ts (the kinds) and check-reviews.service.ts (clubs'
// reviews).
import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { CheckKindRow, ClubVolunteerPositionRow, VolunteerCheckRow } from '../../db/schema/index.js';
import type { Context } from '../../graphql/context.js';
import { RequiresScope, ReadScope } from '../../graphql/access.js';
import { registerNodeType } from '../../graphql/node.resolver.js';
import { mutate } from '../../graphql/payload.js';
import { connectionOfList, databaseId, PageArgs, toGlobalId } from '../../graphql/relay.js';
import { Club } from '../clubs/clubs.types.js';
import { VolunteerPosition } from '../clubs/volunteer-positions.types.js';
import { Member } from '../users/users.types.js';
import { CHECK_MESSAGES as M, CHECK_PAGE_DEFAULT } from './safeguarding.rules.js';
import { visibleVerifications, type CheckVerificationRow } from './check-reviews.service.js';
import type { CheckEventRow } from './safeguarding.service.js';
import {
  ChangeVolunteerCheckInput,
  ChangeVolunteerCheckPayload,
  CheckKind,
  CreateCheckKindInput,
  CreateCheckKindPayload,
  DeleteVolunteerCheckInput,
  DeleteVolunteerCheckPayload,
  RecordVolunteerCheckInput,
  RecordVolunteerCheckPayload,
  SetCheckKindRetiredInput,
  SetCheckKindRetiredPayload,
  UpdateCheckKindInput,
  UpdateCheckKindPayload,
  VerifyVolunteerCheckInput,
  VerifyVolunteerCheckPayload,
  VolunteerCheck,
  VolunteerCheckEvent,
  VolunteerCheckEventConnection,
  VolunteerCheckVerification,
  VolunteerCheckVerificationConnection,
} from './safeguarding.types.js';

const ADMIN = 'Platform administrators only.';

// A kind offered: anyone (positions show the check they require to whoever sees them); a retired
// kind: administrators only (it still shows on the positions and checks that name it).
registerNodeType('CheckKind', 'read:public', async (ctx, ids) => {
  const rows = await ctx.loaders.checkKind.loadMany(ids);
  return rows.map((row) => (row && !(row instanceof Error) && (row.retiredAt === null || ctx.viewer?.isPlatformAdmin) ? row : null));
});

// A check by id: its volunteer only. Clubs and administrators read checks through
// applicantChecks, which audits each view.
registerNodeType('VolunteerCheck', 'read:volunteering', async (ctx, ids) => {
  const byId = new Map((await ctx.services.safeguarding.checksByIds(ids)).map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    return row && ctx.viewer && row.volunteerId === ctx.viewer.userId ? row : null;
  });
});

@Resolver(() => CheckKind)
export class CheckKindResolver {
  @Authorized()
  @ReadScope('read:public')
  @Query(() => [CheckKind], { description: 'The kinds of safeguarding check offered (not retired), by name: what position and check forms choose from. Any signed-in caller.' })
  checkKinds(@Ctx() ctx: Context) {
    return ctx.services.checkKinds.kinds();
  }

  @Authorized('platform_admin')
  @ReadScope('read:admin')
  @Query(() => [CheckKind], { description: `Every kind of safeguarding check, retired ones too, by name. ${ADMIN}` })
  adminCheckKinds(@Ctx() ctx: Context) {
    return ctx.services.checkKinds.kinds({ includeRetired: true });
  }

  @Authorized('platform_admin')
  @RequiresScope('admin')
  @Mutation(() => CreateCheckKindPayload, { description: `Adds a kind of safeguarding check to the platform's list (its name unique whatever the letter case). ${ADMIN}` })
  createCheckKind(@Arg('input', () => CreateCheckKindInput, { description: 'Its name and description.' }) input: CreateCheckKindInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.checkKinds.createKind(ctx.viewer!, { name: input.name, description: input.description }),
      (checkKind) => ({ checkKind }),
    );
  }

  @Authorized('platform_admin')
  @RequiresScope('admin')
  @Mutation(() => UpdateCheckKindPayload, { description: `Renames or describes a kind of check (the checks and positions naming it follow). An unknown id is NOT_FOUND '${M.kindNotFound}'. ${ADMIN}` })
  updateCheckKind(@Arg('input', () => UpdateCheckKindInput, { description: 'Which kind, and its new name and description.' }) input: UpdateCheckKindInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.checkKinds.updateKind(ctx.viewer!, databaseId(input.checkKindId, 'CheckKind'), { name: input.name, description: input.description }),
      (checkKind) => ({ checkKind }),
    );
  }

  @Authorized('platform_admin')
  @RequiresScope('admin')
  @Mutation(() => SetCheckKindRetiredPayload, {
    description: `Retires a kind of check (no longer offered for new checks and positions; the checks and positions that name it keep it, and positions still require it) or offers it again. ${ADMIN}`,
  })
  setCheckKindRetired(@Arg('input', () => SetCheckKindRetiredInput, { description: 'Which kind, and whether it is retired.' }) input: SetCheckKindRetiredInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.checkKinds.setKindRetired(ctx.viewer!, databaseId(input.checkKindId, 'CheckKind'), input.retired),
      (checkKind) => ({ checkKind }),
    );
  }
}

@Resolver(() => VolunteerCheck)
export class VolunteerCheckResolver {
  @Authorized()
  @ReadScope('read:volunteering')
  @Query(() => [VolunteerCheck], { description: "The caller's own safeguarding checks, by kind name (empty without any)." })
  myVolunteerChecks(@Ctx() ctx: Context) {
    return ctx.services.safeguarding.mine(ctx.viewer!);
  }

  @Authorized()
  @ReadScope('read:volunteering')
  @Query(() => [VolunteerCheck], {
    nullable: true,
    description:
      "The safeguarding checks of the volunteer who made an application, for the owner of the application's club and platform administrators: each check read is written to its audit as a view, which the volunteer sees. Null for anyone else or an unknown application.",
  })
  applicantChecks(@Arg('applicationId', () => ID, { description: "The application's global id." }) applicationId: string, @Ctx() ctx: Context) {
    return ctx.services.checkReviews.applicantChecks(ctx.viewer!, databaseId(applicationId, 'VolunteerApplication'));
  }

  @Authorized()
  @RequiresScope('volunteer:write')
  @Mutation(() => RecordVolunteerCheckPayload, {
    description:
      "Records a safeguarding check on the caller's volunteer profile: its kind (one of `checkKinds`, one check per kind), issue date (not in the future) and expiry or renewal date (after it). Nothing else is kept. A reminder goes to the caller and the clubs relying on it 30 days before it expires.",
  })
  recordVolunteerCheck(@Arg('input', () => RecordVolunteerCheckInput, { description: 'The kind and dates.' }) input: RecordVolunteerCheckInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.safeguarding.record(ctx.viewer!, { ...input }),
      (check) => ({ check }),
    );
  }

  @Authorized()
  @RequiresScope('volunteer:write')
  @Mutation(() => ChangeVolunteerCheckPayload, {
    description: `New dates for one of the caller's checks: every club's verification of it is removed (they verified other dates), and its reminder moves. Someone else's check is NOT_FOUND '${M.checkNotFound}'.`,
  })
  changeVolunteerCheck(@Arg('input', () => ChangeVolunteerCheckInput, { description: 'Which check, and its dates.' }) input: ChangeVolunteerCheckInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.safeguarding.change(ctx.viewer!, databaseId(input.checkId, 'VolunteerCheck'), { issuedOn: input.issuedOn, expiresOn: input.expiresOn }),
      (check) => ({ check }),
    );
  }

  @Authorized()
  @RequiresScope('volunteer:write')
  @Mutation(() => DeleteVolunteerCheckPayload, { description: `Deletes one of the caller's checks, with its verifications and reminder (its audit keeps that it was deleted). Someone else's check is NOT_FOUND '${M.checkNotFound}'.` })
  deleteVolunteerCheck(@Arg('input', () => DeleteVolunteerCheckInput, { description: 'Which check.' }) input: DeleteVolunteerCheckInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.safeguarding.remove(ctx.viewer!, databaseId(input.checkId, 'VolunteerCheck')),
      (check) => ({ deletedCheckId: toGlobalId('VolunteerCheck', check.id) }),
    );
  }

  @Authorized()
  @RequiresScope('club:write')
  @Mutation(() => VerifyVolunteerCheckPayload, {
    description: `The caller's club verifies (verified true) a check of a volunteer who applied to one of its positions, or withdraws its verification (who and when are kept, and written to the check's audit). A caller without a club is FORBIDDEN; a check of someone who never applied to the club is NOT_FOUND '${M.checkNotFound}'; an expired check cannot be verified.`,
  })
  verifyVolunteerCheck(@Arg('input', () => VerifyVolunteerCheckInput, { description: 'Which check, and whether the club verifies it.' }) input: VerifyVolunteerCheckInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.checkReviews.setVerified(ctx.viewer!, databaseId(input.checkId, 'VolunteerCheck'), input.verified),
      (check) => {
        ctx.loaders.checkVerifications.clear(check.id);
        return { check };
      },
    );
  }

  @FieldResolver(() => CheckKind, { description: 'Which kind of check it is.' })
  async kind(@Root() check: VolunteerCheckRow, @Ctx() ctx: Context): Promise<CheckKindRow> {
    return (await ctx.loaders.checkKind.load(check.kindId))!;
  }

  @FieldResolver(() => VolunteerCheckVerificationConnection, {
    description: `The clubs that verified it, oldest first: all of them for the volunteer (and administrators); a club's owner sees their own club's only. ${CHECK_PAGE_DEFAULT} a page unless \`first\` or \`last\` says.`,
  })
  async verifications(@Root() check: VolunteerCheckRow, @Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    const rows = visibleVerifications(ctx.viewer, check, await ctx.loaders.checkVerifications.load(check.id));
    return connectionOfList(rows, args, (r) => [r.verifiedAt.toISOString(), r.clubId], CHECK_PAGE_DEFAULT, 'checkVerifications');
  }

  @FieldResolver(() => VolunteerCheckEventConnection, {
    description: `Its audit, newest first: who viewed or changed it and when. Its volunteer only (an empty page for anyone else). ${CHECK_PAGE_DEFAULT} a page unless \`first\` or \`last\` says.`,
  })
  history(@Root() check: VolunteerCheckRow, @Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    return ctx.services.safeguarding.history(ctx.viewer, check, args);
  }
}

@Resolver(() => VolunteerCheckVerification)
export class VolunteerCheckVerificationResolver {
  @FieldResolver(() => Club, { nullable: true, description: 'The club it counts for; null once the club is gone.' })
  club(@Root() row: CheckVerificationRow, @Ctx() ctx: Context) {
    return ctx.loaders.club.load(row.clubId);
  }

  @FieldResolver(() => Member, { nullable: true, description: "Who verified it (the club's owner); null once the account is gone." })
  verifiedBy(@Root() row: CheckVerificationRow, @Ctx() ctx: Context) {
    return row.verifiedBy ? ctx.loaders.user.load(row.verifiedBy) : null;
  }
}

@Resolver(() => VolunteerCheckEvent)
export class VolunteerCheckEventResolver {
  @FieldResolver(() => Member, { nullable: true, description: 'Who did it; null for the platform itself (a reminder) or once the account is gone.' })
  actor(@Root() row: CheckEventRow, @Ctx() ctx: Context) {
    return row.actorId ? ctx.loaders.user.load(row.actorId) : null;
  }

  @FieldResolver(() => Club, { nullable: true, description: "The club it was for (a club owner's view or verification); null otherwise." })
  club(@Root() row: CheckEventRow, @Ctx() ctx: Context) {
    return row.clubId ? ctx.loaders.club.load(row.clubId) : null;
  }
}

@Resolver(() => VolunteerPosition)
export class PositionRequiredCheckResolver {
  @FieldResolver(() => CheckKind, {
    nullable: true,
    description:
      'The safeguarding check the position requires; null when none. Applying needs it recorded on the volunteer profile and unexpired; being accepted or promoted from the waiting list needs it verified by the club and unexpired.',
  })
  async requiredCheck(@Root() position: ClubVolunteerPositionRow, @Ctx() ctx: Context): Promise<CheckKindRow | null> {
    return position.requiredCheckKindId ? ctx.loaders.checkKind.load(position.requiredCheckKindId) : null;
  }
}
