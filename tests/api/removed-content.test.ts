// Removed content is invisible (issue 13 contract, section 3): a message, club, position or volunteer
// profile whose removed_at is set (here directly in the database) is gone from every query another
// member could reach it through, counts drop, the owner still sees their own club, position or
// profile with `removedAt` (a removed message is gone for both sides), and clearing removed_at
// brings everything back.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, newMember } from '../helpers/client.js';
import { CARD_FIELDS, clubGlobalId, saveProfileOk, setPositionLive, validProfile } from '../helpers/clubs.js';
import {
  CONVERSATION,
  CONVERSATIONS,
  COUNTS,
  INBOX,
  MARK_MESSAGES_READ,
  MARK_NOTIFICATION_READ,
  NOTIFICATIONS,
  RECIPIENTS,
  SENT,
  UNREAD_COUNT,
  UNREAD_NOTIFICATIONS,
  DELETE_MESSAGE,
  adminClient,
  dbOf,
  gqlOk,
  memberId,
  messageUuid,
  nodesOf,
  onlyUserError,
  sendOk,
  type Member,
} from '../helpers/messages.js';
import { MY_APPLICATIONS, MY_STATS, OPPORTUNITY_TEXT as T, apply, applyOk, clubWithOpportunity } from '../helpers/opportunities.js';
import { setRemovedAt, type TargetType } from '../helpers/moderation.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { createVolunteer, memberGlobalId, volunteerProfileGlobalId, type Volunteer } from '../helpers/volunteers.js';
import { PLATFORM_STATS } from '../helpers/admin.js';
import { messages, notifications } from '../../server/src/db/schema/index.js';
import { toGlobalId } from '../../server/src/graphql/relay.js';

let server: TestServer;
let admin: ApiClient;
let visitor: ApiClient;

