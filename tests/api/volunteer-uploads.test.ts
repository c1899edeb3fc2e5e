// The volunteer profile image: POST|DELETE /api/volunteer/profile-image and GET /uploads/<file>.
// Every upload check (a renamed executable, an oversized file, a long name, a polyglot image, an
// executable's name on image bytes), good images stored under UPLOAD_DIR and served with the safe
// headers, replacing deletes the old file, no traversal or listing, and the security token.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, newMember } from '../helpers/client.js';
import { startServer, type TestServer } from '../helpers/server.js';
import {
  createVolunteer,
  deleteProfileImage,
  EXECUTABLE_BYTES,
  IMAGES,
  myVolunteerProfile,
  polyglot,
  PROFILE_IMAGE_MAX_BYTES,
  uploadProfileImage,
  VOLUNTEER_TEXT,
  volunteerProfileRow,
  type Volunteer,
} from '../helpers/volunteers.js';

let server: TestServer;
const uploadDir = () => join(server.dataDir, 'uploads');
const storedFiles = () => (existsSync(uploadDir()) ? readdirSync(uploadDir()) : []);

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

/** The answer of a refused upload, and proof that nothing was stored or changed. */
async function expectRefused(volunteer: Volunteer, file: { name: string; bytes: Uint8Array; type?: string }, status: number, message: string) {
  const before = storedFiles();
  const answer = await uploadProfileImage(volunteer.client, file);
  expect(answer.status).toBe(status);
  expect(answer.body).toMatchObject({ success: false, data: null, error: message });
  expect(storedFiles().sort()).toEqual(before.sort());
  expect((await volunteerProfileRow(server, volunteer.user.id))!.profileImageUrl).toBe(volunteer.profile.profileImageUrl);
}

