// The club profile (club dashboard, Club Profile tab): the first save of a registered club and of
// a signed-in user without one, the read-only club name, every message of the profile form,
// blank optional fields stored as NULL, sanitising, and that a refused save changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collideOnInsert } from '../helpers/pg.js';
import { count, eq } from 'drizzle-orm';
import { clubs } from '../../server/src/db/schema/index.js';
import { ApiClient, newMember } from '../helpers/client.js';
import {
  CLUB_TEXT,
  MY_CLUB,
  clubGlobalId,
  refusalOf,
  SPEC_SPORT_CATEGORIES,
  SPORT_CATEGORIES_QUERY,
  clubRow,
  myClub,
  newClubOwner,
  onlyError,
  saveProfile,
  saveProfileOk,
  validProfile,
} from '../helpers/clubs.js';
import { approveClub, gqlOk, setClubStatus, type Member } from '../helpers/messages.js';
import { startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ rateLimit: { windowMinutes: 15, failsPerEmailIp: 10, failsPerIpPerDay: 100, perIp: 10_000 } });
});
afterAll(async () => {
  await server?.close();
});

/** A registered club whose profile is saved (pending approval). */
let owner: Member & { club: Awaited<ReturnType<typeof saveProfileOk>> };
beforeAll(async () => {
  owner = await newClubOwner(server, { clubName: 'Validation Valley FC' });
});

/** Runs `act` and checks the caller's club row is exactly as before. */
async function changesNothing(clubId: string, act: () => Promise<void>): Promise<void> {
  const before = await clubRow(server, clubId);
  await act();
  expect(await clubRow(server, clubId)).toEqual(before);
}

/** Saves `over` on top of the owner's valid profile and answers the refusal (its userErrors). */
async function refusedSave(over: Record<string, unknown>) {
  let error!: ReturnType<typeof refusalOf>;
  await changesNothing(owner.user.id, async () => {
    error = refusalOf(await saveProfile(owner.client, validProfile({ name: 'Validation Valley FC', ...over })), 'saveClubProfile');
  });
  return error;
}

describe('saveClubProfile: the first save', () => {
  it('fills the profile of a registered club: profileSaved turns true, the club stays pending and unapproved', async () => {
    const { client, user, email } = await newMember(server.url, { clubName: 'Harbour Hockey', fullName: 'Hana Harbour' });
    const before = await myClub(client);
    expect(before).toMatchObject({ id: clubGlobalId(user.id), name: 'Harbour Hockey', profileSaved: false, applicationStatus: 'PENDING' });

    const saved = await saveProfileOk(client, validProfile({ name: 'Harbour Hockey', contactEmail: email }));
    expect(saved).toMatchObject({
      id: clubGlobalId(user.id),
      name: 'Harbour Hockey',
      category: 'Football',
      description: 'A friendly football club for all ages, training every week.',
      websiteUrl: 'https://riverside-rovers.example.com',
      contactEmail: email,
      contactPhone: '+44 20 7946 0958',
      facebookUrl: 'https://www.facebook.com/riversiderovers',
      instagramUrl: 'https://www.instagram.com/riversiderovers',
      twitterUrl: 'https://x.com/riversiderovers',
      address: '1 River Lane',
      city: 'London',
      postcode: 'SE1 9ZZ',
      what3words: '///filled.count.soap',
      googleMapsUrl: 'https://maps.google.com/?q=Riverside+Rovers',
      profileSaved: true,
      applicationStatus: 'PENDING',
    });

    const row = await clubRow(server, user.id);
    expect(row).toMatchObject({ name: 'Harbour Hockey', category: 'Football', city: 'London', applicationStatus: 'pending' });
    expect(row!.profileSavedAt).toBeInstanceOf(Date);
    expect(await myClub(client)).toMatchObject({ profileSaved: true, applicationStatus: 'PENDING' });
  });

  it('creates a pending club for a signed-in user who has none', async () => {
    const { client, user } = await newMember(server.url, { fullName: 'Nora No-Club' });
    expect(await myClub(client)).toBeNull();
    expect(await clubRow(server, user.id)).toBeNull();

    const saved = await saveProfileOk(client, validProfile({ name: 'Newcomers Netball', category: 'Netball' }));
    expect(saved).toMatchObject({ id: clubGlobalId(user.id), name: 'Newcomers Netball', category: 'Netball', profileSaved: true, applicationStatus: 'PENDING' });
    expect(await clubRow(server, user.id)).toMatchObject({ id: user.id, name: 'Newcomers Netball', applicationStatus: 'pending' });
    expect(await myClub(client)).toMatchObject({ id: clubGlobalId(user.id), name: 'Newcomers Netball' });
  });

  it('lets the first save correct the name given at registration (the profile does not exist yet)', async () => {
    const { client, user } = await newMember(server.url, { clubName: 'Typo Tenis Club' });
    const saved = await saveProfileOk(client, validProfile({ name: 'Typo Tennis Club', category: 'Tennis' }));
    expect(saved.name).toBe('Typo Tennis Club');
    expect((await clubRow(server, user.id))!.name).toBe('Typo Tennis Club');
  });

  it('offers exactly the sport categories of the specification', async () => {
    const { sportCategories } = await gqlOk<{ sportCategories: string[] }>(new ApiClient(server.url), SPORT_CATEGORIES_QUERY);
    expect(sportCategories).toEqual(SPEC_SPORT_CATEGORIES);
  });
});

