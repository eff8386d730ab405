import { Readable } from 'node:stream';
import { type FileTypeResult, fileTypeFromBuffer } from 'file-type';

/** The first bytes are enough for every type the shop takes (file-type's own sample size). */
const SAMPLE_BYTES = 4100;

export interface Sniffed {
  /** What the bytes are, whatever the file's name says; undefined when no known type. */
  type: FileTypeResult | undefined;
  /** The whole file again, the sampled bytes first; an error of the source (a cut upload) reaches its reader. */
  body: Readable;
  /** Reads the rest away unused, so the request ends and the refusal can be answered. */
  discard(): void;
}

/** Reads the start of a stream to tell its type by content, then hands the whole stream on. */
export async function sniff(source: Readable): Promise<Sniffed> {
  const iterator: AsyncIterator<Buffer> = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < SAMPLE_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* whole() {
    yield head;
    if (ended) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return {
    type: await fileTypeFromBuffer(head),
    body: Readable.from(whole(), { objectMode: false }),
    discard() {
      if (ended) return;
      void (async () => {
        for (let next = await iterator.next(); !next.done; next = await iterator.next());
      })().catch(() => undefined);
    },
  };
}
