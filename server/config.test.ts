import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, configSchema, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs on a laptop with no variables set', () => {
    expect(loadConfig({})).toEqual({
      PORT: 8080,
      HOST: '0.0.0.0',
      DATA_DIR: '.data',
      DATABASE_URL: undefined,
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      STATIC_DIR: 'dist',
      TRUST_PROXY: false,
    });
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
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({ PORT: 9000, DATABASE_URL: 'postgres://shop@db/shop', TRUST_PROXY: true });
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
