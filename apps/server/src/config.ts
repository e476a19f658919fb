import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { productionProblems } from './config-production';
import { VAT_RATE_PERCENT } from '@printomat/shared';
import type { TInvoiceParty } from './db/schema';
import { lazyDevSecrets } from './dev-secrets';

/** The repository root, so defaults do not depend on the directory npm starts us in. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const zBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
/**
 * TRUST_PROXY: true/false, or the proxies whose X-Forwarded-For is believed: addresses, CIDRs and
 * proxy-addr's names (`loopback`, `linklocal`, `uniquelocal`). No hop count: Fastify 5.12 takes a
 * number but then believes no proxy at all (it cannot check the immediate peer).
 */
const TRUST_PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const zTrustProxy = z
  .string()
  .trim()
  .transform((v, ctx): boolean | string[] => {
    if (['true', '1', 'yes'].includes(v)) return true;
    if (['false', '0', 'no'].includes(v)) return false;
    const list = v.split(',').map((item) => item.trim());
    const valid = (item: string) => {
      if (TRUST_PROXY_NAMES.includes(item)) return true;
      const [address = '', prefix, ...rest] = item.split('/');
      const family = isIP(address);
      if (family === 0 || rest.length > 0) return false;
      return (
        prefix === undefined ||
        (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128))
      );
    };
    if (list.every(valid)) return list;
    ctx.addIssue({
      code: 'custom',
      message:
        'must be true, false, or addresses, CIDRs, loopback, uniquelocal (127.0.0.1,10.0.0.0/8)',
    });
    return z.NEVER;
  });
const zInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
/** A rate limit written as `<max>/<window>`, e.g. `10/15m`: at most max attempts per window. */
const zRate = z
  .string()
  .regex(/^\d+\/\d+[smh]$/, { message: 'must look like 10/15m (attempts per s, m or h)' })
  .transform((v) => {
    const [max, window] = v.split('/') as [string, string];
    const unit = { s: 1_000, m: 60_000, h: 3_600_000 }[window.slice(-1) as 's' | 'm' | 'h'];
    return { max: Number(max), windowMs: Number(window.slice(0, -1)) * unit };
  })
  .refine((r) => r.max >= 1 && r.windowMs >= 1_000 && r.windowMs <= 86_400_000, {
    message: 'needs at least 1 attempt and a window between 1s and 24h',
  });
