import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** Bodies smaller than this are sent as they are: their header overhead outweighs the bytes saved. */
export const COMPRESSION_THRESHOLD = 1024;
const ENCODINGS: Encoding[] = ['br', 'gzip'];
type Encoding = 'br' | 'gzip';
/** Brotli at quality 5: close to 11's size at a fraction of its CPU. */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

/** br or gzip by Accept-Encoding, for bodies of at least the threshold. */
export const compressionPlugin = fp(async (app) => {
  await app.register(compress, {
    global: true,
    encodings: ENCODINGS,
    threshold: COMPRESSION_THRESHOLD,
    brotliOptions: BROTLI_OPTIONS,
  });
});

/** A body sent many times (a memoised answer): each encoding is made once, when a client first asks for it. */
export interface PrecompressedBody {
  readonly identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

export function precompressed(body: string): PrecompressedBody {
  return { identity: Buffer.from(body) };
}

// The same negotiation as the plugin's: "*" and "x-gzip" count as gzip.
const GZIP_ALIAS = /\*|x-gzip/gu;

function encode(body: PrecompressedBody, encoding: Encoding): Buffer {
  if (encoding === 'br') {
    body.br ??= brotliCompressSync(body.identity, BROTLI_OPTIONS);
    return body.br;
  }
  body.gzip ??= gzipSync(body.identity);
  return body.gzip;
}

/**
 * Sends a prebuilt body in the encoding the compression plugin would choose for it (which then leaves it be),
 * without compressing it again for every request. The caller sets the content type.
 */
export function sendPrecompressed(reply: FastifyReply, body: PrecompressedBody): FastifyReply {
  const accepted = reply.request.headers['accept-encoding'];
  const encoding =
    accepted && body.identity.length >= COMPRESSION_THRESHOLD
      ? negotiate(accepted.toLowerCase().replace(GZIP_ALIAS, 'gzip'), ENCODINGS)
      : null;
  if (!encoding) return reply.send(body.identity);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  return reply.header('content-encoding', encoding).send(encode(body, encoding));
}
