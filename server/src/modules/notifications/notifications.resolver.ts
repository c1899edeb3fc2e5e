import { Arg, Args, Authorized, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { RequiresScope, ReadScope } from '../../graphql/access.js';
import { mutate } from '../../graphql/payload.js';
import { PageArgs, requireDatabaseId } from '../../graphql/relay.js';
import { registerNodeType } from '../../graphql/node.resolver.js';
import type { NotificationRow } from '../../db/schema/index.js';
import type { NotificationAddedRow } from './notifications.service.js';
import { Message } from '../messages/messages.types.js';
import {
  MarkAllNotificationsReadPayload,
  MarkNotificationReadInput,
  MarkNotificationReadPayload,
  Notification,
  NotificationAddedEvent,
  NotificationConnection,
  UnreadNotificationCountEvent,
} from './notifications.types.js';

registerNodeType('Notification', 'read:messages', async (ctx, ids) => {
  if (!ctx.viewer) return ids.map(() => null);
  const rows = await ctx.services.notifications.byIds(ids);
  const mine = new Map(rows.filter((r) => r.userId === ctx.viewer!.userId).map((r) => [r.id, r]));
  return ids.map((id) => mine.get(id) ?? null);
});

@Resolver(() => Notification)
export class NotificationsResolver {
  @Authorized()
  @ReadScope('read:messages')
  @Query(() => NotificationConnection, { description: "The caller's notifications, newest first (10 a page unless `first` or `last` says)." })
  notifications(@Args(() => PageArgs) page: PageArgs, @Ctx() ctx: Context) {
    return ctx.services.notifications.list(ctx.viewer!, page);
  }

  @Authorized()
  @ReadScope('read:messages')
  @Query(() => Int, { description: "How many of the caller's notifications are unread." })
  unreadNotificationCount(@Ctx() ctx: Context) {
    return ctx.services.notifications.unreadCount(ctx.viewer!.userId);
  }

  @Authorized()
  @RequiresScope('messages:write')
  @Mutation(() => MarkNotificationReadPayload, { description: 'Marks one of the caller’s notifications read; for a message notification also its message.' })
  markNotificationRead(@Arg('input', () => MarkNotificationReadInput, { description: 'Which notification to mark read.' }) input: MarkNotificationReadInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.notifications.markRead(ctx.viewer!, requireDatabaseId(input.id, 'Notification', 'id', 'Notification not found'), ctx.services.messageReadState.markMessagesReadIn),
      (notification) => ({ notification }),
    );
  }

  @Authorized()
  @RequiresScope('messages:write')
  @Mutation(() => MarkAllNotificationsReadPayload, { description: "Marks all the caller's notifications read." })
  markAllNotificationsRead(@Ctx() ctx: Context) {
    return mutate(() => ctx.services.notifications.markAllRead(ctx.viewer!), (count) => ({ count }));
  }

  @FieldResolver(() => Message, { nullable: true, description: 'The message a message notification is about; null for other types or a deleted message.' })
  message(@Root() row: NotificationRow, @Ctx() ctx: Context) {
    return row.messageId ? ctx.loaders.message.load(row.messageId) : null;
  }

  @Authorized()
  @ReadScope('read:messages')
  @Subscription(() => NotificationAddedEvent, {
    subscribe: ({ args, context }) => (context as Context).services.notifications.addedStream((context as Context).viewer, (args as { after?: string | null }).after),
    description:
      'A notification for the caller, as it is added. With `after` (the `cursor` of the last event seen, or an edge cursor of `notifications`), first the notifications added since then, oldest first, then the live ones, none lost or repeated in between; at most 24 hours and 100 events back, beyond which the error `CURSOR_EXPIRED` asks the client to read the list again.',
  })
  notificationAdded(
    @Root() event: NotificationAddedRow,
    @Arg('after', () => String, { nullable: true, description: 'The `cursor` of the last event the subscriber saw: the events after it are sent first.' }) _after?: string | null,
  ): NotificationAddedEvent {
    return { notification: event.notification as unknown as Notification, cursor: event.cursor };
  }

  @Authorized()
  @ReadScope('read:messages')
  @Subscription(() => UnreadNotificationCountEvent, {
    name: 'unreadNotificationCount',
    subscribe: ({ context }) => (context as Context).services.notifications.unreadCountStream((context as Context).viewer),
    description: "The caller's unread notification count: sent at once, then on every change.",
  })
  unreadNotificationCountChanged(@Root() count: number): UnreadNotificationCountEvent {
    return { count };
  }
}
