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
    reply.header('permissions-policy', 'camera=(), microphone=(), usb=()');
    return payload;
  });
});
