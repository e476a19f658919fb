import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../context';
import { notFound, unauthorized } from '../../http/errors';
import { SenderCheckUnavailable } from './inbound-auth';
import {
  InboundRateLimited,
  receiveInboundMessage,
  type TInboundEnvelope,
} from './inbound-receive.service';

/** When a provider should redeliver after the sender check could not be made. */
const SENDER_CHECK_RETRY_SECONDS = 300;

const ZInboundAccepted = z.object({
  messages: z.array(z.object({ printer_id: z.number(), id: z.number(), duplicate: z.boolean() })),
});

/** Equal secrets, compared in constant time (hashes first, so lengths leak nothing either). */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

const headerOf = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value.trim() : undefined;
};

/**
 * The envelope a provider may pass along (docs/inbound-mail.md): without it the printer is the
 * first printer address of the Delivered-To / To / Cc headers, and SPF cannot pass (DKIM can).
 */
function envelopeOf(request: FastifyRequest): TInboundEnvelope {
  const from = headerOf(request, 'x-envelope-from');
  const ip = headerOf(request, 'x-client-ip');
  return {
    // "<>" (or an empty value) is the null sender of bounces.
    mailFrom: from === undefined ? null : from.replace(/^<|>$/g, '').trim(),
    rcptTo: (headerOf(request, 'x-envelope-to') ?? '')
      .split(',')
      .map((a) => a.replace(/[<>]/g, '').trim())
      .filter(Boolean),
    clientIp: ip && isIP(ip) ? ip : null,
    helo: headerOf(request, 'x-client-helo') || null,
  };
}

/**
 * POST /api/inbound/mail (issue 14 point 1): a hosted inbound-mail provider posts each message
 * for the printers' domain here as raw RFC 5322 bytes, for operators who run no SMTP listener.
 * It goes to the same service as SMTP, so redelivery is harmless. Off (404) unless
 * INBOUND_MAIL_SECRET is set; the provider sends it as a bearer token (401 otherwise), checked
 * before the body is read.
 */
export function registerInboundMailRoutes(root: FastifyInstance, ctx: TAppContext): void {
  const { inbound } = ctx.config;
  // Its own scope: the body is the raw message as bytes, whatever the provider calls it.
  void root.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      ['message/rfc822', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: inbound.maxMessageBytes },
      (_request, body, done) => done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/inbound/mail',
      {
        bodyLimit: inbound.maxMessageBytes,
        schema: {
          tags: ['inbound-mail'],
          summary: 'A raw e-mail for a printer address, from an inbound-mail provider',
          description:
            'Body: the RFC 5322 message (message/rfc822 or application/octet-stream). ' +
            'Authorization: Bearer <INBOUND_MAIL_SECRET>. Optional envelope headers: ' +
            'x-envelope-from, x-envelope-to (comma list), x-client-ip, x-client-helo. ' +
            'Without x-envelope-to the message is for the first printer address of its ' +
            'Delivered-To / To / Cc headers only. ' +
            '422 no_printer_recipient when no recipient is a printer address; 413 above ' +
            'INBOUND_MAX_MESSAGE_BYTES; 429 over the per-sender, per-printer or per-reply-target ' +
            'limit; 503 when the sender check could not be made (DNS failing): deliver it again ' +
            'later (Retry-After).',
          response: { 202: ZInboundAccepted },
        },
        onRequest: async (request) => {
          if (!inbound.webhookSecret) throw notFound();
          const match = /^Bearer\s+(.+)$/i.exec(headerOf(request, 'authorization') ?? '');
          if (!match?.[1] || !sameSecret(match[1].trim(), inbound.webhookSecret))
            throw unauthorized();
        },
      },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        try {
          const received = await receiveInboundMessage(ctx, {
            raw,
            via: 'http',
            envelope: envelopeOf(request),
          });
          return reply.code(202).send({
            messages: received.map((r) => ({
              printer_id: r.printerId,
              id: r.messageId,
              duplicate: r.duplicate,
            })),
          });
        } catch (err) {
          if (err instanceof InboundRateLimited)
            void reply.header('retry-after', String(Math.ceil(err.retryAfterMs / 1000)));
          // The sender check could not be made (DNS): the provider redelivers later.
          if (err instanceof SenderCheckUnavailable)
            void reply.header('retry-after', String(SENDER_CHECK_RETRY_SECONDS));
          throw err;
        }
      },
    );
  });
}
