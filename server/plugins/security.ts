import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

export interface SecurityPluginOptions {
  /** HSTS only in production: on plain-http localhost it would pin browsers to https. */
  production: boolean;
}

/**
 * The Content-Security-Policy: everything from our own origin; inline scripts only with the response's nonce.
 * A payment provider that loads its script from elsewhere adds its origin here.
 */
export const CSP_DIRECTIVES: Record<string, string[]> = {
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

/**
 * The headers helmet sets on every response, as one fixed set (no nonces), for answers written before Fastify
 * routes a request: a malformed URL, oversized headers. security.test.ts holds them to helmet's.
 */
export function baselineSecurityHeaders(production: boolean): Record<string, string> {
  return {
    'content-security-policy': Object.entries(CSP_DIRECTIVES)
      .map(([name, values]) => `${name} ${values.join(' ')}`)
      .join(';'),
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
  };
}

export const securityPlugin = fp<SecurityPluginOptions>(async (app, options) => {
  await app.register(helmet, {
    global: true,
    // Each response's script and style nonces (reply.cspNonce), for the router's inline hydration scripts.
    enableCSPNonces: true,
    contentSecurityPolicy: {
      // No defaults: they add upgrade-insecure-requests, which breaks plain-http localhost.
      useDefaults: false,
      directives: CSP_DIRECTIVES,
    },
    strictTransportSecurity: options.production
      ? { maxAge: 63_072_000, includeSubDomains: true, preload: false }
      : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    xContentTypeOptions: true,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    return payload;
  });
});
