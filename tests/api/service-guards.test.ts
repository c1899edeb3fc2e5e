// The services' guard clauses called directly, as every adapter (GraphQL, REST, live updates) calls
// them: the checks that the resolvers' own @Authorized or the HTTP layer also make, and limits no
// other test reaches. Found by mutation testing (npm run test:mutation, docs/TESTING.md): each
// test here kills a mutant that survived every other test.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../server/src/lib/viewer.js';
import { sql } from 'drizzle-orm';
import { canSeeClub } from '../../server/src/modules/clubs/clubs.service.js';
import { NOT_YOUR_POSITION, POSITION_NOT_FOUND, POSITION_REMOVED, POSITIONS_MAX, TOO_MANY_POSITIONS } from '../../server/src/modules/clubs/volunteer-positions.service.js';
import { ONLY_PLATFORM_ADMINS } from '../../server/src/modules/council/council.service.js';
import { CANNOT_MESSAGE_SELF, MESSAGE_NOT_FOUND, RECIPIENT_NOT_FOUND } from '../../server/src/modules/messages/messages.service.js';
import { insertClubs, positionRows, validPosition } from '../helpers/clubs.js';
import { COUNCIL_TEXT } from '../helpers/council.js';
import { dbOf, insertUsers, messageRow, setUserStatus } from '../helpers/messages.js';
import { startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
const services = () => server.clubroom.services;

/** A signed-in caller as the services see it. */
function viewer(userId: string, roles: { platformAdmin?: boolean; councilAdmin?: boolean } = {}): Viewer {
  return {
    userId,
    sessionId: randomUUID(),
    email: `${userId}@example.com`,
    role: roles.platformAdmin ? 'platform_admin' : 'volunteer',
    isPlatformAdmin: !!roles.platformAdmin,
    isCouncilAdmin: !!(roles.councilAdmin || roles.platformAdmin),
  } as Viewer;
}

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

describe('clubs', () => {
  it(`allows the ${POSITIONS_MAX}th volunteer position and refuses the next`, async () => {
    const [clubId] = await insertClubs(server, [{ name: 'Crowded Club', hiddenPositions: POSITIONS_MAX - 1 }]);
    const owner = viewer(clubId!);
    await services().volunteerPositions.createPosition(owner, validPosition());
    expect(await positionRows(server, clubId!)).toHaveLength(POSITIONS_MAX);
    await expect(services().volunteerPositions.createPosition(owner, validPosition())).rejects.toMatchObject({ code: 'BAD_USER_INPUT', message: TOO_MANY_POSITIONS });
    expect(await positionRows(server, clubId!)).toHaveLength(POSITIONS_MAX);
  });
});

describe('clubs: what a moderator removed (mutation-found gaps of issue 26)', () => {
  it("a removed position: its owner is told it was removed (on 'id'), another club is refused, a missing one is not found", async () => {
    const [ownerId, otherId] = await insertClubs(server, [
      { name: 'Removed Role Club', hiddenPositions: 1 },
      { name: 'Other Role Club', hiddenPositions: 0 },
    ]);
    const [position] = await positionRows(server, ownerId!);
    await dbOf(server).execute(sql`update club_volunteer_positions set removed_at = now() where id = ${position!.id}`);
    await expect(services().volunteerPositions.setPositionLive(viewer(ownerId!), position!.id, true)).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      message: POSITION_REMOVED,
      fields: { id: POSITION_REMOVED },
    });
    await expect(services().volunteerPositions.setPositionLive(viewer(otherId!), position!.id, true)).rejects.toMatchObject({ code: 'FORBIDDEN', message: NOT_YOUR_POSITION });
    await expect(services().volunteerPositions.setPositionLive(viewer(ownerId!), randomUUID(), true)).rejects.toMatchObject({ code: 'NOT_FOUND', message: POSITION_NOT_FOUND });
  });

  it('an approved club a moderator removed is seen by its owner and platform administrators only', () => {
    const clubId = randomUUID();
    const removed = { id: clubId, applicationStatus: 'approved' as const, removedAt: new Date() };
    expect(canSeeClub(null, removed)).toBe(false);
    expect(canSeeClub(viewer(randomUUID()), removed)).toBe(false);
    expect(canSeeClub(viewer(clubId), removed)).toBe(true);
    expect(canSeeClub(viewer(randomUUID(), { platformAdmin: true }), removed)).toBe(true);
    expect(canSeeClub(null, { ...removed, removedAt: null })).toBe(true);
  });
});

