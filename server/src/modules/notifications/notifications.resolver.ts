import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Topic, type TopicPayloads } from '../../graphql/pubsub.js';
import { errors } from '../../lib/errors.js';
import { Notification } from './notifications.types.js';

@Resolver(() => Notification)
export class NotificationsResolver {
  @Authorized()
  @Query(() => [Notification], { description: "The caller's newest notifications (10 by default)." })
  notifications(@Arg('limit', () => Int, { defaultValue: 10 }) limit: number, @Ctx() ctx: Context) {
    return ctx.services.notifications.list(ctx.viewer!, limit);
  }

  @Authorized()
  @Query(() => Int, { description: "The caller's unread notifications." })
  unreadNotificationCount(@Ctx() ctx: Context) {
    return ctx.services.notifications.unreadCount(ctx.viewer!.userId);
  }

  @Authorized()
  @Mutation(() => Notification, { description: 'Marks a notification read; for a message notification also its message.' })
  markNotificationRead(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.services.notifications.markRead(ctx.viewer!, id, ctx.services.messages.markMessagesReadIn);
  }

  @Authorized()
  @Mutation(() => Int, { description: "Marks all the caller's notifications read; answers how many changed." })
  markAllNotificationsRead(@Ctx() ctx: Context) {
    return ctx.services.notifications.markAllRead(ctx.viewer!);
  }

  @Authorized()
  @Subscription(() => Notification, {
    topics: Topic.NotificationAdded,
    topicId: ({ context }) => (context as Context).viewer?.userId ?? 'anonymous',
    description: 'A notification for the caller, as it is added.',
  })
  async notificationAdded(@Root() payload: TopicPayloads[Topic.NotificationAdded], @Ctx() ctx: Context) {
    const [row] = await ctx.services.notifications.byIds([payload.notificationId]);
    if (!row) throw errors.notFound('Notification not found');
    return row;
  }

  @Authorized()
  @Subscription(() => Int, {
    name: 'unreadNotificationCount',
    subscribe: ({ context }) => (context as Context).services.notifications.unreadCountStream((context as Context).viewer),
    description: "The caller's unread notification count: sent at once, then on every change.",
  })
  unreadNotificationCountChanged(@Root() count: number): number {
    return count;
  }
}