describe('saveClubProfile: later saves', () => {
  it('updates every other field of a saved profile and keeps it pending', async () => {
    const { client, user } = await newClubOwner(server, { clubName: 'Updating United' });
    const saved = await saveProfileOk(
      client,
      validProfile({ name: 'Updating United', category: 'Cricket', description: 'Now a cricket club with nets on Tuesdays.', city: 'Leeds', postcode: 'LS1 1AA' }),
    );
    expect(saved).toMatchObject({ name: 'Updating United', category: 'Cricket', city: 'Leeds', postcode: 'LS1 1AA', profileSaved: true, applicationStatus: 'PENDING' });
    expect(await clubRow(server, user.id)).toMatchObject({ category: 'Cricket', description: 'Now a cricket club with nets on Tuesdays.', city: 'Leeds' });
  });

  it('keeps an approved club approved when its profile is saved again', async () => {
    const approved = await newClubOwner(server, { clubName: 'Approved Athletic', status: 'approved' });
    const saved = await saveProfileOk(approved.client, validProfile({ name: 'Approved Athletic', city: 'York' }));
    expect(saved).toMatchObject({ applicationStatus: 'APPROVED', city: 'York' });
  });

  it('refuses to change the club name once the profile is saved, and changes nothing', async () => {
    const locked = await newClubOwner(server, { clubName: 'Locked Lions' });
    const before = await clubRow(server, locked.user.id);
    const error = refusalOf(await saveProfile(locked.client, validProfile({ name: 'Renamed Lions', city: 'Somewhere Else' })), 'saveClubProfile');
    expect(error.userErrors).toEqual([
      { field: null, code: 'BAD_USER_INPUT', message: CLUB_TEXT.clubNameLockedTitle },
      { field: 'name', code: 'BAD_USER_INPUT', message: CLUB_TEXT.clubNameLocked },
    ]);
    // Neither the name nor any other field of the refused save was stored.
    expect(await clubRow(server, locked.user.id)).toEqual(before);
    expect((await myClub(locked.client))!.name).toBe('Locked Lions');
  });

  it('refuses a change of letter case in the club name as a change', async () => {
    const error = await refusedSave({ name: 'validation valley fc' });
    expect(error.message).toBe(CLUB_TEXT.clubNameLockedTitle);
    expect(error.fields.name).toBe(CLUB_TEXT.clubNameLocked);
  });

  it('does not count surrounding spaces around the same club name as a change', async () => {
    const saved = await saveProfileOk(owner.client, validProfile({ name: '  Validation Valley FC  ' }));
    expect(saved.name).toBe('Validation Valley FC');
  });

  it('refuses an anonymous caller with UNAUTHENTICATED and stores nothing', async () => {
    const anonymous = new ApiClient(server.url);
    const error = onlyError(await saveProfile(anonymous, validProfile({ name: 'Anonymous Athletic' })));
    expect(error).toMatchObject({ message: CLUB_TEXT.unauthenticated, extensions: { code: 'UNAUTHENTICATED' } });
    // Signed out there is no `me`, so no club either.
    expect(await gqlOk(anonymous, MY_CLUB)).toEqual({ me: null });
  });
});

