import { Arg, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Public, RequiresScope, SessionOnly, ReadScope } from '../../graphql/access.js';
import { mutate } from '../../graphql/payload.js';
import { requireDatabaseId } from '../../graphql/relay.js';
import { Club } from '../clubs/clubs.types.js';
import { canSeeClub } from '../clubs/clubs.service.js';
import type { KindSetting, NotificationSettingsView } from './notification-preferences.service.js';
import { MUTED_CLUBS_MAX, NOTIFICATION_KINDS, NOTIFICATION_MESSAGES, UNSUBSCRIBE_LINK_DAYS } from './notifications.rules.js';
import {
  NotificationKindSetting,
  NotificationSettings,
  NotificationSettingsChangedEvent,
  SetClubMutedInput,
  SetClubMutedPayload,
  UpdateNotificationDeliveryPayload,
  UpdateNotificationPreferencesPayload,
  UnsubscribeInput,
  UnsubscribeLink,
  UnsubscribePayload,
  UpdateNotificationDeliveryInput,
  UpdateNotificationPreferencesInput,
} from './notifications.types.js';

const settingsPayload = (settings: NotificationSettingsView) => ({ settings: settings as unknown as NotificationSettings });

@Resolver(() => NotificationSettings)
export class NotificationPreferencesResolver {
  @Authorized()
  @ReadScope('read:profile')
  @Query(() => NotificationSettings, { description: 'How notifications reach the caller: every kind × channel, the email cadence, quiet hours and muted clubs.' })
  notificationSettings(@Ctx() ctx: Context) {
    return ctx.services.notificationPreferences.view(ctx.viewer!.userId);
  }

  @Authorized()
  @RequiresScope('profile:write')
  @Mutation(() => UpdateNotificationPreferencesPayload, {
    description: 'Turns kinds of notification on or off per channel (at most 60 changes at once). Unknown kinds or channels, and channels that cannot change (a required one), are refused and nothing changes. Every device of the caller hears of it (notificationSettingsChanged).',
  })
  updateNotificationPreferences(@Arg('input', () => UpdateNotificationPreferencesInput, { description: 'The changes.' }) input: UpdateNotificationPreferencesInput, @Ctx() ctx: Context) {
    return mutate(() => ctx.services.notificationPreferences.updatePreferences(ctx.viewer!, input), settingsPayload);
  }

  @Authorized()
  @RequiresScope('profile:write')
  @Mutation(() => UpdateNotificationDeliveryPayload, {
    description: 'Sets the email cadence (instant, daily or weekly digest, off), quiet hours, time zone, digest hour and push previews. Moving to a digest schedules it; moving away sends what was gathered at once (instant) or lets it go (off).',
  })
  updateNotificationDelivery(@Arg('input', () => UpdateNotificationDeliveryInput, { description: 'The delivery settings.' }) input: UpdateNotificationDeliveryInput, @Ctx() ctx: Context) {
    return mutate(() => ctx.services.notificationPreferences.updateDelivery(ctx.viewer!, input), settingsPayload);
  }

  @Authorized()
  @RequiresScope('profile:write')
  @Mutation(() => SetClubMutedPayload, { description: `Mutes a club the caller may see (its notifications then reach them in the app only; at most ${MUTED_CLUBS_MAX} clubs) or unmutes one.` })
  setClubMuted(@Arg('input', () => SetClubMutedInput, { description: 'The club and whether it is muted.' }) input: SetClubMutedInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.notificationPreferences.setClubMuted(ctx.viewer!, { clubId: requireDatabaseId(input.clubId, 'Club', 'clubId', NOTIFICATION_MESSAGES.clubNotFound), muted: input.muted }),
      settingsPayload,
    );
  }

  @Public()
  @ReadScope('read:public')
  @Query(() => UnsubscribeLink, {
    nullable: true,
    description: 'What a one-click unsubscribe link from a notification email turns off (no sign-in needed: the signed link is the authority); null when the link is invalid or expired.',
  })
  unsubscribeLink(@Arg('token', () => String, { description: 'The token of the link.' }) token: string, @Ctx() ctx: Context) {
    return ctx.services.notificationPreferences.unsubscribeLink(token);
  }

  @Public()
  @SessionOnly()
  @Mutation(() => UnsubscribePayload, {
    description: `Turns off what a one-click unsubscribe link names (that kind of email, or the digests) for the member it was sent to; no sign-in needed. An invalid or expired link is a NOT_FOUND user error. The mail client's RFC 8058 POST to \`/unsubscribe?token={token}\` does the same. Links work for ${UNSUBSCRIBE_LINK_DAYS} days.`,
  })
  unsubscribe(@Arg('input', () => UnsubscribeInput, { description: 'The link.' }) input: UnsubscribeInput, @Ctx() ctx: Context) {
    return mutate(() => ctx.services.notificationPreferences.unsubscribe(input.token), (link) => ({ link }));
  }

  @FieldResolver(() => [Club], { description: `The clubs the caller muted (those the caller may still see), oldest mute first; at most ${MUTED_CLUBS_MAX}.` })
  async mutedClubs(@Root() settings: NotificationSettingsView, @Ctx() ctx: Context) {
    const clubs = await ctx.loaders.club.loadMany(settings.mutedClubIds);
    return clubs.filter((c) => c && !(c instanceof Error) && (canSeeClub(ctx.viewer, c) || c.id === ctx.viewer?.userId));
  }

  @Authorized()
  @ReadScope('read:profile')
  @Subscription(() => NotificationSettingsChangedEvent, {
    name: 'notificationSettingsChanged',
    subscribe: ({ context }) => (context as Context).services.notificationPreferences.stream((context as Context).viewer),
    description: "The caller's notification settings: sent at once, then after every change from any device.",
  })
  notificationSettingsChanged(@Root() settings: NotificationSettingsView): NotificationSettingsChangedEvent {
    return settingsPayload(settings) as NotificationSettingsChangedEvent;
  }
}

@Resolver(() => NotificationKindSetting)
export class NotificationKindSettingResolver {
  @FieldResolver(() => String, { description: 'Its name, as the Notifications page shows it.' })
  label(@Root() setting: KindSetting): string {
    return NOTIFICATION_KINDS[setting.kind].label;
  }

  @FieldResolver(() => String, { description: 'What it is, in one sentence.' })
  description(@Root() setting: KindSetting): string {
    return NOTIFICATION_KINDS[setting.kind].description;
  }
}
