// The VolunteerPosition type and the owner's mutations on positions. Thin: rules and ownership
// live in volunteer-positions.service.ts. A club's positions are listed by Club.positions
// (clubs.resolver.ts).
import { Arg, Authorized, Ctx, FieldResolver, Mutation, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { AdminOnly, RequiresScope } from '../../graphql/access.js';
import { mutate } from '../../graphql/payload.js';
import { requireDatabaseId, toGlobalId } from '../../graphql/relay.js';
import { registerNodeType } from '../../graphql/node.resolver.js';
import type { ClubVolunteerPositionRow } from '../../db/schema/index.js';
import { ownsOrAdministers } from './clubs.service.js';
import { forgetPositions, POSITION_NOT_FOUND } from './volunteer-positions.service.js';
import { visiblePositions } from '../opportunities/position-visibility.service.js';
import { Club, OWNER_ONLY } from './clubs.types.js';
import {
  CreateVolunteerPositionInput,
  CreateVolunteerPositionPayload,
  DeleteVolunteerPositionInput,
  DeleteVolunteerPositionPayload,
  SetVolunteerPositionLiveInput,
  SetVolunteerPositionLivePayload,
  UpdateVolunteerPositionInput,
  UpdateVolunteerPositionPayload,
  VolunteerPosition,
} from './volunteer-positions.types.js';

/** The position's database id from its global id; a userError NOT_FOUND on `id` otherwise. */
const positionId = (id: string) => requireDatabaseId(id, 'VolunteerPosition', 'id', POSITION_NOT_FOUND);

// Live positions of approved clubs for everyone; every position of a club for its owner and
// platform administrators (as Club.positions lists them); and a position to a volunteer who applied
// to it (one rule with opportunity(id), in the opportunities module).
registerNodeType('VolunteerPosition', 'read:public', visiblePositions);

@Resolver(() => VolunteerPosition)
export class VolunteerPositionResolver {
  @FieldResolver(() => Club, { description: 'The club that offers the position.' })
  async club(@Root() position: ClubVolunteerPositionRow, @Ctx() ctx: Context) {
    return ctx.loaders.club.load(position.clubId);
  }

  @AdminOnly()
  @FieldResolver(() => Date, {
    nullable: true,
    description: `When a moderator removed the position (it is then hidden from everyone else and cannot be made live until restored); null when it is not removed. ${OWNER_ONLY}`,
  })
  removedAt(@Root() position: ClubVolunteerPositionRow, @Ctx() ctx: Context): Date | null {
    return ownsOrAdministers(ctx.viewer, position.clubId) ? position.removedAt : null;
  }

  @Authorized()
  @RequiresScope('club:write')
  @Mutation(() => CreateVolunteerPositionPayload, {
    description: "Adds a position to the caller's club (once its profile is saved); it starts hidden. A caller without a club is FORBIDDEN.",
  })
  createVolunteerPosition(@Arg('input', () => CreateVolunteerPositionInput, { description: 'The new position.' }) input: CreateVolunteerPositionInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.volunteerPositions.createPosition(ctx.viewer!, { ...input }),
      (position) => {
        forgetPositions(ctx.loaders, position.clubId);
        return { position };
      },
    );
  }

  @Authorized()
  @RequiresScope('club:write')
  @Mutation(() => UpdateVolunteerPositionPayload, {
    description: "Replaces the texts, places and waiting-list policy of one of the caller's club's positions (its visibility stays). Places never fewer than the volunteers accepted or offered a place; more places (or none) give the freed ones to the waiting list at once, by the policy. Another club's position is FORBIDDEN and changes nothing; an unknown id is the user error NOT_FOUND.",
  })
  updateVolunteerPosition(@Arg('input', () => UpdateVolunteerPositionInput, { description: 'Which position, and its new texts.' }) input: UpdateVolunteerPositionInput, @Ctx() ctx: Context) {
    const { id, ...texts } = input;
    return mutate(
      () => ctx.services.volunteerPositions.updatePosition(ctx.viewer!, positionId(id), texts, ctx.services.volunteerPlaces.placesChanged),
      (position) => {
        forgetPositions(ctx.loaders, position.clubId);
        return { position };
      },
    );
  }

  @Authorized()
  @RequiresScope('club:write')
  @Mutation(() => SetVolunteerPositionLivePayload, {
    description: "Shows (isLive true) or hides one of the caller's club's positions; one removed by a moderator cannot be shown ('This position was removed by a moderator.'). Another club's position is FORBIDDEN and changes nothing; an unknown id is the user error NOT_FOUND.",
  })
  setVolunteerPositionLive(@Arg('input', () => SetVolunteerPositionLiveInput, { description: 'Which position, and whether it is live.' }) input: SetVolunteerPositionLiveInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.volunteerPositions.setPositionLive(ctx.viewer!, positionId(input.id), input.isLive),
      (position) => {
        forgetPositions(ctx.loaders, position.clubId);
        return { position };
      },
    );
  }

  @Authorized()
  @RequiresScope('club:write')
  @Mutation(() => DeleteVolunteerPositionPayload, {
    description: "Deletes one of the caller's club's positions. Another club's position is FORBIDDEN and changes nothing; an unknown id is the user error NOT_FOUND.",
  })
  deleteVolunteerPosition(@Arg('input', () => DeleteVolunteerPositionInput, { description: 'Which position.' }) input: DeleteVolunteerPositionInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.volunteerPositions.deletePosition(ctx.viewer!, positionId(input.id), ctx.services.volunteerApplications.tellApplicantsRemoved),
      (position) => {
        forgetPositions(ctx.loaders, position.clubId);
        return { deletedPositionId: toGlobalId('VolunteerPosition', position.id) };
      },
    );
  }
}
