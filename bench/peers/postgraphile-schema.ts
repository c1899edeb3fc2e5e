// What PostGraphile serves in the directory benchmark: a schema of its own (`bench_peer`) with
// views over Clubroom's tables that hold the directory's rules (approved clubs a moderator has not
// removed; live positions a moderator has not removed; every meeting time), smart comments that
// give the views primary and foreign keys (so PostGraphile exposes live positions and meeting times
// as relations of a club), and the GraphQL document for the directory's first page.
export const PEER_SCHEMA = 'bench_peer';

/** Drops and recreates the schema; run in one transaction (idempotent). */
export const PEER_SCHEMA_SQL = `
drop schema if exists ${PEER_SCHEMA} cascade;
create schema ${PEER_SCHEMA};

create view ${PEER_SCHEMA}.clubs as
  select c.id, c.name, lower(c.name) as sort_name,
    upper(left(split_part(w.words, ' ', 1), 1) || left(split_part(w.words, ' ', 2), 1)) as initials,
    coalesce(c.city, c.address) as location,
    c.description, c.category, c.contact_email, c.contact_phone, c.website as website_url, c.verified
  from public.clubs c
  cross join lateral (select regexp_replace(btrim(c.name), '\\s+', ' ', 'g') as words) w
  where c.application_status = 'approved' and c.removed_at is null;
comment on view ${PEER_SCHEMA}.clubs is E'@primaryKey id\\nAn approved club that a moderator has not removed: the directory''s card.';

create view ${PEER_SCHEMA}.live_positions as
  select p.id, p.club_id from public.club_volunteer_positions p where p.is_live and p.removed_at is null;
comment on view ${PEER_SCHEMA}.live_positions is
  E'@primaryKey id\\n@foreignKey (club_id) references ${PEER_SCHEMA}.clubs (id)\\nA live volunteer position that a moderator has not removed.';

create view ${PEER_SCHEMA}.meeting_times as
  select t.id, t.club_id, t.day_of_week, t.start_time, t.end_time from public.club_meeting_times t;
comment on view ${PEER_SCHEMA}.meeting_times is
  E'@primaryKey id\\n@foreignKey (club_id) references ${PEER_SCHEMA}.clubs (id)\\nA weekly session of a club.';
`;

/** The directory's first page as PostGraphile names it: the cards in the directory's order
 *  (lower(name), then id), the total, each card's live-role count and meeting times by day, then start. */
export const PEER_DIRECTORY_QUERY = `query ClubDirectory($first: Int!) {
  allClubs(first: $first, orderBy: [SORT_NAME_ASC, ID_ASC]) {
    totalCount
    edges {
      cursor
      node {
        id name initials location description category contactEmail contactPhone websiteUrl verified
        liveRoles: livePositionsByClubId { totalCount }
        meetingTimes: meetingTimesByClubId(orderBy: [DAY_OF_WEEK_ASC, START_TIME_ASC]) { nodes { dayOfWeek startTime endTime } }
      }
    }
    pageInfo { hasNextPage endCursor }
  }
}`;

/** PostGraphile's answer to PEER_DIRECTORY_QUERY. */
export interface PeerDirectoryAnswer {
  data?: {
    allClubs: {
      totalCount: number;
      edges: {
        cursor: string;
        node: {
          id: string;
          name: string;
          initials: string;
          location: string | null;
          description: string | null;
          category: string | null;
          contactEmail: string;
          contactPhone: string | null;
          websiteUrl: string | null;
          verified: boolean;
          liveRoles: { totalCount: number };
          meetingTimes: { nodes: { dayOfWeek: number; startTime: string; endTime: string }[] };
        };
      }[];
      pageInfo: { hasNextPage: boolean; endCursor: string | null };
    };
  };
  errors?: unknown[];
}

/** The answer in the shape of Clubroom's directory answer (`clubs`), cursors left out (each
 *  server has its own): what bench/peers/compare.ts holds against Clubroom's. */
export function asClubroomPage(answer: PeerDirectoryAnswer) {
  const page = answer.data!.allClubs;
  return {
    totalCount: page.totalCount,
    nodes: page.edges.map(({ node: { liveRoles, meetingTimes, id, ...card } }) => ({
      ...card,
      id: Buffer.from(`Club:${id}`).toString('base64url'),
      liveRoleCount: liveRoles.totalCount,
      meetingTimes: meetingTimes.nodes,
    })),
    hasNextPage: page.pageInfo.hasNextPage,
  };
}
