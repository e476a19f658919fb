import fastifyRateLimit, { normalizeIP, type CreateRateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TAppContext } from '../context';
import { AppError } from './errors';
import { databaseRateLimitStore, refundRateLimit } from './rate-limit-store';

/** At most `max` attempts per window of `windowMs` (config: `<max>/<window>`, e.g. `10/10m`). */
export interface TRateRule {
  max: number;
  windowMs: number;
}

/** One limit: a bucket (its counters), the rule, and whom a request counts against. */
export interface TRateLimit {
  bucket: string;
  rule: TRateRule;
  /** The key counted, or null when the limit does not apply (no session: the route says 401). */
  key: (request: FastifyRequest) => string | null;
}

/** The person of the request, for per-person limits. */
export const byPerson = (request: FastifyRequest): string | null =>
  request.user ? `user:${request.user.id}` : null;
/**
 * A client address as a limit key: IPv6 addresses count per /64 (one subscriber's block, as the
 * plugin does), so rotating through one's own addresses gains nothing.
 */
export const ipKey = (ip: string | null): string => (ip ? `ip:${normalizeIP(ip, 64)}` : 'ip:?');
/** The client address (`TRUST_PROXY` decides whether X-Forwarded-For is believed). */
export const byIp = (request: FastifyRequest): string => ipKey(request.ip);

/** 429 in the person's language, e.g. "Too many attempts. Try again in 3 minutes." */
export function tooManyAttempts(retryAfterSeconds: number): AppError {
  return new AppError(429, 'rate_limited', 'errors.try_again_in', {
    minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)),
  });
}

/**
 * `@fastify/rate-limit` with its counters in the application database (rate-limit-store.ts), so
 * limits hold across every server instance. No global limit: routes opt in with `rateLimited`.
 */
export async function registerRateLimits(app: FastifyInstance, ctx: TAppContext): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    store: databaseRateLimitStore(ctx.db),
    skipOnError: false,
  });
}

/** A preHandler enforcing limits; `refund` takes the request's attempt back (it succeeded). */
export interface TRateLimitHook {
  (request: FastifyRequest, reply: FastifyReply): Promise<void>;
  refund(request: FastifyRequest): Promise<void>;
}

/**
 * A preHandler counting the request against every limit given (say, per person and per address)
 * and answering 429 with Retry-After when one is exceeded. It runs after the session is known
 * and the body validated, before the handler reads an upload. The plugin's `createRateLimit`
 * is used rather than its route option because one route may carry several limits.
 */
export function rateLimited(
  app: FastifyInstance,
  ctx: TAppContext,
  limits: readonly TRateLimit[],
): TRateLimitHook {
  const limiters = limits.map((limit) => {
    const options: CreateRateLimitOptions & { bucket: string } = {
      bucket: limit.bucket,
      max: limit.rule.max,
      timeWindow: limit.rule.windowMs,
      keyGenerator: (request) => limit.key(request) ?? '',
      // A request the limit does not apply to is let through uncounted.
      allowList: (_request, key) => key === '',
    };
    return app.createRateLimit(options);
  });
  const hook = async (request: FastifyRequest, reply: FastifyReply) => {
    for (const limiter of limiters) {
      const result = await limiter(request);
      if (result.isAllowed || !result.isExceeded) continue;
      void reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
      throw tooManyAttempts(result.ttlInSeconds);
    }
  };
  hook.refund = async (request: FastifyRequest) => {
    for (const limit of limits) {
      const key = limit.key(request);
      if (key) await refundRateLimit(ctx.db, limit.bucket, key);
    }
  };
  return hook;
}
