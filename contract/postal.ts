/*
 * Which place a pincode is, from the offices of the India Post lookup (GET /api/postal/pincode/{pincode}): the
 * district most of its delivering offices are filed under (an island branch office across the harbour is not the
 * city's place), named as buyers name the city. Zod-free: the checkout's auto-fill and the server's availability
 * answer both read it.
 */

/** The fields of a post office the place is read from. */
export interface OfficePlace {
  BranchType: string;
  DeliveryStatus: string;
  District: string;
  Division: string;
  State: string;
}

/** The directory still uses a city's older name as its district's. */
const CITY_NAMES: Readonly<Record<string, string>> = {
  Bangalore: 'Bengaluru',
  'Bangalore Rural': 'Bengaluru Rural',
  Gurgaon: 'Gurugram',
  'Raigarh(MH)': 'Raigad',
};

/** The district of the pincode: the one most delivering offices name; on a tie, the head office's. */
export function pincodeDistrict(offices: readonly OfficePlace[]): string | undefined {
  const delivering = offices.filter((office) => office.DeliveryStatus === 'Delivery');
  const counts = new Map<string, number>();
  for (const office of delivering) counts.set(office.District, (counts.get(office.District) ?? 0) + 1);
  const most = Math.max(0, ...counts.values());
  const tied = [...counts].filter(([, count]) => count === most).map(([district]) => district);
  if (tied.length <= 1) return tied[0];
  const head = delivering.find((o) => o.BranchType === 'Head Post Office' && tied.includes(o.District));
  return head?.District ?? tied[0];
}

/**
 * The city an office's address is in: its district as the city is called now, the state's hint in brackets
 * dropped ("Bijapur(KAR)" → "Bijapur"); Delhi's districts are one city, New Delhi where its postal division is.
 */
export function cityOfOffice(office: OfficePlace): string {
  const district = office.District.trim();
  if (office.State.trim() === 'Delhi')
    return /^New Delhi/i.test(office.Division.trim()) ? 'New Delhi' : 'Delhi';
  return CITY_NAMES[district] ?? district.replace(/\s*\([^)]*\)\s*$/, '').trim();
}
