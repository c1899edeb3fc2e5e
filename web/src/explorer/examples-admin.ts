// The explorer's examples of the administration area: the pending club applications, approving
// one, and the audit trail.
import type { ExplorerExample } from './example.js';

export const ADMINISTRATION_EXAMPLES: ExplorerExample[] = [
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
];
