import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { fakeStaticDir, type TestApp, testApp, testConfig } from '../../testing';
import { CatalogueUsageError, catalogueViaDatabase, catalogueViaServer, parseCatalogueCommand } from './cli';

const TOKEN = 'test-operator-token-catalogue-cli';

describe('parseCatalogueCommand', () => {
  it('reads list, price and stock', () => {
    expect(parseCatalogueCommand(['list'])).toEqual({ kind: 'list' });
    expect(
      parseCatalogueCommand(['price', 'IBC_VR_HEADSET', '--currency', 'inr', '--amount', '54,999']),
    ).toEqual({
      kind: 'price',
      input: { product_code: 'IBC_VR_HEADSET', currency: 'INR', amount: 54_999 },
    });
    expect(
      parseCatalogueCommand(['price', 'X', '--currency', 'USD', '--amount', '19.99', '--original', 'none']),
    ).toMatchObject({ input: { amount: 19.99, original_amount: null } });
    expect(parseCatalogueCommand(['stock', 'IBC_TRACKED_BAT', '--quantity', '0'])).toEqual({
      kind: 'stock',
      input: { product_code: 'IBC_TRACKED_BAT', availability_type: 'LIMITED', available_quantity: 0 },
    });
    expect(parseCatalogueCommand(['stock', 'IBC_TRACKED_BAT', '--unlimited'])).toEqual({
      kind: 'stock',
      input: { product_code: 'IBC_TRACKED_BAT', availability_type: 'UNLIMITED' },
    });
  });

  it('explains what is wrong, naming the flag', () => {
    const cases: [string[], RegExp][] = [
      [['price', 'X', '--amount', '1'], /--currency/],
      [['price', 'X', '--currency', 'INR'], /--amount is required/],
      [['price', 'X', '--currency', 'INR', '--amount', 'lots'], /--amount: not a number/],
      [['price', 'X', '--currency', 'INR', '--amount', '1.234'], /--amount: .*two decimals/],
      [['price', 'X', '--currency', 'INR', '--amount', '1', '--original', '-3'], /--original/],
      [['stock', 'X'], /--quantity is required/],
      [['stock', 'X', '--quantity', '-1'], /--quantity/],
      [['stock', 'X', '--quantity', '1.5'], /--quantity/],
      [['stock', 'X', '--quantity', '1', '--unlimited'], /not both/],
      [['stock'], /Name a product code/],
      [['price', 'X', '--bogus'], /Unknown option/],
      [['sell', 'X'], /Usage/],
      [[], /Usage/],
    ];
    for (const [argv, message] of cases) {
      expect(() => parseCatalogueCommand(argv), argv.join(' ')).toThrow(CatalogueUsageError);
      expect(() => parseCatalogueCommand(argv), argv.join(' ')).toThrow(message);
    }
  });
});

describe('running the commands', () => {
  let shop: TestApp;
  let app: App;
  let server: { host: string; port: number; token: string };

  beforeAll(async () => {
    shop = await testApp({
      config: { STATIC_DIR: fakeStaticDir() },
      operatorToken: TOKEN,
      ready: false,
    });
    app = shop.app;
    await app.listen({ host: '127.0.0.1', port: 0 });
    server = { host: '127.0.0.1', port: (app.server.address() as AddressInfo).port, token: TOKEN };
  });

  afterAll(async () => {
    await shop.close();
  });

  it('changes a price and stock through the running server, seen by the next GET', async () => {
    const price = await catalogueViaServer(
      server,
      parseCatalogueCommand(['price', 'IBC_VR_HEADSET', '--currency', 'INR', '--amount', '54999']),
    );
    expect(price).toContain('IBC_VR_HEADSET: ₹54,999.00');
    const stock = await catalogueViaServer(
      server,
      parseCatalogueCommand(['stock', 'IBC_TRACKED_BAT', '--quantity', '0']),
    );
    expect(stock).toContain('0 OUT OF STOCK');

    const res = await fetch(`http://127.0.0.1:${server.port}/api/commerce/packages/1/v1/`);
    const { package: solo } = await res.json();
    expect(solo.package_code).toBe('SOLO');
    expect(solo.products[0].taxable_amount).toBe(54_999);
    expect(solo.is_out_of_stock).toBe(true);
  });

  it('lists codes, prices and stock', async () => {
    const list = await catalogueViaServer(server, { kind: 'list' });
    expect(list).toMatch(/IBC_CLUB_PITCH_SENSOR\s+default\s+0 OUT OF STOCK\s+₹21,185\.59\s+\$349\.00/);
    expect(list).toMatch(/IBC_GAME_1_PROFILE_KEY\s+game\s+unlimited/);
    expect(list).toMatch(/CLUB_EDITION\s+fixed\s+OUT OF STOCK\s+IN GB AU/);
  });

  it('reports the server’s refusal: an unknown product, a wrong token', async () => {
    await expect(
      catalogueViaServer(server, parseCatalogueCommand(['stock', 'NOPE', '--quantity', '1'])),
    ).rejects.toThrow('server answered 404: Product not found: NOPE');
    await expect(catalogueViaServer({ ...server, token: 'wrong' }, { kind: 'list' })).rejects.toThrow(
      'server answered 401',
    );
  });

  it('works straight on the database when no server runs', async () => {
    const out = await catalogueViaDatabase(
      shop.db,
      parseCatalogueCommand([
        'price',
        'IBC_BAT_GRIP',
        '--currency',
        'USD',
        '--amount',
        '6.49',
        '--original',
        '7.99',
      ]),
      testConfig(),
    );
    expect(out).toContain('$6.49 (was $7.99)');
    await expect(
      catalogueViaDatabase(shop.db, parseCatalogueCommand(['stock', 'NOPE', '--unlimited']), testConfig()),
    ).rejects.toThrow('Product not found: NOPE');
  });
});
