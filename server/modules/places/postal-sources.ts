/*
 * How scripts/build-postal.ts reads its two sources: office names carrying their kind ("Sansad Marg H.O",
 * "Bhainsa S.O (Adilabad)", "New Delhi G.P.O.") and the older state names of the India Post data.
 */

import { UNKNOWN_BRANCH_TYPE } from './directory';

// The kind as a word of its own: "Ada B.O", "Lajpat Nagar (South Delhi) S.O", "Madhavaram (kurnool)B.O".
const KIND = /(?:^|[\s.)])(B\.?\s?O|S\.?\s?O|H\.?\s?O|G\.?\s?P\.?\s?O|NDTSO)\.?(?=$|[\s(])/i;

const KIND_TYPES: Record<string, string> = {
  BO: 'Branch Post Office',
  SO: 'Sub Post Office',
  NDTSO: 'Sub Post Office',
  HO: 'Head Post Office',
  // A General Post Office is the head office of a large city.
  GPO: 'Head Post Office',
};

/** "Sansad Marg H.O" → Head Post Office; a name without a kind → "Post Office". */
export function branchTypeOf(officeName: string): string {
  const kind = officeName.match(KIND)?.[1]?.toUpperCase().replace(/[.\s]/g, '');
  return (kind && KIND_TYPES[kind]) ?? UNKNOWN_BRANCH_TYPE;
}

/** The office's name without its kind or bracketed district, for joining: "Bank Street S.O (Central Delhi)" → "bankstreet". */
export function officeKey(officeName: string): string {
  return officeName
    .replace(KIND, ' ')
    .replace(/\([^)]*\)/g, ' ')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/** India Post's older spellings → the names of states_details (seed/india.ts), so auto-fill finds the state. */
const STATE_NAMES: Record<string, string> = {
  'Andaman & Nicobar': 'Andaman and Nicobar Islands',
  Chattisgarh: 'Chhattisgarh',
  'Dadra & Nagar Haveli': 'Dadra and Nagar Haveli and Daman and Diu',
  'Daman & Diu': 'Dadra and Nagar Haveli and Daman and Diu',
  'Jammu & Kashmir': 'Jammu and Kashmir',
  Pondicherry: 'Puducherry',
};
/** Ladakh became a union territory of its own in 2019; the data still files its districts under Jammu and Kashmir. */
const LADAKH_DISTRICTS = new Set(['Leh', 'Kargil']);

export function currentState(state: string, district: string): string {
  if (LADAKH_DISTRICTS.has(district)) return 'Ladakh';
  return STATE_NAMES[state] ?? state;
}
