import { connect } from 'node:net';
import { errorBodySchema } from '@contract/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../testing';
import { REFUSED_BODY_DRAIN_BYTES } from './refused-body';

let shop: TestApp;
let port: number;

beforeAll(async () => {
  shop = await testApp();
  await shop.app.listen({ host: '127.0.0.1', port: 0 });
  const address = shop.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

afterAll(async () => {
  await shop.close();
});

/** The app-wide body limit is 1 MB; 8 MB is more than the socket buffers absorb before the answer is sent. */
const OVERSIZED = 8 * 1024 * 1024;
const PATH = '/api/user/login/phone_number/v1/';

interface Outcome {
  /** Everything read from the socket, once the whole request was written. */
  received: string;
  writeError: string | undefined;
}

/**
 * A client that writes its whole request before it reads anything (as many HTTP clients do), then reads
 * until the server closes.
 */
function sendWholeThenRead(head: string, body: Buffer[]): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.pause();
    let received = '';
    let writeError: string | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      writeError ??= error.code ?? error.message;
    });
    socket.on('close', () => resolve({ received, writeError }));
    socket.write(head);
    for (const piece of body) socket.write(piece);
    socket.write('', () => socket.resume());
  });
}

function pieces(total: number, wrap: (piece: Buffer) => Buffer = (piece) => piece): Buffer[] {
  const piece = Buffer.alloc(64 * 1024, 'a');
  return Array.from({ length: Math.ceil(total / piece.length) }, () => wrap(piece));
}

function answerOf(raw: string) {
  const split = raw.indexOf('\r\n\r\n');
  return {
    status: Number(raw.slice(9, 12)),
    head: raw.slice(0, split).toLowerCase(),
    body: errorBodySchema.parse(JSON.parse(raw.slice(split + 4))).data,
  };
}

describe('a body over the limit, on a real socket', () => {
  it('gets its 413 in the spec §8 body when sent with a Content-Length', async () => {
    const outcome = await sendWholeThenRead(
      `POST ${PATH} HTTP/1.1\r\nHost: shop.example\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${OVERSIZED}\r\n\r\n`,
      pieces(OVERSIZED),
    );
    expect(outcome.writeError).toBeUndefined();
    const answer = answerOf(outcome.received);
    expect(answer.status).toBe(413);
    expect(answer.head).toContain('connection: close');
    expect(answer.body).toMatchObject({ http_status_code: 413, res_status: 'PAYLOAD_TOO_LARGE' });
  });

  it('gets its 413 when sent chunked', async () => {
    const chunk = (piece: Buffer) =>
      Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]);
    const outcome = await sendWholeThenRead(
      `POST ${PATH} HTTP/1.1\r\nHost: shop.example\r\nContent-Type: application/json\r\n` +
        'Transfer-Encoding: chunked\r\n\r\n',
      [...pieces(OVERSIZED, chunk), Buffer.from('0\r\n\r\n')],
    );
    expect(outcome.writeError).toBeUndefined();
    const answer = answerOf(outcome.received);
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ http_status_code: 413, res_status: 'PAYLOAD_TOO_LARGE' });
  });

  it('is refused at once, without waiting for it, when it declares more than is ever read', async () => {
    const socket = connect({ host: '127.0.0.1', port });
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      `POST ${PATH} HTTP/1.1\r\nHost: shop.example\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${REFUSED_BODY_DRAIN_BYTES + 1}\r\n\r\n{"phone_number":`,
    );
    await closed;
    expect(answerOf(received)).toMatchObject({ status: 413, body: { http_status_code: 413 } });
  });

  it('keeps a body under the limit working on the same server', async () => {
    const res = await fetch(`http://127.0.0.1:${port}${PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone_number: 'x'.repeat(2048) }),
    });
    expect(res.status).toBe(400);
    expect(errorBodySchema.parse(await res.json()).data.http_status_code).toBe(400);
  });
});
