// The VolunteerProfile type, Member.volunteerProfile, the volunteer search, sign-up and the
// caller's profile. Thin: rules and visibility live in volunteers.service.ts.
import { Arg, Args, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { AdminOnly, Public, RequiresScope, SessionOnly, ReadScope } from '../../graphql/access.js';
import { mutate } from '../../graphql/payload.js';
import { registerNodeType } from '../../graphql/node.resolver.js';
import { asProvenOwner, isProvenOwner, Member } from '../users/users.types.js';
import type { UserView } from '../users/users.service.js';
import { canSeeProfileEmail, visibleProfile, type VolunteerProfileView } from './volunteers.service.js';
import { VOLUNTEER_MESSAGES, VOLUNTEER_PAGE_SIZE, volunteerFullName } from './volunteers.rules.js';
import {
  PROFILE_VISIBILITY,
  SaveVolunteerProfileInput,
  SaveVolunteerProfilePayload,
  SignUpVolunteerInput,
  SignUpVolunteerPayload,
  VolunteerProfile,
  VolunteerProfileConnection,
  VolunteersArgs,
} from './volunteers.types.js';

registerNodeType('VolunteerProfile', 'read:volunteering', (ctx, ids) => Promise.all(ids.map((id) => visibleProfile(ctx, id))));

@Resolver(() => VolunteerProfile)
export class VolunteerProfileResolver {
  @Authorized()
  @ReadScope('read:volunteering')
  @Query(() => VolunteerProfileConnection, {
    description: `Find volunteers (owners of approved clubs and platform administrators): profiles of active accounts, newest first, ${VOLUNTEER_PAGE_SIZE} a page unless \`first\` or \`last\` says; never the caller's own. Anyone else is FORBIDDEN '${VOLUNTEER_MESSAGES.searchForbidden}'. Contact emails stay null: write to the volunteer through \`member\`.`,
  })
  async volunteers(@Args(() => VolunteersArgs) args: VolunteersArgs, @Ctx() ctx: Context) {
    const page = await ctx.services.volunteers.search(ctx.viewer!, { ...args });
    for (const row of page.nodes) ctx.loaders.volunteerProfile.prime(row.userId, row);
    return page;
  }

  @Public()
  @SessionOnly()
  @Mutation(() => SignUpVolunteerPayload, {
    description:
      "Creates a volunteer: an active account (its full name is first + last name) and its volunteer profile (contact email = the sign-in email) in one transaction. The password rules and the EMAIL_IN_USE user error are signUp's; sign-ups past the per-address limit are RATE_LIMITED (an error). Sign in afterwards to get a session.",
  })
  signUpVolunteer(@Arg('input', () => SignUpVolunteerInput, { description: 'The new account and its profile.' }) input: SignUpVolunteerInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.volunteers.signUp({ ...input }, ctx.meta),
      (user) => ({ member: asProvenOwner(user) as unknown as Member }),
    );
  }

  @Authorized()
  @RequiresScope('volunteer:write')
  @Mutation(() => SaveVolunteerProfilePayload, {
    description: `Creates the caller's volunteer profile or replaces the saved one (the image is set through the REST upload route). An account that owns a club gets the user error '${VOLUNTEER_MESSAGES.clubAccount}'.`,
  })
  saveVolunteerProfile(@Arg('input', () => SaveVolunteerProfileInput, { description: 'The whole profile form.' }) input: SaveVolunteerProfileInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.volunteers.saveProfile(ctx.viewer!, { ...input }),
      (profile) => {
        ctx.loaders.volunteerProfile.clear(profile.userId).prime(profile.userId, profile);
        ctx.loaders.user.clear(profile.userId);
        return { profile };
      },
    );
  }

  @FieldResolver(() => Member, { description: 'The volunteer’s account (write to it to reach the volunteer).' })
  async member(@Root() profile: VolunteerProfileView, @Ctx() ctx: Context) {
    return ctx.loaders.user.load(profile.userId);
  }

  @FieldResolver(() => String, { description: "First and last name, with a space between." })
  fullName(@Root() profile: VolunteerProfileView): string {
    return volunteerFullName(profile.firstName, profile.lastName);
  }

  @AdminOnly()
  @FieldResolver(() => String, {
    nullable: true,
    description: 'The contact email. Only for the volunteer themselves and platform administrators; null for everyone else (a club searching volunteers never sees it).',
  })
  email(@Root() profile: VolunteerProfileView, @Ctx() ctx: Context): string | null {
    return isProvenOwner(profile) || canSeeProfileEmail(ctx.viewer, profile.userId) ? profile.email : null;
  }

  @FieldResolver(() => String, { nullable: true, description: 'Where the volunteer is (at most 100 characters); null when not given.' })
  location(@Root() profile: VolunteerProfileView): string | null {
    return profile.location || null;
  }

  @FieldResolver(() => String, { nullable: true, description: 'About the volunteer (at most 1000 characters); null when not given.' })
  bio(@Root() profile: VolunteerProfileView): string | null {
    return profile.bio || null;
  }

  @AdminOnly()
  @FieldResolver(() => Date, {
    nullable: true,
    description:
      'When a moderator removed the profile (it is then hidden from everyone else until restored); null when it is not removed. Only for the volunteer themselves and platform administrators; null for everyone else.',
  })
  removedAt(@Root() profile: VolunteerProfileView, @Ctx() ctx: Context): Date | null {
    return isProvenOwner(profile) || canSeeProfileEmail(ctx.viewer, profile.userId) ? profile.removedAt : null;
  }
}

@Resolver(() => Member)
export class MemberVolunteerProfileResolver {
  @FieldResolver(() => VolunteerProfile, { nullable: true, description: `The member's volunteer profile; null when none. ${PROFILE_VISIBILITY}` })
  async volunteerProfile(@Root() member: UserView, @Ctx() ctx: Context) {
    // The account view already knows whether there is a profile: no statement for the others.
    if ('hasVolunteerProfile' in member && !member.hasVolunteerProfile) return null;
    // An account answered to the caller who has just proved to be it (signUpVolunteer): its own
    // profile, its own fields shown.
    if (isProvenOwner(member)) {
      const own = await ctx.loaders.volunteerProfile.load(member.id);
      return own && asProvenOwner(own);
    }
    return visibleProfile(ctx, member.id);
  }
}
