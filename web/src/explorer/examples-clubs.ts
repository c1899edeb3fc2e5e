// The explorer's examples of the club directory and the sports council's meetings.
import type { ExplorerExample } from './example.js';

export const CLUBS_AND_COUNCIL_EXAMPLES: ExplorerExample[] = [
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
];
