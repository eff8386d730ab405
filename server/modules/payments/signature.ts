import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of `payload` in lower-case hex, as Razorpay and the sandbox sign. */
export function hmacHex(secret: string, payload: string | Buffer): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/** Compares a received hex signature with the expected one in constant time (equal-length buffers only). */
export function signatureMatches(received: string | undefined | null, expected: string): boolean {
  if (typeof received !== 'string') return false;
  const a = Buffer.from(received.toLowerCase(), 'utf8');
  const b = Buffer.from(expected.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
