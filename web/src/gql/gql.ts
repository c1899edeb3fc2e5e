/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "subscription SessionRevoked {\n  sessionRevoked\n}": typeof types.SessionRevokedDocument,
    "mutation ReportNotFound($path: String!) {\n  reportNotFound(path: $path)\n}": typeof types.ReportNotFoundDocument,
    "fragment MessageBubble_message on Message {\n  id\n  senderId\n  senderName\n  recipientId\n  recipientName\n  subject\n  content\n  read\n  createdAt\n}\n\nfragment ConversationListItem_conversation on Conversation {\n  partnerId\n  partnerName\n  unreadCount\n  lastMessage {\n    ...MessageBubble_message\n  }\n}\n\nquery Conversations($filter: ConversationFilter!, $search: String, $limit: Int!, $offset: Int!) {\n  conversations(filter: $filter, search: $search, limit: $limit, offset: $offset) {\n    ...ConversationListItem_conversation\n  }\n}\n\nquery ConversationCounts($search: String) {\n  conversationCounts(search: $search) {\n    all\n    unread\n    sent\n  }\n}\n\nquery Conversation($partnerId: ID!, $limit: Int!) {\n  conversation(partnerId: $partnerId, limit: $limit) {\n    ...MessageBubble_message\n  }\n}\n\nquery UnreadMessageCount {\n  unreadMessageCount\n}\n\nquery MessageRecipients($search: String, $limit: Int!) {\n  messageRecipients(search: $search, limit: $limit) {\n    id\n    name\n    kind\n  }\n}\n\nmutation SendMessage($input: SendMessageInput!) {\n  sendMessage(input: $input) {\n    ...MessageBubble_message\n  }\n}\n\nmutation MarkConversationRead($senderId: ID!) {\n  markConversationRead(senderId: $senderId)\n}\n\nmutation DeleteMessage($id: ID!) {\n  deleteMessage(id: $id)\n}\n\nsubscription UnreadMessageCountChanged {\n  unreadMessageCount\n}\n\nsubscription MessageReceived {\n  messageReceived {\n    ...MessageBubble_message\n  }\n}\n\nsubscription MessageRead {\n  messageRead\n}\n\nquery MessageRecipient($id: ID!) {\n  messageRecipient(id: $id) {\n    id\n    name\n    kind\n  }\n}\n\nsubscription MessageDeleted {\n  messageDeleted\n}": typeof types.MessageBubble_MessageFragmentDoc,
    "fragment NotificationItem_notification on Notification {\n  id\n  type\n  title\n  description\n  createdAt\n  read\n  actionUrl\n  messageId\n}\n\nquery Notifications($limit: Int!) {\n  notifications(limit: $limit) {\n    ...NotificationItem_notification\n  }\n}\n\nquery UnreadNotificationCount {\n  unreadNotificationCount\n}\n\nmutation MarkNotificationRead($id: ID!) {\n  markNotificationRead(id: $id) {\n    ...NotificationItem_notification\n  }\n}\n\nmutation MarkAllNotificationsRead {\n  markAllNotificationsRead\n}\n\nsubscription NotificationAdded {\n  notificationAdded {\n    ...NotificationItem_notification\n  }\n}\n\nsubscription UnreadNotificationCountChanged {\n  unreadNotificationCount\n}": typeof types.NotificationItem_NotificationFragmentDoc,
    "query Me {\n  me {\n    id\n    email\n    fullName\n    role\n    isCouncilAdmin\n    hasVolunteerProfile\n    createdAt\n    club {\n      id\n      name\n      applicationStatus\n    }\n  }\n}": typeof types.MeDocument,
};
const documents: Documents = {
    "subscription SessionRevoked {\n  sessionRevoked\n}": types.SessionRevokedDocument,
    "mutation ReportNotFound($path: String!) {\n  reportNotFound(path: $path)\n}": types.ReportNotFoundDocument,
    "fragment MessageBubble_message on Message {\n  id\n  senderId\n  senderName\n  recipientId\n  recipientName\n  subject\n  content\n  read\n  createdAt\n}\n\nfragment ConversationListItem_conversation on Conversation {\n  partnerId\n  partnerName\n  unreadCount\n  lastMessage {\n    ...MessageBubble_message\n  }\n}\n\nquery Conversations($filter: ConversationFilter!, $search: String, $limit: Int!, $offset: Int!) {\n  conversations(filter: $filter, search: $search, limit: $limit, offset: $offset) {\n    ...ConversationListItem_conversation\n  }\n}\n\nquery ConversationCounts($search: String) {\n  conversationCounts(search: $search) {\n    all\n    unread\n    sent\n  }\n}\n\nquery Conversation($partnerId: ID!, $limit: Int!) {\n  conversation(partnerId: $partnerId, limit: $limit) {\n    ...MessageBubble_message\n  }\n}\n\nquery UnreadMessageCount {\n  unreadMessageCount\n}\n\nquery MessageRecipients($search: String, $limit: Int!) {\n  messageRecipients(search: $search, limit: $limit) {\n    id\n    name\n    kind\n  }\n}\n\nmutation SendMessage($input: SendMessageInput!) {\n  sendMessage(input: $input) {\n    ...MessageBubble_message\n  }\n}\n\nmutation MarkConversationRead($senderId: ID!) {\n  markConversationRead(senderId: $senderId)\n}\n\nmutation DeleteMessage($id: ID!) {\n  deleteMessage(id: $id)\n}\n\nsubscription UnreadMessageCountChanged {\n  unreadMessageCount\n}\n\nsubscription MessageReceived {\n  messageReceived {\n    ...MessageBubble_message\n  }\n}\n\nsubscription MessageRead {\n  messageRead\n}\n\nquery MessageRecipient($id: ID!) {\n  messageRecipient(id: $id) {\n    id\n    name\n    kind\n  }\n}\n\nsubscription MessageDeleted {\n  messageDeleted\n}": types.MessageBubble_MessageFragmentDoc,
    "fragment NotificationItem_notification on Notification {\n  id\n  type\n  title\n  description\n  createdAt\n  read\n  actionUrl\n  messageId\n}\n\nquery Notifications($limit: Int!) {\n  notifications(limit: $limit) {\n    ...NotificationItem_notification\n  }\n}\n\nquery UnreadNotificationCount {\n  unreadNotificationCount\n}\n\nmutation MarkNotificationRead($id: ID!) {\n  markNotificationRead(id: $id) {\n    ...NotificationItem_notification\n  }\n}\n\nmutation MarkAllNotificationsRead {\n  markAllNotificationsRead\n}\n\nsubscription NotificationAdded {\n  notificationAdded {\n    ...NotificationItem_notification\n  }\n}\n\nsubscription UnreadNotificationCountChanged {\n  unreadNotificationCount\n}": types.NotificationItem_NotificationFragmentDoc,
    "query Me {\n  me {\n    id\n    email\n    fullName\n    role\n    isCouncilAdmin\n    hasVolunteerProfile\n    createdAt\n    club {\n      id\n      name\n      applicationStatus\n    }\n  }\n}": types.MeDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "subscription SessionRevoked {\n  sessionRevoked\n}"): (typeof documents)["subscription SessionRevoked {\n  sessionRevoked\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ReportNotFound($path: String!) {\n  reportNotFound(path: $path)\n}"): (typeof documents)["mutation ReportNotFound($path: String!) {\n  reportNotFound(path: $path)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment MessageBubble_message on Message {\n  id\n  senderId\n  senderName\n  recipientId\n  recipientName\n  subject\n  content\n  read\n  createdAt\n}\n\nfragment ConversationListItem_conversation on Conversation {\n  partnerId\n  partnerName\n  unreadCount\n  lastMessage {\n    ...MessageBubble_message\n  }\n}\n\nquery Conversations($filter: ConversationFilter!, $search: String, $limit: Int!, $offset: Int!) {\n  conversations(filter: $filter, search: $search, limit: $limit, offset: $offset) {\n    ...ConversationListItem_conversation\n  }\n}\n\nquery ConversationCounts($search: String) {\n  conversationCounts(search: $search) {\n    all\n    unread\n    sent\n  }\n}\n\nquery Conversation($partnerId: ID!, $limit: Int!) {\n  conversation(partnerId: $partnerId, limit: $limit) {\n    ...MessageBubble_message\n  }\n}\n\nquery UnreadMessageCount {\n  unreadMessageCount\n}\n\nquery MessageRecipients($search: String, $limit: Int!) {\n  messageRecipients(search: $search, limit: $limit) {\n    id\n    name\n    kind\n  }\n}\n\nmutation SendMessage($input: SendMessageInput!) {\n  sendMessage(input: $input) {\n    ...MessageBubble_message\n  }\n}\n\nmutation MarkConversationRead($senderId: ID!) {\n  markConversationRead(senderId: $senderId)\n}\n\nmutation DeleteMessage($id: ID!) {\n  deleteMessage(id: $id)\n}\n\nsubscription UnreadMessageCountChanged {\n  unreadMessageCount\n}\n\nsubscription MessageReceived {\n  messageReceived {\n    ...MessageBubble_message\n  }\n}\n\nsubscription MessageRead {\n  messageRead\n}\n\nquery MessageRecipient($id: ID!) {\n  messageRecipient(id: $id) {\n    id\n    name\n    kind\n  }\n}\n\nsubscription MessageDeleted {\n  messageDeleted\n}"): (typeof documents)["fragment MessageBubble_message on Message {\n  id\n  senderId\n  senderName\n  recipientId\n  recipientName\n  subject\n  content\n  read\n  createdAt\n}\n\nfragment ConversationListItem_conversation on Conversation {\n  partnerId\n  partnerName\n  unreadCount\n  lastMessage {\n    ...MessageBubble_message\n  }\n}\n\nquery Conversations($filter: ConversationFilter!, $search: String, $limit: Int!, $offset: Int!) {\n  conversations(filter: $filter, search: $search, limit: $limit, offset: $offset) {\n    ...ConversationListItem_conversation\n  }\n}\n\nquery ConversationCounts($search: String) {\n  conversationCounts(search: $search) {\n    all\n    unread\n    sent\n  }\n}\n\nquery Conversation($partnerId: ID!, $limit: Int!) {\n  conversation(partnerId: $partnerId, limit: $limit) {\n    ...MessageBubble_message\n  }\n}\n\nquery UnreadMessageCount {\n  unreadMessageCount\n}\n\nquery MessageRecipients($search: String, $limit: Int!) {\n  messageRecipients(search: $search, limit: $limit) {\n    id\n    name\n    kind\n  }\n}\n\nmutation SendMessage($input: SendMessageInput!) {\n  sendMessage(input: $input) {\n    ...MessageBubble_message\n  }\n}\n\nmutation MarkConversationRead($senderId: ID!) {\n  markConversationRead(senderId: $senderId)\n}\n\nmutation DeleteMessage($id: ID!) {\n  deleteMessage(id: $id)\n}\n\nsubscription UnreadMessageCountChanged {\n  unreadMessageCount\n}\n\nsubscription MessageReceived {\n  messageReceived {\n    ...MessageBubble_message\n  }\n}\n\nsubscription MessageRead {\n  messageRead\n}\n\nquery MessageRecipient($id: ID!) {\n  messageRecipient(id: $id) {\n    id\n    name\n    kind\n  }\n}\n\nsubscription MessageDeleted {\n  messageDeleted\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment NotificationItem_notification on Notification {\n  id\n  type\n  title\n  description\n  createdAt\n  read\n  actionUrl\n  messageId\n}\n\nquery Notifications($limit: Int!) {\n  notifications(limit: $limit) {\n    ...NotificationItem_notification\n  }\n}\n\nquery UnreadNotificationCount {\n  unreadNotificationCount\n}\n\nmutation MarkNotificationRead($id: ID!) {\n  markNotificationRead(id: $id) {\n    ...NotificationItem_notification\n  }\n}\n\nmutation MarkAllNotificationsRead {\n  markAllNotificationsRead\n}\n\nsubscription NotificationAdded {\n  notificationAdded {\n    ...NotificationItem_notification\n  }\n}\n\nsubscription UnreadNotificationCountChanged {\n  unreadNotificationCount\n}"): (typeof documents)["fragment NotificationItem_notification on Notification {\n  id\n  type\n  title\n  description\n  createdAt\n  read\n  actionUrl\n  messageId\n}\n\nquery Notifications($limit: Int!) {\n  notifications(limit: $limit) {\n    ...NotificationItem_notification\n  }\n}\n\nquery UnreadNotificationCount {\n  unreadNotificationCount\n}\n\nmutation MarkNotificationRead($id: ID!) {\n  markNotificationRead(id: $id) {\n    ...NotificationItem_notification\n  }\n}\n\nmutation MarkAllNotificationsRead {\n  markAllNotificationsRead\n}\n\nsubscription NotificationAdded {\n  notificationAdded {\n    ...NotificationItem_notification\n  }\n}\n\nsubscription UnreadNotificationCountChanged {\n  unreadNotificationCount\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Me {\n  me {\n    id\n    email\n    fullName\n    role\n    isCouncilAdmin\n    hasVolunteerProfile\n    createdAt\n    club {\n      id\n      name\n      applicationStatus\n    }\n  }\n}"): (typeof documents)["query Me {\n  me {\n    id\n    email\n    fullName\n    role\n    isCouncilAdmin\n    hasVolunteerProfile\n    createdAt\n    club {\n      id\n      name\n      applicationStatus\n    }\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;