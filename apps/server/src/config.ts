import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, so defaults do not depend on the directory npm starts us in. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const zBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const zInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
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
    SIGNIN_MAX_ATTEMPTS: zInt(1, 1000).default(10),
    SIGNIN_WINDOW_MINUTES: zInt(1, 1440).default(15),
    CONFIRMATION_TTL_HOURS: zInt(1, 720).default(48),
    MAX_UPLOAD_BYTES: zInt(1024, 1024 * 1024 * 1024).default(50 * 1024 * 1024),
    MAX_PAGES_PER_DOCUMENT: zInt(1, 100_000).default(500),
    CONVERSION_TIMEOUT_MS: zInt(1_000, 600_000).default(60_000),
    SOFFICE_PATH: z.string().min(1).default('soffice'),
    UNO_PYTHON_PATH: z.string().min(1).default('/usr/bin/python3'),
    SEED_ON_EMPTY: zBool.default(true),
    DEMO_KIOSK: zBool.optional(),
    TRUST_PROXY: zBool.default(false),
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
  })
  .superRefine(
    (env, ctx) => {
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
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
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
    signInMaxAttempts: env.SIGNIN_MAX_ATTEMPTS,
    signInWindowMinutes: env.SIGNIN_WINDOW_MINUTES,
    confirmationTtlHours: env.CONFIRMATION_TTL_HOURS,
    maxUploadBytes: env.MAX_UPLOAD_BYTES,
    maxPagesPerDocument: env.MAX_PAGES_PER_DOCUMENT,
    conversionTimeoutMs: env.CONVERSION_TIMEOUT_MS,
    sofficePath: env.SOFFICE_PATH,
    unoPythonPath: env.UNO_PYTHON_PATH,
    seedOnEmpty: env.SEED_ON_EMPTY,
    /** Start the demo kiosk (ippeveprinter + agent) with the server; development only by default. */
    demoKiosk: env.DEMO_KIOSK ?? env.NODE_ENV === 'development',
    trustProxy: env.TRUST_PROXY,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
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
