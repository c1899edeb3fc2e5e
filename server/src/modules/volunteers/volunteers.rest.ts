// REST paths of the volunteers domain: the profile image upload (multipart/form-data, one part
// `file`) and removal, and the stored files themselves. Thin: every check is in
// volunteers.uploads.ts. Writes pass the REST adapter's security token and text checks (app/clubroom.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import { AppError, errors } from '../../lib/errors.js';
import { requireViewer } from '../../http/authenticate.js';
import { ok, type Envelope } from '../../rest/envelope.js';
import type { Services } from '../../lib/services.js';
import { PROFILE_IMAGE_MAX_BYTES, UPLOAD_MESSAGES } from './volunteers.rules.js';
import { ImageTooLargeError, UPLOADS_PATH } from './volunteers.uploads.js';

export const PROFILE_IMAGE_PATH = '/api/volunteer/profile-image';

const noFile = () => errors.validation(UPLOAD_MESSAGES.noFile, { file: UPLOAD_MESSAGES.noFile });

/** A failure of reading the multipart body: past the size limit it is the upload's 413; anything
 *  else the client sent malformed (no boundary, cut short, too many parts) is a 400. */
function readFailure(err: unknown): Error {
  if (err instanceof AppError || err instanceof ImageTooLargeError) return err;
  if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return new ImageTooLargeError();
  return errors.validation('Please check your input and try again.');
}

async function readFile(request: FastifyRequest): Promise<{ part: MultipartFile; bytes: () => Promise<Buffer> }> {
  if (!request.isMultipart()) throw noFile();
  let part: MultipartFile | undefined;
  try {
    part = await request.file();
  } catch (err) {
    throw readFailure(err);
  }
  // A plain field named 'file' (no filename) is not a file: @fastify/multipart hands it over too.
  if (!part || part.fieldname !== 'file' || part.type !== 'file' || typeof part.filename !== 'string') throw noFile();
  const file = part;
  return {
    part: file,
    bytes: async () => {
      try {
        return await file.toBuffer();
      } catch (err) {
        throw readFailure(err);
      }
    },
  };
}

function tooLarge(reply: FastifyReply) {
  const body: Envelope<null> = { success: false, data: null, error: UPLOAD_MESSAGES.tooLarge, code: 'PAYLOAD_TOO_LARGE' };
  return reply.status(413).send(body);
}

export async function registerVolunteerRoutes(app: FastifyInstance, deps: { services: Services }) {
  const { profileImages } = deps.services;

  // Multipart parsing only here: every other route keeps refusing multipart bodies. The parser
  // streams, so the file's own limit applies (a JSON body keeps the application's limit).
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldNameSize: 100, fieldSize: 1000, headerPairs: 50 },
    });
    // An image past the limit is the upload's own refusal (413 with its message); anything else
    // goes to the application's error handler.
    scope.setErrorHandler((err, _request, reply) => {
      if (err instanceof ImageTooLargeError) return tooLarge(reply);
      throw err;
    });

    scope.post(PROFILE_IMAGE_PATH, async (request) => {
      const viewer = requireViewer(request);
      const { part, bytes } = await readFile(request);
      const url = await profileImages.store(viewer, part.filename, bytes);
      return ok({ profile_image_url: url });
    });
  });

  app.delete(PROFILE_IMAGE_PATH, async (request) => {
    await profileImages.remove(requireViewer(request));
    return ok({ profile_image_url: null });
  });

  app.get(`${UPLOADS_PATH}/:file`, async (request, reply) => {
    const file = await profileImages.open((request.params as { file: string }).file);
    if (!file) throw errors.notFound('Not found');
    return reply.headers(file.headers).send(file.bytes);
  });
}
