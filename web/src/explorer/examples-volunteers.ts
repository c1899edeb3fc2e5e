// The explorer's examples of the volunteer side: a volunteer's profile, finding volunteers, a
// club's settings, finding and applying to opportunities, and the club's review of applications.
import type { ExplorerExample } from './example.js';

export const VOLUNTEER_EXAMPLES: ExplorerExample[] = [
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
];
