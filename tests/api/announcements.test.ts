// Club announcements (issue 29 §5): the owner of an approved club posts a title and a sanitised
// text; each follower hears of it through the dispatcher (a bell entry that opens the club page at
// the announcement, an email as they chose; a muted club reaches them in the bell only) and gets a
// receipt; opening it marks the receipt read once; the owner and administrators see the delivered
// and read counts, nobody else. Limits (title, text after sanitising, 5 per club per 24 hours),
// a pending club and a caller without a club are refused and change nothing. Members report an
// announcement; a moderator's removal hides it from everyone but administrators.
import { parse } from 'csv-parse/sync';
import { and, eq, like, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcementReceipts, clubAnnouncements, dataExports, mailOutbox, notifications } from '../../server/src/db/schema/index.js';
import { toGlobalId } from '../../server/src/graphql/relay.js';
import { ApiClient, newMember, STRONG_PASSWORD } from '../helpers/client.js';
import { newClubOwner, payloadOk, refusalOf } from '../helpers/clubs.js';
import { adminClient, dbOf, gqlOk, onlyError } from '../helpers/messages.js';
import { REPORT_CONTENT, takeActionOk, uuidOf } from '../helpers/moderation.js';
import { startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const FIELDS = 'id title body createdAt club { id name } deliveredCount readCount';
const POST = `mutation($i: PostAnnouncementInput!) { postAnnouncement(input: $i) { announcement { ${FIELDS} } userErrors { field code message } } }`;
const MARK_READ = `mutation($i: MarkAnnouncementReadInput!) { markAnnouncementRead(input: $i) { announcement { id } userErrors { field code message } } }`;
const FOLLOW = 'mutation($i: ClubFollowInput!) { followClub(input: $i) { club { id } userErrors { message } } }';
const MUTE = 'mutation($i: SetClubMutedInput!) { setClubMuted(input: $i) { userErrors { message } } }';
const PREFERENCES = 'mutation($i: UpdateNotificationPreferencesInput!) { updateNotificationPreferences(input: $i) { userErrors { message } } }';
const LIST = `query($id: ID!) { club(id: $id) { announcements(first: 10) { totalCount nodes { ${FIELDS} removedAt } } } }`;
const NODE = `query($id: ID!) { node(id: $id) { id ... on Announcement { title deliveredCount readCount } } }`;

type Owner = Awaited<ReturnType<typeof newClubOwner>>;
type Member = Awaited<ReturnType<typeof newMember>>;
interface AnnouncementView {
  id: string;
  title: string;
  body: string;
  club: { id: string; name: string };
  deliveredCount: number | null;
  readCount: number | null;
}

const post = (owner: Owner, title: string, body: string) => owner.client.gql(POST, { i: { title, body } });
const postOk = async (owner: Owner, title = 'Training moves to Thursday', body = 'This week we train on Thursday at 7pm.\n\nBring a water bottle.') =>
  payloadOk<{ announcement: AnnouncementView }>(await post(owner, title, body), 'postAnnouncement').announcement;
const follow = async (member: Member, owner: Owner) => payloadOk(await member.client.gql(FOLLOW, { i: { clubId: owner.clubId } }), 'followClub');
const announcementsOf = (clubId: string) => dbOf(server).select().from(clubAnnouncements).where(eq(clubAnnouncements.clubId, clubId));
const receiptsOf = (id: string) => dbOf(server).select().from(announcementReceipts).where(eq(announcementReceipts.announcementId, uuidOf(id)));
const bellOf = (userId: string) => dbOf(server).select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, 'club_announcement')));
const announcementMailsTo = (email: string) => dbOf(server).select().from(mailOutbox).where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, '%Announce FC%')));

async function clubWithFollowers(name: string, n: number): Promise<{ owner: Owner; fans: Member[] }> {
  const owner = await newClubOwner(server, { status: 'approved', clubName: name });
  const fans: Member[] = [];
  for (let i = 0; i < n; i++) {
    const fan = await newMember(server.url, { fullName: `Fan ${i + 1}` });
    await follow(fan, owner);
    fans.push(fan);
  }
  return { owner, fans };
}

