import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { baselineSecurityHeaders, CSP_DIRECTIVES, securityPlugin, setPageCspNonce } from './security';

/** @fastify/helmet as the shop registered it before its headers were prebuilt: the reference they must match. */
async function helmetApp(production: boolean): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(helmet, {
    global: true,
    enableCSPNonces: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...CSP_DIRECTIVES } as Record<string, string[]>,
    },
    strictTransportSecurity: production
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
  app.get('/json', async () => ({ ok: true }));
  app.get('/page', async (_request, reply) =>
    reply.type('text/html').send(`<script nonce="${reply.cspNonce.script}"></script>`),
  );
  return app;
}

async function shopApp(production: boolean): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(securityPlugin, { production });
  app.get('/json', async () => ({ ok: true }));
  app.get('/page', async (_request, reply) =>
    reply.type('text/html').send(`<script nonce="${setPageCspNonce(reply)}"></script>`),
  );
  return app;
}

const NOT_SECURITY = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
const NONCES = / 'nonce-[^']+'/g;

function securityHeadersOf(headers: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !NOT_SECURITY.has(name))
      .map(([name, value]) => [name, String(value)]),
  );
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

describe('security headers', () => {
  for (const production of [false, true]) {
    it(`sends helmet's headers on a JSON answer as one prebuilt set, without nonces (production: ${production})`, async () => {
      const reference = await helmetApp(production);
      const shop = await shopApp(production);
      apps.push(reference, shop);
      const expected = securityHeadersOf((await reference.inject('/json')).headers);
      const sent = securityHeadersOf((await shop.inject('/json')).headers);
      expect(sent).toEqual({ ...baselineSecurityHeaders(production) });
      expect(sent['content-security-policy']).not.toContain('nonce-');
      expect(sent).toEqual({
        ...expected,
        'content-security-policy': expected['content-security-policy']?.replace(NONCES, ''),
      });
    });
  }

  it("gives an HTML page helmet's CSP with nonces of its own, fresh for each response", async () => {
    const reference = await helmetApp(false);
    const shop = await shopApp(false);
    apps.push(reference, shop);
    const expected = await reference.inject('/page');
    const first = await shop.inject('/page');
    const second = await shop.inject('/page');
    const shape = (csp: unknown) => String(csp).replace(/'nonce-[^']+'/g, "'nonce-*'");
    expect(shape(first.headers['content-security-policy'])).toBe(
      shape(expected.headers['content-security-policy']),
    );
    const scriptNonce = (csp: unknown) => /script-src [^;]*'nonce-([^']+)'/.exec(String(csp))?.[1];
    const nonce = scriptNonce(first.headers['content-security-policy']);
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(first.body).toBe(`<script nonce="${nonce}"></script>`);
    expect(scriptNonce(second.headers['content-security-policy'])).not.toBe(nonce);
    expect(second.body).toContain(scriptNonce(second.headers['content-security-policy']));
  });

  it('keeps the prebuilt set on answers that fail', async () => {
    const shop = await shopApp(true);
    apps.push(shop);
    shop.get('/crash', async () => {
      throw new Error('boom');
    });
    const res = await shop.inject('/crash');
    expect(res.statusCode).toBe(500);
    expect(securityHeadersOf(res.headers)).toEqual({ ...baselineSecurityHeaders(true) });
  });
});

describe('a payment provider served from elsewhere', () => {
  it("adds its origins to every answer's CSP and to a page's, nonces kept, and to nothing else", async () => {
    const extra = { 'script-src': ['https://checkout.example'], 'frame-src': ['https://api.example'] };
    const app = Fastify();
    await app.register(securityPlugin, { production: true, extra });
    app.get('/json', async () => ({ ok: true }));
    app.get('/page', async (_request, reply) =>
      reply.type('text/html').send(`<script nonce="${setPageCspNonce(reply, extra)}"></script>`),
    );
    apps.push(app);
    const json = String((await app.inject('/json')).headers['content-security-policy']);
    expect(json).toContain("script-src 'self' https://checkout.example");
    expect(json).toContain("frame-src 'self' https://api.example");
    expect(json).toContain("connect-src 'self';");
    const page = String((await app.inject('/page')).headers['content-security-policy']);
    expect(page).toMatch(/script-src 'self' https:\/\/checkout\.example 'nonce-[0-9a-f]{32}'/);
    expect(baselineSecurityHeaders(true)['content-security-policy']).not.toContain('example');
  });
});
