import { describe, expect, it } from 'vitest';
import { cityOfOffice, type OfficePlace, pincodeDistrict } from './postal';

const office = (overrides: Partial<OfficePlace> = {}): OfficePlace => ({
  BranchType: 'Sub Post Office',
  DeliveryStatus: 'Delivery',
  District: 'Mumbai',
  Division: 'Mumbai South',
  State: 'Maharashtra',
  ...overrides,
});

describe('pincodeDistrict', () => {
  it('is the district most delivering offices are filed under, not a branch office across the harbour', () => {
    const offices = [
      office({ BranchType: 'Branch Post Office', District: 'Raigarh(MH)' }),
      office(),
      office({ BranchType: 'Head Post Office' }),
    ];
    expect(pincodeDistrict(offices)).toBe('Mumbai');
  });

  it("breaks a tie by the head office's district and ignores offices that do not deliver", () => {
    expect(
      pincodeDistrict([
        office({ District: 'A' }),
        office({ District: 'B', BranchType: 'Head Post Office' }),
        office({ District: 'C', DeliveryStatus: 'Non-Delivery' }),
        office({ District: 'C', DeliveryStatus: 'Non-Delivery' }),
      ]),
    ).toBe('B');
    expect(pincodeDistrict([office({ DeliveryStatus: 'Non-Delivery' })])).toBeUndefined();
  });
});

describe('cityOfOffice', () => {
  it('names the city as buyers do', () => {
    expect(cityOfOffice(office())).toBe('Mumbai');
    expect(cityOfOffice(office({ District: 'Bangalore', State: 'Karnataka' }))).toBe('Bengaluru');
    expect(cityOfOffice(office({ District: 'Bijapur(KAR)', State: 'Karnataka' }))).toBe('Bijapur');
    expect(cityOfOffice(office({ District: 'Bilaspur (HP)' }))).toBe('Bilaspur');
  });

  it("names Delhi's districts by their postal division: New Delhi or Delhi", () => {
    const delhi = (District: string, Division: string) => office({ District, Division, State: 'Delhi' });
    expect(cityOfOffice(delhi('Central Delhi', 'New Delhi Central'))).toBe('New Delhi');
    expect(cityOfOffice(delhi('North Delhi', 'Delhi North'))).toBe('Delhi');
  });
});
