/**
 * What a production start refuses (issue 11): demo data, money-free payment providers, weak
 * secrets, plain-HTTP public addresses. Kept apart from config.ts so the rules read as one list;
 * config.ts reports every problem found here together with the schema's own.
 */

/** Every setting that holds a secret. A new secret setting belongs here. */
export const SECRET_SETTINGS = [
  'PAYMENT_WEBHOOK_SECRET',
  'SMS_PAYMENT_SANDBOX_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'FACEBOOK_APP_SECRET',
  'SMS_API_TOKEN',
  'ALERT_WEBHOOK_SECRET',
  'KSEF_TOKEN',
  'METRICS_TOKEN',
] as const;

export const MIN_PRODUCTION_SECRET_LENGTH = 32;

/** The seller on every invoice: demo values stand in outside production only. */
export const SELLER_SETTINGS = [
  'SELLER_NAME',
  'SELLER_NIP',
  'SELLER_ADDRESS',
  'SELLER_POSTCODE',
  'SELLER_CITY',
] as const;

/** Values that appear in this repository's docs and tests: public, so never a secret. */
const KNOWN_DEMO_SECRETS = new Set([
  'test-sandbox-secret-0123456789',
  'a-long-enough-sandbox-secret',
  'a-long-enough-secret-1',
  'sms-secret-0123456789',
  'sms-sandbox-secret-for-payments-test',
  'whsec_printomat_integration_secret',
  'sk_test_printomat_integration',
]);

/** Words a placeholder has and a random secret does not. */
const PLACEHOLDER = /change.?me|example|placeholder|secret|password|demo|dummy|sample|printomat/i;

/** KSeF's test (api-test, ksef-test) and demo (api-demo, ksef-demo) environments. */
function isKsefTestEnvironment(url: string): boolean {
  try {
    return /(^|[.-])(test|demo)([.-]|$)/i.test(new URL(url).hostname);
  } catch {
    return false;
  }
}

export interface TProductionProblem {
  setting: string;
  message: string;
}

/** Why a secret is not good enough for production, or undefined when it is. */
export function weakSecretReason(value: string): string | undefined {
  if (value.length < MIN_PRODUCTION_SECRET_LENGTH)
    return `must be at least ${MIN_PRODUCTION_SECRET_LENGTH} characters in production`;
  if (KNOWN_DEMO_SECRETS.has(value) || PLACEHOLDER.test(value))
    return 'is a demo or placeholder value; use a random secret in production';
  if (new Set(value).size < 10) return 'is too repetitive to be a random secret';
  return undefined;
}

/**
 * The problems of a production environment. `env` is the parsed environment, read defensively:
 * it is also called when other fields failed, so every problem is listed at once.
 */
export function productionProblems(env: Record<string, unknown>): TProductionProblem[] {
  const problems: TProductionProblem[] = [];
  const refuse = (setting: string, message: string) => problems.push({ setting, message });
  const text = (name: string) => (typeof env[name] === 'string' ? env[name] : undefined);

  const publicUrl = text('PUBLIC_URL');
  if (!publicUrl) refuse('PUBLIC_URL', 'must be set in production (the https address people use)');
  else if (!publicUrl.startsWith('https://'))
    refuse('PUBLIC_URL', 'must start with https:// in production');
  if (!text('SMTP_URL'))
    refuse('SMTP_URL', 'must be set in production (sign-up confirmations and receipts are mailed)');
  if (env['SEED_ON_EMPTY'] === true)
    refuse(
      'SEED_ON_EMPTY',
      'demo data (accounts with published passwords, free pages) is refused in production; ' +
        'create the first admin with `npm run create-admin -w @printomat/server -- --email …`',
    );
  if (env['DEMO_KIOSK'] === true) refuse('DEMO_KIOSK', 'the demo kiosk is refused in production');
  // Checked whatever secret is set: the sandbox's checkout page "pays" without money.
  if (env['PAYMENT_PROVIDER'] === 'sandbox')
    refuse(
      'PAYMENT_PROVIDER',
      'the sandbox provider grants pages without payment and is refused in production; ' +
        'set PAYMENT_PROVIDER=stripe with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    );
  if (text('SMS_PAYMENT_SANDBOX_SECRET'))
    refuse(
      'SMS_PAYMENT_SANDBOX_SECRET',
      'the SMS-payment sandbox grants pages without payment and is refused in production',
    );
  // Invoices (issue 15, docs/ksef.md): the sandbox issues nothing in KSeF, and KSeF's test and
  // demo environments are not the tax office's; the seller must be the real company.
  if (env['KSEF_MODE'] !== 'api')
    refuse(
      'KSEF_MODE',
      'the KSeF sandbox issues no invoice in KSeF and is refused in production; ' +
        'set KSEF_MODE=api with KSEF_API_URL=https://api.ksef.mf.gov.pl/v2 and KSEF_TOKEN',
    );
  const ksefUrl = text('KSEF_API_URL');
  if (env['KSEF_MODE'] === 'api' && ksefUrl && !ksefUrl.startsWith('https://'))
    refuse('KSEF_API_URL', 'must start with https:// in production');
  else if (env['KSEF_MODE'] === 'api' && ksefUrl && isKsefTestEnvironment(ksefUrl))
    refuse(
      'KSEF_API_URL',
      "is KSeF's test or demo environment, where invoices are not issued; " +
        'use https://api.ksef.mf.gov.pl/v2 in production',
    );
  for (const name of SELLER_SETTINGS)
    if (!text(name)) refuse(name, 'must be set in production (the seller on every invoice)');
  const stripeKey = text('STRIPE_SECRET_KEY');
  if (stripeKey && /^(sk|rk)_test_/.test(stripeKey))
    refuse('STRIPE_SECRET_KEY', 'is a test-mode key (takes no real money); use a live key');
  for (const name of SECRET_SETTINGS) {
    const value = text(name);
    const reason = value === undefined ? undefined : weakSecretReason(value);
    if (reason) refuse(name, reason);
  }
  return problems;
}
