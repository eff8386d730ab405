import { readFileSync } from 'node:fs';
import { parseFeatureFlags } from '@contract/flags';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, configSchema, FEATURE_FLAG_VARIABLES, loadConfig } from './config';

/** The README's environment tables: each variable's documented default, or null where it is documented as unset. */
function readmeDefaults(): Map<string, string | null> {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const defaults = new Map<string, string | null>();
  for (const line of readme.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 4 || !cells[1]?.startsWith('`')) continue;
    // A literal default is the first `code` of its cell; "(unset)", "`(unset)`", "(none)", "generated"… are none.
    const literal = /^`([^`(][^`]*)`/.exec(cells[2] ?? '')?.[1] ?? null;
    for (const [, name] of (cells[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g))
      if (name) defaults.set(name, literal);
  }
  return defaults;
}

describe('loadConfig', () => {
  it('runs on a laptop with no variables set, each setting at the default the README documents', () => {
    const defaults = loadConfig({});
    const documented = readmeDefaults();
    for (const name of Object.keys(configSchema.shape) as (keyof typeof configSchema.shape)[]) {
      const written = documented.get(name);
      expect(written, `${name} has a row in the README's table`).toBeDefined();
      if (written === undefined || written === null) {
        // "(unset)", "(none)", "generated", "(derived)": nothing is set until the operator or the start sets it.
        const value = defaults[name];
        expect(value instanceof Map ? value.size : value, name).toBeFalsy();
      } else {
        // The documented value, set explicitly, is what the server runs with when nothing is set.
        expect(defaults[name], `${name}=${written}`).toEqual(loadConfig({ [name]: written })[name]);
      }
    }
    expect(defaults.features).toEqual(parseFeatureFlags({}).flags);
  });

  it('reads every variable from the environment', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/shop',
      DATABASE_URL: 'postgres://shop@db/shop',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      STATIC_DIR: 'build',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      HTTP_HEADERS_TIMEOUT_MS: '5000',
      HTTP_REQUEST_TIMEOUT_MS: '20000',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '65000',
      AUTH_SECRET: 'x'.repeat(40),
      ACCESS_TOKEN_TTL_SECONDS: '600',
      REFRESH_TOKEN_TTL_DAYS: '14',
      OTP_DELIVERY: 'webhook',
      OTP_WEBHOOK_URL: 'https://sms.example/send',
      OTP_TEST_NUMBERS: '+919999999999:123456, +15555550100:000000, Tester@Example.com:111111',
      OTP_RESEND_COOLDOWN_SECONDS: '45',
      OTP_PHONE_LIMIT_PER_HOUR: '3',
      OTP_IP_LIMIT_PER_HOUR: '10',
      OTP_NETWORK_LIMIT_PER_HOUR: '40',
      OTP_GLOBAL_LIMIT_PER_HOUR: '500',
      OTP_SMS_COUNTRIES: 'in, gb',
      OIDC_ISSUER: 'https://accounts.google.com',
      OIDC_CLIENT_ID: 'client.apps.googleusercontent.com',
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_REDIRECT_URI: 'https://shop.example/sign-in/google',
      OIDC_SCOPES: 'openid email',
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_live_key',
      RAZORPAY_KEY_SECRET: 'key-secret',
      RAZORPAY_WEBHOOK_SECRET: 'hook-secret',
      SANDBOX_WEBHOOK_DELAY_MS: '2500',
    });
    expect(config).toMatchObject({
      PAYMENT_PROVIDER: 'razorpay',
      SANDBOX_WEBHOOK_DELAY_MS: 2500,
      PORT: 9000,
      DATABASE_URL: 'postgres://shop@db/shop',
      TRUST_PROXY: ['10.0.0.0/8', '127.0.0.1'],
      HTTP_HEADERS_TIMEOUT_MS: 5000,
      HTTP_REQUEST_TIMEOUT_MS: 20_000,
      HTTP_KEEP_ALIVE_TIMEOUT_MS: 65_000,
      ACCESS_TOKEN_TTL_SECONDS: 600,
      OTP_DELIVERY: 'webhook',
      OTP_PHONE_LIMIT_PER_HOUR: 3,
      OTP_NETWORK_LIMIT_PER_HOUR: 40,
      OTP_GLOBAL_LIMIT_PER_HOUR: 500,
      OTP_SMS_COUNTRIES: ['IN', 'GB'],
      OIDC_ISSUER: 'https://accounts.google.com',
    });
    expect(config.OTP_TEST_NUMBERS).toEqual(
      new Map([
        ['+919999999999', '123456'],
        ['+15555550100', '000000'],
        ['tester@example.com', '111111'],
      ]),
    );
  });

  it('refuses to start in production without a signing secret or with codes going to the log', () => {
    const staging = { PAYMENT_PROVIDER: 'sandbox', SANDBOX_IN_PRODUCTION: 'true' };
    expect(() =>
      loadConfig({ NODE_ENV: 'production', OTP_ALLOW_LOG_IN_PRODUCTION: 'true', ...staging }),
    ).toThrow(/AUTH_SECRET is required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), ...staging })).toThrow(
      /OTP_DELIVERY=log would print sign-in codes.*OTP_ALLOW_LOG_IN_PRODUCTION=true/,
    );
    expect(
      loadConfig({
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(40),
        OTP_ALLOW_LOG_IN_PRODUCTION: 'true',
        ...staging,
      }).OTP_DELIVERY,
    ).toBe('log');
    expect(() => loadConfig({ OTP_DELIVERY: 'webhook' })).toThrow(/OTP_WEBHOOK_URL/);
    expect(() => loadConfig({ OTP_TEST_NUMBERS: '9999999999:12' })).toThrow(/OTP_TEST_NUMBERS/);
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
  });

  it('refuses a production server that does not name its payment provider, or names the sandbox without saying so twice', () => {
    const production = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(40),
      OTP_ALLOW_LOG_IN_PRODUCTION: 'true',
    };
    // Today's free orders: a production server silently on the sandbox, where anyone could choose "success".
    expect(() => loadConfig(production)).toThrow(/PAYMENT_PROVIDER is required in production/);
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox' })).toThrow(
      /PAYMENT_PROVIDER=sandbox lets every buyer mark their own order paid.*SANDBOX_IN_PRODUCTION=true/,
    );
    expect(
      loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox', SANDBOX_IN_PRODUCTION: 'true' })
        .PAYMENT_PROVIDER,
    ).toBe('sandbox');
    const razorpay = loadConfig({
      ...production,
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_live_key',
      RAZORPAY_KEY_SECRET: 'key-secret',
      RAZORPAY_WEBHOOK_SECRET: 'hook-secret',
    });
    expect(razorpay.PAYMENT_PROVIDER).toBe('razorpay');
    // Outside production the sandbox stays the default.
    expect(loadConfig({}).PAYMENT_PROVIDER).toBe('sandbox');
  });

  it('names the trusted proxies, or how many there are, and refuses to trust every client', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback,fd00::/8, 192.168.1.7' }).TRUST_PROXY).toEqual([
      'loopback',
      'fd00::/8',
      '192.168.1.7',
    ]);
    for (const yes of ['true', 'TRUE', 'yes']) {
      expect(() => loadConfig({ TRUST_PROXY: yes })).toThrow(
        /TRUST_PROXY=".*": trusting every proxy would let any client pick its own address.*TRUST_PROXY=10\.0\.0\.0\/8.*TRUST_PROXY=1/,
      );
    }
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/"10\.0\.0\.0\/33" is not an address/);
    expect(() => loadConfig({ TRUST_PROXY: 'lb.internal' })).toThrow(/"lb\.internal" is not an address/);
  });

  it('sends codes to the countries named, and refuses a code it does not know', () => {
    expect(loadConfig({ OTP_SMS_COUNTRIES: 'IN' }).OTP_SMS_COUNTRIES).toEqual(['IN']);
    expect(() => loadConfig({ OTP_SMS_COUNTRIES: 'IN,XX' })).toThrow(/OTP_SMS_COUNTRIES=.*"XX"/);
    expect(() => loadConfig({ OTP_SMS_COUNTRIES: ' , ' })).toThrow(/OTP_SMS_COUNTRIES/);
  });

  it('keeps PUBLIC_URL as an origin, and refuses one that is not http(s)', () => {
    expect(loadConfig({}).PUBLIC_URL).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.com/' }).PUBLIC_URL).toBe(
      'https://shop.example.com',
    );
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://shop.example.com' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'shop.example.com' })).toThrow(/PUBLIC_URL/);
  });

  it('refuses a header timeout longer than the whole request may take', () => {
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '40000' })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '0' })).toThrow(/HTTP_REQUEST_TIMEOUT_MS/);
  });

  it('refuses an upload timeout shorter than the one every request has', () => {
    expect(() => loadConfig({ UPLOAD_BODY_TIMEOUT_MS: '20000' })).toThrow(
      /UPLOAD_BODY_TIMEOUT_MS must not be below HTTP_REQUEST_TIMEOUT_MS/,
    );
    expect(loadConfig({ UPLOAD_BODY_TIMEOUT_MS: '30000' }).UPLOAD_BODY_TIMEOUT_MS).toBe(30_000);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ PORT: 8080, DATABASE_URL: undefined });
  });

  it('refuses invalid values with a message naming each variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', TRUST_PROXY: 'maybe', DATABASE_URL: 'mysql://x' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'eighty', TRUST_PROXY: 'maybe', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT="eighty"');
      expect(message).toContain('TRUST_PROXY="maybe"');
      expect(message).toContain('DATABASE_URL="mysql://x"');
    }
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
  });

  it('documents every variable it reads', () => {
    expect(CONFIG_VARIABLES.map((v) => v.name).sort()).toEqual(Object.keys(configSchema.shape).sort());
  });
});

describe('feature flags', () => {
  it("reads spec §9's flags from the FEATURE_* variables, with their defaults", () => {
    expect(loadConfig({}).features).toMatchObject({
      businessTandC: false,
      formsLogin: true,
      internationalPayments: true,
      bookADemoRoute: false,
      darkTheme: true,
      selfPickup: true,
    });
    const off = loadConfig({ FEATURE_INTERNATIONAL_PAYMENTS: 'false', FEATURE_BOOK_A_DEMO_ROUTE: 'on' });
    expect(off.features.internationalPayments).toBe(false);
    expect(off.features.bookADemoRoute).toBe(true);
    expect(() => loadConfig({ FEATURE_DARK_THEME: 'maybe' })).toThrow(/FEATURE_DARK_THEME="maybe"/);
  });
});

describe('README', () => {
  it('documents every environment variable the server reads', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const missing = [...CONFIG_VARIABLES, ...FEATURE_FLAG_VARIABLES]
      .map((v) => v.name)
      .filter((name) => !readme.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});