beforeAll(async () => {
  server = await startServer();
  admin = await adminClient(server.url);
  visitor = new ApiClient(server.url);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** Sets or clears an item's removed_at directly in the database (its global id). */
const remove = (type: TargetType, globalId: string, removed = true) => setRemovedAt(server, type, globalId, removed ? new Date() : null);

const NODE = `query Node($id: ID!) { node(id: $id) { id } }`;
const node = async (client: ApiClient, id: string) => (await gqlOk(client, NODE, { id })).node as { id: string } | null;
const stats = async () => (await gqlOk(admin, PLATFORM_STATS)).adminPlatformStats as Record<string, number>;

// ---------------------------------------------------------------------------------------------

describe('a removed message', () => {
  let alice: Member;
  let bob: Member;
  let older: string;
  let removed: string;
  let removedNotification: string;
  let bell: { total: number; unread: number };
  const ids = (list: unknown[]) => (list as Array<{ id: string }>).map((m) => m.id);

  beforeAll(async () => {
    alice = await newMember(server.url, { fullName: 'Alice Sender' });
    bob = await newMember(server.url, { fullName: 'Bob Recipient' });
    older = (await sendOk(alice, bob, { subject: 'Ordinary training note', content: 'See you at training on Saturday.' })).id;
    removed = (await sendOk(alice, bob, { subject: 'Offensive zebra remark', content: 'Something a moderator will remove.' })).id;
    const [row] = await dbOf(server).select().from(notifications).where(eq(notifications.messageId, messageUuid(removed)));
    removedNotification = toGlobalId('Notification', row!.id);
    bell = {
      total: (await gqlOk(bob.client, NOTIFICATIONS)).notifications.totalCount,
      unread: (await gqlOk(bob.client, UNREAD_NOTIFICATIONS)).unreadNotificationCount,
    };
  });

  async function views(client: ApiClient, partner: Member) {
    const q = (query: string, vars: Record<string, unknown> = {}) => gqlOk(client, query, vars);
    return {
      inbox: (await q(INBOX)).inbox,
      sent: (await q(SENT)).sentMessages,
      conversation: (await q(CONVERSATION, { partnerId: memberId(partner) })).conversation,
      conversations: (await q(CONVERSATIONS)).conversations,
      searched: (await q(CONVERSATIONS, { search: 'zebra' })).conversations.totalCount as number,
      counts: (await q(COUNTS)).conversationCounts,
      searchedCounts: (await q(COUNTS, { search: 'zebra' })).conversationCounts,
      unread: (await q(UNREAD_COUNT)).unreadMessageCount as number,
      notifications: (await q(NOTIFICATIONS)).notifications,
      unreadNotifications: (await q(UNREAD_NOTIFICATIONS)).unreadNotificationCount as number,
      node: await node(client, removed),
    };
  }

  it('is gone for its recipient and its sender: lists, conversations, search, counts, the bell and node', async () => {
    await remove('MESSAGE', removed);
    const b = await views(bob.client, alice);
    expect(ids(nodesOf(b.inbox))).toEqual([older]);
    expect(b.inbox.totalCount).toBe(1);
    expect(ids(nodesOf(b.conversation))).toEqual([older]);
    expect(nodesOf<{ lastMessage: { id: string }; unreadCount: number }>(b.conversations).map((c) => [c.lastMessage.id, c.unreadCount])).toEqual([[older, 1]]);
    expect(b.searched).toBe(0);
    expect(b.counts).toEqual({ all: 1, unread: 1, sent: 0 });
    expect(b.searchedCounts.all).toBe(0);
    expect(b.unread).toBe(1);
    expect(nodesOf<{ id: string }>(b.notifications).map((n) => n.id)).not.toContain(removedNotification);
    expect(b.notifications.totalCount).toBe(bell.total - 1);
    expect(b.unreadNotifications).toBe(bell.unread - 1);
    expect(b.node).toBeNull();

    const a = await views(alice.client, bob);
    expect(ids(nodesOf(a.sent))).toEqual([older]);
    expect(ids(nodesOf(a.conversation))).toEqual([older]);
    expect(nodesOf<{ lastMessage: { id: string } }>(a.conversations).map((c) => c.lastMessage.id)).toEqual([older]);
    expect(a.counts).toEqual({ all: 1, unread: 0, sent: 1 });
    expect(a.node).toBeNull();
  });

  it('cannot be marked read, answered, deleted or reached through its notification', async () => {
    expect((await gqlOk(bob.client, MARK_MESSAGES_READ, { ids: [removed] })).markMessagesRead.messages).toEqual([]);
    const reply = await sendOkOrError(bob, { recipientId: memberId(alice), replyToId: removed, content: 'A reply to it.' });
    expect(reply).toMatchObject({ code: 'NOT_FOUND', message: 'Message not found' });
    const marked = (await gqlOk(bob.client, MARK_NOTIFICATION_READ, { id: removedNotification })).markNotificationRead;
    expect(marked.notification).toBeNull();
    expect(marked.userErrors[0]).toMatchObject({ code: 'NOT_FOUND', message: 'Notification not found' });
    const deleted = (await gqlOk(alice.client, DELETE_MESSAGE, { id: removed })).deleteMessage;
    expect(deleted.deletedMessageId).toBeNull();
    expect(deleted.userErrors[0]).toMatchObject({ code: 'NOT_FOUND' });
    const [row] = await dbOf(server).select().from(messages).where(eq(messages.id, messageUuid(removed)));
    expect(row).toMatchObject({ read: false });
  });

  it('takes a conversation away when every message of it is removed, and a restore brings all back', async () => {
    await remove('MESSAGE', older);
    expect((await gqlOk(bob.client, CONVERSATIONS)).conversations.totalCount).toBe(0);
    expect((await gqlOk(alice.client, COUNTS)).conversationCounts).toEqual({ all: 0, unread: 0, sent: 0 });
    expect((await gqlOk(bob.client, UNREAD_NOTIFICATIONS)).unreadNotificationCount).toBe(bell.unread - 2);

    await remove('MESSAGE', older, false);
    await remove('MESSAGE', removed, false);
    const b = await views(bob.client, alice);
    expect(ids(nodesOf(b.inbox))).toEqual([removed, older]);
    expect(b.counts).toEqual({ all: 1, unread: 1, sent: 0 });
    expect(b.searched).toBe(1);
    expect(b.unread).toBe(2);
    expect(b.unreadNotifications).toBe(bell.unread);
    expect(b.notifications.totalCount).toBe(bell.total);
    expect(b.node).toEqual({ id: removed });
  });

  async function sendOkOrError(from: Member, input: Record<string, unknown>) {
    const answer = await from.client.gql(`mutation Send($input: SendMessageInput!) { sendMessage(input: $input) { message { id } userErrors { code message } } }`, { input });
    return answer.data.sendMessage.userErrors[0];
  }
});

// ---------------------------------------------------------------------------------------------

describe('a removed club and a removed position', () => {
  let owner: Awaited<ReturnType<typeof clubWithOpportunity>>;
  let applicant: Volunteer;
  let newcomer: Volunteer;
  let applicationId: string;
  const CLUB = `query Club($id: ID!) { club(id: $id) { id removedAt liveRoleCount positions { totalCount nodes { id } } } }`;
  const OPPORTUNITY = `query Opp($id: ID!) { opportunity(id: $id) { id removedAt canApply } }`;
  const MINE = `{ me { club { id removedAt positions(includeHidden: true) { nodes { id removedAt } } } } }`;
  const APPLICATION = `query App($id: ID!) { volunteerApplication(id: $id) { id } }`;

  beforeAll(async () => {
    owner = await clubWithOpportunity(server, {
      clubName: 'Vanishing Vipers',
      profile: { category: 'Chess' },
      position: { title: 'Quokka Wrangler', requiredSkills: ['Turf Whispering'] },
    });
    applicant = await createVolunteer(server);
    newcomer = await createVolunteer(server);
    applicationId = (await applyOk(applicant.client, owner.positionId)).id;
  });

  /** What other members (and a visitor) find of the club and its position. */
  async function seen(client: ApiClient) {
    const q = (query: string, vars: Record<string, unknown> = {}) => gqlOk(client, query, vars);
    const directory = (await q(`query { clubs(search: "Vanishing") { totalCount edges { node { ${CARD_FIELDS} } } } }`)).clubs;
    return {
      directory: directory.totalCount as number,
      liveRoles: directory.edges[0]?.node.liveRoleCount as number | undefined,
      club: (await q(CLUB, { id: owner.clubId })).club,
      clubNode: await node(client, owner.clubId),
      sports: (await q('{ clubSports }')).clubSports as string[],
      opportunities: (await q(`{ opportunities(search: "Quokka") { totalCount } }`)).opportunities.totalCount as number,
      opportunity: (await q(OPPORTUNITY, { id: owner.positionId })).opportunity,
      positionNode: await node(client, owner.positionId),
      skills: (await q('{ opportunitySkills }')).opportunitySkills as string[],
    };
  }

  const visible = { directory: 1, liveRoles: 1, sports: ['Chess'], opportunities: 1, skills: ['Turf Whispering'] };

  it('shows both to everyone before any removal', async () => {
    for (const client of [visitor, newcomer.client]) {
      const s = await seen(client);
      expect(s).toMatchObject(visible);
      expect(s.club).toMatchObject({ id: owner.clubId, removedAt: null, positions: { totalCount: 1 } });
      expect(s.opportunity).toMatchObject({ id: owner.positionId, removedAt: null });
    }
  });

  it('hides a removed position from others, the applicant included; the owner still sees it and cannot show it', async () => {
    const before = await stats();
    await remove('OPPORTUNITY', owner.positionId);
    for (const client of [visitor, newcomer.client, applicant.client]) {
      const s = await seen(client);
      expect(s).toMatchObject({ directory: 1, liveRoles: 0, opportunities: 0, skills: [], opportunity: null, positionNode: null });
      expect(s.club.positions.totalCount).toBe(0);
    }
    expect(onlyUserError(await apply(newcomer.client, owner.positionId), 'applyToOpportunity')).toMatchObject({ code: 'NOT_FOUND', message: T.notFound });
    expect((await gqlOk(applicant.client, MY_APPLICATIONS)).myVolunteerApplications.totalCount).toBe(0);
    expect((await gqlOk(applicant.client, MY_STATS)).myVolunteerApplicationStats.total).toBe(0);
    expect((await gqlOk(applicant.client, APPLICATION, { id: applicationId })).volunteerApplication).toBeNull();
    expect((await stats()).totalOpportunities).toBe(before.totalOpportunities - 1);

    const mine = (await gqlOk(owner.client, MINE)).me.club;
    expect(mine.positions.nodes[0]).toMatchObject({ id: owner.positionId, removedAt: expect.any(String) });
    expect((await gqlOk(owner.client, OPPORTUNITY, { id: owner.positionId })).opportunity).toMatchObject({ removedAt: expect.any(String), canApply: false });
    expect((await gqlOk(admin, OPPORTUNITY, { id: owner.positionId })).opportunity.removedAt).toEqual(expect.any(String));
    expect((await gqlOk(owner.client, APPLICATION, { id: applicationId })).volunteerApplication).toEqual({ id: applicationId });
    expect(onlyUserError(await setPositionLive(owner.client, owner.positionId, true), 'setVolunteerPositionLive')).toMatchObject({ message: 'This position was removed by a moderator.' });
    expect((await setPositionLive(owner.client, owner.positionId, false)).data.setVolunteerPositionLive.position?.isLive).toBe(false);

    await remove('OPPORTUNITY', owner.positionId, false);
    expect((await setPositionLive(owner.client, owner.positionId, true)).data.setVolunteerPositionLive.position?.isLive).toBe(true);
    expect(await seen(newcomer.client)).toMatchObject({ ...visible, opportunity: { removedAt: null, canApply: true } });
    expect((await gqlOk(applicant.client, MY_STATS)).myVolunteerApplicationStats.total).toBe(1);
    expect((await stats()).totalOpportunities).toBe(before.totalOpportunities);
  });

  it('hides a removed club and its positions from others; the owner sees it with removedAt and may still edit it', async () => {
    const before = await stats();
    await remove('CLUB', owner.clubId);
    for (const client of [visitor, newcomer.client, applicant.client]) {
      const s = await seen(client);
      expect(s).toMatchObject({ directory: 0, club: null, clubNode: null, sports: [], opportunities: 0, opportunity: null, positionNode: null, skills: [] });
    }
    const recipients = (await gqlOk(newcomer.client, RECIPIENTS, { search: 'Vanishing' })).messageRecipients;
    expect(recipients.totalCount).toBe(0);
    const member = (await gqlOk(newcomer.client, `query M($id: ID!) { member(id: $id) { club { id } } }`, { id: memberGlobalId(owner.user.id) })).member;
    expect(member.club).toBeNull();
    expect(onlyUserError(await apply(newcomer.client, owner.positionId), 'applyToOpportunity')).toMatchObject({ code: 'NOT_FOUND', message: T.notFound });
    expect((await gqlOk(applicant.client, MY_APPLICATIONS)).myVolunteerApplications.totalCount).toBe(0);
    const after = await stats();
    expect([after.totalClubs, after.totalOpportunities]).toEqual([before.totalClubs - 1, before.totalOpportunities - 1]);

    expect((await gqlOk(owner.client, MINE)).me.club).toMatchObject({ id: owner.clubId, removedAt: expect.any(String) });
    expect((await gqlOk(admin, CLUB, { id: owner.clubId })).club.removedAt).toEqual(expect.any(String));
    await saveProfileOk(owner.client, validProfile({ name: 'Vanishing Vipers', category: 'Chess', contactEmail: owner.email, description: 'Edited while removed by a moderator.' }));
    expect((await seen(newcomer.client)).club).toBeNull();

    await remove('CLUB', owner.clubId, false);
    const back = await seen(newcomer.client);
    expect(back).toMatchObject({ ...visible, club: { id: owner.clubId, removedAt: null }, clubNode: { id: owner.clubId } });
    expect((await gqlOk(newcomer.client, RECIPIENTS, { search: 'Vanishing' })).messageRecipients.totalCount).toBe(1);
    expect((await stats()).totalClubs).toBe(before.totalClubs);
  });
});

// ---------------------------------------------------------------------------------------------

describe('a removed volunteer profile', () => {
  let volunteer: Volunteer;
  let club: Awaited<ReturnType<typeof clubWithOpportunity>>;
  const PROFILE = `query P($id: ID!) { member(id: $id) { volunteerProfile { id bio removedAt } } }`;
  const SEARCH = `{ volunteers(search: "Zanzibarian") { totalCount nodes { id } } }`;
  const APPLICANTS = `query A($id: ID!) { opportunity(id: $id) { applications { nodes { volunteerProfile { id } } } } }`;

  beforeAll(async () => {
    volunteer = await createVolunteer(server, { bio: 'A keen Zanzibarian cricket scorer.' });
    club = await clubWithOpportunity(server, { clubName: 'Searching Swifts' });
    await applyOk(volunteer.client, club.positionId);
  });

  it('is hidden from clubs (profile, node, search, applicants) and counts; the volunteer and admins see removedAt', async () => {
    const profileId = volunteerProfileGlobalId(volunteer.user.id);
    const before = await stats();
    expect((await gqlOk(club.client, PROFILE, { id: volunteer.memberId })).member.volunteerProfile).toMatchObject({ id: profileId, removedAt: null });
    expect((await gqlOk(club.client, SEARCH)).volunteers.totalCount).toBe(1);

    await remove('PROFILE', volunteer.memberId);
    expect((await gqlOk(club.client, PROFILE, { id: volunteer.memberId })).member.volunteerProfile).toBeNull();
    expect(await node(club.client, profileId)).toBeNull();
    expect((await gqlOk(club.client, SEARCH)).volunteers.totalCount).toBe(0);
    expect((await gqlOk(admin, SEARCH)).volunteers.totalCount).toBe(0);
    expect((await gqlOk(club.client, APPLICANTS, { id: club.positionId })).opportunity.applications.nodes).toEqual([{ volunteerProfile: null }]);
    expect((await stats()).totalVolunteers).toBe(before.totalVolunteers - 1);
    const own = (await gqlOk(volunteer.client, `{ me { volunteerProfile { id removedAt } } }`)).me.volunteerProfile;
    expect(own).toMatchObject({ id: profileId, removedAt: expect.any(String) });
    expect((await gqlOk(admin, PROFILE, { id: volunteer.memberId })).member.volunteerProfile.removedAt).toEqual(expect.any(String));

    await remove('PROFILE', volunteer.memberId, false);
    expect((await gqlOk(club.client, PROFILE, { id: volunteer.memberId })).member.volunteerProfile).toMatchObject({ id: profileId, removedAt: null });
    expect(await node(club.client, profileId)).toEqual({ id: profileId });
    expect((await gqlOk(club.client, SEARCH)).volunteers.totalCount).toBe(1);
    expect((await stats()).totalVolunteers).toBe(before.totalVolunteers);
  });
});
