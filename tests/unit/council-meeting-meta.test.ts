// Issue 27: what search engines read about one council meeting's page and a removed club's page
// (web/src/features/council/council-meta.ts, web/src/features/clubs/club-meta.ts).
import { describe, expect, it } from 'vitest';
import { councilMeta, meetingMeta } from '../../web/src/features/council/council-meta';
import { meetingPagePath } from '../../web/src/features/council/meeting-format';
import { missingClubMeta, removedClubMeta } from '../../web/src/features/clubs/club-meta';
import { headTags } from '../../web/src/lib/page-meta-tags';
import type { PublicMeetingCard_MeetingFragment } from '../../web/src/gql/graphql';

const APP = 'https://clubroom.example';
const MEETING = {
  __typename: 'CouncilMeeting',
  id: 'Q291bmNpbE1lZXRpbmc6eA',
  title: 'Spring meeting',
  meetingDate: '2026-04-14',
  meetingTime: '18:30',
  location: 'Town Hall',
  agenda: '<p>Grants for <b>junior</b> rowing</p>',
  minutes: '',
  status: 'UPCOMING',
  calendarUrl: '/api/sports-council/meetings/x.ics',
} as PublicMeetingCard_MeetingFragment;

const find = (tags: ReturnType<typeof headTags>, key: string, value: string) => tags.find((tag) => tag.attributes[key] === value);

describe("a council meeting's page", () => {
  it('is its own canonical page, titled with its date, described by its agenda, an Event at its place', () => {
    const meta = meetingMeta(MEETING);
    expect(meta.path).toBe('/sports-council/meetings/Q291bmNpbE1lZXRpbmc6eA');
    expect(meta.path).toBe(meetingPagePath(MEETING.id));
    expect(meta.title).toMatch(/^Spring meeting – .*2026/);
    expect(meta.description).toBe('Grants for junior rowing');
    const tags = headTags(meta, APP);
    expect(find(tags, 'rel', 'canonical')?.attributes.href).toBe(`${APP}/sports-council/meetings/Q291bmNpbE1lZXRpbmc6eA`);
    const jsonLd = JSON.parse(tags.find((tag) => tag.tag === 'script')!.text!);
    expect(jsonLd).toEqual(
      expect.objectContaining({
        '@type': 'Event',
        name: 'Spring meeting',
        startDate: '2026-04-14T18:30',
        eventStatus: 'https://schema.org/EventScheduled',
        location: { '@type': 'Place', name: 'Town Hall', address: 'Town Hall' },
        url: `${APP}/sports-council/meetings/Q291bmNpbE1lZXRpbmc6eA`,
      }),
    );
  });

  it('says a cancelled meeting was cancelled, and describes a meeting without an agenda by when and where', () => {
    const meta = meetingMeta({ ...MEETING, status: 'CANCELLED', agenda: '', meetingTime: null } as PublicMeetingCard_MeetingFragment);
    expect(meta.title).toMatch(/^Cancelled: Spring meeting – /);
    expect(meta.description).toMatch(/^Sports council meeting on .*2026 at Town Hall \(cancelled\): agenda and minutes\.$/);
    expect(meta.jsonLd).toEqual(expect.objectContaining({ eventStatus: 'https://schema.org/EventCancelled', startDate: '2026-04-14' }));
  });

  it("links the list's events to the meetings' own pages", () => {
    expect(councilMeta([MEETING]).jsonLd).toEqual([expect.objectContaining({ url: '/sports-council/meetings/Q291bmNpbE1lZXRpbmc6eA' })]);
  });
});

describe("a club's page that is not there", () => {
  it('is 410 Gone with noindex once a moderator removed the club, 404 otherwise; neither has a canonical address', () => {
    for (const [meta, status] of [
      [removedClubMeta('/clubs/x'), 410],
      [missingClubMeta('/clubs/x'), 404],
    ] as const) {
      expect(meta.status).toBe(status);
      const tags = headTags(meta, APP);
      expect(find(tags, 'name', 'robots')?.attributes.content).toBe('noindex');
      expect(find(tags, 'rel', 'canonical')).toBeUndefined();
    }
  });
});
