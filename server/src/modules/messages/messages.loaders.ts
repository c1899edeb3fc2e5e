// A message by id, and the members a page of messages names, once per request.
import DataLoader from 'dataloader';
import type { MessageRow } from '../../db/schema/index.js';
import type { UserView } from '../users/users.service.js';
import type { MessageListsService } from './message-lists.service.js';
import type { MemberBlocksService } from './member-blocks.service.js';

export interface MessageLoaders {
  /** Messaging's members (a user, or a former member), by user id, with the loaded promise each
   *  was made from (messages.resolver.ts memberOf). */
  members: Map<string, { loaded: Promise<UserView | null>; member: Promise<UserView> }>;
  message: DataLoader<string, MessageRow | null>;
  /** Whether a member blocked another, keyed `{blocker}|{blocked}` (Member.blockedByMe). */
  blocked: DataLoader<string, boolean>;
}

export function createMessageLoaders(messages: Pick<MessageListsService, 'byIds'>, blocks: MemberBlocksService): MessageLoaders {
  const message = new DataLoader(async (ids: readonly string[]) => {
    const rows = await messages.byIds(ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id) ?? null);
  });
  const blocked = new DataLoader(async (keys: readonly string[]) => {
    const byBlocker = new Map<string, string[]>();
    for (const key of keys) {
      const [blocker, member] = key.split('|') as [string, string];
      byBlocker.set(blocker, [...(byBlocker.get(blocker) ?? []), member]);
    }
    const found = new Map<string, Set<string>>();
    for (const [blocker, members] of byBlocker) found.set(blocker, await blocks.blockedAmong(blocker, members));
    return keys.map((key) => {
      const [blocker, member] = key.split('|') as [string, string];
      return found.get(blocker)?.has(member) ?? false;
    });
  });
  return { members: new Map(), message, blocked };
}

declare module '../../graphql/context.js' {
  interface Loaders extends MessageLoaders {}
}
