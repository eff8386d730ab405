import type { ClientProfile } from '@/api/account';

/** "+91 98765 43210": the number with its country code, grouped 5 + 5 for an Indian mobile. */
export function phoneForDisplay(profile: Pick<ClientProfile, 'dialCode' | 'phoneNumber'>): string {
  const n = profile.phoneNumber;
  const grouped = profile.dialCode === '+91' && n.length === 10 ? `${n.slice(0, 5)} ${n.slice(5)}` : n;
  return `${profile.dialCode} ${grouped}`;
}
