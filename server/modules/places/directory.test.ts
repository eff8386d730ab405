import { describe, expect, it, vi } from 'vitest';
import { DIRECTORY_COLUMNS, decodeOffice, encodeOffice, type PostOffice, parseDirectory } from './directory';
import { branchTypeOf, currentState, officeKey } from './postal-sources';
import { createPlacesService } from './service';

const office = (overrides: Partial<PostOffice> = {}): PostOffice => ({
  Name: 'Ada',
  Description: null,
  BranchType: 'Branch Post Office',
  DeliveryStatus: 'Delivery',
  Circle: 'Telangana',
  District: 'Adilabad',
  Division: 'Adilabad',
  Region: 'Hyderabad',
  Block: 'Asifabad',
  State: 'Telangana',
  Country: 'India',
  Pincode: '504293',
  ...overrides,
});

describe('reading the sources', () => {
  it("takes the office's kind from its name, wherever the source wrote it", () => {
    expect(branchTypeOf('Ada B.O')).toBe('Branch Post Office');
    expect(branchTypeOf('Bhainsa S.O (Adilabad)')).toBe('Sub Post Office');
    expect(branchTypeOf('Lajpat Nagar (South Delhi) S.O')).toBe('Sub Post Office');
    expect(branchTypeOf('Madhavaram (kurnool)B.O')).toBe('Branch Post Office');
    expect(branchTypeOf('Sansad Marg H.O')).toBe('Head Post Office');
    expect(branchTypeOf('New Delhi G.P.O.')).toBe('Head Post Office');
    expect(branchTypeOf('Limbayat')).toBe('Post Office');
  });

  it('joins names without their kind, brackets, case or punctuation', () => {
    expect(officeKey('Bank Street S.O (Central Delhi)')).toBe(officeKey('Bank Street (Central Delhi)'));
    expect(officeKey('Sansad Marg H.O')).toBe('sansadmarg');
    expect(officeKey('New Delhi G.P.O.')).toBe(officeKey('New Delhi '));
  });

  it("writes today's state names", () => {
    expect(currentState('Chattisgarh', 'Raipur')).toBe('Chhattisgarh');
    expect(currentState('Jammu & Kashmir', 'Leh')).toBe('Ladakh');
    expect(currentState('Jammu & Kashmir', 'Srinagar')).toBe('Jammu and Kashmir');
    expect(currentState('Daman & Diu', 'Daman')).toBe('Dadra and Nagar Haveli and Daman and Diu');
    expect(currentState('Karnataka', 'Bangalore')).toBe('Karnataka');
  });
});

describe('the directory file', () => {
  it('reads back every field it writes', () => {
    const head = office({ Name: 'Adilabad', BranchType: 'Head Post Office', DeliveryStatus: 'Non-Delivery' });
    expect(decodeOffice(encodeOffice(head))).toEqual(head);
    expect(decodeOffice(encodeOffice(office({ BranchType: 'Post Office' }))).BranchType).toBe('Post Office');
  });

  it('indexes offices by pincode, skipping the header', () => {
    const text = [
      DIRECTORY_COLUMNS.join('\t'),
      encodeOffice(office()),
      encodeOffice(office({ Name: 'Bambara' })),
      encodeOffice(office({ Name: 'Bhainsa', Pincode: '504103' })),
      '',
    ].join('\n');
    const directory = parseDirectory(text);
    expect(directory.size).toBe(2);
    expect(directory.lookup('504293').map((o) => o.Name)).toEqual(['Ada', 'Bambara']);
    expect(directory.lookup('pincode')).toEqual([]);
    expect(directory.lookup('000000')).toEqual([]);
  });
});

describe('availability by pincode', () => {
  const service = (offices: PostOffice[]) =>
    createPlacesService({
      // The directory is all these answers read.
      db: undefined as never,
      log: { warn: vi.fn() } as never,
      directory: async () => ({ lookup: () => offices, size: 1 }),
    });

  it('refuses a pincode whose offices all say Non-Delivery, naming the place', async () => {
    const answer = await service([office({ DeliveryStatus: 'Non-Delivery' })]).availability('504293');
    expect(answer).toEqual({
      pincode: '504293',
      is_available: false,
      message: 'We cannot deliver to 504293: no post office delivers there',
      district: 'Adilabad',
      city: 'Adilabad',
      state: 'Telangana',
      min_days: null,
      max_days: null,
    });
  });

  it('delivers where one office delivers, naming its district', async () => {
    const answer = await service([
      office({ DeliveryStatus: 'Non-Delivery', District: 'Elsewhere' }),
      office({ Name: 'Bambara' }),
    ]).availability('504293');
    expect(answer).toMatchObject({ is_available: true, district: 'Adilabad', min_days: 2, max_days: 4 });
  });
});
