import { randomUUID } from 'node:crypto';
import type {
  DistrictsResponse,
  EmailOtpSentResponse,
  profileUpdateRequestSchema,
  StatesResponse,
  signUpDetailsRequestSchema,
  UserProfile,
} from '@contract/user';
import { USER_RES_STATUS } from '@contract/user';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../errors';
import type { OtpService } from '../auth/otp';
import type { NormalizedPhone } from '../auth/phone';
import type { UserValues } from './repo';
import * as repo from './repo';

type ProfileUpdate = z.output<typeof profileUpdateRequestSchema>;
type SignUpDetails = z.output<typeof signUpDetailsRequestSchema>;

export function toProfile(row: UserRow): UserProfile {
  return {
    user_id: row.id,
    name: row.name,
    email: row.email,
    is_email_verified: row.emailVerified,
    gender: row.gender ?? null,
    dob: row.dob,
    phone_number: row.phoneNumber,
    country_code: row.countryCode,
    iso_country_code: row.isoCountryCode,
    profile_pic_url: row.profilePicUrl,
    language_preference: row.languagePreference,
    is_sign_up_completed: row.signUpCompletedAt !== null,
  };
}

function emailTaken(): HttpError {
  return new HttpError(409, 'This e-mail is already verified on another account', { field: 'email' });
}

