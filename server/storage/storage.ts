import type { Readable } from 'node:stream';

/** Where uploaded files live: the local disk by default, an S3-compatible bucket when configured. */
export interface FileStorage {
  /** Stores the stream under `key`; resolves with the bytes written. A failed or cut stream leaves nothing. */
  put(key: string, body: Readable, contentType: string): Promise<{ size: number }>;
  /** The stored bytes as a stream, or null when there is no such file. */
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
}
