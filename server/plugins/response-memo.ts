import type { FastifyReply } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type PrecompressedBody, precompressed, sendPrecompressed } from './compression';

/** What the answers are kept by: a version that changes when their data does (undefined: not known yet). */
export interface MemoVersion {
  current(): number | undefined;
}

/** Answers kept per version; beyond this many the oldest go first (keys come from buyers' queries). */
const MAX_ENTRIES = 2000;
/** Longer keys (odd filters) are answered without being kept. */
const MAX_KEY_LENGTH = 1024;

const serializers = new WeakMap<z.ZodType, (data: unknown) => string>();

/** The JSON Fastify's serializer would send for `schema` (validated against it), compiled once per schema. */
function serializerFor(schema: z.ZodType): (data: unknown) => string {
  let serialize = serializers.get(schema);
  if (!serialize) {
    serialize = serializerCompiler({ schema, method: 'GET', url: '(response memo)', httpStatus: '200' });
    serializers.set(schema, serialize);
  }
  return serialize;
}

/**
 * Answers serialised once per version and request key, then sent as they are (and compressed once per encoding):
 * repeated reads of unchanged data (the catalogue, the reference data) cost neither a query, nor pricing, nor
 * validation, JSON or compression. Errors are not kept.
 */
export function createResponseMemo(version: MemoVersion) {
  let keptFor: number | undefined;
  const kept = new Map<string, Promise<PrecompressedBody>>();

  return {
    json<T>(key: string, schema: z.ZodType<T>, compute: () => Promise<T>): Promise<PrecompressedBody> {
      const current = version.current();
      const serialize = serializerFor(schema);
      const fresh = () => compute().then((data) => precompressed(serialize(data)));
      if (current === undefined || key.length > MAX_KEY_LENGTH) return fresh();
      if (current !== keptFor) {
        kept.clear();
        keptFor = current;
      }
      let json = kept.get(key);
      if (!json) {
        json = fresh();
        kept.set(key, json);
        if (kept.size > MAX_ENTRIES) kept.delete(kept.keys().next().value as string);
        const settled = json;
        settled.catch(() => {
          if (kept.get(key) === settled) kept.delete(key);
        });
      }
      return json;
    },
  };
}

export type ResponseMemo = ReturnType<typeof createResponseMemo>;

/** Sends JSON already serialised, as its bytes (Fastify sends a Buffer as it is). */
export function sendJson(reply: FastifyReply, json: PrecompressedBody): FastifyReply {
  return sendPrecompressed(reply.type('application/json; charset=utf-8'), json);
}
