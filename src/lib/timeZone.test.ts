import { afterEach, describe, expect, it, vi } from 'vitest';

// The zone is read once per page load: each test loads the module afresh.
async function freshBuyerTimeZone() {
  vi.resetModules();
  return (await import('./timeZone')).buyerTimeZone;
}

describe('buyerTimeZone', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("takes Temporal's zone where the browser has it, without building a date formatter", async () => {
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'Europe/Berlin' } });
    const formatter = vi.spyOn(Intl, 'DateTimeFormat');
    const buyerTimeZone = await freshBuyerTimeZone();
    expect(buyerTimeZone()).toBe('Europe/Berlin');
    expect(formatter).not.toHaveBeenCalled();
  });

  it('asks Intl where there is no Temporal, and reads it once', async () => {
    vi.stubGlobal('Temporal', undefined);
    const resolved = Intl.DateTimeFormat().resolvedOptions();
    const formatter = vi.spyOn(Intl, 'DateTimeFormat').mockReturnValue({
      resolvedOptions: () => ({ ...resolved, timeZone: 'America/New_York' }),
    } as Intl.DateTimeFormat);
    const buyerTimeZone = await freshBuyerTimeZone();
    expect(buyerTimeZone()).toBe('America/New_York');
    expect(buyerTimeZone()).toBe('America/New_York');
    expect(formatter).toHaveBeenCalledTimes(1);
  });

  it('falls back to the shop’s zone when the browser cannot tell', async () => {
    vi.stubGlobal('Temporal', undefined);
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(() => {
      throw new RangeError('no zone');
    });
    const buyerTimeZone = await freshBuyerTimeZone();
    expect(buyerTimeZone()).toBe('Asia/Kolkata');
  });
});