describe('POST /api/volunteer/profile-image: what is refused', () => {
  let volunteer: Volunteer;
  beforeAll(async () => {
    volunteer = await createVolunteer(server);
  });

  it('a renamed executable (MZ header named photo.png, declared image/png)', async () => {
    await expectRefused(volunteer, { name: 'photo.png', bytes: EXECUTABLE_BYTES, type: 'image/png' }, 400, VOLUNTEER_TEXT.notImage);
  });

  it('an executable name on real image bytes (.exe, .bat, .cmd, .scr, .pif, .com in any case)', async () => {
    for (const name of ['photo.exe', 'photo.BAT', 'a.cmd', 'b.scr', 'c.pif', 'd.Com', 'photo.png.exe']) {
      await expectRefused(volunteer, { name, bytes: IMAGES.png, type: 'image/png' }, 400, VOLUNTEER_TEXT.blockedType);
    }
  });

  it('a file past 2 MB: 413 with the size message', async () => {
    const big = Buffer.concat([IMAGES.png, Buffer.alloc(PROFILE_IMAGE_MAX_BYTES)]);
    await expectRefused(volunteer, { name: 'big.png', bytes: big, type: 'image/png' }, 413, VOLUNTEER_TEXT.tooLarge);
  });

  it('a file name of 256 characters (255 is allowed)', async () => {
    await expectRefused(volunteer, { name: `${'n'.repeat(252)}.png`, bytes: IMAGES.png, type: 'image/png' }, 400, VOLUNTEER_TEXT.nameTooLong);
    const ok = await uploadProfileImage(volunteer.client, { name: `${'n'.repeat(251)}.png`, bytes: IMAGES.png, type: 'image/png' });
    expect(ok.status).toBe(200);
    await deleteProfileImage(volunteer.client);
  });

  it('a polyglot: a valid GIF or PNG header with markup inside', async () => {
    for (const [image, marker] of [
      [IMAGES.gif, '<script>alert(document.cookie)</script>'],
      [IMAGES.png, '<SCRIPT src=//evil.example/x.js></SCRIPT>'],
      [IMAGES.gif, '<html><body>hi</body></html>'],
      [IMAGES.jpeg, '<svg onload=alert(1)>'],
      [IMAGES.png, '<?php system($_GET["c"]); ?>'],
      [IMAGES.webp, '<!DOCTYPE html>'],
    ] as const) {
      await expectRefused(volunteer, { name: 'avatar.gif', bytes: polyglot(image, marker), type: 'image/gif' }, 400, VOLUNTEER_TEXT.notImage);
    }
  });

  it('text, SVG and PDF bytes whatever their name or declared type', async () => {
    for (const bytes of [Buffer.from('just some text'), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), Buffer.from('%PDF-1.4\n%âãÏÓ\n')]) {
      await expectRefused(volunteer, { name: 'photo.jpg', bytes, type: 'image/jpeg' }, 400, VOLUNTEER_TEXT.notImage);
    }
  });

  it('an empty file', async () => {
    await expectRefused(volunteer, { name: 'empty.png', bytes: Buffer.alloc(0), type: 'image/png' }, 400, VOLUNTEER_TEXT.notImage);
  });

  it('without the security token (CSRF): 403, nothing stored', async () => {
    const answer = await uploadProfileImage(volunteer.client, { name: 'photo.png', bytes: IMAGES.png, type: 'image/png' }, { csrf: false });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('CSRF_MISSING');
    expect((await volunteerProfileRow(server, volunteer.user.id))!.profileImageUrl).toBeNull();
  });

  it('signed out: 401', async () => {
    const answer = await uploadProfileImage(new ApiClient(server.url), { name: 'photo.png', bytes: IMAGES.png, type: 'image/png' });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('UNAUTHENTICATED');
  });

  it("a member without a volunteer profile: 'Create your volunteer profile first.'", async () => {
    const member = await newMember(server.url);
    const answer = await uploadProfileImage(member.client, { name: 'photo.png', bytes: IMAGES.png, type: 'image/png' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(VOLUNTEER_TEXT.profileFirst);
    expect((await deleteProfileImage(member.client)).body.error).toBe(VOLUNTEER_TEXT.profileFirst);
  });

  it('a part named other than file, or a body that is not multipart', async () => {
    const wrongField = await uploadProfileImage(volunteer.client, { name: 'photo.png', bytes: IMAGES.png }, { field: 'image' });
    expect(wrongField.status).toBe(400);
    const json = await volunteer.client.rest('POST', '/api/volunteer/profile-image', { file: 'x' });
    expect(json.status).toBeGreaterThanOrEqual(400);
    expect(json.status).toBeLessThan(500);
  });

  it('a plain field named file (no filename): 400, nothing stored (the REST fuzzer found a 500 here)', async () => {
    const boundary = 'clubroom-field-not-file';
    const body = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"\r\n\r\nnot a file\r\n--${boundary}--\r\n`);
    const token = volunteer.client.csrfToken ?? (await volunteer.client.fetchCsrf());
    const before = storedFiles();
    const answer = await fetch(`${server.url}/api/volunteer/profile-image`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${volunteer.client.accessToken}`,
        cookie: `clubroom_csrf=${volunteer.client.cookie('clubroom_csrf')}`,
        'x-csrf-token': token,
      },
      body,
    });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: string }).error).toBe('Please choose an image to upload.');
    expect(storedFiles()).toEqual(before);
  });
});

describe('POST /api/volunteer/profile-image: good images', () => {
  it.each([
    ['JPEG', IMAGES.jpeg, 'me.jpeg', 'image/jpeg', 'jpg'],
    ['PNG', IMAGES.png, 'me.png', 'image/png', 'png'],
    ['WebP', IMAGES.webp, 'me.webp', 'image/webp', 'webp'],
    ['GIF', IMAGES.gif, 'me.gif', 'image/gif', 'gif'],
  ])('stores a %s under UPLOAD_DIR with a fresh random name and serves it with the safe headers', async (_type, bytes, name, mime, ext) => {
    const volunteer = await createVolunteer(server);
    const answer = await uploadProfileImage(volunteer.client, { name, bytes, type: 'application/octet-stream' });
    expect(answer.status).toBe(200);
    const url = answer.body.data.profile_image_url;
    expect(url).toMatch(new RegExp(`^/uploads/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}\\.${ext}$`));
    const file = url.slice('/uploads/'.length);
    expect(storedFiles()).toContain(file);
    expect((await myVolunteerProfile(volunteer.client))!.profileImageUrl).toBe(url);

    const res = await fetch(server.url + url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(Buffer.from(bytes));
    expect(res.headers.get('content-type')).toBe(mime);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="${file}"`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('detects the type from the bytes: a PNG named photo.jpg declared image/gif is stored and served as PNG', async () => {
    const volunteer = await createVolunteer(server);
    const answer = await uploadProfileImage(volunteer.client, { name: 'photo.jpg', bytes: IMAGES.png, type: 'image/gif' });
    expect(answer.body.data.profile_image_url).toMatch(/\.png$/);
    const res = await fetch(server.url + answer.body.data.profile_image_url);
    expect(res.headers.get('content-type')).toBe('image/png');
  });

  it('accepts exactly 2 MB', async () => {
    const volunteer = await createVolunteer(server);
    const bytes = Buffer.concat([IMAGES.png, Buffer.alloc(PROFILE_IMAGE_MAX_BYTES - IMAGES.png.length)]);
    const answer = await uploadProfileImage(volunteer.client, { name: 'exact.png', bytes });
    expect(answer.status).toBe(200);
  });

  it('replacing the image deletes the old file; DELETE removes the image and its file', async () => {
    const volunteer = await createVolunteer(server);
    const first = (await uploadProfileImage(volunteer.client, { name: 'one.png', bytes: IMAGES.png })).body.data.profile_image_url;
    const second = (await uploadProfileImage(volunteer.client, { name: 'two.gif', bytes: IMAGES.gif })).body.data.profile_image_url;
    expect(second).not.toBe(first);
    expect(storedFiles()).not.toContain(first.slice('/uploads/'.length));
    expect(storedFiles()).toContain(second.slice('/uploads/'.length));
    expect((await fetch(server.url + first)).status).toBe(404);

    const removed = await deleteProfileImage(volunteer.client);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ profile_image_url: null });
    expect(storedFiles()).not.toContain(second.slice('/uploads/'.length));
    expect((await volunteerProfileRow(server, volunteer.user.id))!.profileImageUrl).toBeNull();
  });

  it('DELETE needs the security token', async () => {
    const volunteer = await createVolunteer(server);
    await uploadProfileImage(volunteer.client, { name: 'one.png', bytes: IMAGES.png });
    const answer = await volunteer.client.rest('DELETE', '/api/volunteer/profile-image', undefined, { csrf: false });
    expect(answer.status).toBe(403);
    expect((await volunteerProfileRow(server, volunteer.user.id))!.profileImageUrl).not.toBeNull();
  });
});

describe('GET /uploads/<file>', () => {
  it('refuses path traversal, listings and anything not a stored name with 404', async () => {
    const volunteer = await createVolunteer(server);
    const url = (await uploadProfileImage(volunteer.client, { name: 'one.png', bytes: IMAGES.png })).body.data.profile_image_url as string;
    const name = url.slice('/uploads/'.length);
    for (const path of [
      '/uploads/',
      '/uploads',
      '/uploads/../package.json',
      '/uploads/..%2f..%2fpackage.json',
      '/uploads/%2e%2e%2fpackage.json',
      '/uploads/..%5cpackage.json',
      `/uploads/${name.toUpperCase()}`,
      `/uploads/${name}.html`,
      `/uploads/${name.replace('.png', '.svg')}`,
      `/uploads/${name}%00.png`,
      '/uploads/00000000-0000-4000-8000-000000000000.png',
    ]) {
      const res = await fetch(server.url + path);
      expect(res.status, path).toBe(404);
      const text = await res.text();
      expect(text, path).not.toContain('"name": "clubroom"');
    }
  });
});