describe('posting an announcement', () => {
  it('reaches every follower through the dispatcher: a bell entry at the announcement, an email, a receipt', async () => {
    const { owner, fans } = await clubWithFollowers('Announce FC', 2);
    const bystander = await newMember(server.url);
    const posted = await postOk(owner);
    expect(posted).toMatchObject({ title: 'Training moves to Thursday', body: 'This week we train on Thursday at 7pm.\n\nBring a water bottle.', club: { id: owner.clubId, name: 'Announce FC' } });
    expect(posted).toMatchObject({ deliveredCount: 2, readCount: 0 });

    for (const fan of fans) {
      const bell = await bellOf(fan.user.id);
      expect(bell).toHaveLength(1);
      expect(bell[0]).toMatchObject({ title: 'New announcement from Announce FC', description: 'Training moves to Thursday', read: false });
      expect(bell[0]!.actionUrl).toBe(`/clubs/${owner.clubId}?announcement=${posted.id}`);
      const mails = await announcementMailsTo(fan.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Announce FC: Training moves to Thursday');
      expect(mails[0]!.text).toContain('Bring a water bottle.');
    }
    expect((await receiptsOf(posted.id)).map((r) => r.userId).sort()).toEqual(fans.map((f) => f.user.id).sort());
    // Not a follower: nothing.
    expect(await bellOf(bystander.user.id)).toEqual([]);
    expect(await announcementMailsTo(bystander.email)).toEqual([]);
  });

  it('keeps a muted club to the bell, and an email turned off is not sent', async () => {
    const { owner, fans } = await clubWithFollowers('Announce FC Muted', 3);
    const [muter, noEmail, plain] = fans as [Member, Member, Member];
    payloadOk(await muter.client.gql(MUTE, { i: { clubId: owner.clubId, muted: true } }), 'setClubMuted');
    payloadOk(await noEmail.client.gql(PREFERENCES, { i: { changes: [{ kind: 'CLUB_ANNOUNCEMENT', channel: 'EMAIL', enabled: false }] } }), 'updateNotificationPreferences');
    const posted = await postOk(owner, 'Kit collection', 'Collect your new kit on Saturday.');
    const mails = (email: string) => dbOf(server).select().from(mailOutbox).where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, '%Kit collection%')));
    expect(await bellOf(muter.user.id)).toHaveLength(1);
    expect(await mails(muter.email)).toEqual([]);
    expect(await bellOf(noEmail.user.id)).toHaveLength(1);
    expect(await mails(noEmail.email)).toEqual([]);
    expect(await mails(plain.email)).toHaveLength(1);
    expect(posted.deliveredCount).toBe(3);
  });

  it('sanitises the title and the text: tags and script go, the words stay', async () => {
    const owner = await newClubOwner(server, { status: 'approved' });
    const posted = await postOk(owner, '<b>Match</b> day', 'Kick-off at 3pm <script>alert("x")</script><img src=x onerror="steal()">Be there & bring friends.');
    expect(posted.title).toBe('Match day');
    expect(posted.body).toBe('Kick-off at 3pm Be there & bring friends.');
    const [row] = await announcementsOf(owner.user.id);
    expect(row!.body).not.toMatch(/<|script|onerror/);
  });

  it('refuses a blank or too long title and text with their messages, changing nothing', async () => {
    const owner = await newClubOwner(server, { status: 'approved' });
    const cases: Array<[string, string, string, string]> = [
      ['', 'Some text', 'title', 'Please give the announcement a title'],
      ['x'.repeat(121), 'Some text', 'title', 'The title must be at most 120 characters'],
      ['A title', '   ', 'body', 'Please write the announcement'],
      ['A title', '<script>only script</script>', 'body', 'Please write the announcement'],
      ['A title', 'y'.repeat(5001), 'body', 'The announcement must be at most 5000 characters'],
    ];
    for (const [title, body, field, message] of cases) {
      expect(refusalOf(await post(owner, title, body), 'postAnnouncement').fields).toEqual({ [field]: message });
    }
    // The limit is on the sanitised text: markup does not count.
    const long = `<p>${'z'.repeat(5000)}</p>`;
    expect((await postOk(owner, 'Exactly the limit', long)).body).toHaveLength(5000);
    expect(await announcementsOf(owner.user.id)).toHaveLength(1);
  });

  it('refuses a pending club (user error) and a caller without a club (FORBIDDEN), changing nothing', async () => {
    const pending = await newClubOwner(server, { status: 'pending' });
    expect(refusalOf(await post(pending, 'Hello', 'We are new here.'), 'postAnnouncement').userErrors).toEqual([
      { field: null, code: 'BAD_USER_INPUT', message: 'Announcements can be posted once your club is approved.' },
    ]);
    expect(await announcementsOf(pending.user.id)).toEqual([]);
    const member = await newMember(server.url);
    const answer = await member.client.gql(POST, { i: { title: 'Hello', body: 'Not a club.' } });
    expect(onlyError(answer).extensions?.code).toBe('FORBIDDEN');
    expect(await announcementsOf(member.user.id)).toEqual([]);
    expect(onlyError(await new ApiClient(server.url).gql(POST, { i: { title: 'Hello', body: 'Anonymous.' } })).extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('allows 5 announcements per club in 24 hours, then refuses with RATE_LIMITED and sends nothing', async () => {
    const { owner, fans } = await clubWithFollowers('Announce FC Chatty', 1);
    for (let i = 1; i <= 5; i++) await postOk(owner, `News ${i}`, `Item ${i}.`);
    const refused = onlyError(await post(owner, 'News 6', 'One too many.'));
    expect(refused.extensions?.code).toBe('RATE_LIMITED');
    expect(refused.message).toBe('Your club can post at most 5 announcements in 24 hours. Please try again in 24 hours.');
    expect(await announcementsOf(owner.user.id)).toHaveLength(5);
    expect(await bellOf(fans[0]!.user.id)).toHaveLength(5);
    // Another club is not held back by this one's posts.
    await postOk(await newClubOwner(server, { status: 'approved' }));
    // Once the oldest is past the window, one more may go.
    await dbOf(server).execute(sql`update club_announcements set created_at = now() - interval '25 hours' where club_id = ${owner.user.id} and title = 'News 1'`);
    await postOk(owner, 'News 6', 'Now it fits.');
    expect(onlyError(await post(owner, 'News 7', 'Again too many.')).message).toMatch(/Please try again in (1[0-9]|2[0-4]) hours\.$/);
  });
});

describe('reading and counting', () => {
  it('marks a follower’s receipt read once; the owner and administrators see the counts, nobody else', async () => {
    const { owner, fans } = await clubWithFollowers('Announce FC Counts', 2);
    const [reader, other] = fans as [Member, Member];
    const posted = await postOk(owner);
    payloadOk(await reader.client.gql(MARK_READ, { i: { announcementId: posted.id } }), 'markAnnouncementRead');
    const [first] = (await receiptsOf(posted.id)).filter((r) => r.userId === reader.user.id);
    expect(first!.readAt).not.toBeNull();
    payloadOk(await reader.client.gql(MARK_READ, { i: { announcementId: posted.id } }), 'markAnnouncementRead');
    const [again] = (await receiptsOf(posted.id)).filter((r) => r.userId === reader.user.id);
    expect(again!.readAt).toEqual(first!.readAt);

    const asOwner = (await gqlOk(owner.client, LIST, { id: owner.clubId })).club.announcements;
    expect(asOwner.nodes[0]).toMatchObject({ id: posted.id, deliveredCount: 2, readCount: 1 });
    const asAdmin = (await gqlOk(await adminClient(server.url), NODE, { id: posted.id })).node;
    expect(asAdmin).toMatchObject({ deliveredCount: 2, readCount: 1 });
    for (const client of [other.client, new ApiClient(server.url)]) {
      const list = (await gqlOk(client, LIST, { id: owner.clubId })).club.announcements;
      expect(list.totalCount).toBe(1);
      expect(list.nodes[0]).toMatchObject({ title: 'Training moves to Thursday', deliveredCount: null, readCount: null, removedAt: null });
    }

    // A member it was not sent to may open it: nothing changes. An id that names nothing: NOT_FOUND.
    const latecomer = await newMember(server.url);
    payloadOk(await latecomer.client.gql(MARK_READ, { i: { announcementId: posted.id } }), 'markAnnouncementRead');
    expect(await receiptsOf(posted.id)).toHaveLength(2);
    for (const announcementId of [toGlobalId('Announcement', '00000000-0000-4000-8000-000000000000'), owner.clubId, 'nonsense']) {
      expect(refusalOf(await latecomer.client.gql(MARK_READ, { i: { announcementId } }), 'markAnnouncementRead').userErrors).toEqual([
        { field: 'announcementId', code: 'NOT_FOUND', message: 'Announcement not found' },
      ]);
    }
  });

  it('lists a club’s announcements newest first, a page at a time', async () => {
    const owner = await newClubOwner(server, { status: 'approved' });
    for (const title of ['First', 'Second', 'Third']) await postOk(owner, title, `${title} news.`);
    const page = (await gqlOk(new ApiClient(server.url), 'query($id: ID!) { club(id: $id) { announcements(first: 2) { totalCount pageInfo { hasNextPage endCursor } nodes { title } } } }', { id: owner.clubId }))
      .club.announcements;
    expect(page.nodes.map((n: { title: string }) => n.title)).toEqual(['Third', 'Second']);
    expect(page.totalCount).toBe(3);
    const next = (await gqlOk(new ApiClient(server.url), 'query($id: ID!, $after: String) { club(id: $id) { announcements(first: 2, after: $after) { pageInfo { hasNextPage } nodes { title } } } }', {
      id: owner.clubId,
      after: page.pageInfo.endCursor,
    })).club.announcements;
    expect(next).toEqual({ pageInfo: { hasNextPage: false }, nodes: [{ title: 'First' }] });
  });
});

describe('reporting an announcement', () => {
  it('files a report, refuses the owner’s own, and a moderator’s removal hides it from all but administrators', async () => {
    const { owner, fans } = await clubWithFollowers('Announce FC Reported', 1);
    const reporter = fans[0]!;
    const posted = await postOk(owner, 'Buy cheap boots', 'Visit my shop for boots.');
    const own = await owner.client.gql(REPORT_CONTENT, { input: { targetType: 'ANNOUNCEMENT', targetId: posted.id, reason: 'SPAM' } });
    expect(refusalOf(own, 'reportContent').fields).toEqual({ targetId: 'You cannot report your own content.' });
    const filed = payloadOk<{ report: { id: string; targetType: string; targetId: string; targetLabel: string; targetExcerpt: string } }>(
      await reporter.client.gql(REPORT_CONTENT, { input: { targetType: 'ANNOUNCEMENT', targetId: posted.id, reason: 'SPAM', details: 'Advertising' } }),
      'reportContent',
    ).report;
    expect(filed).toMatchObject({ targetType: 'ANNOUNCEMENT', targetId: posted.id, targetLabel: 'Buy cheap boots', targetExcerpt: 'Visit my shop for boots.' });

    const admin = await adminClient(server.url);
    await takeActionOk(admin, filed.id, 'CONTENT_REMOVAL');
    const [row] = await announcementsOf(owner.user.id);
    expect(row!.removedAt).not.toBeNull();
    const ownerNotice = await dbOf(server).select().from(notifications).where(and(eq(notifications.userId, owner.user.id), eq(notifications.kind, 'moderation_notice')));
    expect(ownerNotice.map((n) => n.description)).toEqual(['Your announcement "Buy cheap boots" was removed by a moderator.']);

    for (const client of [reporter.client, owner.client, new ApiClient(server.url)]) {
      expect((await gqlOk(client, LIST, { id: owner.clubId })).club.announcements).toMatchObject({ totalCount: 0, nodes: [] });
      expect((await gqlOk(client, NODE, { id: posted.id })).node).toBeNull();
    }
    const asAdmin = (await gqlOk(admin, LIST, { id: owner.clubId })).club.announcements;
    expect(asAdmin.nodes).toEqual([expect.objectContaining({ id: posted.id, removedAt: expect.any(String) })]);
    // Removed: no further reports, no read marks.
    const again = await fans[0]!.client.gql(REPORT_CONTENT, { input: { targetType: 'ANNOUNCEMENT', targetId: posted.id, reason: 'OTHER' } });
    expect(refusalOf(again, 'reportContent').fields).toEqual({ targetId: 'The reported item was not found.' });
    expect(refusalOf(await reporter.client.gql(MARK_READ, { i: { announcementId: posted.id } }), 'markAnnouncementRead').fields).toEqual({ announcementId: 'Announcement not found' });
  });

  it('refuses a report of an announcement of a club the reporter may not see', async () => {
    const owner = await newClubOwner(server, { status: 'approved' });
    const posted = await postOk(owner, 'Soon hidden', 'The club will be unlisted.');
    await dbOf(server).execute(sql`update clubs set application_status = 'rejected' where id = ${owner.user.id}`);
    const member = await newMember(server.url);
    const answer = await member.client.gql(REPORT_CONTENT, { input: { targetType: 'ANNOUNCEMENT', targetId: posted.id, reason: 'SPAM' } });
    expect(refusalOf(answer, 'reportContent').fields).toEqual({ targetId: 'The reported item was not found.' });
    expect((await gqlOk(member.client, NODE, { id: posted.id })).node).toBeNull();
  });
});

describe('the member’s data', () => {
  /** The member's archive, built by the job worker and read from its row. */
  async function archiveOf(member: Member | Owner): Promise<Record<string, string>> {
    payloadOk(await member.client.gql('mutation { requestDataExport { dataExport { id } userErrors { message } } }'), 'requestDataExport');
    for (let i = 0; i < 100; i++) {
      await server.clubroom.jobWorker.runOnce();
      const [row] = await dbOf(server).select().from(dataExports).where(eq(dataExports.userId, member.user.id));
      if (row?.status === 'ready' && row.archive) return Object.fromEntries(Object.entries(unzipSync(new Uint8Array(row.archive))).map(([name, bytes]) => [name, strFromU8(bytes)]));
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the archive was not built');
  }

  it('lists the announcements a member received (and read) in their archive, and the club’s own in club.json; deleting the account takes the receipts', async () => {
    const { owner, fans } = await clubWithFollowers('Announce FC Archive', 1);
    const fan = fans[0]!;
    const posted = await postOk(owner, 'Archive me', 'Kept in the archive.');
    payloadOk(await fan.client.gql(MARK_READ, { i: { announcementId: posted.id } }), 'markAnnouncementRead');
    const rows = parse((await archiveOf(fan))['announcements.csv']!, { columns: true }) as Array<Record<string, string>>;
    expect(rows).toEqual([{ club: 'Announce FC Archive', title: 'Archive me', text: 'Kept in the archive.', delivered_at: expect.any(String), read_at: expect.stringMatching(/^\d{4}-/) }]);
    const club = JSON.parse((await archiveOf(owner))['club.json']!) as { announcements: Array<{ title: string }> };
    expect(club.announcements.map((a) => a.title)).toEqual(['Archive me']);

    // A deleted account's receipts go with it.
    payloadOk(await fan.client.gql('mutation($i: DeleteMyAccountInput!) { deleteMyAccount(input: $i) { deleted userErrors { message } } }', { i: { password: STRONG_PASSWORD } }), 'deleteMyAccount');
    expect(await receiptsOf(posted.id)).toEqual([]);
  });
});
