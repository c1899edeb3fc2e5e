// What every answer says about itself, even when no route ever ran: its request id (X-Request-Id,
// the `reqId` of its log lines) and, for errors Node's HTTP server raises on the socket before
// Fastify has a reply to send (a body that never arrives: 408; headers too large: 431; a request
// the HTTP parser refuses: 400), the shape of the path they were for: the REST envelope, or the
// GraphQL error shape on /graphql.
//
// Request ids are always the server's own (a random UUID, Fastify's genReqId): an X-Request-Id the
// client sends is ignored, so no client can forge, collide with or inject into the ids of the log.
import { STATUS_CODES, type ServerOptions } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** How often Node's HTTP server looks for requests past their timeout (its default is 30 s, which
 *  would let a request that never finishes arriving wait up to twice its timeout). */
const CHECK_INTERVAL_MS = 1_000;

/** The request in flight on each socket, so a socket-level error can be told which path and
 *  request id it belongs to. */
const inFlight = new WeakMap<Socket, { request: FastifyRequest; reply: FastifyReply }>();

/** Fastify's server options for receiving a request: the whole request (headers and body) must
 *  arrive within `timeoutMs`, else it is answered 408 in its path's shape. */
export function requestReceiptOptions(timeoutMs: number): {
  requestTimeout: number;
  http: ServerOptions;
  clientErrorHandler: (this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket) => void;
} {
  return {
    requestTimeout: timeoutMs,
    // Node requires headersTimeout ≤ requestTimeout; headers that never finish count the same.
    http: { headersTimeout: timeoutMs, connectionsCheckingInterval: Math.min(CHECK_INTERVAL_MS, Math.max(100, Math.floor(timeoutMs / 4))) },
    clientErrorHandler: answerClientError,
  };
}

export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    inFlight.set(request.raw.socket, { request, reply });
  });
  // Set again at the end: an error handler or a plugin may have replaced the headers.
  app.addHook('onSend', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    // Answered before its body arrived (a refusal that needs none, e.g. a multipart upload refused
    // for its security token): the connection cannot be used again, since where the next request
    // starts is not known until the body ends. Keeping it let a client that stopped sending the
    // body reuse it: its next request was read as the rest of this body, waited for Node's timeout
    // and got a 408 meant for the first.
    if (!request.raw.complete) reply.header('connection', 'close');
  });
  // A request answered before its body arrived (a refusal that needs no body) stays known: should
  // the rest never come, Node's timeout must not write a second answer after the first.
  app.addHook('onResponse', async (request) => {
    if (request.raw.complete && inFlight.get(request.raw.socket)?.request === request) inFlight.delete(request.raw.socket);
  });
}

const REFUSALS: Record<string, { status: number; code: string; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'REQUEST_TIMEOUT', message: 'The request took too long to arrive. Please try again.' },
  HPE_HEADER_OVERFLOW: { status: 431, code: 'REQUEST_HEADERS_TOO_LARGE', message: 'The request headers are too large.' },
};
const MALFORMED = { status: 400, code: 'BAD_REQUEST', message: 'Please check your input and try again.' };

/** Node's 'clientError': answer in the shape of the request's path (when its headers were read),
 *  with a request id that a log line carries, then close the connection. */
function answerClientError(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const current = inFlight.get(socket);
  inFlight.delete(socket);
  // An answer already under way is never interrupted by a second one: the connection just ends.
  if (current?.reply.raw.headersSent || current?.reply.sent || !socket.writable) {
    socket.destroy(err);
    return;
  }
  const refusal = (err.code && REFUSALS[err.code]) || MALFORMED;
  const id = current ? String(current.request.id) : randomUUID();
  const log = current ? current.request.log : this.log.child({ reqId: id });
  log.info({ err: { type: err.name, code: err.code }, statusCode: refusal.status }, 'request refused before routing');
  const url = current?.request.raw.url ?? '';
  const body = url.startsWith('/graphql')
    ? JSON.stringify({ errors: [{ message: refusal.message, extensions: { code: refusal.code } }] })
    : JSON.stringify({ success: false, data: null, error: refusal.message, code: refusal.code === 'BAD_REQUEST' ? 'BAD_USER_INPUT' : refusal.code });
  socket.end(
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `${REQUEST_ID_HEADER}: ${id}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
  // The peer may never read: do not keep the socket past a short grace.
  setTimeout(() => socket.destroy(), 5_000).unref();
}
