import type { PostalLookupResponse, PostOffice } from '@contract/places';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorReporter } from './errors';
import {
  choosePostOffice,
  cityOf,
  lookupPostOffice,
  POSTAL_LOOKUP_TIMEOUT_MS,
  type PostalLookupError,
} from './postal';
import { fakeNetwork, json, resetClient } from './test-helpers';

const office = (Name: string, BranchType: string, DeliveryStatus = 'Delivery'): PostOffice => ({
  Name,
  Description: null,
  BranchType,
  DeliveryStatus,
  Circle: 'Karnataka',
  District: 'Bangalore',
  Division: 'Bangalore East',
  Region: 'Bangalore HQ',
  Block: 'Bangalore North',
  State: 'Karnataka',
  Country: 'India',
  Pincode: '560001',
});

const success = (...offices: PostOffice[]): PostalLookupResponse => [
  { Message: `Number of pincode(s) found:${offices.length}`, Status: 'Success', PostOffice: offices },
];
const NOT_FOUND: PostalLookupResponse = [{ Message: 'No records found', Status: 'Error', PostOffice: null }];

const reason = (response: PostalLookupResponse) => {
  try {
    choosePostOffice(response);
  } catch (error) {
    return (error as PostalLookupError).reason;
  }
  throw new Error('expected no office to be chosen');
};

describe('the post office a pincode is filled from (spec §5)', () => {
  it('chooses the only delivering office, whatever its kind', () => {
    const head = office('Bangalore', 'Head Post Office');
    expect(choosePostOffice(success(office('Cubban Road', 'Branch Post Office', 'Non-Delivery'), head))).toBe(
      head,
    );
  });

  it('among several delivering offices prefers a branch office, then a sub office, then the head office', () => {
    const head = office('Bangalore', 'Head Post Office');
    const sub = office('Vasanthanagar', 'Sub Post Office');
    const branch = office('Jakkur', 'Branch Post Office');
    expect(choosePostOffice(success(head, sub, branch))).toBe(branch);
    expect(choosePostOffice(success(head, sub))).toBe(sub);
    expect(choosePostOffice(success(head, office('Mumbai', 'Head Post Office')))).toBe(head);
  });

  it('ignores offices that do not deliver when choosing by kind', () => {
    const sub = office('Vasanthanagar', 'Sub Post Office');
    const head = office('Bangalore', 'Head Post Office');
    expect(choosePostOffice(success(office('Jakkur', 'Branch Post Office', 'Non-Delivery'), head, sub))).toBe(
      sub,
    );
  });

  it("chooses among the pincode's own district's offices: 400001's island branch office is not Mumbai's", () => {
    const mumbai = (Name: string, BranchType: string): PostOffice => ({
      ...office(Name, BranchType),
      District: 'Mumbai',
      Division: 'Mumbai South',
      State: 'Maharashtra',
    });
    const elephanta = { ...mumbai('Elephanta Caves Po', 'Branch Post Office'), District: 'Raigarh(MH)' };
    const chosen = choosePostOffice(
      success(mumbai('Bazargate', 'Sub Post Office'), elephanta, mumbai('Mumbai', 'Head Post Office')),
    );
    expect(chosen.Name).toBe('Bazargate');
    expect(cityOf(chosen)).toBe('Mumbai');
    expect(cityOf(office('Bangalore', 'Head Post Office'))).toBe('Bengaluru');
  });

  it('names each of the three failures', () => {
    expect(reason(NOT_FOUND)).toBe('data-not-found');
    expect(reason(success())).toBe('data-not-found');
    expect(reason(success(office('Cubban Road', 'Sub Post Office', 'Non-Delivery')))).toBe(
      'no-delivering-office',
    );
    expect(reason(success(office('A', 'Post Office'), office('B', 'Post Office')))).toBe('no-branch-found');
  });
});

describe('lookupPostOffice', () => {
  let restoreReporter: () => void;

  beforeEach(() => {
    resetClient(30_000);
    restoreReporter = setErrorReporter(vi.fn());
  });

  afterEach(() => {
    restoreReporter();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('asks the postal service and answers the chosen office', async () => {
    const branch = office('Jakkur', 'Branch Post Office');
    const { requests } = fakeNetwork(() =>
      json(200, success(office('Bangalore', 'Head Post Office'), branch)),
    );
    await expect(lookupPostOffice('560001')).resolves.toEqual(branch);
    expect(requests[0]?.url).toBe('/api/postal/pincode/560001');
    // No x-tz: the lookup may be an outside service.
    expect(requests[0]?.headers.get('x-tz')).toBeNull();
  });

  it('answers undefined, silently, when there is no data, no delivering office, a bad answer or an error', async () => {
    for (const answer of [
      json(200, NOT_FOUND),
      json(200, success(office('Cubban Road', 'Sub Post Office', 'Non-Delivery'))),
      json(200, { unexpected: true }),
      json(500, {
        data: { message: 'x', response: 'x', res_status: 'INTERNAL_SERVER_ERROR', http_status_code: 500 },
      }),
    ]) {
      fakeNetwork(() => answer);
      await expect(lookupPostOffice('560001')).resolves.toBeUndefined();
    }
    fakeNetwork(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(lookupPostOffice('560001')).resolves.toBeUndefined();
  });

  it('gives up after 5 seconds with undefined, even though the client allows 30', async () => {
    vi.useFakeTimers();
    let aborted = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => {
              aborted = true;
              reject(new DOMException('The operation was aborted.', 'AbortError'));
            });
          }),
      ),
    );
    const settled = vi.fn();
    const pending = lookupPostOffice('560001').then(settled);
    await vi.advanceTimersByTimeAsync(POSTAL_LOOKUP_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(aborted).toBe(true);
    expect(settled).toHaveBeenCalledWith(undefined);
  });
});
