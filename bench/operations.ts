// The four measured messaging operations as a client sends them to Clubroom (GraphQL), used by the
// messaging benchmarks (bench/statements.ts, bench/profile.ts, bench/ws*.ts) and `npm run bench`.
import { toGlobalId } from '../server/src/graphql/relay.js';
import type { BenchUser } from './lib.js';

/** A member's GraphQL id from its user id (GraphQL arguments take global ids). */
export const memberId = (userId: string) => toGlobalId('Member', userId);

export type Operation = 'inbox' | 'conversations' | 'conversation' | 'unreadMessageCount';
export const OPERATIONS: Operation[] = ['inbox', 'conversations', 'conversation', 'unreadMessageCount'];

const MESSAGE_FIELDS = 'id subject content read createdAt sender { id } recipient { id }';

export const GRAPHQL: Record<Operation, string> = {
  inbox: `query Inbox { inbox(first: 50) { nodes { ${MESSAGE_FIELDS} sender { name } } } }`,
  conversations: `query Conversations($first: Int!) { conversations(first: $first) { nodes { partner { id name } unreadCount lastMessage { ${MESSAGE_FIELDS} } } } }`,
  // The newest page, as the conversation panel loads it (at most 100 a page).
  conversation: `query Conversation($partnerId: ID!) { conversation(partnerId: $partnerId, last: 100) { nodes { ${MESSAGE_FIELDS} } } }`,
  unreadMessageCount: `query Unread { unreadMessageCount }`,
};

/** The conversations query with the display names of each last message: these go through the
 *  per-request DataLoader, so the statement count shows whether they are batched. */
export const CONVERSATIONS_WITH_NAMES = `query ConversationsNamed($first: Int!) { conversations(first: $first) { nodes { partner { id name } unreadCount lastMessage { ${MESSAGE_FIELDS} sender { name } recipient { name } } } } }`;

export interface Target {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** One request of `op` for `user` (`partner`: someone they exchanged messages with). */
export function graphqlRequest(op: Operation, user: BenchUser, partner: string): Target {
  const variables = op === 'conversations' ? { first: 50 } : op === 'conversation' ? { partnerId: memberId(partner) } : undefined;
  return {
    method: 'POST',
    path: '/graphql',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
    body: JSON.stringify({ query: GRAPHQL[op], variables }),
  };
}

export async function send(baseUrl: string, target: Target): Promise<{ status: number; body: any }> {
  const res = await fetch(baseUrl + target.path, { method: target.method, headers: target.headers, body: target.body });
  return { status: res.status, body: await res.json() };
}
