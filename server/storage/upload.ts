import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import { type Sniffed, sniff } from './sniff';
import type { FileStorage } from './storage';

/** A multipart file part: @fastify/multipart marks its stream truncated at the size limit, errored when it broke. */
export interface UploadPart {
  filename: string;
  file: Readable & { truncated?: boolean; errored?: unknown };
}

/** An upload read back: its bytes and what they are. */
export interface StoredUpload {
  body: Readable;
  contentType: string;
  size: number;
}

/** Who may read an owner-only upload: its owner, or the shop's operator. */
export type UploadReader = { userId: string } | { operator: true };

/** How a module words the two refusals every upload can meet. */
export interface UploadRefusals {
  tooLarge: () => HttpError;
  unreadable: () => HttpError;
}

/**
 * The one file part of a multipart upload, in the field named `file`; `what` names it in the refusals ("image",
 * "file"). Its body is not read yet: the caller streams it.
 */
export async function fileFieldOf(request: FastifyRequest, what: string) {
  if (!request.isMultipart()) {
    throw new HttpError(415, `Send the ${what} as multipart/form-data in a field named file`, {
      field: 'file',
    });
  }
  const part = await request.file().catch((error: unknown) => {
    // The multipart parser's own complaints (no boundary, a cut body) carry no status: they are the sender's.
    if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw new HttpError(400, 'The upload could not be read. Choose the file again.', {
      field: 'file',
    }).withCause(error);
  });
  if (part?.fieldname !== 'file') {
    part?.file.resume();
    throw new HttpError(400, `Choose ${what === 'image' ? 'an image' : `a ${what}`} to upload`, {
      field: 'file',
    });
  }
  return part;
}

/** Reads the start of an upload to tell its type by content; a body cut or broken before that is refused. */
export async function sniffUpload(part: UploadPart, refusals: UploadRefusals): Promise<Sniffed> {
  try {
    return await sniff(part.file);
  } catch (error) {
    throw part.file.truncated ? refusals.tooLarge() : refusals.unreadable().withCause(error);
  }
}

/** Stores a sniffed upload under `key` and answers its size; a body cut at the limit or broken leaves nothing. */
export async function storeUpload(
  storage: FileStorage,
  key: string,
  sniffed: Sniffed,
  contentType: string,
  part: UploadPart,
  refusals: UploadRefusals,
): Promise<number> {
  let size: number;
  try {
    ({ size } = await storage.put(key, sniffed.body, contentType));
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    if (part.file.truncated || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw refusals.tooLarge();
    // The sender's stream broke (a cut body); a storage fault stays a 500.
    if (part.file.errored) throw refusals.unreadable().withCause(error);
    throw error;
  }
  if (part.file.truncated) {
    await storage.delete(key);
    throw refusals.tooLarge();
  }
  return size;
}

/** Sends an upload to a reader allowed to see it: never cached, shown inline, under a policy that runs nothing. */
export function sendUpload(reply: FastifyReply, file: StoredUpload, csp: string) {
  return reply
    .header('cache-control', 'private, no-store')
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header('content-disposition', 'inline')
    .header('content-security-policy', csp)
    .send(file.body);
}

/** An upload for its owner or the operator; anyone else, like a missing file, is told there is none. */
export async function readOwnedUpload(
  storage: FileStorage,
  key: string,
  upload: { userId: string; contentType: string; size: number } | undefined,
  reader: UploadReader,
): Promise<StoredUpload> {
  const body =
    upload && ('operator' in reader || upload.userId === reader.userId) ? await storage.get(key) : null;
  if (!upload || !body) throw new HttpError(404, 'There is no such file');
  return { body, contentType: upload.contentType, size: upload.size };
}
