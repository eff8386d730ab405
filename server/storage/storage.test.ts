import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { localStorage } from './local';
import { s3Storage } from './s3';

async function text(stream: Readable | null): Promise<string | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('local disk storage', () => {
  it('keeps, reads and deletes a file under its root, and never outside it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'storage-test-'));
    const storage = localStorage(root);
    expect(
      await storage.put('associates/pan/u1/a.png', Readable.from([Buffer.from('bytes')]), 'image/png'),
    ).toEqual({
      size: 5,
    });
    expect(await text(await storage.get('associates/pan/u1/a.png'))).toBe('bytes');
    await storage.delete('associates/pan/u1/a.png');
    expect(await storage.get('associates/pan/u1/a.png')).toBeNull();
    await expect(
      storage.put('../escape.png', Readable.from([Buffer.from('x')]), 'image/png'),
    ).rejects.toThrow(/outside the storage root/);
  });

  it('leaves nothing behind when the stream breaks', async () => {
    const root = mkdtempSync(join(tmpdir(), 'storage-test-'));
    const storage = localStorage(root);
    const broken = new Readable({
      read() {
        this.push(Buffer.from('half'));
        this.destroy(new Error('cut off'));
      },
    });
    await expect(storage.put('associates/gst/u1/b.pdf', broken, 'application/pdf')).rejects.toThrow(
      'cut off',
    );
    expect(readdirSync(join(root, 'associates/gst/u1'))).toEqual([]);
  });
});

describe('S3-compatible storage', () => {
  it('signs a path-style PUT with its length, reads back, and answers null for a missing key', async () => {
    const seen: Request[] = [];
    const bodies: string[] = [];
    const fetcher = (async (request: Request) => {
      seen.push(request);
      if (request.method === 'PUT') {
        bodies.push(await request.text());
        return new Response(null, { status: 200 });
      }
      if (request.url.endsWith('/missing.png')) return new Response('NoSuchKey', { status: 404 });
      return new Response('stored bytes', { status: 200 });
    }) as typeof fetch;
    const storage = s3Storage(
      {
        endpoint: 'https://s3.example.com/',
        bucket: 'proofs',
        region: 'ap-south-1',
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'secret',
      },
      fetcher,
    );
    await storage.put('associates/pan/u1/a b.png', Readable.from([Buffer.from('png!')]), 'image/png');
    const put = seen[0];
    expect(put?.url).toBe('https://s3.example.com/proofs/associates/pan/u1/a%20b.png');
    expect(put?.headers.get('authorization')).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/ap-south-1\/s3\//,
    );
    expect(put?.headers.get('content-type')).toBe('image/png');
    expect(bodies).toEqual(['png!']);
    expect(await text(await storage.get('associates/pan/u1/x.png'))).toBe('stored bytes');
    expect(await storage.get('associates/pan/u1/missing.png')).toBeNull();
  });
});
