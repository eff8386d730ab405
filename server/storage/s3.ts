import { Readable } from 'node:stream';
import { AwsClient } from 'aws4fetch';
import type { FileStorage } from './storage';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, R2, …) through signed fetches, path-style addresses. A put holds the
 * file in memory (at most the upload limit): S3 wants its length before the body.
 */
export function s3Storage(settings: S3Settings, fetcher: typeof fetch = fetch): FileStorage {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: 's3',
  });
  const base = `${settings.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(settings.bucket)}`;
  const urlOf = (key: string) => `${base}/${key.split('/').map(encodeURIComponent).join('/')}`;

  async function send(url: string, init: RequestInit): Promise<Response> {
    const request = await client.sign(url, init);
    return fetcher(request);
  }

  return {
    async put(key, body, contentType) {
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      const bytes = Buffer.concat(chunks);
      const res = await send(urlOf(key), {
        method: 'PUT',
        body: bytes,
        headers: { 'content-type': contentType, 'content-length': String(bytes.length) },
      });
      if (!res.ok) throw new Error(`S3 put ${key}: ${res.status} ${await res.text()}`);
      return { size: bytes.length };
    },
    async get(key) {
      const res = await send(urlOf(key), { method: 'GET' });
      if (res.status === 404) return null;
      if (!res.ok || !res.body) throw new Error(`S3 get ${key}: ${res.status}`);
      return Readable.fromWeb(res.body as import('node:stream/web').ReadableStream);
    },
    async delete(key) {
      const res = await send(urlOf(key), { method: 'DELETE' });
      if (!res.ok && res.status !== 404) throw new Error(`S3 delete ${key}: ${res.status}`);
    },
  };
}
