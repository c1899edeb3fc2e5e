// The explorer's examples of the Users and Moderation domains (issue 13): the administrators' user
// list, suspension and reinstatement; a member's report; the moderators' queue, decision and live
// counts. Validated with the others by tests/unit/explorer-examples.test.ts.
import type { ExplorerExample } from './example.js';

export const USERS_AND_MODERATION_EXAMPLES: ExplorerExample[] = [
  {
    name: 'AdminUsers',
    domain: 'Users',
    description: 'Platform administrators: accounts newest first, searched by name or email, with the stat cards (a token needs the admin scope).',
    query: `query AdminUsers($search: String, $filter: AdminUserFilter, $after: String) {
  adminUserStats {
    total
    volunteers
    clubs
    administrators
    suspended
    banned
    newThisWeek
  }
  adminUsers(search: $search, filter: $filter, first: 20, after: $after) {
    totalCount
    pageInfo {
      hasNextPage
      endCursor
    }
    nodes {
      id
      name
      email
      role
      status
      statusReason
      suspendedUntil
      createdAt
      activity {
        messagesSent
        applications
        reportsAgainst
        activeSessions
        lastActiveAt
      }
    }
  }
}
`,
    variables: { search: '', filter: 'ALL' },
  },
  {
    name: 'SuspendUser',
    domain: 'Users',
    description:
      'Platform administrators: suspends an account, until a time or until reinstated. Its sessions and open connections end at once; the member is told the reason at sign-in (audited).',
    query: `mutation SuspendUser($input: SuspendUserInput!) {
  suspendUser(input: $input) {
    member {
      id
      name
      status
      statusReason
      suspendedUntil
    }
    userErrors {
      field
      code
      message
    }
  }
}
`,
    variables: { input: { userId: 'paste a Member id from AdminUsers', reason: 'Repeated spam messages to clubs', until: '2031-01-01T12:00:00.000Z' } },
  },
  {
    name: 'ReinstateUser',
    domain: 'Users',
    description: 'Platform administrators: makes a suspended or banned account active again (the member is emailed; audited).',
    query: `mutation ReinstateUser($input: ReinstateUserInput!) {
  reinstateUser(input: $input) {
    member {
      id
      status
    }
    userErrors {
      field
      code
      message
    }
  }
}
`,
    variables: { input: { userId: 'paste a Member id from AdminUsers', note: 'Appeal accepted' } },
  },
  {
    name: 'ReportContent',
    domain: 'Moderation',
    description:
      'Any member: reports a message you received, a volunteer profile, an opportunity or a club to the moderators (scope reports:write). One open report per item.',
    query: `mutation ReportContent($input: ReportContentInput!) {
  reportContent(input: $input) {
    report {
      id
      targetType
      targetLabel
      reason
      status
      createdAt
    }
    userErrors {
      field
      code
      message
    }
  }
}
`,
    variables: { input: { targetType: 'MESSAGE', targetId: 'paste a Message id from Inbox', reason: 'SPAM', details: 'Advertising, not about the club' } },
  },
  {
    name: 'PendingReports',
    domain: 'Moderation',
    description: 'Platform administrators: the pending reports, newest first, with the counters of the Moderation tab.',
    query: `query PendingReports($after: String) {
  moderationStats {
    totalReports
    pending
    reviewed
    resolved
    dismissed
    actionsTaken
    removedItems
  }
  contentReports(status: PENDING, first: 20, after: $after) {
    totalCount
    pageInfo {
      hasNextPage
      endCursor
    }
    nodes {
      id
      targetType
      targetId
      targetLabel
      targetExcerpt
      reason
      details
      status
      createdAt
      openReportsOnTarget
      reporter {
        name
      }
      targetOwner {
        id
        name
      }
    }
  }
}
`,
  },
  {
    name: 'TakeModerationAction',
    domain: 'Moderation',
    description:
      'Platform administrators: decides a report with a warning (sent as a message), content removal, account suspension or dismissal; the reporter is told the outcome (audited).',
    query: `mutation TakeModerationAction($input: TakeModerationActionInput!) {
  takeModerationAction(input: $input) {
    report {
      id
      status
      closedAt
      targetRemoved
    }
    action {
      id
      actionType
      note
      canRestore
    }
    userErrors {
      field
      code
      message
    }
  }
}
`,
    variables: { input: { reportId: 'paste a ContentReport id from PendingReports', action: 'CONTENT_REMOVAL', note: 'Spam' } },
  },
  {
    name: 'ModerationStatsChanged',
    domain: 'Moderation',
    description: "Live (graphql-ws), platform administrators: the Moderation tab's counters at once, then after every new report and decision.",
    query: `subscription ModerationStatsChanged {
  moderationStatsChanged {
    totalReports
    pending
    actionsTaken
  }
}
`,
  },
];