describe('saveClubProfile: the form rules', () => {
  it.each([
    ['a one-character club name', { name: 'A' }, 'name', CLUB_TEXT.clubNameMin],
    ['a club name of spaces', { name: '   ' }, 'name', CLUB_TEXT.clubNameMin],
  ])('refuses %s with its message', async (_what, over, field, message) => {
    // A user without a club, so that the name rule (not the lock) is what answers.
    const { client, user } = await newMember(server.url);
    const error = refusalOf(await saveProfile(client, validProfile(over)), 'saveClubProfile');
    expect(error.userErrors).toEqual([{ field, code: 'BAD_USER_INPUT', message }]);
    expect(await clubRow(server, user.id)).toBeNull();
  });

  it.each([
    ['a missing category', { category: '' }, 'category', CLUB_TEXT.category],
    ['a category not in the list', { category: 'Quidditch' }, 'category', CLUB_TEXT.category],
    ['a lower-case category', { category: 'football' }, 'category', CLUB_TEXT.category],
    ['a description of 9 characters', { description: '123456789' }, 'description', CLUB_TEXT.descriptionMin],
    ['a description of 9 characters padded with spaces', { description: '  123456789  ' }, 'description', CLUB_TEXT.descriptionMin],
    ['a description of 501 characters', { description: 'd'.repeat(501) }, 'description', CLUB_TEXT.descriptionMax],
    ['a contact email that is not an address', { contactEmail: 'not-an-email' }, 'contactEmail', CLUB_TEXT.email],
    ['a contact email with no domain', { contactEmail: 'someone@' }, 'contactEmail', CLUB_TEXT.email],
    ['a contact email of 255 characters', { contactEmail: `${'a'.repeat(243)}@example.com` }, 'contactEmail', CLUB_TEXT.email],
    ['a website that is not a URL', { websiteUrl: 'not a url' }, 'websiteUrl', CLUB_TEXT.url],
    ['a website without a scheme', { websiteUrl: 'www.example.com' }, 'websiteUrl', CLUB_TEXT.url],
    ['a javascript: website', { websiteUrl: 'javascript:alert(1)' }, 'websiteUrl', CLUB_TEXT.url],
    ['an ftp website', { websiteUrl: 'ftp://files.example.com' }, 'websiteUrl', CLUB_TEXT.url],
    ['a Facebook URL on another host', { facebookUrl: 'https://example.com/riversiderovers' }, 'facebookUrl', CLUB_TEXT.facebookUrl],
    ['a Facebook URL on a look-alike host', { facebookUrl: 'https://facebook.com.evil.example/club' }, 'facebookUrl', CLUB_TEXT.facebookUrl],
    ['a Facebook URL that is not a URL', { facebookUrl: 'facebook' }, 'facebookUrl', CLUB_TEXT.facebookUrl],
    ['an Instagram URL on another host', { instagramUrl: 'https://www.facebook.com/riversiderovers' }, 'instagramUrl', CLUB_TEXT.instagramUrl],
    ['a Twitter/X URL on another host', { twitterUrl: 'https://mastodon.example/@rovers' }, 'twitterUrl', CLUB_TEXT.twitterUrl],
    ['a Twitter/X URL on a look-alike host', { twitterUrl: 'https://nottwitter.com/rovers' }, 'twitterUrl', CLUB_TEXT.twitterUrl],
    ['a Google Maps URL on another host', { googleMapsUrl: 'https://www.openstreetmap.org/#map=15/51.5/-0.1' }, 'googleMapsUrl', CLUB_TEXT.googleMapsUrl],
    ['a Google URL that is not a map', { googleMapsUrl: 'https://www.google.com/search?q=rovers' }, 'googleMapsUrl', CLUB_TEXT.googleMapsUrl],
    ['a what3words address without the slashes', { what3words: 'filled.count.soap' }, 'what3words', CLUB_TEXT.what3words],
    ['a what3words address of two words', { what3words: '///filled.count' }, 'what3words', CLUB_TEXT.what3words],
    ['a what3words address in capitals', { what3words: '///Filled.Count.Soap' }, 'what3words', CLUB_TEXT.what3words],
    ['a what3words address with digits', { what3words: '///filled.count.s0ap' }, 'what3words', CLUB_TEXT.what3words],
    ['a phone number of 4 characters', { contactPhone: '1234' }, 'contactPhone', CLUB_TEXT.phone],
    ['a phone number of letters', { contactPhone: 'call the club' }, 'contactPhone', CLUB_TEXT.phone],
  ])('refuses %s with its message and changes nothing', async (_what, over, field, message) => {
    const error = await refusedSave(over);
    expect(error.userErrors).toEqual([{ field, code: 'BAD_USER_INPUT', message }]);
  });

  it('names every failing field at once in userErrors', async () => {
    const error = await refusedSave({ category: '', description: 'short', contactEmail: 'nope', websiteUrl: 'nope', contactPhone: '12' });
    expect(error.fields).toEqual({
      category: CLUB_TEXT.category,
      description: CLUB_TEXT.descriptionMin,
      contactEmail: CLUB_TEXT.email,
      websiteUrl: CLUB_TEXT.url,
      contactPhone: CLUB_TEXT.phone,
    });
    expect(new Set(error.userErrors.map((e) => e.code))).toEqual(new Set(['BAD_USER_INPUT']));
  });

  it.each([
    ['a description of exactly 10 characters', { description: '1234567890' }, { description: '1234567890' }],
    ['a description of exactly 500 characters', { description: 'e'.repeat(500) }, { description: 'e'.repeat(500) }],
    ['a UK phone number', { contactPhone: '+44 20 7946 0958' }, { contactPhone: '+44 20 7946 0958' }],
    ['a national UK phone number', { contactPhone: '01632 960983' }, { contactPhone: '01632 960983' }],
    ['a phone number of exactly 5 characters', { contactPhone: '12345' }, { contactPhone: '12345' }],
    ['a Facebook URL on fb.com', { facebookUrl: 'https://fb.com/riversiderovers' }, { facebookUrl: 'https://fb.com/riversiderovers' }],
    ['a mobile Facebook URL', { facebookUrl: 'https://m.facebook.com/riversiderovers' }, { facebookUrl: 'https://m.facebook.com/riversiderovers' }],
    ['a twitter.com URL', { twitterUrl: 'https://twitter.com/riversiderovers' }, { twitterUrl: 'https://twitter.com/riversiderovers' }],
    ['a google.co.uk maps URL', { googleMapsUrl: 'https://www.google.co.uk/maps/place/London' }, { googleMapsUrl: 'https://www.google.co.uk/maps/place/London' }],
    ['a short maps.app.goo.gl link', { googleMapsUrl: 'https://maps.app.goo.gl/AbCdEf123' }, { googleMapsUrl: 'https://maps.app.goo.gl/AbCdEf123' }],
    ['an http website', { websiteUrl: 'http://rovers.example.org/home' }, { websiteUrl: 'http://rovers.example.org/home' }],
    ['every sport category of the list', { category: 'Martial Arts' }, { category: 'Martial Arts' }],
  ])('accepts %s', async (_what, over, stored) => {
    const saved = await saveProfileOk(owner.client, validProfile({ name: 'Validation Valley FC', ...over }));
    expect(saved).toMatchObject(stored);
    // The table keeps the website in `website`.
    const { websiteUrl, ...columns } = stored as Record<string, unknown>;
    expect(await clubRow(server, owner.user.id)).toMatchObject(websiteUrl === undefined ? columns : { ...columns, website: websiteUrl });
  });

  it('stores blank and omitted optional fields as NULL', async () => {
    const { client, user } = await newMember(server.url, { clubName: 'Blank Fields Badminton' });
    const saved = await saveProfileOk(client, {
      name: 'Blank Fields Badminton',
      category: 'Badminton',
      description: 'Shuttles and smiles every Thursday night.',
      contactEmail: 'blank@example.com',
      websiteUrl: '',
      contactPhone: '   ',
      facebookUrl: '',
      instagramUrl: null,
      twitterUrl: '  ',
      address: '',
      city: '   ',
      postcode: null,
      // what3words and googleMapsUrl omitted
    });
    const optional = ['websiteUrl', 'contactPhone', 'facebookUrl', 'instagramUrl', 'twitterUrl', 'address', 'city', 'postcode', 'what3words', 'googleMapsUrl'] as const;
    for (const field of optional) expect(saved[field], field).toBeNull();
    const row = (await clubRow(server, user.id))!;
    for (const field of optional) expect(row[field === 'websiteUrl' ? 'website' : field], field).toBeNull();
  });

  it('clears an optional field that is saved blank after having a value', async () => {
    await saveProfileOk(owner.client, validProfile({ name: 'Validation Valley FC', city: 'Bristol' }));
    expect((await clubRow(server, owner.user.id))!.city).toBe('Bristol');
    await saveProfileOk(owner.client, validProfile({ name: 'Validation Valley FC', city: '' }));
    expect((await clubRow(server, owner.user.id))!.city).toBeNull();
  });

  it('strips markup from the text fields before storing them (a script in the description)', async () => {
    const { client, user } = await newMember(server.url);
    const saved = await saveProfileOk(
      client,
      validProfile({
        name: '<b>Markup</b> Marauders',
        description: '<script>alert("x")</script>A club that <em>loves</em> the game.',
        address: '<img src=x onerror=alert(1)>2 High Street',
        city: '<i>Bath</i>',
        postcode: '<u>BA1 1AA</u>',
      }),
    );
    expect(saved).toMatchObject({ name: 'Markup Marauders', description: 'A club that loves the game.', address: '2 High Street', city: 'Bath', postcode: 'BA1 1AA' });
    const row = (await clubRow(server, user.id))!;
    expect(row).toMatchObject({ name: 'Markup Marauders', description: 'A club that loves the game.', address: '2 High Street', city: 'Bath', postcode: 'BA1 1AA' });
    expect(JSON.stringify(row)).not.toMatch(/<script|alert\("x"\)|onerror/);
  });

  it('refuses a link carrying markup or quotes, and stores nothing', async () => {
    const error = await refusedSave({ websiteUrl: 'https://example.com/"><script>alert(1)</script>' });
    expect(error.message).toBe(CLUB_TEXT.url);
    expect(error.fields.websiteUrl).toBe(CLUB_TEXT.url);
  });

  it('answers every one of several simultaneous first saves (a double click) with the one club', async () => {
    const { client, user } = await newMember(server.url);
    const save = () =>
      client.gql('mutation($i: SaveClubProfileInput!) { saveClubProfile(input: $i) { club { id name } userErrors { message } } }', { i: validProfile({ name: 'Double Click Dynamos' }) });
    let answers: Awaited<ReturnType<typeof save>>[];
    if (server.db.url) {
      // On PostgreSQL the race is forced: a separate connection holds a SHARE lock on clubs, which
      // lets each save's SELECT … FOR UPDATE through (finding no club) but stops its INSERT. Once
      // all three inserts are seen waiting, the lock is released and they collide for real.
      const collided = await collideOnInsert(server.db.url, 'clubs', 3, () => [save(), save(), save()]);
      answers = collided.results;
      expect(collided.waiting, 'all three inserts were in flight together').toBe(3);
    } else {
      // PGlite runs one transaction at a time: the saves queue, and the later ones are updates of
      // the club the first created. The answers must be the same.
      answers = await Promise.all([save(), save(), save()]);
    }
    for (const answer of answers) {
      expect(answer.errors).toBeUndefined();
      expect(answer.data.saveClubProfile).toEqual({ club: { id: clubGlobalId(user.id), name: 'Double Click Dynamos' }, userErrors: [] });
    }
    expect((await clubRow(server, user.id))!.name).toBe('Double Click Dynamos');
    const [{ n }] = (await server.clubroom.database.db.select({ n: count() }).from(clubs).where(eq(clubs.id, user.id)))!;
    expect(n).toBe(1);
  });

  it('measures the description after stripping markup (a short text wrapped in tags is still too short)', async () => {
    const error = await refusedSave({ description: '<p><strong>Too short</strong></p>' });
    expect(error.message).toBe(CLUB_TEXT.descriptionMin);
  });

  it('keeps the approval untouched and the profile unchanged when a save is refused', async () => {
    await approveClub(server, owner.user.id);
    try {
      const error = await refusedSave({ websiteUrl: 'javascript:alert(document.cookie)' });
      expect(error.message).toBe(CLUB_TEXT.url);
      expect((await myClub(owner.client))!.applicationStatus).toBe('APPROVED');
    } finally {
      await setClubStatus(server, owner.user.id, 'pending');
    }
  });
});
