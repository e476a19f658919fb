import { productionSettings } from '../test/helpers/production-env';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config';
import { DEV_SECRETS_FILE } from './dev-secrets';

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

  it('signs the alert webhook: a URL needs its secret; thresholds and interval are bounded', () => {
    expect(loadConfig({}).alerts).toEqual({
      webhook: undefined,
      tonerLowPercent: 10,
      paperLowPercent: 10,
      checkIntervalMs: 30_000,
    });
    expect(
      loadConfig({
        ALERT_WEBHOOK_URL: 'https://ops.example/hooks/printomat',
        ALERT_WEBHOOK_SECRET: 'x'.repeat(16),
        ALERT_TONER_LOW_PERCENT: '5',
      }).alerts,
    ).toMatchObject({
      webhook: { url: 'https://ops.example/hooks/printomat', secret: 'x'.repeat(16) },
      tonerLowPercent: 5,
    });
    const err = configError({
      ALERT_WEBHOOK_URL: 'https://ops.example/hooks/printomat',
      ALERT_PAPER_LOW_PERCENT: '100',
      ALERT_CHECK_INTERVAL_SECONDS: '1',
    });
    expect(err.problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'ALERT_CHECK_INTERVAL_SECONDS',
      'ALERT_PAPER_LOW_PERCENT',
      'ALERT_WEBHOOK_SECRET',
    ]);
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

/** A production environment that starts: Stripe with live-looking random keys, https, SMTP. */
function productionEnv(): Record<string, string> {
  return {
    ...productionSettings(),
    SMTP_URL: 'smtp://mail.shop.test:587',
  };
}

const settingsNamed = (err: ConfigError) => err.problems.map((p) => p.split(':')[0]).sort();

describe('loadConfig in production', () => {
  it('starts with https, SMTP and live Stripe keys; no demo data, no sandboxes', () => {
    const config = loadConfig(productionEnv());
    expect(config).toMatchObject({
      isProduction: true,
      seedOnEmpty: false,
      demoKiosk: false,
      publicUrl: 'https://print.shop.test',
      smsPaymentSandbox: undefined,
    });
    expect(config.payments.provider).toBe('stripe');
    // Outside production demo data stays the default.
    expect(loadConfig({ NODE_ENV: 'test' }).seedOnEmpty).toBe(true);
  });

  it('lists every missing production setting at once, naming each', () => {
    const err = configError({ NODE_ENV: 'production' });
    expect(settingsNamed(err)).toEqual([
      'KSEF_MODE',
      'PAYMENT_PROVIDER',
      'PUBLIC_URL',
      'SELLER_ADDRESS',
      'SELLER_CITY',
      'SELLER_NAME',
      'SELLER_NIP',
      'SELLER_POSTCODE',
      'SMTP_URL',
    ]);
    expect(err.message).toContain('PAYMENT_PROVIDER: the sandbox provider');
    expect(err.message).toContain('KSEF_MODE: the KSeF sandbox issues no invoice in KSeF');
    expect(err.message).toContain('PUBLIC_URL: must be set in production');
  });

  it('refuses demo data and the demo kiosk', () => {
    const err = configError({ ...productionEnv(), SEED_ON_EMPTY: 'true', DEMO_KIOSK: 'yes' });
    expect(settingsNamed(err)).toEqual(['DEMO_KIOSK', 'SEED_ON_EMPTY']);
    expect(err.message).toMatch(/SEED_ON_EMPTY: .*create-admin/);
    expect(loadConfig({ ...productionEnv(), SEED_ON_EMPTY: 'false' }).seedOnEmpty).toBe(false);
  });

  it('refuses the sandbox payment provider whatever secret is set, and the SMS-payment sandbox', () => {
    const strong = randomBytes(32).toString('hex');
    const sandbox = configError({
      ...productionEnv(),
      PAYMENT_PROVIDER: 'sandbox',
      PAYMENT_WEBHOOK_SECRET: strong,
    });
    expect(settingsNamed(sandbox)).toEqual(['PAYMENT_PROVIDER']);
    const sms = configError({ ...productionEnv(), SMS_PAYMENT_SANDBOX_SECRET: strong });
    expect(settingsNamed(sms)).toEqual(['SMS_PAYMENT_SANDBOX_SECRET']);
  });

  it('refuses a PUBLIC_URL that is not https', () => {
    const err = configError({ ...productionEnv(), PUBLIC_URL: 'http://print.shop.test' });
    expect(err.problems).toEqual(['PUBLIC_URL: must start with https:// in production']);
  });

  it('refuses short, demo, placeholder and test-mode secrets, each by name', () => {
    const err = configError({
      ...productionEnv(),
      STRIPE_SECRET_KEY: `sk_test_${randomBytes(24).toString('hex')}`,
      STRIPE_WEBHOOK_SECRET: 'whsec_short',
      FACEBOOK_APP_ID: '1234567890',
      FACEBOOK_APP_SECRET: 'change-me-change-me-change-me-change-me',
      SMS_API_TOKEN: 'a'.repeat(40),
      PAYMENT_WEBHOOK_SECRET: 'test-sandbox-secret-0123456789',
    });
    expect(settingsNamed(err)).toEqual(
      [
        'FACEBOOK_APP_SECRET',
        'PAYMENT_WEBHOOK_SECRET',
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
        'SMS_API_TOKEN',
      ].sort(),
    );
    expect(err.message).toContain('STRIPE_SECRET_KEY: is a test-mode key');
    expect(err.message).toContain('STRIPE_WEBHOOK_SECRET: must be at least 32 characters');
    expect(err.message).toContain('FACEBOOK_APP_SECRET: is a demo or placeholder value');
    expect(err.message).toContain('SMS_API_TOKEN: is too repetitive');
    // The same values are fine outside production (tests and demos use them).
    expect(() =>
      loadConfig({ PAYMENT_WEBHOOK_SECRET: 'test-sandbox-secret-0123456789' }),
    ).not.toThrow();
  });

  it('lists production problems together with ordinary ones', () => {
    const err = configError({ ...productionEnv(), PORT: 'eighty', PUBLIC_URL: 'http://x.test' });
    expect(settingsNamed(err)).toEqual(['PORT', 'PUBLIC_URL']);
  });
});

describe('development webhook secrets', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'printomat-config-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('are random per data directory, kept in it (0600) and reused, not derived from the path', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    // Nothing is written while loading the configuration.
    expect(fs.existsSync(path.join(dir, DEV_SECRETS_FILE))).toBe(false);
    const payments = config.payments.webhookSecret;
    const sms = config.smsPaymentSandbox?.webhookSecret;
    expect(payments).toMatch(/^[0-9a-f]{64}$/);
    expect(sms).toMatch(/^[0-9a-f]{64}$/);
    expect(sms).not.toBe(payments);
    const file = path.join(dir, DEV_SECRETS_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({
      payments_sandbox: payments,
      sms_payment_sandbox: sms,
    });
    // A restart reads the same secrets.
    const again = loadConfig({ DATA_DIR: dir });
    expect(again.payments.webhookSecret).toBe(payments);
    expect(again.smsPaymentSandbox?.webhookSecret).toBe(sms);

    // The same path after the directory was replaced: new secrets (nothing derives from it).
    fs.rmSync(dir, { recursive: true });
    expect(loadConfig({ DATA_DIR: dir }).payments.webhookSecret).not.toBe(payments);
    // Another directory: other secrets.
    expect(loadConfig({ DATA_DIR: tempDir() }).payments.webhookSecret).not.toBe(payments);
  });

  it('give way to the settings, and refuse a damaged file', () => {
    const dir = tempDir();
    const config = loadConfig({
      DATA_DIR: dir,
      PAYMENT_WEBHOOK_SECRET: 'payments-secret-0123456789',
      SMS_PAYMENT_SANDBOX_SECRET: 'sms-secret-0123456789',
    });
    expect(config.payments.webhookSecret).toBe('payments-secret-0123456789');
    expect(config.smsPaymentSandbox?.webhookSecret).toBe('sms-secret-0123456789');
    expect(fs.existsSync(path.join(dir, DEV_SECRETS_FILE))).toBe(false);

    fs.writeFileSync(path.join(dir, DEV_SECRETS_FILE), '{"payments_sandbox":"short"}');
    expect(() => loadConfig({ DATA_DIR: dir }).payments.webhookSecret).toThrow(/damaged/);
  });
});
