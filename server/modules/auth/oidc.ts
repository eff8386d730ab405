import {
  type OidcCodeResponse,
  type OidcCredentialsResponse,
  type OidcTokenResponse,
  USER_RES_STATUS,
} from '@contract/user';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { SocialTicketRow } from '../../db/schema';
import { featureDisabled, HttpError } from '../../errors';
import { codeChallengeS256, hmac, randomToken, safeEqual } from './crypto';
import * as repo from './repo';

export const OIDC_FLOW_TTL_SECONDS = 600;
export const SOCIAL_TICKET_TTL_SECONDS = 900;

const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string().url(),
  token_endpoint: z.string().url(),
  jwks_uri: z.string().url(),
});
type Discovery = z.infer<typeof discoverySchema>;

const tokenAnswerSchema = z.object({ id_token: z.string().min(1), token_type: z.string().optional() });

export function socialLoginDisabled(): HttpError {
  return featureDisabled(
    'Sign-in with Google is not available on this shop',
    USER_RES_STATUS.SOCIAL_LOGIN_DISABLED,
  );
}

function badFlow(
  message = 'This sign-in attempt has expired or was already used. Please start again.',
): HttpError {
  return new HttpError(400, message, { res_status: USER_RES_STATUS.INVALID_STATE, field: 'state' });
}

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/**
 * The relying-party side of OpenID Connect (authorization code + PKCE S256). The flow's state, verifier and nonce
 * live in the database (10 minutes, single use), so the redirect may come back to any API process. The code is
 * exchanged server-side and the id_token is verified with the issuer's JWKS (signature, iss, aud, exp, nonce).
 */
