// Compression of the answers the server makes per request (rendered pages, the sitemap): brotli
// at quality 4 (a few milliseconds for ~100 KB, within a tenth of quality 11's size on this HTML
// and XML), else gzip, for a client that accepts one. Built files are compressed at build time
// instead (@fastify/static's preCompressed, vite.config.ts).
import { constants, createBrotliCompress, createGzip, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import type { Transform } from 'node:stream';

export type Encoding = 'br' | 'gzip';

export const BROTLI_OPTIONS: BrotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
export const GZIP_OPTIONS: ZlibOptions = { level: 6 };

/** The encoding to answer with for this Accept-Encoding header: brotli, else gzip, else none. */
export function acceptedEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/** A stream that compresses what is piped through it. */
export function compressor(encoding: Encoding): Transform {
  return encoding === 'br' ? createBrotliCompress(BROTLI_OPTIONS) : createGzip(GZIP_OPTIONS);
}