/** Buyers and their profiles (spec §3 User profile); every call is about the caller's own account. */
export function createUserService(deps: {
  db: Database;
  otp: OtpService;
  now: () => Date;
  /** Test addresses with fixed codes (OTP_TEST_NUMBERS): nothing is sent to them. */
  testCodes?: ReadonlyMap<string, string>;
}) {
  const { db, otp, now, testCodes } = deps;

  async function find(userId: string): Promise<UserRow> {
    const row = await repo.findUser(db, userId);
    if (!row) throw new HttpError(404, 'No such account', { field: 'user_id' });
    return row;
  }

  async function findByPhone(e164: string, executor: Executor = db): Promise<UserRow | undefined> {
    return repo.findUserByPhone(executor, e164);
  }

  async function findByVerifiedEmail(email: string): Promise<UserRow[]> {
    return repo.findUsersByVerifiedEmail(db, email);
  }

  /** The account of this phone number, created on first sign-in. */
  async function findOrCreateByPhone(
    phone: NormalizedPhone,
    executor: Executor = db,
  ): Promise<{ user: UserRow; isNew: boolean }> {
    const existing = await findByPhone(phone.e164, executor);
    if (existing) return { user: existing, isNew: false };
    const at = now();
    const created = await repo.insertUserOfPhone(executor, {
      id: randomUUID(),
      phoneE164: phone.e164,
      countryCode: phone.countryCode,
      isoCountryCode: phone.isoCountryCode,
      phoneNumber: phone.phoneNumber,
      createdAt: at,
      updatedAt: at,
    });
    if (created) return { user: created, isNew: true };
    // Another process created it a moment ago.
    const raced = await findByPhone(phone.e164, executor);
    if (!raced) throw new Error('user vanished after a conflicting insert');
    return { user: raced, isNew: false };
  }

  async function write(userId: string, values: UserValues): Promise<UserProfile> {
    try {
      const row = await repo.updateUser(db, userId, { ...values, updatedAt: now() });
      if (!row) throw new HttpError(404, 'No such account');
      return toProfile(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
  }

  function emailChange(current: UserRow, email: string | null): UserValues {
    if (email === null) return { email: null, emailVerified: false };
    if (current.email !== null && current.email.toLowerCase() === email) return {};
    return { email, emailVerified: false };
  }

  async function updateProfile(userId: string, input: ProfileUpdate): Promise<UserProfile> {
    const current = await find(userId);
    if (input.phone_number !== undefined && input.phone_number.replace(/^0+/, '') !== current.phoneNumber) {
      throw new HttpError(
        400,
        'phone_number: the phone number is changed by signing in with the new number',
        {
          field: 'phone_number',
        },
      );
    }
    if (
      input.country_code !== undefined &&
      `+${input.country_code.replace(/^\+/, '')}` !== current.countryCode
    ) {
      throw new HttpError(
        400,
        'country_code: the phone number is changed by signing in with the new number',
        {
          field: 'country_code',
        },
      );
    }
    const values: UserValues = {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.gender === undefined ? {} : { gender: input.gender }),
      ...(input.dob === undefined ? {} : { dob: input.dob }),
      ...(input.profile_pic_url === undefined ? {} : { profilePicUrl: input.profile_pic_url }),
      ...(input.language_preference === undefined ? {} : { languagePreference: input.language_preference }),
      ...(input.email === undefined ? {} : emailChange(current, input.email)),
    };
    return write(userId, values);
  }

  async function signUpDetails(userId: string, input: SignUpDetails): Promise<UserProfile> {
    const current = await find(userId);
    return write(userId, {
      name: input.name,
      ...(input.gender === undefined ? {} : { gender: input.gender }),
      ...(input.dob === undefined ? {} : { dob: input.dob }),
      ...(input.language_preference === undefined ? {} : { languagePreference: input.language_preference }),
      ...(input.email === undefined ? {} : emailChange(current, input.email)),
      signUpCompletedAt: current.signUpCompletedAt ?? now(),
    });
  }

  async function updateEmail(userId: string, email: string): Promise<UserProfile> {
    const current = await find(userId);
    return write(userId, emailChange(current, email));
  }

  async function requestEmailOtp(userId: string, ip: string): Promise<EmailOtpSentResponse> {
    const current = await find(userId);
    if (!current.email) {
      throw new HttpError(400, 'Add an e-mail address first', { field: 'email' });
    }
    if (current.emailVerified) {
      throw new HttpError(400, 'This e-mail is already verified', { field: 'email' });
    }
    const sent = await otp.issue({
      purpose: 'email_verification',
      subject: `${userId}:${current.email.toLowerCase()}`,
      channel: 'email',
      to: current.email,
      ip,
      fixedCode: testCodes?.get(current.email.toLowerCase()),
      bySignedInBuyer: true,
    });
    return {
      message: `We sent a code to ${current.email}`,
      res_status: USER_RES_STATUS.OTP_SENT,
      expires_in: sent.expiresIn,
      resend_after_seconds: sent.resendAfter,
      email: current.email,
    };
  }

  async function verifyEmailOtp(userId: string, code: string): Promise<UserProfile> {
    const current = await find(userId);
    if (!current.email) throw new HttpError(400, 'Add an e-mail address first', { field: 'email' });
    // The code is bound to the address it was sent to: changing the address makes it useless.
    await otp.verify('email_verification', `${userId}:${current.email.toLowerCase()}`, code);
    return write(userId, { emailVerified: true });
  }

  async function states(): Promise<StatesResponse> {
    const rows = await repo.listStates(db);
    return {
      states_details: rows.map((r) => ({
        state_name: r.stateName,
        state_name_enum: r.stateNameEnum,
        is_union_territory: r.kind === 'UNION_TERRITORY',
      })),
    };
  }

  async function districts(state: string): Promise<DistrictsResponse> {
    const key = state
      .trim()
      .toUpperCase()
      .replace(/&/g, 'AND')
      .replace(/[\s-]+/g, '_');
    const found = await repo.findState(db, key, state.trim());
    if (!found)
      throw new HttpError(404, `No Indian state or union territory called ${state}`, { field: 'state' });
    const names = await repo.listDistrictNames(db, found.stateNameEnum);
    return {
      state_name: found.stateName,
      state_name_enum: found.stateNameEnum,
      districts_details: names.map((name) => ({ district_name: name })),
    };
  }

  return {
    find,
    findByPhone,
    findByVerifiedEmail,
    findOrCreateByPhone,
    getProfile: async (userId: string) => toProfile(await find(userId)),
    updateProfile,
    signUpDetails,
    updateEmail,
    requestEmailOtp,
    verifyEmailOtp,
    states,
    districts,
    write,
  };
}

export type UserService = ReturnType<typeof createUserService>;