describe('sports council', () => {
  let adminId: string;
  beforeAll(async () => {
    [adminId] = await insertUsers(server, ['Council Admin']);
  });

  it('answers NOT_FOUND for the update or delete of a meeting that does not exist', async () => {
    const admin = viewer(adminId, { councilAdmin: true });
    await expect(services().council.update(admin, randomUUID(), { title: 'Renamed' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: COUNCIL_TEXT.meetingNotFound });
    await expect(services().council.delete(admin, randomUUID())).rejects.toMatchObject({ code: 'NOT_FOUND', message: COUNCIL_TEXT.meetingNotFound });
  });

  it('shows one meeting to anyone when public, to council administrators only otherwise; a missing one is not found', async () => {
    const admin = viewer(adminId, { councilAdmin: true });
    const shown = await services().council.create(admin, { title: 'Open AGM', meetingDate: '2031-03-10', isPublic: true });
    const hidden = await services().council.create(admin, { title: 'Closed session', meetingDate: '2031-03-11', isPublic: false });
    expect((await services().council.get(null, shown.id)).title).toBe('Open AGM');
    await expect(services().council.get(null, hidden.id)).rejects.toMatchObject({ code: 'NOT_FOUND', message: COUNCIL_TEXT.meetingNotFound });
    expect((await services().council.get(admin, hidden.id)).title).toBe('Closed session');
    await expect(services().council.get(admin, randomUUID())).rejects.toMatchObject({ code: 'NOT_FOUND', message: COUNCIL_TEXT.meetingNotFound });
  });

  it('refuses meeting writes to an anonymous caller with UNAUTHENTICATED', async () => {
    await expect(services().council.create(null, { title: 'AGM', meetingDate: '2026-03-10' })).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('lets only platform administrators list, grant and revoke the role: UNAUTHENTICATED anonymous, FORBIDDEN otherwise', async () => {
    const [memberId] = await insertUsers(server, ['Plain Member']);
    const email = `${randomUUID()}@example.com`;
    for (const call of [() => services().council.admins(null), () => services().council.grant(null, email), () => services().council.revoke(null, email)]) {
      await expect(call()).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    for (const caller of [viewer(memberId!), viewer(adminId, { councilAdmin: true })]) {
      for (const call of [() => services().council.admins(caller), () => services().council.grant(caller, email), () => services().council.revoke(caller, email)]) {
        await expect(call()).rejects.toMatchObject({ code: 'FORBIDDEN', message: ONLY_PLATFORM_ADMINS });
      }
    }
    expect((await services().council.admins(viewer(adminId, { platformAdmin: true }), { first: 10 })).nodes).toEqual([]);
  });
});

describe('live counts', () => {
  it('refuse an anonymous subscriber with UNAUTHENTICATED', () => {
    expect(() => services().messageReadState.unreadCountStream(null)).toThrow(expect.objectContaining({ code: 'UNAUTHENTICATED' }));
    expect(() => services().notifications.unreadCountStream(null)).toThrow(expect.objectContaining({ code: 'UNAUTHENTICATED' }));
  });

  it('give a signed-in subscriber the current count first', async () => {
    const [memberId] = await insertUsers(server, ['Live Member']);
    for (const stream of [services().messageReadState.unreadCountStream(viewer(memberId!)), services().notifications.unreadCountStream(viewer(memberId!))]) {
      const counts = stream[Symbol.asyncIterator]();
      expect(await counts.next()).toEqual({ done: false, value: 0 });
      await counts.return?.();
    }
  });
});

describe('messages', () => {
  let aliceId: string;
  let bobId: string;
  beforeAll(async () => {
    [aliceId, bobId] = await insertUsers(server, ['Alice Sender', 'Bob Recipient']);
  });

  it('sends a new message when replyToId is null (not a reply)', async () => {
    const sent = await services().messages.send(viewer(aliceId), { recipientId: bobId, subject: 'Training times', content: 'Are you free on Saturday?', replyToId: null });
    expect(await messageRow(server, sent.id)).toMatchObject({ senderId: aliceId, recipientId: bobId, subject: 'Training times' });
  });

  it('names the recipient field when a member writes to themself', async () => {
    await expect(services().messages.send(viewer(aliceId), { recipientId: aliceId, subject: 'Note to self', content: 'Remember the cones.' })).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      message: CANNOT_MESSAGE_SELF,
      fields: { recipientId: CANNOT_MESSAGE_SELF },
    });
  });

  it('lists as recipients only other active members', async () => {
    const [suspendedId] = await insertUsers(server, ['Guarded Suspended']);
    await setUserStatus(server, suspendedId!, 'suspended');
    const [activeId] = await insertUsers(server, ['Guarded Active']);
    const page = await services().messageLists.recipients(viewer(aliceId), { search: 'Guarded' });
    expect(page.nodes.map((r) => r.id)).toEqual([activeId]);
    const self = await services().messageLists.recipients(viewer(aliceId), { search: 'Alice Sender' });
    expect(self.nodes).toEqual([]);
  });

  it('a message a moderator removed is not found, even by its sender deleting it', async () => {
    const sent = await services().messages.send(viewer(aliceId), { recipientId: bobId, subject: 'Removed later', content: 'A message a moderator will remove.' });
    await dbOf(server).execute(sql`update messages set removed_at = now() where id = ${sent.id}`);
    await expect(services().messages.delete(viewer(aliceId), sent.id)).rejects.toMatchObject({ code: 'NOT_FOUND', message: MESSAGE_NOT_FOUND });
    expect(await messageRow(server, sent.id)).toBeDefined();
  });

  it('refuses a recipient id that is not a member: RECIPIENT_NOT_FOUND', async () => {
    for (const recipientId of [randomUUID(), 'not-a-uuid']) {
      await expect(services().messages.send(viewer(aliceId), { recipientId, subject: 'Training times', content: 'Are you free on Saturday?' })).rejects.toMatchObject({
        code: 'BAD_USER_INPUT',
        message: RECIPIENT_NOT_FOUND,
        fields: { recipientId: RECIPIENT_NOT_FOUND },
      });
    }
  });
});