const zUrl = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine((v) => protocols.includes(new URL(v).protocol), {
      message: `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    });

const ZConfigEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: zInt(0, 65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'data')),
    DATABASE_URL: zUrl(['postgres:', 'postgresql:']).optional(),
    /** Where documents and printer images live: DATA_DIR (local) or the database, shared by instances. */
    STORAGE: z.enum(['local', 'database']).default('local'),
    PUBLIC_URL: zUrl(['http:', 'https:']).optional(),
    SMTP_URL: zUrl(['smtp:', 'smtps:']).optional(),
    MAIL_FROM: z.string().min(3).default('Printomat <no-reply@printomat.example>'),
    TEAM_EMAIL: z.string().email().default('team@printomat.example'),
    MAP_TILE_URL: z
      .string()
      .regex(/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/, {
        message: 'must be a tile URL with {z}, {x} and {y}',
      })
      .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    MAP_TILE_ATTRIBUTION: z
      .string()
      .default(
        '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
      ),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    REQUEST_TIMEOUT_MS: zInt(1_000, 600_000).default(30_000),
    BODY_LIMIT_BYTES: zInt(1_024, 10 * 1024 * 1024).default(1024 * 1024),
    SESSION_TTL_DAYS: zInt(1, 365).default(30),
    /** Live sessions and their users kept in memory this long (0: off), dropped on the bus. */
    SESSION_CACHE_SECONDS: zInt(0, 300).default(30),
    SIGNIN_MAX_ATTEMPTS: zInt(1, 1000).default(10),
    SIGNIN_WINDOW_MINUTES: zInt(1, 1440).default(15),
    /** Failed sign-ins from one address, whatever the accounts (credential stuffing). */
    SIGNIN_MAX_ATTEMPTS_PER_IP: zInt(1, 100_000).default(50),
    // Rate limits shared by every server process (http/rate-limit.ts), as <max>/<window>.
    RATE_LIMIT_CODE_PER_PERSON: zRate.prefault('10/10m'),
    RATE_LIMIT_CODE_PER_IP: zRate.prefault('30/10m'),
    RATE_LIMIT_RELEASE_PER_PERSON: zRate.prefault('30/10m'),
    RATE_LIMIT_SIGNUP_PER_IP: zRate.prefault('50/1h'),
    RATE_LIMIT_CONFIRMATION_MAIL_PER_ADDRESS: zRate.prefault('5/1h'),
    RATE_LIMIT_UPLOAD_PER_PERSON: zRate.prefault('60/10m'),
    RATE_LIMIT_AGENT_HELLO_PER_IP: zRate.prefault('20/10m'),
    /** New express orders (each a guest account) from one address. */
    RATE_LIMIT_EXPRESS_ORDER_PER_IP: zRate.prefault('30/1h'),
    CONFIRMATION_TTL_HOURS: zInt(1, 720).default(48),
    // Forgot password (docs/decisions.md): how long a reset link works, how many mails per address.
    PASSWORD_RESET_TTL_MINUTES: zInt(5, 1440).default(60),
    RATE_LIMIT_PASSWORD_RESET_PER_ADDRESS: zRate.prefault('3/1h'),
    RATE_LIMIT_PASSWORD_RESET_PER_IP: zRate.prefault('20/1h'),
    // Print by e-mail (issue 14, docs/inbound-mail.md).
    RATE_LIMIT_INBOUND_PER_SENDER: zRate.prefault('20/1h'),
    RATE_LIMIT_INBOUND_PER_PRINTER: zRate.prefault('300/1h'),
    /** Replies to one From address (the reply target), whoever delivers the mail. */
    RATE_LIMIT_INBOUND_PER_REPLY_TARGET: zRate.prefault('20/1h'),
    MAX_UPLOAD_BYTES: zInt(1024, 1024 * 1024 * 1024).default(50 * 1024 * 1024),
    MAX_PAGES_PER_DOCUMENT: zInt(1, 100_000).default(500),
    CONVERSION_TIMEOUT_MS: zInt(1_000, 600_000).default(60_000),
    /** Documents processed at once by each server process (people take turns). */
    DOCUMENT_CONCURRENCY: zInt(1, 64).default(2),
    SOFFICE_PATH: z.string().min(1).default('soffice'),
    UNO_PYTHON_PATH: z.string().min(1).default('/usr/bin/python3'),
    /** util-linux unshare: LibreOffice runs only inside its network namespace, never without. */
    UNSHARE_PATH: z.string().min(1).default('unshare'),
    /** Demo data on an empty database; default on outside production, refused in production. */
    SEED_ON_EMPTY: zBool.optional(),
    DEMO_KIOSK: zBool.optional(),
    /**
     * Whom X-Forwarded-For is believed from (request.ip, per-address rate limits): `false`, the
     * proxies' addresses (`loopback`: nginx on this machine), or `true` (any peer: only when no
     * one but the proxy reaches the port). nginx must replace the header, never append to it.
     */
    TRUST_PROXY: zTrustProxy.default(false),
    /** Bearer token for GET /metrics on the main port; unset: /metrics answers 404 there. */
    METRICS_TOKEN: z.string().min(16).optional(),
    /** A port of its own for GET /metrics, no token (whoever reaches METRICS_HOST may scrape). */
    METRICS_PORT: zInt(0, 65535).optional(),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    /** Metrics read from the database are reused this long per instance (0: read every scrape). */
    METRICS_CACHE_SECONDS: zInt(0, 300).default(20),
    /** This process's name in the X-Instance response header (several behind a load balancer). */
    INSTANCE_NAME: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, { message: 'must be 1-64 letters, digits, dots, dashes' })
      .optional(),
    WEB_DIST_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'apps/web/dist')),
    FACEBOOK_APP_ID: z.string().min(1).optional(),
    FACEBOOK_APP_SECRET: z.string().min(1).optional(),
    FACEBOOK_AUTH_URL: zUrl(['http:', 'https:']).default(
      'https://www.facebook.com/v19.0/dialog/oauth',
    ),
    FACEBOOK_TOKEN_URL: zUrl(['http:', 'https:']).default(
      'https://graph.facebook.com/v19.0/oauth/access_token',
    ),
    FACEBOOK_PROFILE_URL: zUrl(['http:', 'https:']).default('https://graph.facebook.com/me'),
    // Free pages and phone numbers (docs/free-pages.md).
    REFERRAL_BONUS_PAGES: zInt(1, 10_000).default(20),
    REFERRAL_BONUS_DAYS: zInt(1, 3650).default(30),
    MIN_APP_VERSION: z
      .string()
      .regex(/^\d+(\.\d+){0,2}$/, { message: 'must be a version such as 3.2.0' })
      .default('3.0.0'),
    OLD_APP_EXTRA_PAGES: zInt(1, 10_000).default(10),
    OLD_APP_EXTRA_DAYS: zInt(1, 3650).default(30),
    /** Comma-separated E.164 numbers or prefixes refused as "blacklisted" (default: PL premium rate). */
    PHONE_BLACKLIST: z.string().default('+48700,+48701,+48703,+48704,+48705,+48708'),
    SMS_MAX_PER_DAY: zInt(1, 1000).default(10),
    /** An HTTP SMS gateway; without it SMS go to the sandbox outbox (never in production). */
    SMS_API_URL: zUrl(['http:', 'https:']).optional(),
    SMS_API_TOKEN: z.string().min(1).optional(),
    SMS_SENDER: z.string().min(1).max(11).default('Printomat'),
    // Payments (docs/payments.md): which provider takes card/transfer/BLIK payments.
    PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
    PAYMENT_CURRENCY: z
      .string()
      .regex(/^[A-Z]{3}$/, { message: 'must be an ISO 4217 code such as PLN' })
      .default('PLN'),
    /** HMAC secret of the built-in sandbox provider's webhooks (the sandbox is refused in production). */
    PAYMENT_WEBHOOK_SECRET: z.string().min(16).optional(),
    /** Where the sandbox delivers its webhooks; default PUBLIC_URL + /api/payments/webhooks/sandbox. */
    PAYMENT_SANDBOX_WEBHOOK_URL: zUrl(['http:', 'https:']).optional(),
    // Stripe and the SMS-payment sandbox (docs/payment-providers.md).
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_/, { message: 'must start with sk_ or rk_' })
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_/, { message: 'must start with whsec_' })
      .optional(),
    /** Tests only: the Stripe API at a local fake (refused in production). */
    STRIPE_API_BASE: zUrl(['http:', 'https:']).optional(),
    /** HMAC secret of the SMS-payment sandbox; refused in production (the sandbox never runs there). */
    SMS_PAYMENT_SANDBOX_SECRET: z.string().min(16).optional(),
    // Express orders (docs/express.md): default page prices in minor units of PAYMENT_CURRENCY
    // (a printer's own express prices win), and the order's deadlines.
    EXPRESS_MONO_PRICE_MINOR: zInt(0, 1_000_000).default(50),
    EXPRESS_COLOR_PRICE_MINOR: zInt(0, 1_000_000).default(150),
    /** Paid but not printed within this long: refunded. */
    EXPRESS_PRINT_WITHIN_MINUTES: zInt(1, 10_080).default(120),
    /** How long an order awaiting payment holds one use of its discount code. */
    EXPRESS_CHECKOUT_HOLD_MINUTES: zInt(1, 1_440).default(30),
    /** A draft never paid is abandoned (and its documents deleted) after this long. */
    EXPRESS_DRAFT_HOURS: zInt(1, 720).default(24),
    /** An ended order's documents are deleted this long after it ended (fractions allowed). */
    DOCUMENT_RETENTION_HOURS: z.coerce.number().min(0).max(8_760).default(8),
    /** A signed-in person's documents not printed and untouched this long are removed (fractions allowed). */
    DOCUMENT_ABANDON_HOURS: z.coerce.number().positive().max(8_760).default(72),
    /** Scans made at a printer (issue 16): their files are deleted this many days after the scan. */
    SCAN_RETENTION_DAYS: z.coerce.number().positive().max(365).default(7),
    /** A package purchase still in progress this long after its checkout began fails, abandoned. */
    PAYMENT_CHECKOUT_ABANDON_HOURS: z.coerce.number().positive().max(8_760).default(24),
    /** The built-in SMTP listener's port; development listens on 2525 unless set, else off. */
    INBOUND_SMTP_PORT: zInt(0, 65535).optional(),
    /** Where the SMTP listener binds (default: HOST). */
    INBOUND_SMTP_HOST: z.string().min(1).optional(),
    /** At most this many SMTP connections at once (each may hold a message being received). */
    INBOUND_SMTP_MAX_CLIENTS: zInt(1, 10_000).default(50),
    /**
     * The listener sits behind a TCP proxy that sends the PROXY protocol header: the proxy's
     * addresses (comma separated, `*` for any peer). Unset: no PROXY header is accepted.
     */
    INBOUND_SMTP_PROXY: z.string().optional(),
    /** Printers' addresses live here (`zlote-tarasy@<domain>`); mail to other domains is refused. */
    INBOUND_MAIL_DOMAIN: z
      .string()
      .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/, {
        message: 'must be a lower-case domain such as print.example.com',
      })
      .default('print.printomat.example'),
    /** STARTTLS on the SMTP listener when both are set (PEM files). */
    INBOUND_TLS_KEY_FILE: z.string().min(1).optional(),
    INBOUND_TLS_CERT_FILE: z.string().min(1).optional(),
    /** The shared secret of POST /api/inbound/mail (a hosted inbound-mail provider); unset: off. */
    INBOUND_MAIL_SECRET: z.string().min(16).optional(),
    /** A larger message is refused (SMTP 552, HTTP 413). */
    INBOUND_MAX_MESSAGE_BYTES: zInt(1024, 200 * 1024 * 1024).default(35 * 1024 * 1024),
    /** At most this many attachments of one message become documents; the rest are refused. */
    INBOUND_MAX_ATTACHMENTS: zInt(1, 50).default(6),
    /** How long the reply waits for page counts before it goes with what is known. */
    INBOUND_REPLY_WAIT_SECONDS: zInt(1, 600).default(60),
    /** DNS servers (`ip` or `ip:port`, comma separated) for SPF/DKIM/DMARC; default: the system's. */
    DNS_SERVERS: z.string().optional(),
    // Printer alerts (docs/ARCHITECTURE.md "Printer alerts"): admins and each printer's contact
    // get an e-mail; a webhook too when ALERT_WEBHOOK_URL is set.
    ALERT_WEBHOOK_URL: zUrl(['http:', 'https:']).optional(),
    /** HMAC-SHA256 key of the webhook's `x-printomat-signature` header. */
    ALERT_WEBHOOK_SECRET: z.string().min(16).optional(),
    /** A toner or ink level (of the printer's markers/supplies) at or below this is "low". */
    ALERT_TONER_LOW_PERCENT: zInt(0, 99).default(10),
    /** A paper tray filled at or below this (of its capacity) is "low". */
    ALERT_PAPER_LOW_PERCENT: zInt(0, 99).default(10),
    /** How often one instance looks for printers whose agent went silent. */
    ALERT_CHECK_INTERVAL_SECONDS: zInt(5, 3_600).default(30),
    // Print jobs that end on their own (docs/ARCHITECTURE.md "Jobs that end"; fractions allowed).
    /** A job released to a printer and not started printing within this long fails, expired. */
    PRINTJOB_RELEASE_EXPIRY_HOURS: z.coerce.number().positive().max(720).default(4),
    /** A confirmed job not released within this long goes back to being edited (unconfirmed). */
    PRINTJOB_CONFIRMED_EXPIRY_HOURS: z.coerce.number().positive().max(8_760).default(24),
    /** How often one instance looks for expired print jobs. */
    PRINTJOB_EXPIRY_CHECK_SECONDS: zInt(5, 3_600).default(60),
    /**
     * How long an instance keeps a person's poll answers (printjob, /ajax/user, panel) when nothing
     * announced a change; 0: computed every time (still with ETag and 304).
     */
    POLL_CACHE_SECONDS: zInt(0, 3_600).default(60),
    // Business accounts and VAT invoices (issue 15, docs/invoices.md).
    /** Free test pages a new business gets, once per tax number, valid this many days. */
    BUSINESS_TRIAL_PAGES: zInt(0, 100_000).default(50),
    BUSINESS_TRIAL_DAYS: zInt(1, 3_650).default(14),
    /** Months (and invoice dates) are counted in this time zone. */
    INVOICE_TIMEZONE: z.string().min(1).default('Europe/Warsaw'),
    /** TrueType fonts of the invoice PDF; they need the Polish letters (Debian fonts-dejavu-core). */
    INVOICE_FONT_FILE: z.string().min(1).default('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'),
    INVOICE_BOLD_FONT_FILE: z
      .string()
      .min(1)
      .default('/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'),
    // The seller on every invoice; demo values outside production, required in production.
    SELLER_NAME: z.string().min(1).max(512).optional(),
    SELLER_NIP: z
      .string()
      .regex(/^[1-9]\d{9}$/, { message: 'must be a 10-digit NIP without dashes' })
      .optional(),
    SELLER_ADDRESS: z.string().min(1).max(512).optional(),
    SELLER_POSTCODE: z.string().min(1).max(12).optional(),
    SELLER_CITY: z.string().min(1).max(128).optional(),
    SELLER_BANK_ACCOUNT: z.string().min(10).max(34).optional(),
    SELLER_EMAIL: z.string().email().optional(),
    /** sandbox: invoices are accepted by a built-in stand-in; api: the KSeF 2.0 API. */
    KSEF_MODE: z.enum(['sandbox', 'api']).default('sandbox'),
    /** The KSeF 2.0 API (test: https://api-test.ksef.mf.gov.pl/v2, production: https://api.ksef.mf.gov.pl/v2). */
    KSEF_API_URL: zUrl(['http:', 'https:']).default('https://api-test.ksef.mf.gov.pl/v2'),
    /** The seller's KSeF token (authorises sending invoices in the seller's NIP context). */
    KSEF_TOKEN: z.string().min(8).optional(),
  })
  .superRefine(
    (env, ctx) => {
      // Demo data, money-free providers, weak secrets, plain HTTP (config-production.ts).
      if (env.NODE_ENV === 'production')
        for (const problem of productionProblems(env))
          ctx.addIssue({ code: 'custom', path: [problem.setting], message: problem.message });
      if (env.NODE_ENV === 'production' && env.STRIPE_API_BASE) {
        ctx.addIssue({
          code: 'custom',
          path: ['STRIPE_API_BASE'],
          message: 'is for tests only and must not be set in production',
        });
      }
      if (env.PAYMENT_PROVIDER === 'stripe') {
        for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
          if (!env[name])
            ctx.addIssue({
              code: 'custom',
              path: [name],
              message: 'must be set when PAYMENT_PROVIDER is stripe',
            });
        }
      }
      if (Boolean(env.INBOUND_TLS_KEY_FILE) !== Boolean(env.INBOUND_TLS_CERT_FILE))
        ctx.addIssue({
          code: 'custom',
          path: ['INBOUND_TLS_CERT_FILE'],
          message: 'INBOUND_TLS_KEY_FILE and INBOUND_TLS_CERT_FILE must be set together',
        });
      if (env.KSEF_MODE === 'api' && !env.KSEF_TOKEN)
        ctx.addIssue({
          code: 'custom',
          path: ['KSEF_TOKEN'],
          message: 'must be set when KSEF_MODE is api',
        });
      if (env.ALERT_WEBHOOK_URL && !env.ALERT_WEBHOOK_SECRET)
        ctx.addIssue({
          code: 'custom',
          path: ['ALERT_WEBHOOK_SECRET'],
          message: 'must be set when ALERT_WEBHOOK_URL is set (the webhook is signed with it)',
        });
      if (Boolean(env.FACEBOOK_APP_ID) !== Boolean(env.FACEBOOK_APP_SECRET)) {
        ctx.addIssue({
          code: 'custom',
          path: ['FACEBOOK_APP_SECRET'],
          message: 'FACEBOOK_APP_ID and FACEBOOK_APP_SECRET must be set together',
        });
      }
    },
    // Zod skips refinements once a field failed; run it anyway so every problem is listed at once.
    { when: () => true },
  );

export type TConfig = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof ZConfigEnv>) {
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const devSecrets = lazyDevSecrets(path.resolve(env.DATA_DIR));
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    storage: env.STORAGE,
    publicUrl,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    /** Where location suggestions and other messages for the team go. */
    teamEmail: env.TEAM_EMAIL,
    mapTiles: { url: env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION },
    logLevel: env.LOG_LEVEL,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    sessionTtlDays: env.SESSION_TTL_DAYS,
    sessionCacheSeconds: env.SESSION_CACHE_SECONDS,
    signInMaxAttempts: env.SIGNIN_MAX_ATTEMPTS,
    signInWindowMinutes: env.SIGNIN_WINDOW_MINUTES,
    signInMaxAttemptsPerIp: env.SIGNIN_MAX_ATTEMPTS_PER_IP,
    rateLimits: {
      codePerPerson: env.RATE_LIMIT_CODE_PER_PERSON,
      codePerIp: env.RATE_LIMIT_CODE_PER_IP,
      releasePerPerson: env.RATE_LIMIT_RELEASE_PER_PERSON,
      signUpPerIp: env.RATE_LIMIT_SIGNUP_PER_IP,
      confirmationMailPerAddress: env.RATE_LIMIT_CONFIRMATION_MAIL_PER_ADDRESS,
      passwordResetPerAddress: env.RATE_LIMIT_PASSWORD_RESET_PER_ADDRESS,
      passwordResetPerIp: env.RATE_LIMIT_PASSWORD_RESET_PER_IP,
      uploadPerPerson: env.RATE_LIMIT_UPLOAD_PER_PERSON,
      agentHelloPerIp: env.RATE_LIMIT_AGENT_HELLO_PER_IP,
      expressOrderPerIp: env.RATE_LIMIT_EXPRESS_ORDER_PER_IP,
      inboundPerSender: env.RATE_LIMIT_INBOUND_PER_SENDER,
      inboundPerPrinter: env.RATE_LIMIT_INBOUND_PER_PRINTER,
      inboundPerReplyTarget: env.RATE_LIMIT_INBOUND_PER_REPLY_TARGET,
    },
    confirmationTtlHours: env.CONFIRMATION_TTL_HOURS,
    passwordResetTtlMinutes: env.PASSWORD_RESET_TTL_MINUTES,
    maxUploadBytes: env.MAX_UPLOAD_BYTES,
    maxPagesPerDocument: env.MAX_PAGES_PER_DOCUMENT,
    conversionTimeoutMs: env.CONVERSION_TIMEOUT_MS,
    documentConcurrency: env.DOCUMENT_CONCURRENCY,
    sofficePath: env.SOFFICE_PATH,
    unoPythonPath: env.UNO_PYTHON_PATH,
    unsharePath: env.UNSHARE_PATH,
    seedOnEmpty: env.SEED_ON_EMPTY ?? env.NODE_ENV !== 'production',
    /** Start the demo kiosk (ippeveprinter + agent) with the server; development only by default. */
    demoKiosk: env.DEMO_KIOSK ?? env.NODE_ENV === 'development',
    trustProxy: env.TRUST_PROXY,
    /** Prometheus metrics (docs/production.md "Metrics"): token for the main port, own port. */
    metrics: {
      token: env.METRICS_TOKEN,
      port: env.METRICS_PORT,
      host: env.METRICS_HOST,
      cacheSeconds: env.METRICS_CACHE_SECONDS,
    },
    instanceName: env.INSTANCE_NAME,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    freePages: {
      referralBonusPages: env.REFERRAL_BONUS_PAGES,
      referralBonusDays: env.REFERRAL_BONUS_DAYS,
      minAppVersion: env.MIN_APP_VERSION,
      oldAppExtraPages: env.OLD_APP_EXTRA_PAGES,
      oldAppExtraDays: env.OLD_APP_EXTRA_DAYS,
    },
    sms: {
      apiUrl: env.SMS_API_URL,
      apiToken: env.SMS_API_TOKEN,
      sender: env.SMS_SENDER,
      maxPerDay: env.SMS_MAX_PER_DAY,
      blacklist: env.PHONE_BLACKLIST.split(',')
        .map((entry) => entry.replace(/[\s-]/g, ''))
        .filter(Boolean),
    },
    payments: {
      provider: env.PAYMENT_PROVIDER,
      currency: env.PAYMENT_CURRENCY,
      // Unless set, a random secret kept in the data directory (read on first use: the
      // sandbox only runs outside production).
      get webhookSecret(): string {
        return env.PAYMENT_WEBHOOK_SECRET ?? devSecrets().payments_sandbox;
      },
      sandboxWebhookUrl:
        env.PAYMENT_SANDBOX_WEBHOOK_URL ?? `${publicUrl}/api/payments/webhooks/sandbox`,
    },
    express: {
      monoPriceMinor: env.EXPRESS_MONO_PRICE_MINOR,
      colorPriceMinor: env.EXPRESS_COLOR_PRICE_MINOR,
      printWithinMinutes: env.EXPRESS_PRINT_WITHIN_MINUTES,
      checkoutHoldMinutes: env.EXPRESS_CHECKOUT_HOLD_MINUTES,
      draftHours: env.EXPRESS_DRAFT_HOURS,
    },
    /** Print by e-mail (issue 14): the SMTP listener, the webhook and their limits. */
    inbound: {
      /** undefined: no SMTP listener. */
      smtpPort: env.INBOUND_SMTP_PORT ?? (env.NODE_ENV === 'development' ? 2525 : undefined),
      smtpHost: env.INBOUND_SMTP_HOST ?? env.HOST,
      smtpMaxClients: env.INBOUND_SMTP_MAX_CLIENTS,
      /** The TCP proxy's addresses whose PROXY header is believed; empty: none. */
      smtpProxy: (env.INBOUND_SMTP_PROXY ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      domain: env.INBOUND_MAIL_DOMAIN,
      tls:
        env.INBOUND_TLS_KEY_FILE && env.INBOUND_TLS_CERT_FILE
          ? { keyFile: env.INBOUND_TLS_KEY_FILE, certFile: env.INBOUND_TLS_CERT_FILE }
          : undefined,
      /** undefined: the webhook answers 404. */
      webhookSecret: env.INBOUND_MAIL_SECRET,
      maxMessageBytes: env.INBOUND_MAX_MESSAGE_BYTES,
      maxAttachments: env.INBOUND_MAX_ATTACHMENTS,
      replyWaitMs: env.INBOUND_REPLY_WAIT_SECONDS * 1_000,
      /** Empty: the system's resolvers. */
      dnsServers: (env.DNS_SERVERS ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    },
    /** Hours an ended order's documents are kept (issue 17 reuses it for every document). */
    documentRetentionHours: env.DOCUMENT_RETENTION_HOURS,
    /** Retention of signed-in people's documents (issue 17; docs/decisions.md "Document retention"). */
    documentAbandonMs: Math.round(env.DOCUMENT_ABANDON_HOURS * 3_600_000),
    /** A scan's file is deleted this long after the scan; its row stays (issue 16). */
    scanRetentionMs: Math.round(env.SCAN_RETENTION_DAYS * 86_400_000),
    /** Checkouts still in progress this long are failed as abandoned (a late payment still counts). */
    checkoutAbandonMs: Math.round(env.PAYMENT_CHECKOUT_ABANDON_HOURS * 3_600_000),
    alerts: {
      webhook:
        env.ALERT_WEBHOOK_URL && env.ALERT_WEBHOOK_SECRET
          ? { url: env.ALERT_WEBHOOK_URL, secret: env.ALERT_WEBHOOK_SECRET }
          : undefined,
      tonerLowPercent: env.ALERT_TONER_LOW_PERCENT,
      paperLowPercent: env.ALERT_PAPER_LOW_PERCENT,
      checkIntervalMs: env.ALERT_CHECK_INTERVAL_SECONDS * 1_000,
    },
    /** Per-person poll answer cache (src/http/person-cache.ts); 0: off. */
    pollCacheMs: env.POLL_CACHE_SECONDS * 1_000,
    printjobExpiry: {
      releasedMs: Math.round(env.PRINTJOB_RELEASE_EXPIRY_HOURS * 3_600_000),
      confirmedMs: Math.round(env.PRINTJOB_CONFIRMED_EXPIRY_HOURS * 3_600_000),
      checkIntervalMs: env.PRINTJOB_EXPIRY_CHECK_SECONDS * 1_000,
    },
    /** Business accounts (issue 15): the free test pages, once per tax number. */
    business: { trialPages: env.BUSINESS_TRIAL_PAGES, trialDays: env.BUSINESS_TRIAL_DAYS },
    /** Monthly VAT invoices (issue 15, docs/invoices.md). */
    invoices: {
      timezone: env.INVOICE_TIMEZONE,
      vatRatePercent: VAT_RATE_PERCENT,
      /** renderInvoicePdf(model, pdfFonts). */
      pdfFonts: { fontFile: env.INVOICE_FONT_FILE, boldFontFile: env.INVOICE_BOLD_FONT_FILE },
      /** The seller as every invoice names it (demo values outside production). */
      seller: {
        name: env.SELLER_NAME ?? 'Printomat sp. z o.o.',
        address: env.SELLER_ADDRESS ?? 'ul. Marszałkowska 1',
        postcode: env.SELLER_POSTCODE ?? '00-624',
        city: env.SELLER_CITY ?? 'Warszawa',
        country: 'PL',
        taxCountry: 'PL',
        taxId: env.SELLER_NIP ?? '5261040001',
        email: env.SELLER_EMAIL ?? null,
        bankAccount: env.SELLER_BANK_ACCOUNT ?? null,
      } satisfies TInvoiceParty,
    },
    /** Sending invoices to KSeF (issue 15): the sandbox stand-in or the KSeF 2.0 API. */
    ksef: { mode: env.KSEF_MODE, apiUrl: env.KSEF_API_URL, token: env.KSEF_TOKEN },
    /** Stripe keys (docs/payment-providers.md); required when PAYMENT_PROVIDER is stripe. */
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            ...(env.STRIPE_API_BASE ? { apiBase: env.STRIPE_API_BASE } : {}),
          }
        : undefined,
    /**
     * The SMS-payment sandbox (it grants pages without money moving): never in production; else
     * with SMS_PAYMENT_SANDBOX_SECRET or a random secret kept in the data directory.
     */
    smsPaymentSandbox:
      env.NODE_ENV !== 'production'
        ? {
            get webhookSecret(): string {
              return env.SMS_PAYMENT_SANDBOX_SECRET ?? devSecrets().sms_payment_sandbox;
            },
          }
        : undefined,
    facebook:
      env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET
        ? {
            appId: env.FACEBOOK_APP_ID,
            appSecret: env.FACEBOOK_APP_SECRET,
            authUrl: env.FACEBOOK_AUTH_URL,
            tokenUrl: env.FACEBOOK_TOKEN_URL,
            profileUrl: env.FACEBOOK_PROFILE_URL,
          }
        : undefined,
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/**
 * The configuration for a command or the server's start: every bad setting is printed and the
 * process ends with exit code 1 (nothing has started yet).
 */
export function loadConfigOrExit(): TConfig {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

/** The only place that reads process.env. Every bad setting is listed at once. */
export function loadConfig(env: Record<string, string | undefined> = process.env): TConfig {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = ZConfigEnv.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'config'}: ${issue.message}`),
    );
  }
  return toConfig(parsed.data);
}
