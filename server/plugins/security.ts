import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityPluginOptions {
  /** HSTS only in production: on plain-http localhost it would pin browsers to https. */
  production: boolean;
}

/**
 * The Content-Security-Policy: everything from our own origin; inline scripts only with the page's nonce.
 * A payment provider that loads its script from elsewhere adds its origin here.
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

/** The policy as helmet writes it: `name value value;name value`, optionally with nonces for scripts and styles. */
function cspOf(nonces?: { script: string; style: string }): string {
  return Object.entries(CSP_DIRECTIVES)
    .map(([name, values]) => {
      const nonce = name === 'script-src' ? nonces?.script : name === 'style-src' ? nonces?.style : undefined;
      return `${name} ${(nonce ? [...values, `'nonce-${nonce}'`] : values).join(' ')}`;
    })
    .join(';');
}

function buildHeaders(production: boolean): Readonly<Record<string, string>> {
  return Object.freeze({
    'content-security-policy': cspOf(),
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

const HEADERS = { production: buildHeaders(true), development: buildHeaders(false) };

/**
 * The security headers of every answer, built once: what helmet sent with our options (security.test.ts holds
 * them to it), with a CSP without nonces. Also sent on answers written before Fastify routes a request.
 */
export function baselineSecurityHeaders(production: boolean): Readonly<Record<string, string>> {
  return production ? HEADERS.production : HEADERS.development;
}

/**
 * Gives an HTML page its own script and style nonces in its CSP and returns the script nonce for its inline
 * scripts. Only pages need one: no other answer runs scripts.
 */
export function setPageCspNonce(reply: FastifyReply): string {
  const script = randomBytes(16).toString('hex');
  const style = randomBytes(16).toString('hex');
  reply.header('content-security-policy', cspOf({ script, style }));
  return script;
}

export const securityPlugin = fp<SecurityPluginOptions>(async (app, options) => {
  const headers = baselineSecurityHeaders(options.production);
  // Set before anything can fail, so errors and refusals carry them too.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
