// Example operations of the explorer, one or more per domain. A unit test validates every one
// against schema.graphql and the document limits (tests/unit/explorer-examples.test.ts), so they
// change with the schema. The Users and Moderation examples live in examples-moderation.ts.
import { USERS_AND_MODERATION_EXAMPLES } from './examples-moderation.js';
import type { ExplorerExample } from './explorer-example.js';

export type { ExplorerExample };

export const EXPLORER_EXAMPLES: ExplorerExample[] = [
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
  {
    name: 'ClubDirectory',
    domain: 'Clubs',
    description: 'Approved clubs by name; search is full text with prefixes ("foot lon").',
    query: `query ClubDirectory($search: String, $sport: String, $after: String) {
  clubs(search: $search, sport: $sport, first: 24, after: $after) {
    totalCount
    pageInfo {
      hasNextPage
      endCursor
    }
    nodes {
      id
      name
      category
      city
    }
  }
}
`,
    variables: { search: null, sport: null },
  },
  {
    name: 'CouncilMeetings',
    domain: 'Sports council',
    description: "Upcoming and past public meetings of the sports council, judged against today in the council's time zone; each list pages on its own.",
    query: `query CouncilMeetings($year: Int) {
  publicCouncilMeetings(year: $year) {
    today
    upcoming(first: 10) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        id
        title
        meetingDate
        meetingTime
        location
      }
    }
    past(first: 10) {
      totalCount
      nodes {
        id
        title
        meetingDate
      }
    }
  }
}
`,
  },
  {
    name: 'MyApiTokens',
    domain: 'API tokens',
    description: 'Your API tokens (signed-in session only: a token never lists tokens).',
    query: `query MyApiTokens {
  apiTokens(first: 20) {
    nodes {
      id
      name
      prefix
      scopes
      expiresAt
      lastUsedAt
      active
    }
  }
}
`,
  },
  {
    name: 'CreateApiToken',
    domain: 'API tokens',
    description: 'Creates a token (signed-in session only). Copy the secret now: it is shown once.',
    query: `mutation CreateApiToken($input: CreateApiTokenInput!) {
  createApiToken(input: $input) {
    secret
    token {
      id
      name
      prefix
      scopes
      expiresAt
    }
    userErrors {
      field
      message
    }
  }
}
`,
    variables: { input: { name: 'Inbox sync script', scopes: ['READ', 'MESSAGES_WRITE'], expiresAt: null } },
  },
  {
    name: 'RevokeApiToken',
    domain: 'API tokens',
    description: 'Revokes a token at once: its requests answer 401 and its sockets close.',
    query: `mutation RevokeApiToken($id: ID!) {
  revokeApiToken(input: { id: $id }) {
    token {
      id
      revokedAt
    }
    userErrors {
      message
    }
  }
}
`,
    variables: { id: 'an ApiToken id from MyApiTokens' },
  },
  {
    name: 'PendingClubApplications',
    domain: 'Administration',
    description: 'Platform administrators: pending club applications, newest first, with the counters (a token needs the admin scope).',
    query: `query PendingClubApplications {
  clubApplicationCounts {
    pending
    approved
    rejected
    total
  }
  clubApplications(filter: { status: PENDING }, first: 10) {
    totalCount
    nodes {
      id
      name
      contactEmail
      location
      createdAt
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
`,
  },
  {
    name: 'ApproveClubApplication',
    domain: 'Administration',
    description: 'Platform administrators: approves a pending application (the club enters the directory; the owner is emailed and notified; audited).',
    query: `mutation ApproveClubApplication($input: ApproveClubApplicationInput!) {
  approveClubApplication(input: $input) {
    club {
      id
      name
      applicationStatus
      reviewedAt
    }
    userErrors {
      field
      code
      message
    }
  }
}
`,
    variables: { input: { clubId: 'paste a Club id', adminNotes: 'Welcome aboard' } },
  },
  {
    name: 'AuditTrail',
    domain: 'Administration',
    description: "Platform administrators: the latest entries of the administrators' audit trail.",
    query: `query AuditTrail {
  adminActions(first: 25) {
    totalCount
    nodes {
      actionType
      targetName
      details
      adminName
      ipAddress
      createdAt
    }
  }
}
`,
  },
  {
    name: 'MyVolunteerProfile',
    domain: 'Volunteers',
    description: 'The signed-in member\'s volunteer profile (null without one).',
    query: `query MyVolunteerProfile {
  me {
    id
    hasVolunteerProfile
    volunteerProfile {
      id
      fullName
      email
      location
      skills
      availability
      bio
      profileImageUrl
      updatedAt
    }
  }
}
`,
  },
  {
    name: 'SaveVolunteerProfile',
    domain: 'Volunteers',
    description: 'Creates or replaces the caller\'s volunteer profile (a token needs the volunteer:write scope; club accounts cannot have one).',
    query: `mutation SaveVolunteerProfile($input: SaveVolunteerProfileInput!) {
  saveVolunteerProfile(input: $input) {
    profile {
      id
      fullName
      skills
      availability
    }
    userErrors {
      field
      code
      message
    }
  }
}
`,
    variables: {
      input: {
        firstName: 'Alex',
        lastName: 'Morgan',
        email: 'alex@example.com',
        location: 'London',
        skills: ['Coaching', 'First Aid'],
        availability: ['Weekend mornings', 'Flexible'],
        bio: 'Happy to help at weekend fixtures.',
      },
    },
  },
  {
    name: 'FindVolunteers',
    domain: 'Volunteers',
    description: 'Owners of approved clubs: volunteers by words, location and skill, newest first (contact emails stay hidden: write to the member).',
    query: `query FindVolunteers($search: String, $location: String, $skill: String) {
  volunteers(search: $search, location: $location, skill: $skill, first: 20) {
    totalCount
    nodes {
      id
      fullName
      location
      skills
      availability
      member {
        id
        name
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
`,
    variables: { location: 'London', skill: 'First Aid' },
  },
  {
    name: 'UpdateClubSettings',
    domain: 'Volunteers',
    description: "Club owners: the club account's settings (contact email, the owner's name, email about applications and withdrawals).",
    query: `mutation UpdateClubSettings($input: UpdateClubSettingsInput!) {
  updateClubSettings(input: $input) {
    club {
      id
      contactEmail
      notifyApplicationsByEmail
      notifyWithdrawalsByEmail
    }
    userErrors {
      field
      code
      message
    }
  }
}
`,
    variables: { input: { contactEmail: 'hello@club.example', ownerName: 'Sam Owner', notifyApplicationsByEmail: true, notifyWithdrawalsByEmail: false } },
  },
  {
    name: 'FindOpportunities',
    domain: 'Volunteers',
    description: 'Open opportunities (live, active positions of approved clubs), newest first, by words, skill, sport and location; canApply says whether you may apply.',
    query: `query FindOpportunities($search: String, $skill: String, $sport: String, $location: String) {
  opportunities(search: $search, skill: $skill, sport: $sport, location: $location, first: 24) {
    totalCount
    nodes {
      id
      title
      timeCommitment
      location
      requiredSkills
      startDate
      isRecurring
      status
      canApply
      club {
        id
        name
        city
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
  opportunitySkills
}
`,
    variables: { search: 'coach', location: 'London' },
  },
  {
    name: 'ApplyToOpportunity',
    domain: 'Volunteers',
    description: 'Applies to an opportunity with a message to the club (10 to 2000 characters; a token needs the volunteer:write scope). Reuse the idempotency key when retrying.',
    query: `mutation ApplyToOpportunity($input: ApplyToOpportunityInput!) {
  applyToOpportunity(input: $input) {
    application {
      id
      status
      appliedAt
      position {
        id
        title
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
    variables: { input: { positionId: 'paste a VolunteerPosition id from FindOpportunities', message: 'I would love to help on Saturday mornings.', idempotencyKey: 'apply-1' } },
  },
  {
    name: 'MyVolunteerApplications',
    domain: 'Volunteers',
    description: 'Your applications in one of four orders (NEWEST, OLDEST, STATUS, TITLE), optionally of one status, with their history, and your counts by status.',
    query: `query MyVolunteerApplications($status: VolunteerApplicationStatus, $sort: VolunteerApplicationSort) {
  myVolunteerApplications(status: $status, sort: $sort, first: 20) {
    totalCount
    nodes {
      id
      status
      message
      appliedAt
      canWithdraw
      position {
        id
        title
        requiredSkills
      }
      club {
        id
        name
      }
      history {
        status
        createdAt
        note
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
  myVolunteerApplicationStats {
    total
    pending
    accepted
    rejected
    withdrawn
  }
}
`,
    variables: { sort: 'NEWEST' },
  },
  {
    name: 'ReviewApplications',
    domain: 'Volunteers',
    description: 'Club owners: your positions (10 at a time, so the query stays within the cost limit) with their pending applications and counts by status.',
    query: `query ReviewApplications {
  me {
    club {
      positions(includeHidden: true, first: 10) {
        nodes {
          id
          title
          status
          applicationCounts {
            pending
            total
          }
          applications(status: PENDING, first: 20) {
            nodes {
              id
              message
              appliedAt
              volunteerProfile {
                fullName
                skills
              }
            }
          }
        }
      }
    }
  }
}
`,
  },
  {
    name: 'AcceptVolunteerApplication',
    domain: 'Volunteers',
    description: 'Club owners: accept a pending application to your club with an optional note (rejectVolunteerApplication takes the same input); the volunteer is notified at once.',
    query: `mutation AcceptVolunteerApplication($input: AcceptVolunteerApplicationInput!) {
  acceptVolunteerApplication(input: $input) {
    application {
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
    variables: { input: { id: 'paste a VolunteerApplication id from ReviewApplications', note: 'Welcome aboard: see you on Saturday.' } },
  },
  {
    name: 'SetOpportunityStatus',
    domain: 'Volunteers',
    description: 'Club owners: mark one of your opportunities FILLED or CANCELLED, or reactivate it (ACTIVE).',
    query: `mutation SetOpportunityStatus($input: SetOpportunityStatusInput!) {
  setOpportunityStatus(input: $input) {
    position {
      id
      status
      canApply
    }
    userErrors {
      field
      code
      message
    }
  }
}
`,
    variables: { input: { id: 'paste a VolunteerPosition id of your club', status: 'FILLED' } },
  },
  ...USERS_AND_MODERATION_EXAMPLES,
];
