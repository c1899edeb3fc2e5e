// Following a club (issue 29 §1): a member follows and unfollows an approved club (again: nothing
// changes); their own club, an unapproved or removed club and a club past the limit are refused
// with the field's message and nothing changes; the owner and administrators see the followers
// (names only), anyone sees how many; a member's followed clubs are listed newest first and a club
// removed since drops out; a deleted account's follows go with it.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubFollows } from '../../server/src/db/schema/index.js';
import { ApiClient, newMember, STRONG_PASSWORD } from '../helpers/client.js';
import { clubGlobalId, newClubOwner, payloadOk, refusalOf } from '../helpers/clubs.js';
import { adminClient, dbOf, gqlOk } from '../helpers/messages.js';
import { startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const FOLLOW = 'mutation($i: ClubFollowInput!) { followClub(input: $i) { club { id name followedByMe followerCount } userErrors { field code message } } }';
const UNFOLLOW = 'mutation($i: ClubFollowInput!) { unfollowClub(input: $i) { club { id followedByMe followerCount } userErrors { field code message } } }';
const MINE = 'query($first: Int, $after: String) { myFollowedClubs(first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } nodes { club { id name } followedAt } } }';
const FOLLOWERS = 'query($id: ID!) { club(id: $id) { followerCount followedByMe followers(first: 10) { totalCount nodes { member { id name email } followedAt } } } }';
const followsOf = (userId: string) => dbOf(server).select().from(clubFollows).where(eq(clubFollows.userId, userId));

describe('following a club', () => {
  it('follows (twice is once), shows on the club and in My clubs, and unfollows', async () => {
    const owner = await newClubOwner(server, { status: 'approved', clubName: 'Follow Me FC' });
    const fan = await newMember(server.url, { fullName: 'Fiona Fan' });
    const followed = payloadOk<{ club: { name: string; followedByMe: boolean; followerCount: number } }>(await fan.client.gql(FOLLOW, { i: { clubId: clubGlobalId(owner.user.id) } }), 'followClub');
    expect(followed.club).toMatchObject({ name: 'Follow Me FC', followedByMe: true, followerCount: 1 });
    payloadOk(await fan.client.gql(FOLLOW, { i: { clubId: clubGlobalId(owner.user.id) } }), 'followClub');
    expect(await followsOf(fan.user.id)).toHaveLength(1);

    const mine = (await gqlOk(fan.client, MINE)).myFollowedClubs;
    expect(mine.totalCount).toBe(1);
    expect(mine.nodes.map((n: { club: { name: string } }) => n.club.name)).toEqual(['Follow Me FC']);

    // Anyone sees the count; only the owner (and administrators) see who, names only.
    const anonymous = (await gqlOk(new ApiClient(server.url), FOLLOWERS, { id: clubGlobalId(owner.user.id) })).club;
    expect(anonymous).toMatchObject({ followerCount: 1, followedByMe: false, followers: { totalCount: 0, nodes: [] } });
    const asOwner = (await gqlOk(owner.client, FOLLOWERS, { id: clubGlobalId(owner.user.id) })).club;
    expect(asOwner.followers.totalCount).toBe(1);
    expect(asOwner.followers.nodes.map((n: { member: { name: string; email: string | null } }) => n.member)).toEqual([expect.objectContaining({ name: 'Fiona Fan', email: null })]);
    const asAdmin = (await gqlOk(await adminClient(server.url), FOLLOWERS, { id: clubGlobalId(owner.user.id) })).club;
    expect(asAdmin.followers.totalCount).toBe(1);

    const unfollowed = payloadOk<{ club: { followedByMe: boolean; followerCount: number } }>(await fan.client.gql(UNFOLLOW, { i: { clubId: clubGlobalId(owner.user.id) } }), 'unfollowClub');
    expect(unfollowed.club).toMatchObject({ followedByMe: false, followerCount: 0 });
    payloadOk(await fan.client.gql(UNFOLLOW, { i: { clubId: clubGlobalId(owner.user.id) } }), 'unfollowClub');
    expect((await gqlOk(fan.client, MINE)).myFollowedClubs.totalCount).toBe(0);
  });

  it('refuses the own club, a pending club and an unknown id with their messages, changing nothing', async () => {
    const owner = await newClubOwner(server, { status: 'approved', clubName: 'Own Goal United' });
    const pending = await newClubOwner(server, { status: 'pending', clubName: 'Not Yet Rovers' });
    expect(refusalOf(await owner.client.gql(FOLLOW, { i: { clubId: clubGlobalId(owner.user.id) } }), 'followClub').userErrors).toEqual([
      { field: 'clubId', code: 'BAD_USER_INPUT', message: 'You cannot follow your own club.' },
    ]);
    const fan = await newMember(server.url);
    for (const clubId of [clubGlobalId(pending.user.id), clubGlobalId('00000000-0000-4000-8000-000000000000'), 'not-an-id']) {
      expect(refusalOf(await fan.client.gql(FOLLOW, { i: { clubId } }), 'followClub').userErrors).toEqual([{ field: 'clubId', code: 'NOT_FOUND', message: 'Club not found' }]);
    }
    expect(await followsOf(fan.user.id)).toEqual([]);
    expect(await followsOf(owner.user.id)).toEqual([]);
  });

  it('refuses a follow past the limit, even two at once', async () => {
    const fan = await newMember(server.url);
    const [a, b] = await Promise.all([newClubOwner(server, { status: 'approved', clubName: 'Limit A' }), newClubOwner(server, { status: 'approved', clubName: 'Limit B' })]);
    // 499 follows of other clubs, inserted directly (clubs of inserted owners).
    await dbOf(server).execute(sql`
      with owners as (insert into users (email, full_name, password_hash) select 'limit.' || g || '.' || ${fan.user.id} || '@example.com', 'Owner ' || g, 'x' from generate_series(1, 499) g returning id),
           made as (insert into clubs (id, name, contact_email, application_status) select id, 'Limit club ' || id, 'c@example.com', 'approved' from owners returning id)
      insert into club_follows (club_id, user_id) select id, ${fan.user.id} from made`);
    const answers = await Promise.all([a, b].map((club) => fan.client.gql(FOLLOW, { i: { clubId: clubGlobalId(club.user.id) } })));
    const refused = answers.map((answer) => answer.data.followClub.userErrors).filter((errors) => errors.length > 0);
    expect(refused).toEqual([[{ field: 'clubId', code: 'BAD_USER_INPUT', message: 'You can follow at most 500 clubs. Unfollow one first.' }]]);
    expect(await followsOf(fan.user.id)).toHaveLength(500);
  });

  it('drops a club removed by a moderator from My clubs, and a deleted account’s follows go', async () => {
    const owner = await newClubOwner(server, { status: 'approved', clubName: 'Soon Removed' });
    const fan = await newMember(server.url);
    payloadOk(await fan.client.gql(FOLLOW, { i: { clubId: clubGlobalId(owner.user.id) } }), 'followClub');
    await dbOf(server).execute(sql`update clubs set removed_at = now() where id = ${owner.user.id}`);
    expect((await gqlOk(fan.client, MINE)).myFollowedClubs).toMatchObject({ totalCount: 0, nodes: [] });
    payloadOk(await fan.client.gql('mutation($i: DeleteMyAccountInput!) { deleteMyAccount(input: $i) { deleted userErrors { message } } }', { i: { password: STRONG_PASSWORD } }), 'deleteMyAccount');
    expect(await followsOf(fan.user.id)).toEqual([]);
  });
});
