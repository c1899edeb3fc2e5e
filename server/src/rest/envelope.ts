// The REST adapter's answer: { success, data, error } (plus a stable code and field errors).
import type { FastifyReply } from 'fastify';
import type { AppError } from '../lib/errors.js';
import { challengeFor } from '../http/authenticate.js';

export interface Envelope<T> {
  success: boolean;
  data: T | null;
  error: string | null;
  code?: string;
  fields?: Record<string, string>;
}

export const ok = <T>(data: T): Envelope<T> => ({ success: true, data, error: null });

export function sendError(reply: FastifyReply, err: AppError): FastifyReply {
  const body: Envelope<null> = { success: false, data: null, error: err.message, code: err.code };
  if (err.fields) body.fields = err.fields;
  // RFC 7235: a 401 names how to authenticate (RFC 6750's Bearer challenge).
  if (err.status === 401) reply.header('www-authenticate', challengeFor(reply.request, err));
  return reply.status(err.status).send(body);
}
