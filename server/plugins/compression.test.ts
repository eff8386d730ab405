import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD, compressionPlugin, precompressed, sendPrecompressed } from './compression';

const LARGE = JSON.stringify({
  items: Array.from({ length: 200 }, (_v, i) => ({ id: i, name: `item ${i}` })),
});
const SMALL = JSON.stringify({ status: 'ok' });

let app: FastifyInstance;
const large = precompressed(LARGE);
const small = precompressed(SMALL);

beforeAll(async () => {
  app = Fastify();
  await app.register(compressionPlugin);
  const json = 'application/json; charset=utf-8';
  app.get('/kept/large', async (_request, reply) => sendPrecompressed(reply.type(json), large));
  app.get('/kept/small', async (_request, reply) => sendPrecompressed(reply.type(json), small));
  // The same bodies through the plugin alone: the reference for the headers.
  app.get('/plain/large', async (_request, reply) => reply.type(json).send(LARGE));
  app.get('/plain/small', async (_request, reply) => reply.type(json).send(SMALL));
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

const HEADERS = ['content-type', 'content-encoding', 'vary'] as const;
const pick = (headers: Record<string, unknown>) => Object.fromEntries(HEADERS.map((h) => [h, headers[h]]));

describe('prebuilt bodies', () => {
  for (const acceptEncoding of [
    undefined,
    'br',
    'gzip',
    'gzip, deflate, br',
    'x-gzip',
    'identity',
    'deflate',
  ]) {
    it(`are negotiated as the plugin negotiates (accept-encoding: ${acceptEncoding})`, async () => {
      const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
      for (const size of ['large', 'small']) {
        const kept = await app.inject({ url: `/kept/${size}`, headers });
        const plain = await app.inject({ url: `/plain/${size}`, headers });
        expect(pick(kept.headers), `${size} ${acceptEncoding}`).toEqual(pick(plain.headers));
        const decode = { br: brotliDecompressSync, gzip: gunzipSync }[
          String(kept.headers['content-encoding'])
        ];
        const body = decode ? decode(kept.rawPayload).toString() : kept.body;
        expect(body).toBe(size === 'large' ? LARGE : SMALL);
      }
    });
  }

  it('are compressed once per encoding, not per request', async () => {
    await app.inject({ url: '/kept/large', headers: { 'accept-encoding': 'br' } });
    const made = large.br;
    expect(made).toBeDefined();
    const again = await app.inject({ url: '/kept/large', headers: { 'accept-encoding': 'br' } });
    expect(large.br).toBe(made);
    expect(again.rawPayload.equals(made as Buffer)).toBe(true);
  });

  it('leave bodies under the threshold uncompressed', async () => {
    expect(Buffer.byteLength(SMALL)).toBeLessThan(COMPRESSION_THRESHOLD);
    const res = await app.inject({ url: '/kept/small', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(small.br).toBeUndefined();
  });
});
