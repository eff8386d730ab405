import { describe, expect, it } from 'vitest';
import { LOAD_INTL_DATA } from './intlData';

describe('LOAD_INTL_DATA', () => {
  it('is two steps that each build an Intl object and resolve', async () => {
    expect(LOAD_INTL_DATA).toHaveLength(2);
    for (const step of LOAD_INTL_DATA) await expect(step()).resolves.toBeDefined();
  });
});
