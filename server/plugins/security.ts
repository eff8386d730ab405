import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** Origins a payment provider's checkout needs beside ours, per CSP directive (e.g. its script and its frames). */
export type CspSources = Readonly<Partial<Record<string, readonly string[]>>>;

export interface SecurityPluginOptions {
  /** HSTS only in production: on plain-http localhost it would pin browsers to https. */
  production: boolean;
  /** The payment provider's origins (none for the sandbox, which is ours). */
  extra?: CspSources;
}

/**
 * The Content-Security-Policy: everything from our own origin; inline scripts only with the page's nonce.
 * A payment provider that loads its script from elsewhere adds its origins through the plugin's `extra`.
 */
export const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'connect-src': ["'self'"],
  'font-src': ["'self'"],
  'manifest-src': ["'self'"],
  'worker-src': ["'self'"],
  'media-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

const PERMISSIONS_POLICY = 'camera=(), microphone=(), usb=()';

const NO_EXTRA: CspSources = {};

/**
 * The policy as helmet writes it: `name value value;name value`, with the provider's origins and optionally nonces
 * for scripts and styles. A directive only the provider names (frame-src) starts from 'self' like default-src.
 */
function cspOf(extra: CspSources, nonces?: { script: string; style: string }): string {
  const names = [...new Set([...Object.keys(CSP_DIRECTIVES), ...Object.keys(extra)])];
  return names
    .map((name) => {
      const values = [...(CSP_DIRECTIVES[name] ?? ["'self'"]), ...(extra[name] ?? [])];
      const nonce = name === 'script-src' ? nonces?.script : name === 'style-src' ? nonces?.style : undefined;
      return `${name} ${(nonce ? [...values, `'nonce-${nonce}'`] : values).join(' ')}`;
    })
    .join(';');
}

function buildHeaders(production: boolean, extra: CspSources): Readonly<Record<string, string>> {
  return Object.freeze({
    'content-security-policy': cspOf(extra),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(production ? { 'strict-transport-security': 'max-age=63072000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    'permissions-policy': PERMISSIONS_POLICY,
  });
}

const HEADERS = new Map<string, Readonly<Record<string, string>>>();

/**
 * The security headers of every answer, built once per setting: what helmet sent with our options
 * (security.test.ts holds them to it), with a CSP without nonces. Also sent on answers written before Fastify
 * routes a request.
 */
export function baselineSecurityHeaders(
  production: boolean,
  extra: CspSources = NO_EXTRA,
): Readonly<Record<string, string>> {
  const key = JSON.stringify([production, extra]);
  let headers = HEADERS.get(key);
  if (!headers) {
    headers = buildHeaders(production, extra);
    HEADERS.set(key, headers);
  }
  return headers;
}

/**
 * Gives an HTML page its own script and style nonces in its CSP and returns the script nonce for its inline
 * scripts. Only pages need one: no other answer runs scripts.
 */
export function setPageCspNonce(reply: FastifyReply, extra: CspSources = NO_EXTRA): string {
  const script = randomBytes(16).toString('hex');
  const style = randomBytes(16).toString('hex');
  reply.header('content-security-policy', cspOf(extra, { script, style }));
  return script;
}

export const securityPlugin = fp<SecurityPluginOptions>(async (app, options) => {
  const headers = baselineSecurityHeaders(options.production, options.extra);
  // Set before anything can fail, so errors and refusals carry them too.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
