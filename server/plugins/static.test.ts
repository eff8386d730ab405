import { errorBodySchema } from '@contract/common';
import { SERVER_PATH_PREFIXES } from '@contract/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import type { OpenDatabase } from '../db/client';
import { fakeStaticDir, memoryLogger, testConfig, testDatabase } from '../testing';

let database: OpenDatabase;
let app: App;

beforeAll(async () => {
  database = await testDatabase();
  app = buildApp({
    config: testConfig({ STATIC_DIR: fakeStaticDir() }),
    db: database.db,
    logger: memoryLogger().logger,
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
});

async function expectJsonNotFound(url: string) {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(404);
  expect(res.headers.location, url).toBeUndefined();
  expect(res.headers['content-type'], url).toMatch(/application\/json/);
  expect(res.body, url).not.toContain('<div id="root">');
  const body = errorBodySchema.parse(res.json());
  expect(body.data.http_status_code, url).toBe(404);
}

describe('paths the server owns', () => {
  it('answers an unknown hosted payment page with the JSON 404 body, never the SPA', async () => {
    await expectJsonNotFound('/pay/sandbox/x');
    await expectJsonNotFound('/pay');
  });

  it('never redirects a server path with a trailing slash', async () => {
    await expectJsonNotFound('/pay/x/');
    await expectJsonNotFound('/pay/sandbox/checkout/?order=1');
  });

  it('does the same under every server prefix', async () => {
    for (const prefix of SERVER_PATH_PREFIXES) {
      await expectJsonNotFound(`${prefix}/no-such-thing/`);
    }
  });

  it('still gives a storefront path that merely starts alike the app', async () => {
    for (const url of ['/payments-help', '/apiary']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toContain('<div id="root">');
    }
  });
});