export function createOidcService(deps: {
  db: Database;
  config: Config;
  hashKey: Buffer;
  now: () => Date;
  fetch?: typeof fetch;
}) {
  const { db, config, hashKey, now } = deps;
  const doFetch = deps.fetch ?? fetch;
  const enabled = Boolean(config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_REDIRECT_URI);
  const issuer = (config.OIDC_ISSUER ?? '').replace(/\/+$/, '');
  const clientId = config.OIDC_CLIENT_ID ?? '';
  const redirectUri = config.OIDC_REDIRECT_URI ?? '';
  const scopes = config.OIDC_SCOPES.split(/\s+/).filter(Boolean);
  const isGoogle = issuer === 'https://accounts.google.com';
  // Google's id_tokens may name the issuer without its scheme.
  const acceptedIssuers = isGoogle ? [issuer, 'accounts.google.com'] : [issuer];
  const hash = (label: string, value: string) => hmac(hashKey, `${label}\n${value}`);

  // A cache of public metadata, safe per process: any process can fetch it again.
  let discovery: Promise<Discovery> | undefined;
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

  function metadata(): Promise<Discovery> {
    discovery ??= (async () => {
      const response = await doFetch(`${issuer}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(5000),
      });
      if (!response.ok) throw new Error(`discovery answered ${response.status}`);
      const meta = discoverySchema.parse(await response.json());
      if (meta.issuer.replace(/\/+$/, '') !== issuer)
        throw new Error(`discovery names issuer ${meta.issuer}`);
      return meta;
    })().catch((error: unknown) => {
      discovery = undefined;
      throw new HttpError(502, 'Sign-in with Google is unavailable right now. Please try again.').withCause(
        error,
      );
    });
    return discovery;
  }

  function requireEnabled(): void {
    if (!enabled) throw socialLoginDisabled();
  }

  async function credentials(): Promise<OidcCredentialsResponse> {
    if (!enabled) return { enabled: false, message: 'Sign-in with Google is not available on this shop' };
    const meta = await metadata();
    return {
      enabled: true,
      provider: 'google',
      issuer,
      client_id: clientId,
      authorization_endpoint: meta.authorization_endpoint,
      redirect_uri: redirectUri,
      scopes,
      response_type: 'code',
      code_challenge_method: 'S256',
    };
  }

  async function start(userId: string | null): Promise<OidcCodeResponse> {
    requireEnabled();
    const meta = await metadata();
    const at = now();
    const state = randomToken();
    const verifier = randomToken(48);
    const nonce = randomToken();
    const flowToken = randomToken();
    await repo.insertFlow(db, {
      stateHash: hash('state', state),
      codeVerifier: verifier,
      nonce,
      flowTokenHash: hash('flow', flowToken),
      userId,
      createdAt: at,
      expiresAt: new Date(at.getTime() + OIDC_FLOW_TTL_SECONDS * 1000),
    });
    const url = new URL(meta.authorization_endpoint);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: redirectUri,
      scope: scopes.join(' '),
      state,
      nonce,
      code_challenge: codeChallengeS256(verifier),
      code_challenge_method: 'S256',
      // Google: let a buyer with several accounts pick one (not every provider supports the value).
      ...(isGoogle ? { prompt: 'select_account' } : {}),
    }).toString();
    return {
      authorization_url: url.toString(),
      state,
      flow_token: flowToken,
      expires_in: OIDC_FLOW_TTL_SECONDS,
    };
  }

  async function exchangeCode(meta: Discovery, code: string, verifier: string): Promise<string> {
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    if (config.OIDC_CLIENT_SECRET) {
      const basic = `${encodeURIComponent(clientId)}:${encodeURIComponent(config.OIDC_CLIENT_SECRET)}`;
      headers.authorization = `Basic ${Buffer.from(basic).toString('base64')}`;
    } else {
      body.set('client_id', clientId);
    }
    let response: Response;
    try {
      response = await doFetch(meta.token_endpoint, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new HttpError(502, 'Google could not be reached. Please try again.').withCause(error);
    }
    const answer: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      // invalid_grant: a code used twice, expired, or a PKCE verifier that does not match.
      throw new HttpError(400, 'Google did not accept this sign-in. Please start again.', {
        res_status: 'OIDC_CODE_REJECTED',
        field: 'code',
      }).withCause(answer);
    }
    const parsed = tokenAnswerSchema.safeParse(answer);
    if (!parsed.success) throw new HttpError(502, 'Google answered without an id_token.');
    return parsed.data.id_token;
  }

  async function verifyIdToken(meta: Discovery, idToken: string, nonce: string): Promise<JWTPayload> {
    jwks ??= createRemoteJWKSet(new URL(meta.jwks_uri));
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, jwks, {
        issuer: acceptedIssuers,
        audience: clientId,
        algorithms: ['RS256', 'PS256', 'ES256', 'EdDSA'],
        currentDate: now(),
        clockTolerance: 60,
        requiredClaims: ['sub', 'iat', 'exp'],
      }));
    } catch (error) {
      throw new HttpError(400, 'The sign-in from Google could not be verified. Please start again.', {
        res_status: 'OIDC_ID_TOKEN_INVALID',
      }).withCause(error);
    }
    if (typeof payload.nonce !== 'string' || !safeEqual(payload.nonce, nonce)) {
      throw new HttpError(
        400,
        'The sign-in from Google does not belong to this attempt. Please start again.',
        {
          res_status: 'OIDC_NONCE_MISMATCH',
        },
      );
    }
    if (payload.azp !== undefined && payload.azp !== clientId) {
      throw new HttpError(400, 'The sign-in from Google was meant for another application.', {
        res_status: 'OIDC_ID_TOKEN_INVALID',
      });
    }
    return payload;
  }

  /** POST /token/v1/: checks the flow, exchanges the code, verifies the id_token, answers a social ticket. */
  async function token(input: {
    code: string;
    state: string;
    flow_token: string;
  }): Promise<OidcTokenResponse> {
    requireEnabled();
    const meta = await metadata();
    const at = now();
    // Single use: the flow is claimed before anything is sent to the issuer.
    const flow = await repo.claimFlow(db, hash('state', input.state), at);
    if (!flow) throw badFlow();
    if (!safeEqual(hash('flow', input.flow_token), flow.flowTokenHash)) {
      throw badFlow('This sign-in was started in another browser. Please start again here.');
    }
    const idToken = await exchangeCode(meta, input.code, flow.codeVerifier);
    const claims = await verifyIdToken(meta, idToken, flow.nonce);
    const identity: VerifiedIdentity = {
      issuer,
      subject: String(claims.sub),
      email: typeof claims.email === 'string' ? claims.email.toLowerCase() : null,
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      name: typeof claims.name === 'string' ? claims.name : null,
    };
    const ticket = randomToken();
    await repo.insertTicket(db, {
      ticketHash: hash('ticket', ticket),
      issuer: identity.issuer,
      subject: identity.subject,
      email: identity.email,
      emailVerified: identity.emailVerified,
      name: identity.name,
      userId: flow.userId,
      createdAt: at,
      expiresAt: new Date(at.getTime() + SOCIAL_TICKET_TTL_SECONDS * 1000),
    });
    const linked = await repo.findLinkedUser(db, identity.issuer, identity.subject);
    return {
      social_ticket: ticket,
      expires_in: SOCIAL_TICKET_TTL_SECONDS,
      linked: Boolean(linked),
      email: identity.email,
      email_verified: identity.emailVerified,
      name: identity.name,
    };
  }

  /** A live, unused ticket (not used up). */
  async function readTicket(ticket: string): Promise<SocialTicketRow> {
    const row = await repo.findLiveTicket(db, hash('ticket', ticket), now());
    if (!row) {
      throw new HttpError(400, 'This Google sign-in has expired or was already used. Please start again.', {
        res_status: USER_RES_STATUS.INVALID_STATE,
        field: 'social_ticket',
      });
    }
    return row;
  }

  /** Uses a ticket up; false when another request used it first. */
  async function consumeTicket(ticketHash: string): Promise<boolean> {
    return repo.consumeTicket(db, ticketHash, now());
  }

  async function linkedUser(issuerName: string, subject: string): Promise<string | undefined> {
    return repo.findLinkedUser(db, issuerName, subject);
  }

  /** Links the identity of a ticket to a buyer; 409 when the buyer already has another account of this issuer. */
  async function link(ticket: SocialTicketRow, userId: string): Promise<void> {
    const inserted = await repo.insertIdentity(db, {
      userId,
      issuer: ticket.issuer,
      subject: ticket.subject,
      email: ticket.email,
      createdAt: now(),
    });
    if (inserted) return;
    const owner = await linkedUser(ticket.issuer, ticket.subject);
    if (owner === userId) return;
    throw new HttpError(
      409,
      owner
        ? 'This Google account is already linked to another account'
        : 'Another Google account is already linked to this account',
    );
  }

  return {
    enabled,
    credentials,
    start,
    token,
    readTicket,
    consumeTicket,
    linkedUser,
    link,
    ticketHash: (t: string) => hash('ticket', t),
  };
}

export type OidcService = ReturnType<typeof createOidcService>;
