// Volunteer positions (club dashboard, Volunteer Positions tab): create (hidden at first, blank
// optional texts stored empty), the title and description minimums, the list newest first, edit,
// the live toggle and delete; only once the profile exists, and only on the caller's own club.
// Rule violations (and unknown ids) are userErrors; another club's position is FORBIDDEN.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, newMember, type GqlAnswer } from '../helpers/client.js';
import {
  CLUB_TEXT,
  MY_POSITIONS,
  createPosition,
  createPositionOk,
  deletePosition as remove,
  myPositions,
  newClubOwner,
  onlyError,
  positionRow,
  positionRows,
  refusalOf,
  setPositionLive as setLive,
  updatePosition as update,
  uuidOf,
  validPosition,
  type PositionView,
} from '../helpers/clubs.js';
import { gqlOk, type Member } from '../helpers/messages.js';
import { toGlobalId } from '../../server/src/graphql/relay.js';
import { startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let owner: Member & { clubId: string };
let rival: Member & { clubId: string };
beforeAll(async () => {
  server = await startServer({ rateLimit: { windowMinutes: 15, failsPerEmailIp: 10, failsPerIpPerDay: 100, perIp: 10_000 } });
  [owner, rival] = await Promise.all([
    newClubOwner(server, { clubName: 'Position Pioneers' }),
    newClubOwner(server, { clubName: 'Rival Rangers', status: 'approved' }),
  ]);
});
afterAll(async () => {
  await server?.close();
});

describe('createVolunteerPosition', () => {
  it('creates a position of the caller\'s club that starts hidden (isLive false)', async () => {
    const position = await createPositionOk(owner.client, validPosition());
    expect(position).toMatchObject({ club: { id: owner.clubId }, ...validPosition(), isLive: false });
    expect(Buffer.from(position.id, 'base64url').toString()).toMatch(/^VolunteerPosition:[0-9a-f-]{36}$/);
    const row = await positionRow(server, position.id);
    expect(row).toMatchObject({ clubId: owner.user.id, title: 'Assistant Coach', isLive: false });
  });

  it('lets a club still pending approval create positions once its profile is saved', async () => {
    const pending = await newClubOwner(server, { clubName: 'Patient Pumas' });
    const position = await createPositionOk(pending.client);
    expect(position.club.id).toBe(pending.clubId);
  });

  it('stores blank, null and omitted optional fields as empty strings', async () => {
    const position = await createPositionOk(owner.client, {
      title: 'Kit Manager',
      description: 'Wash and look after the match kit.',
      responsibilities: '',
      requirements: '   ',
      timeCommitment: null,
      // location and contactInfo omitted
    });
    const empty = { responsibilities: '', requirements: '', timeCommitment: '', location: '', contactInfo: '' };
    expect(position).toMatchObject({ title: 'Kit Manager', ...empty, isLive: false });
    expect(await positionRow(server, position.id)).toMatchObject(empty);
  });

  it.each([
    ['a title of 1 character', { title: 'A' }, 'title', CLUB_TEXT.positionTitleMin],
    ['a title of spaces', { title: '    ' }, 'title', CLUB_TEXT.positionTitleMin],
    ['a description of 9 characters', { description: '123456789' }, 'description', CLUB_TEXT.positionDescriptionMin],
    ['a description that is only markup', { description: '<p><b></b></p>' }, 'description', CLUB_TEXT.positionDescriptionMin],
  ])('refuses %s with its message and stores nothing', async (_what, over, field, message) => {
    const before = (await positionRows(server, owner.user.id)).length;
    const error = refusalOf(await createPosition(owner.client, validPosition(over)), 'createVolunteerPosition');
    expect(error.userErrors).toEqual([{ field, code: 'BAD_USER_INPUT', message }]);
    expect(await positionRows(server, owner.user.id)).toHaveLength(before);
  });

  it('accepts a title of exactly 2 characters and a description of exactly 10', async () => {
    const position = await createPositionOk(owner.client, validPosition({ title: 'PA', description: '1234567890' }));
    expect(position).toMatchObject({ title: 'PA', description: '1234567890' });
  });

  it('strips markup from the texts it stores', async () => {
    const position = await createPositionOk(
      owner.client,
      validPosition({ title: '<script>alert(1)</script>Groundsman', description: 'Keep the <b>pitch</b> in shape <img src=x onerror=alert(1)>all season.' }),
    );
    expect(position).toMatchObject({ title: 'Groundsman', description: 'Keep the pitch in shape all season.' });
    expect(await positionRow(server, position.id)).toMatchObject({ title: 'Groundsman', description: 'Keep the pitch in shape all season.' });
  });

  it('refuses a registered club whose profile is not saved yet with the user error of its state (the tab is disabled until a profile exists)', async () => {
    const registered = await newMember(server.url, { clubName: 'Unsaved Unicorns' });
    const error = refusalOf(await createPosition(registered.client, validPosition()), 'createVolunteerPosition');
    expect(error.userErrors).toEqual([{ field: null, code: 'BAD_USER_INPUT', message: CLUB_TEXT.profileFirst }]);
    expect(await positionRows(server, registered.user.id)).toEqual([]);
  });

  it('refuses a volunteer who has no club', async () => {
    const volunteer = await newMember(server.url, { fullName: 'Vera Volunteer' });
    const error = onlyError(await createPosition(volunteer.client, validPosition()));
    expect(error.extensions?.code).toBe('FORBIDDEN');
    expect(await positionRows(server, volunteer.user.id)).toEqual([]);
    expect(await myPositions(volunteer.client)).toEqual([]);
  });

  it('refuses an anonymous caller with UNAUTHENTICATED', async () => {
    const anonymous = new ApiClient(server.url);
    expect(onlyError(await createPosition(anonymous, validPosition())).extensions?.code).toBe('UNAUTHENTICATED');
    // Signed out there is no `me`, so no club and no positions.
    expect(await gqlOk(anonymous, MY_POSITIONS)).toEqual({ me: null });
  });
});

describe("the owner's list: me { club { positions(includeHidden: true) } }", () => {
  it("lists only the caller's club's positions, newest first, hidden ones included", async () => {
    const club = await newClubOwner(server, { clubName: 'Listing Lynx' });
    const first = await createPositionOk(club.client, validPosition({ title: 'First Role' }));
    const second = await createPositionOk(club.client, validPosition({ title: 'Second Role' }));
    const third = await createPositionOk(club.client, validPosition({ title: 'Third Role' }));
    await setLive(club.client, second.id, true);
    await createPositionOk(rival.client, validPosition({ title: 'Rival Role' }));

    const list = await myPositions(club.client);
    expect(list.map((p) => p.title)).toEqual(['Third Role', 'Second Role', 'First Role']);
    expect(list.map((p) => p.isLive)).toEqual([false, true, false]);
    expect(list.map((p) => p.id)).toEqual([third.id, second.id, first.id]);
  });
});

describe('updateVolunteerPosition', () => {
  it('changes the texts, keeps the visibility and moves updatedAt on', async () => {
    const position = await createPositionOk(owner.client, validPosition({ title: 'Treasurer' }));
    await setLive(owner.client, position.id, true);
    const answer = await update(owner.client, position.id, {
      title: 'Club Treasurer',
      description: 'Keep the accounts and collect the subs.',
      timeCommitment: '',
      location: 'Clubhouse',
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.updateVolunteerPosition.userErrors).toEqual([]);
    const updated = answer.data.updateVolunteerPosition.position!;
    expect(updated).toMatchObject({
      id: position.id,
      title: 'Club Treasurer',
      description: 'Keep the accounts and collect the subs.',
      responsibilities: '',
      requirements: '',
      timeCommitment: '',
      location: 'Clubhouse',
      contactInfo: '',
      isLive: true,
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(position.updatedAt));
    expect(await positionRow(server, position.id)).toMatchObject({ title: 'Club Treasurer', location: 'Clubhouse', isLive: true });
  });

  it('refuses an update that breaks the form rules and changes nothing', async () => {
    const position = await createPositionOk(owner.client, validPosition({ title: 'Secretary' }));
    const before = await positionRow(server, position.id);
    const error = refusalOf(await update(owner.client, position.id, validPosition({ title: 'S' })), 'updateVolunteerPosition');
    expect(error.userErrors).toEqual([{ field: 'title', code: 'BAD_USER_INPUT', message: CLUB_TEXT.positionTitleMin }]);
    expect(await positionRow(server, position.id)).toEqual(before);
  });
});

describe('setVolunteerPositionLive', () => {
  it('shows and hides a position', async () => {
    const position = await createPositionOk(owner.client, validPosition({ title: 'Welfare Officer' }));
    const shown = await setLive(owner.client, position.id, true);
    expect(shown.errors).toBeUndefined();
    expect(shown.data.setVolunteerPositionLive.position).toMatchObject({ id: position.id, isLive: true, title: 'Welfare Officer' });
    expect((await positionRow(server, position.id))!.isLive).toBe(true);

    const hidden = await setLive(owner.client, position.id, false);
    expect(hidden.data.setVolunteerPositionLive.position!.isLive).toBe(false);
    expect((await positionRow(server, position.id))!.isLive).toBe(false);
  });
});

describe('deleteVolunteerPosition', () => {
  it('deletes the position and answers its id', async () => {
    const position = await createPositionOk(owner.client, validPosition({ title: 'Photographer' }));
    const answer = await remove(owner.client, position.id);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.deleteVolunteerPosition).toEqual({ deletedPositionId: position.id, userErrors: [] });
    expect(await positionRow(server, position.id)).toBeNull();
    expect((await myPositions(owner.client)).map((p) => p.id)).not.toContain(position.id);
  });

  it('answers NOT_FOUND when the same position is deleted twice', async () => {
    const position = await createPositionOk(owner.client, validPosition({ title: 'Fixture Secretary' }));
    await remove(owner.client, position.id);
    expect(refusalOf(await remove(owner.client, position.id), 'deleteVolunteerPosition').userErrors).toEqual([
      { field: 'id', code: 'NOT_FOUND', message: CLUB_TEXT.positionNotFound },
    ]);
  });
});

describe("another club's positions", () => {
  let theirs: PositionView;
  beforeAll(async () => {
    theirs = await createPositionOk(rival.client, validPosition({ title: 'Rival Coach' }));
    await setLive(rival.client, theirs.id, true);
  });

  const refusals: Array<[string, string, (client: ApiClient, id: string) => Promise<GqlAnswer>]> = [
    ['update', 'updateVolunteerPosition', (client, id) => update(client, id, validPosition({ title: 'Hijacked Coach' }))],
    ['live toggle', 'setVolunteerPositionLive', (client, id) => setLive(client, id, false)],
    ['delete', 'deleteVolunteerPosition', (client, id) => remove(client, id)],
  ];

  it.each(refusals)("refuses the %s of another club's position with FORBIDDEN and leaves it unchanged", async (_what, _key, act) => {
    const before = await positionRow(server, theirs.id);
    const error = onlyError(await act(owner.client, theirs.id));
    expect(error).toMatchObject({ message: CLUB_TEXT.notYourPosition, extensions: { code: 'FORBIDDEN' } });
    expect(await positionRow(server, theirs.id)).toEqual(before);
  });

  it.each(refusals)('refuses the %s of a position by a volunteer without a club with FORBIDDEN', async (_what, _key, act) => {
    const volunteer = await newMember(server.url);
    const before = await positionRow(server, theirs.id);
    const error = onlyError(await act(volunteer.client, theirs.id));
    expect(error).toMatchObject({ message: CLUB_TEXT.notYourPosition, extensions: { code: 'FORBIDDEN' } });
    expect(await positionRow(server, theirs.id)).toEqual(before);
  });

  const NOT_FOUND = [{ field: 'id', code: 'NOT_FOUND', message: CLUB_TEXT.positionNotFound }];

  it.each(refusals)('answers the user error NOT_FOUND to the %s of an unknown position id', async (_what, key, act) => {
    expect(refusalOf(await act(owner.client, toGlobalId('VolunteerPosition', randomUUID())), key).userErrors).toEqual(NOT_FOUND);
  });

  it.each(refusals)('answers NOT_FOUND to the %s of an id that names no position (malformed, a database id, another type)', async (_what, key, act) => {
    for (const id of ['not-a-uuid', uuidOf(theirs.id), toGlobalId('Club', rival.user.id)]) {
      const before = await positionRow(server, theirs.id);
      expect(refusalOf(await act(owner.client, id), key).userErrors, id).toEqual(NOT_FOUND);
      expect(await positionRow(server, theirs.id)).toEqual(before);
    }
  });

  it.each(refusals)('refuses the %s by an anonymous caller with UNAUTHENTICATED', async (_what, _key, act) => {
    const before = await positionRow(server, theirs.id);
    expect(onlyError(await act(new ApiClient(server.url), theirs.id)).extensions?.code).toBe('UNAUTHENTICATED');
    expect(await positionRow(server, theirs.id)).toEqual(before);
  });

  it("does not list another club's positions among the caller's", async () => {
    expect((await myPositions(owner.client)).map((p) => p.id)).not.toContain(theirs.id);
  });
});
