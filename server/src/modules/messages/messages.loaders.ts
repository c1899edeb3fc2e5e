// A message by id, and the members a page of messages names, once per request.
import DataLoader from 'dataloader';
import type { MessageRow } from '../../db/schema/index.js';
import type { UserView } from '../users/users.service.js';
import type { MessagesService } from './messages.service.js';

export interface MessageLoaders {
  /** Messaging's members (a user, or a former member), by user id, with the loaded promise each
   *  was made from (messages.resolver.ts memberOf). */
  members: Map<string, { loaded: Promise<UserView | null>; member: Promise<UserView> }>;
  message: DataLoader<string, MessageRow | null>;
}

export function createMessageLoaders(messages: MessagesService): MessageLoaders {
  const message = new DataLoader(async (ids: readonly string[]) => {
    const rows = await messages.byIds(ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id) ?? null);
  });
  return { members: new Map(), message };
}

declare module '../../graphql/context.js' {
  interface Loaders extends MessageLoaders {}
}
