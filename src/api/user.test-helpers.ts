/** A buyer's profile as the user service sends it (contract/account.ts): Asha, signed up, e-mail not given. */
export function wireProfile(overrides: Record<string, unknown> = {}) {
  return {
    user_id: 'u-1',
    name: 'Asha Kumar' as string | null,
    email: null as string | null,
    is_email_verified: false,
    gender: null,
    dob: null,
    phone_number: '9876543210',
    country_code: '+91',
    iso_country_code: 'IN',
    profile_pic_url: null,
    language_preference: null,
    is_sign_up_completed: true,
    ...overrides,
  };
}

/** A verify v2 answer (contract/user.ts). */
export function verifyAnswer(overrides: { is_new_user?: boolean; name?: string | null } = {}) {
  const isNew = overrides.is_new_user ?? false;
  const name = overrides.name === undefined ? (isNew ? null : 'Asha Kumar') : overrides.name;
  return {
    access_token: 'header.payload.sig',
    refresh_token: 'refresh-1',
    user_id: 'u-1',
    expires_in: 900,
    token_type: 'Bearer',
    is_new_user: isNew,
    profile: wireProfile({ name, is_sign_up_completed: name !== null }),
  };
}
