import type { UserProfile } from '@contract/user';

/** The client-side view of the user profile (spec §3 User profile). */
export interface ClientProfile {
  name: string;
  email: string;
  isEmailVerified: boolean;
  /** National number, digits only. */
  phoneNumber: string;
  /** +91 */
  dialCode: string;
  /** +919876543210 */
  phoneNumberWithCountryCode: string;
}

export function toClientProfile(profile: UserProfile): ClientProfile {
  const dialCode = profile.country_code.startsWith('+') ? profile.country_code : `+${profile.country_code}`;
  return {
    name: profile.name ?? '',
    email: profile.email ?? '',
    isEmailVerified: profile.is_email_verified,
    phoneNumber: profile.phone_number,
    dialCode,
    phoneNumberWithCountryCode: `${dialCode}${profile.phone_number}`,
  };
}

/** "+91 98765 43210": the number with its country code, grouped 5 + 5 for an Indian mobile. */
export function phoneForDisplay(profile: Pick<ClientProfile, 'dialCode' | 'phoneNumber'>): string {
  const n = profile.phoneNumber;
  const grouped = profile.dialCode === '+91' && n.length === 10 ? `${n.slice(0, 5)} ${n.slice(5)}` : n;
  return `${profile.dialCode} ${grouped}`;
}
