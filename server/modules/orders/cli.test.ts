import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing';
import { OrdersUsageError, ordersViaDatabase, parseOrdersCommand } from './cli';

let shop: TestApp;

beforeAll(async () => {
  shop = await testApp();
});

afterAll(async () => {
  await shop.close();
});

describe('npm run shop -- orders add-game-keys', () => {
  it('takes keys from the command line and from a file, one per line', () => {
    expect(parseOrdersCommand(['add-game-keys', 'IBC_STEAM_GAME_KEY', 'KEY-0001', 'KEY-0002'])).toEqual({
      kind: 'add-game-keys',
      input: { product_code: 'IBC_STEAM_GAME_KEY', keys: ['KEY-0001', 'KEY-0002'] },
    });
    expect(parseOrdersCommand(['refunds'])).toEqual({ kind: 'refunds' });
    const read = (path: string) => (path === 'keys.txt' ? 'KEY-1000\r\n\n  KEY-1001  \n' : '');
    expect(
      parseOrdersCommand(['add-game-keys', 'IBC_STEAM_GAME_KEY', '--file', 'keys.txt'], read),
    ).toMatchObject({ input: { keys: ['KEY-1000', 'KEY-1001'] } });
  });

  it('explains its usage when the product or the keys are missing', () => {
    expect(() => parseOrdersCommand(['add-game-keys'])).toThrow(OrdersUsageError);
    expect(() => parseOrdersCommand(['add-game-keys', 'IBC_STEAM_GAME_KEY'])).toThrow(/keys/);
    expect(() => parseOrdersCommand(['remove'])).toThrow(/Usage/);
  });

  it('adds the keys once to the pool, counting the free ones', async () => {
    const input = {
      kind: 'add-game-keys' as const,
      input: { product_code: 'IBC_GAME_5_PROFILE_KEY', keys: ['NEW-KEY-A', 'NEW-KEY-B'] },
    };
    expect(await ordersViaDatabase(shop.db, input)).toBe('2 key(s) added to IBC_GAME_5_PROFILE_KEY; 27 free');
    expect(await ordersViaDatabase(shop.db, input)).toBe('0 key(s) added to IBC_GAME_5_PROFILE_KEY; 27 free');
  });
});
