import {
  type OidcLoginResponse,
  type OtpSentV2Response,
  type phoneRequestSchema,
  type sendCodeRequestSchema,
  type TokenSetName,
  type TokenSetResponse,
  USER_RES_STATUS,
  type UserProfile,
} from '@contract/user';
import type { z } from 'zod';
import { HttpError } from '../../errors';
import { toProfile, type UserService } from '../user/service';
import type { OidcService } from './oidc';
import type { OtpService } from './otp';
import { assertTextable, normalizePhone } from './phone';
import type { TokenService } from './tokens';

type PhoneInput = z.output<typeof phoneRequestSchema>;
type SendCodeInput = z.output<typeof sendCodeRequestSchema>;

export interface SignInResult {
  tokens: TokenSetResponse;
  isNewUser: boolean;
  profile: UserProfile;
}

/** Signing in: the phone code, the token sets, and the Google identity linked to a phone account. */
export function createAuthService(deps: {
  otp: OtpService;
  tokens: TokenService;
  users: UserService;
  oidc: OidcService;
  testNumbers: ReadonlyMap<string, string>;
  /** Countries whose mobile numbers are texted codes (OTP_SMS_COUNTRIES). */
  smsCountries: readonly string[];
}) {
  const { otp, tokens, users, oidc, testNumbers, smsCountries } = deps;

  /** Sends a sign-in code to a phone number (login v1/v2, resend, login_or_register without otp). */
  async function sendPhoneCode(input: SendCodeInput, ip: string): Promise<OtpSentV2Response> {
    const phone = normalizePhone(input, testNumbers);
    // Before any counter is touched: a refused number uses up no one's budget.
    assertTextable(phone, smsCountries, testNumbers);
    const sent = await otp.issue({
      purpose: 'phone_sign_in',
      subject: phone.e164,
      channel: 'sms',
      to: phone.e164,
      ip,
      fixedCode: testNumbers.get(phone.e164),
      altcha: input.altcha,
    });
    const registered = Boolean(await users.findByPhone(phone.e164));
    return {
      message: `We sent a 6-digit code to ${phone.countryCode} ${phone.phoneNumber}`,
      res_status: USER_RES_STATUS.OTP_SENT,
      expires_in: sent.expiresIn,
      resend_after_seconds: sent.resendAfter,
      is_registered: registered,
      phone_number_with_country_code: phone.e164,
    };
  }

  /**
   * Checks the code and signs in, creating the account on first sign-in. With a social ticket, the Google
   * identity is linked to this phone account once the code is right.
   */
  async function verifyPhoneCode(
    input: PhoneInput & {
      otp: string;
      token_set?: TokenSetName | undefined;
      social_ticket?: string | undefined;
    },
  ): Promise<SignInResult> {
    const phone = normalizePhone(input, testNumbers);
    // Check the ticket before the code is spent, so a stale ticket does not cost the buyer a code.
    const ticket = input.social_ticket === undefined ? undefined : await oidc.readTicket(input.social_ticket);
    await otp.verify('phone_sign_in', phone.e164, input.otp);
    const { user, isNew } = await users.findOrCreateByPhone(phone);
    let profile = toProfile(user);
    if (ticket) {
      if (!(await oidc.consumeTicket(ticket.ticketHash))) {
        throw new HttpError(400, 'This Google sign-in was already used. Please start again.', {
          res_status: USER_RES_STATUS.INVALID_STATE,
          field: 'social_ticket',
        });
      }
      await oidc.link(ticket, user.id);
      // A new buyer starts with what Google told us; a verified address counts as verified here too.
      if (isNew && (ticket.name || ticket.email)) {
        try {
          profile = await users.write(user.id, {
            ...(ticket.name && /^[\p{L} ]+$/u.test(ticket.name) ? { name: ticket.name } : {}),
            ...(ticket.email ? { email: ticket.email, emailVerified: ticket.emailVerified } : {}),
          });
        } catch {
          // The address is verified on another account: keep the new account without it.
        }
      }
    }
    const set = await tokens.issue(user.id, input.token_set ?? 'main');
    return { tokens: set, isNewUser: isNew, profile };
  }

  /**
   * POST /login/v1/: signs in with a verified Google identity. Linked already → that buyer. Started by a
   * signed-in buyer → link to them (the same buyer must call). Google's verified e-mail is the verified e-mail
   * of one account → link to it. Otherwise the buyer signs in with a phone number and the ticket.
   */
  async function socialLogin(
    ticketValue: string,
    caller: string | null,
    tokenSet: TokenSetName,
  ): Promise<OidcLoginResponse> {
    const ticket = await oidc.readTicket(ticketValue);
    let userId = await oidc.linkedUser(ticket.issuer, ticket.subject);
    let linkedNow = false;
    if (!userId && ticket.userId) {
      if (caller !== ticket.userId) {
        throw new HttpError(403, 'Sign in to the account you started linking from, then try again.');
      }
      userId = ticket.userId;
      linkedNow = true;
    }
    if (!userId && ticket.email && ticket.emailVerified) {
      const matches = await users.findByVerifiedEmail(ticket.email);
      if (matches.length === 1 && matches[0]) {
        userId = matches[0].id;
        linkedNow = true;
      }
    }
    if (!userId) {
      return {
        status: USER_RES_STATUS.PHONE_NUMBER_REQUIRED,
        message: 'Enter your phone number to finish signing in with Google',
        social_ticket: ticketValue,
        email: ticket.email,
        name: ticket.name,
      };
    }
    if (!(await oidc.consumeTicket(ticket.ticketHash))) {
      throw new HttpError(400, 'This Google sign-in was already used. Please start again.', {
        res_status: USER_RES_STATUS.INVALID_STATE,
        field: 'social_ticket',
      });
    }
    if (linkedNow) await oidc.link(ticket, userId);
    const set = await tokens.issue(userId, tokenSet);
    return { status: USER_RES_STATUS.LOGGED_IN, ...set, is_new_user: false, linked_now: linkedNow };
  }

  /** Revokes the session of an access token (already verified) or of a refresh token. */
  async function logout(sessionId: string | undefined, refreshToken: string | undefined): Promise<boolean> {
    const session =
      sessionId ?? (refreshToken ? await tokens.sessionOfRefreshToken(refreshToken) : undefined);
    if (!session) return false;
    return tokens.revokeSession(session, 'logout');
  }

  return { sendPhoneCode, verifyPhoneCode, socialLogin, logout, refresh: tokens.rotate };
}

export type AuthService = ReturnType<typeof createAuthService>;
