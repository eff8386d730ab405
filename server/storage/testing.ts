import { readFileSync } from 'node:fs';
import type { App } from '../app';

/** A real PNG (the shop's icon). */
export const PNG = readFileSync(new URL('../../public/icons/icon-192.png', import.meta.url));

/** A file whose bytes say PNG, padded to `bytes` long. */
export function pngOfSize(bytes: number): Buffer {
  return Buffer.concat([PNG, Buffer.alloc(Math.max(0, bytes - PNG.length), 7)]);
}

/** One file in the field named `file`, as a browser's multipart/form-data body. */
export function multipartFile(filename: string, content: Buffer) {
  const boundary = '----shop-upload-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

export const PROOF_UPLOAD = '/api/associates/associate/upload/v1/';
export const AD_ASSET_UPLOAD = '/api/invoicing/ad_assets/upload/v1/';

/** Uploads a file as `token`'s owner: an affiliate proof of `purpose`, or an ad creative. */
export function uploadFile(
  app: App,
  token: string,
  to: { purpose: 'pan' | 'gst' | 'bank' } | 'ad',
  content: Buffer,
  remoteAddress = '127.0.0.1',
) {
  const body = multipartFile(to === 'ad' ? 'creative.png' : `${to.purpose}.png`, content);
  return app.inject({
    method: 'POST',
    url: to === 'ad' ? AD_ASSET_UPLOAD : `${PROOF_UPLOAD}?purpose=${to.purpose}`,
    payload: body.payload,
    remoteAddress,
    headers: { 'content-type': body.contentType, authorization: `Bearer ${token}` },
  });
}
