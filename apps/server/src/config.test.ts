import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config';

function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('loadConfig accepted a bad configuration');
}

describe('loadConfig', () => {
  it('has working defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      isProduction: false,
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      smtpUrl: undefined,
      facebook: undefined,
      seedOnEmpty: true,
      trustProxy: false,
    });
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.dataDir).toBe(path.join(REPO_ROOT, 'data'));
    expect(path.isAbsolute(config.webDistDir)).toBe(true);
  });

  it('does not read process.env when given an environment', () => {
    const saved = process.env.PORT;
    process.env.PORT = '4555';
    try {
      expect(loadConfig({}).port).toBe(3000);
    } finally {
      if (saved === undefined) delete process.env.PORT;
      else process.env.PORT = saved;
    }
  });

  it('treats empty values as unset, resolves a relative DATA_DIR and trims the public URL', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '',
      DATA_DIR: 'relative/data',
      PUBLIC_URL: 'https://print.example.com/',
      SEED_ON_EMPTY: 'false',
    });
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toBe(path.resolve('relative/data'));
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.publicUrl).toBe('https://print.example.com');
    expect(config.seedOnEmpty).toBe(false);
    // Without PUBLIC_URL the public address follows the port.
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('enables Facebook only with both id and secret', () => {
    const config = loadConfig({ FACEBOOK_APP_ID: 'id', FACEBOOK_APP_SECRET: 'secret' });
    expect(config.facebook).toEqual({
      appId: 'id',
      appSecret: 'secret',
      authUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
      tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
      profileUrl: 'https://graph.facebook.com/me',
    });
  });

  it('reports every bad setting at once', () => {
    const err = configError({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://root@localhost/printomat',
      FACEBOOK_APP_ID: '1234567890',
    });
    expect(err.problems).toHaveLength(3);
    const named = (variable: string) => err.problems.filter((p) => p.startsWith(`${variable}:`));
    expect(named('PORT')).toHaveLength(1);
    expect(named('DATABASE_URL')).toHaveLength(1);
    expect(named('DATABASE_URL')[0]).toContain('postgres://');
    expect(err.problems.filter((p) => p.includes('FACEBOOK_APP_SECRET'))).toHaveLength(1);
    // The message shown at start-up lists all of them.
    for (const problem of err.problems) expect(err.message).toContain(problem);
  });

  it('refuses out-of-range numbers and unknown enum values', () => {
    const err = configError({ PORT: '70000', LOG_LEVEL: 'loud', NODE_ENV: 'staging' });
    expect(err.problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'LOG_LEVEL',
      'NODE_ENV',
      'PORT',
    ]);
  });

  it('refuses a secret without an id, too', () => {
    const err = configError({ FACEBOOK_APP_SECRET: 'secret' });
    expect(err.problems).toHaveLength(1);
    expect(err.problems[0]).toMatch(/FACEBOOK_APP_ID/);
  });
});
