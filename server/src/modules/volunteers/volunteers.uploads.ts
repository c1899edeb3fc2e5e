// Volunteer profile images: every check of an upload (name, size, type detected from the bytes,
// markup hidden inside an image), where the files live (UPLOAD_DIR) and how they are read back.
// A stored file is named by a fresh random UUID and the detected type's extension, so nothing a
// client sends (its name, its declared type) ever reaches the file system or a response header.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { errors } from '../../lib/errors.js';
import type { Viewer } from '../../lib/viewer.js';
import type { VolunteersService } from './volunteers.service.js';
import {
  PROFILE_IMAGE_TYPES,
  POLYGLOT_MARKERS,
  UPLOAD_MESSAGES,
  fileNameProblem,
  fileSizeProblem,
  type ProfileImageMime,
} from './volunteers.rules.js';

/** Where stored files are served. */
export const UPLOADS_PATH = '/uploads';
/** A stored file's name: what GET /uploads/<name> accepts, nothing else (no traversal, no listing). */
const STORED_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(jpg|png|webp|gif)$/;
const MIME_OF_EXTENSION = Object.fromEntries(Object.entries(PROFILE_IMAGE_TYPES).map(([mime, ext]) => [ext, mime])) as Record<string, ProfileImageMime>;

/** The headers every stored file is served with: its detected type, never sniffed, never run as
 *  a document (a sandboxed, empty policy), cached for good (a new upload is a new name). */
export function storedFileHeaders(name: string): Record<string, string> {
  const ext = STORED_NAME.exec(name)![2]!;
  return {
    'content-type': MIME_OF_EXTENSION[ext]!,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'content-disposition': `inline; filename="${name}"`,
    'cache-control': 'public, max-age=31536000, immutable',
  };
}

/** Thrown when the bytes pass the size limit (the REST route answers 413). */
export class ImageTooLargeError extends Error {
  constructor() {
    super(UPLOAD_MESSAGES.tooLarge);
  }
}

const refuse = (message: string) => errors.validation(message, { file: message });

/** Whether the bytes hold markup a browser or an interpreter would act on. */
function holdsMarkup(bytes: Buffer): boolean {
  // latin1 maps every byte to one character, so a marker is found wherever it sits.
  const text = bytes.toString('latin1').toLowerCase();
  return POLYGLOT_MARKERS.some((marker) => text.includes(marker));
}

export class ProfileImages {
  constructor(
    private readonly dir: string,
    private readonly volunteers: Pick<VolunteersService, 'hasProfile' | 'setProfileImage'>,
  ) {}

  /** Checks and stores the caller's new image, replacing (and deleting) the previous one; answers
   *  its address. What needs no bytes (the caller has a profile, the name is allowed) is checked
   *  before `content` is read: a stream is then never read for a refused upload. */
  async store(viewer: Viewer, fileName: string, content: Buffer | (() => Promise<Buffer>)): Promise<string> {
    if (!(await this.volunteers.hasProfile(viewer.userId))) throw errors.validation(UPLOAD_MESSAGES.profileRequired);
    const problem = fileNameProblem(fileName);
    if (problem) throw refuse(problem);
    const bytes = typeof content === 'function' ? await content() : content;
    if (fileSizeProblem(bytes.length)) throw new ImageTooLargeError();
    const detected = await fileTypeFromBuffer(bytes);
    const ext = detected && PROFILE_IMAGE_TYPES[detected.mime as ProfileImageMime];
    if (!ext || holdsMarkup(bytes)) throw refuse(UPLOAD_MESSAGES.notImage);
    const name = `${randomUUID()}.${ext}`;
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, name), bytes, { flag: 'wx', mode: 0o644 });
    const url = `${UPLOADS_PATH}/${name}`;
    let previous: string | null;
    try {
      ({ previous } = await this.volunteers.setProfileImage(viewer, url));
    } catch (err) {
      await this.deleteFile(url);
      throw err;
    }
    if (previous) await this.deleteFile(previous);
    return url;
  }

  /** Removes the caller's image (and its file). */
  async remove(viewer: Viewer): Promise<void> {
    const { previous } = await this.volunteers.setProfileImage(viewer, null);
    if (previous) await this.deleteFile(previous);
  }

  /** A stored file by its name, or null (an unknown or malformed name: no path is ever built
   *  from anything but a UUID and a known extension). */
  async open(name: string): Promise<{ bytes: Buffer; headers: Record<string, string> } | null> {
    if (!STORED_NAME.test(name)) return null;
    try {
      return { bytes: await readFile(join(this.dir, name)), headers: storedFileHeaders(name) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  /** Removes a stored file by its URL (an account's deletion removes its photo this way). */
  deleteStored(url: string): Promise<void> {
    return this.deleteFile(url);
  }

  private async deleteFile(url: string): Promise<void> {
    const name = url.startsWith(`${UPLOADS_PATH}/`) ? url.slice(UPLOADS_PATH.length + 1) : '';
    if (!STORED_NAME.test(name)) return;
    await unlink(join(this.dir, name)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }
}

declare module '../../lib/services.js' {
  interface Services {
    /** Volunteer profile images in UPLOAD_DIR. */
    profileImages: ProfileImages;
  }
}
