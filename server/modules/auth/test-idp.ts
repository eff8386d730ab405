import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (the oidc-provider package) on 127.0.0.1 for the social-login tests:
 * one confidential client, PKCE required, claims in the id_token as Google puts them, and the package's
 * development interactions (login form, consent form) that `authorize()` completes over HTTP with a cookie jar.
 */
export interface TestAccount {
  email: string;
  email_verified: boolean;
  name: string;
}

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Accounts by login name; add to it before signing in. */
  accounts: Map<string, TestAccount>;
  /**
   * Walks an authorization URL through login and consent as `login`, and returns the URL the provider sends
   * the browser back to (the redirect URI with code and state, or with an error).
   */
  authorize(authorizationUrl: string, login: string): Promise<URL>;
  /** Signs a JWT with the provider's own signing key (RS256, its kid): for tests that forge id_tokens. */
  sign(payload: JWTPayload): Promise<string>;
  close(): Promise<void>;
}

export async function startTestIdp(options: { redirectUri: string }): Promise<TestIdp> {
  let handler: ((req: never, res: never) => void) | undefined;
  const server: Server = createServer((req, res) => {
    if (handler) handler(req as never, res as never);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'shop-web';
  const clientSecret = 'shop-web-secret-for-tests';
  const accounts = new Map<string, TestAccount>();

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    jwks: { keys: [jwk] },
    cookies: { keys: ['test-idp-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Google puts email and name into the id_token of the code flow.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx: unknown, id: string) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
  });
  handler = provider.callback() as never;

  async function authorize(authorizationUrl: string, login: string): Promise<URL> {
    const jar = new Map<string, string>();
    const send = async (url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      if (jar.size > 0) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
      const response = await fetch(url, { ...init, headers, redirect: 'manual' });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const eq = pair?.indexOf('=') ?? -1;
        if (pair && eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
      }
      return response;
    };
    let url = authorizationUrl;
    let init: RequestInit = {};
    for (let step = 0; step < 12; step += 1) {
      const response = await send(url, init);
      init = {};
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        const next = new URL(location, url);
        if (next.href.startsWith(options.redirectUri)) return next;
        url = next.href;
        continue;
      }
      const html = await response.text();
      if (response.status !== 200)
        throw new Error(`identity provider answered ${response.status}: ${html.slice(0, 300)}`);
      const prompt = /name="prompt" value="(login|consent)"/.exec(html)?.[1];
      if (!prompt) throw new Error(`unexpected page from the identity provider: ${html.slice(0, 300)}`);
      const form = new URLSearchParams({ prompt });
      if (prompt === 'login') {
        form.set('login', login);
        form.set('password', 'any');
      }
      init = { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
    }
    throw new Error('the authorization did not finish');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    redirectUri: options.redirectUri,
    accounts,
    authorize,
    sign: (payload) =>
      new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: jwk.kid }).sign(privateKey),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
