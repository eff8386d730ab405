import { get } from 'node:http';
import { connect, type Socket } from 'node:net';
import { errorBodySchema } from '@contract/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerPhone, TEST_OTP, testNumbers } from './modules/orders/testing';
import { type RunningServer, startServer } from './serve';
import { multipartFile, PNG, PROOF_UPLOAD } from './storage/testing';
import { memoryLogger, testConfig } from './testing';

// Small timeouts so a held connection is cut within a test; the same settings as production, scaled down.
const config = testConfig({
  DATA_DIR: 'memory://',
  STATIC_DIR: '/nonexistent',
  HOST: '127.0.0.1',
  PORT: 0,
  HTTP_HEADERS_TIMEOUT_MS: 300,
  HTTP_REQUEST_TIMEOUT_MS: 600,
  HTTP_KEEP_ALIVE_TIMEOUT_MS: 300,
  // An upload may take longer: a 5 MB file at 64 KB/s against 30 s, here 200 KB over ~1.5 s against 600 ms.
  UPLOAD_BODY_TIMEOUT_MS: 4000,
  OTP_TEST_NUMBERS: testNumbers(1),
});

let server: RunningServer;

beforeAll(async () => {
  server = await startServer(config, memoryLogger().logger);
});

afterAll(async () => {
  await server.stop();
});

/** A raw client: what it received, and a promise of the server closing the connection. */
function rawClient(): { socket: Socket; received: () => string; closed: Promise<void> } {
  const socket = connect({ host: '127.0.0.1', port: server.port });
  let data = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    data += chunk;
  });
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, received: () => data, closed };
}

/** The body of a raw HTTP answer, parsed as spec §8's error body. */
function errorOf(raw: string) {
  return errorBodySchema.parse(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).data;
}

/**
 * Writes one piece every 50 ms until the server hangs up or the pieces run out; resolves with how many pieces
 * were left, so a server that never cuts the client off leaves none.
 */
function trickle(socket: Socket, pieces: number, piece: (i: number) => string | Buffer): Promise<number> {
  return new Promise((resolve) => {
    let sent = 0;
    const timer = setInterval(() => {
      if (socket.destroyed || sent === pieces) {
        clearInterval(timer);
        resolve(pieces - sent);
        return;
      }
      socket.write(piece(sent));
      sent += 1;
    }, 50);
  });
}

/** GET /healthz on a fresh connection, so no reused keep-alive socket can be the one the server just closed. */
function healthz(): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port: server.port, path: '/healthz', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    }).on('error', reject);
  });
}

describe('connections cannot be held hostage', () => {
  it('cuts off a client trickling its headers, while /healthz keeps answering', async () => {
    const client = rawClient();
    client.socket.write('GET /healthz HTTP/1.1\r\nHost: shop.example\r\n');
    // 200 headers at 50 ms each would take 10 s: far beyond the 300 ms allowed.
    const left = trickle(client.socket, 200, (i) => `X-Slow-${i}: 1\r\n`);
    expect(await healthz()).toBe(200);
    await client.closed;
    expect(await left).toBeGreaterThan(0);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(errorOf(client.received())).toMatchObject({ http_status_code: 408 });
    expect(await healthz()).toBe(200);
  });

  it('cuts off a client trickling its body to any route but an upload, at the general timeout', async () => {
    const started = performance.now();
    const client = rawClient();
    client.socket.write(
      'POST /api/user/login/phone_number/v1/ HTTP/1.1\r\nHost: shop.example\r\n' +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"phone_number":"',
    );
    const left = trickle(client.socket, 200, () => '9');
    expect(await healthz()).toBe(200);
    await client.closed;
    // Cut near HTTP_REQUEST_TIMEOUT_MS (600 ms), far from the upload routes' 4 s.
    expect(performance.now() - started).toBeLessThan(config.UPLOAD_BODY_TIMEOUT_MS / 2);
    expect(await left).toBeGreaterThan(0);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(errorOf(client.received())).toMatchObject({ http_status_code: 408 });
    expect(await healthz()).toBe(200);
  });

  it('closes a connection that never sends a request', async () => {
    const client = rawClient();
    await client.closed;
    expect(client.received()).not.toContain('200 OK');
  });

  it('closes an idle keep-alive connection after its answer', async () => {
    const client = rawClient();
    client.socket.write('GET /healthz HTTP/1.1\r\nHost: shop.example\r\nConnection: keep-alive\r\n\r\n');
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('lets an honest upload arriving slowly finish, past the general timeout but within the upload one', async () => {
    const phone = buyerPhone(1);
    const base = `http://127.0.0.1:${server.port}`;
    await fetch(`${base}/api/user/login/phone_number/v1/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(phone),
    });
    const verified = await fetch(`${base}/api/user/verify/phone_number_otp/v1/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...phone, otp: TEST_OTP }),
    });
    const { access_token: token } = (await verified.json()) as { access_token: string };
    const file = multipartFile('proof.png', Buffer.concat([PNG, Buffer.alloc(200 * 1024 - PNG.length, 1)]));
    const client = rawClient();
    client.socket.write(
      `POST ${PROOF_UPLOAD}?purpose=pan HTTP/1.1\r\nHost: shop.example\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: ${file.contentType}\r\nContent-Length: ${file.payload.length}\r\nConnection: close\r\n\r\n`,
    );
    const started = performance.now();
    const pieces = 30;
    const size = Math.ceil(file.payload.length / pieces);
    const left = await trickle(client.socket, pieces, (i) => file.payload.subarray(i * size, (i + 1) * size));
    expect(left).toBe(0);
    await client.closed;
    expect(performance.now() - started).toBeGreaterThan(config.HTTP_REQUEST_TIMEOUT_MS);
    expect(client.received()).toMatch(/^HTTP\/1\.1 201 /);
  });
});
