// The explorer's examples of the account, messages and notifications: who the request acts as, the
// inbox, sending a message and hearing of new ones, the notifications list.
import type { ExplorerExample } from './example.js';

export const ACCOUNT_AND_MESSAGES_EXAMPLES: ExplorerExample[] = [
  {
    name: 'Me',
    domain: 'Account',
    description: 'Who the request acts as (null when signed out).',
    query: `query Me {
  me {
    id
    name
    email
    role
    club {
      id
      name
    }
  }
}
`,
  },
  {
    name: 'Inbox',
    domain: 'Messages',
    description: 'The newest messages you received, a page at a time (pass endCursor as after for the next).',
    query: `query Inbox($first: Int, $after: String) {
  inbox(first: $first, after: $after) {
    totalCount
    pageInfo {
      hasNextPage
      endCursor
    }
    nodes {
      id
      subject
      content
      read
      createdAt
      sender {
        id
        name
      }
    }
  }
}
`,
    variables: { first: 10 },
  },
  {
    name: 'Recipients',
    domain: 'Messages',
    description: 'Members you can write to (their id is the recipientId of SendMessage).',
    query: `query Recipients($search: String) {
  messageRecipients(search: $search, first: 20) {
    nodes {
      id
      name
      kind
    }
  }
}
`,
    variables: { search: '' },
  },
  {
    name: 'SendMessage',
    domain: 'Messages',
    description: 'Sends a message (scope messages:write). Rule violations come back as userErrors.',
    query: `mutation SendMessage($input: SendMessageInput!) {
  sendMessage(input: $input) {
    message {
      id
      subject
      createdAt
      recipient {
        name
      }
    }
    userErrors {
      field
      code
      message
    }
  }
}
`,
    variables: { input: { recipientId: 'a Member id from Recipients', subject: 'Training on Saturday', content: 'Can you help at the track from nine?', idempotencyKey: 'a-new-uuid-per-send' } },
  },
  {
    name: 'MessageReceived',
    domain: 'Messages',
    description: 'Live: every message you receive, as it arrives (graphql-ws).',
    query: `subscription MessageReceived {
  messageReceived {
    message {
      id
      subject
      sender {
        name
      }
    }
  }
}
`,
  },
  {
    name: 'Notifications',
    domain: 'Notifications',
    description: 'Your notification bell: the newest entries and the unread count.',
    query: `query Notifications {
  unreadNotificationCount
  notifications(first: 10) {
    nodes {
      id
      type
      title
      description
      read
      createdAt
    }
  }
}
`,
  },
  {
    name: 'MarkAllNotificationsRead',
    domain: 'Notifications',
    description: 'Marks every notification read (scope messages:write).',
    query: `mutation MarkAllNotificationsRead {
  markAllNotificationsRead {
    count
    userErrors {
      message
    }
  }
}
`,
  },
];
