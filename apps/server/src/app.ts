import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { translate } from '@printomat/shared';
import type { TAppContext } from './context';
import { registerAccessControl } from './http/access';
import { registerCsrfProtection } from './http/csrf';
import { registerErrorHandler } from './http/error-handler';
import { registerCompression } from './http/compression';
import { registerPollFastLane } from './http/poll-fast-lane';
import { registerSecurityHeaders } from './http/security-headers';
import { overrideMethod } from './http/method-override';
import { registerRateLimits } from './http/rate-limit';
import { registerRequestContext } from './http/request-context';
import { registerMetricsRoute, registerRequestMetrics } from './http/metrics';
import { peekCachedSession, resumeSession } from './modules/auth/auth.service';
import { registerAccountRoutes } from './modules/account/account.routes';
import { registerAdminOperationsRoutes } from './modules/admin/admin.routes';
import { registerAgentAdminRoutes } from './modules/agents/agents-admin.routes';
import { registerAgentRoutes } from './modules/agents/agents.routes';
import { registerAuditRoutes } from './modules/audit/audit.routes';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { registerFacebookRoutes } from './modules/auth/facebook.routes';
import { registerDevMailboxRoutes } from './modules/dev/mailbox.routes';
import { registerSmsSandboxRoutes } from './modules/payments/providers/sms-payment.routes';
import { registerDocumentRoutes } from './modules/documents/documents.routes';
import { registerPrintjobEventRoutes } from './modules/printjobs/printjob-events.routes';
import { registerPrintjobRoutes } from './modules/printjobs/printjobs.routes';
import { registerPrinterRoutes } from './modules/printers/printers.routes';
import { registerPrinterAdminRoutes } from './modules/printers/printers-admin.routes';
import { registerMailingRoutes } from './modules/mailings/mailings.routes';
import { registerUserPanelRoutes } from './modules/users/user-panel.routes';
import { registerPinRoutes } from './modules/users/pin.routes';
import { registerMobileAppRoutes } from './modules/users/mobile-app.routes';
import { registerPrinterStickerRoutes } from './modules/printers/printer-stickers.routes';
import { registerScanRoutes } from './modules/scans/scans.routes';
import { registerHealthRoutes } from './modules/health/health.routes';
import { registerReferralRoutes } from './modules/referrals/referrals.routes';
import { registerPhoneRoutes } from './modules/phone/phone.routes';
import { registerPackageRoutes } from './modules/packages/packages.routes';
import { registerPaymentRoutes } from './modules/payments/payments.routes';
import { registerPurchaseRefundRoutes } from './modules/payments/purchase-refunds.routes';
import { registerExpressRoutes } from './modules/express/express.routes';
import { registerInboundMailRoutes } from './modules/inbound-mail';
import { registerInboundMailAdminRoutes } from './modules/inbound-mail';
import { registerBusinessRoutes } from './modules/business';
import { registerInvoiceAdminRoutes, registerInvoiceRoutes } from './modules/invoices';
import { registerExpressPrintingRoutes } from './modules/express/express-printing.routes';
import { paymentProviders } from './modules/payments/provider-registry';
import { isPageRequest, registerWebRoutes } from './web/web.routes';
import { createPrerenderer } from './web/prerender';
import { sessionStateOf } from './modules/auth/session-state';
import path from 'node:path';

export interface TRouteInfo {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered route: the deny-by-default test walks it. */
    routeList: readonly TRouteInfo[];
  }
}

export async function buildApp(ctx: TAppContext): Promise<FastifyInstance> {
  const { config } = ctx;
  const app = Fastify({
    loggerInstance: ctx.log,
    // Fastify has no request timeout by default: a slow client could hold a socket forever.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs,
    keepAliveTimeout: 5_000,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    rewriteUrl: overrideMethod,
    routerOptions: { ignoreTrailingSlash: true },
  });
  const routes: TRouteInfo[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  app.decorate('routeList', routes);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Error handler and hooks first: plugins registered later inherit them.
  registerErrorHandler(app);
  // Every answer timed by route pattern (GET /metrics with METRICS_TOKEN, or METRICS_PORT).
  registerRequestMetrics(app, ctx.metrics);
  // Security headers on every answer (404s and errors too); compression before any route.
  registerSecurityHeaders(app, config);
  // Which server process answered, when several run behind a load balancer (INSTANCE_NAME); on
  // the raw response, so it survives reply.hijack() (the event stream).
  const { instanceName } = config;
  if (instanceName)
    app.addHook('onRequest', (_request, reply, done) => {
      reply.raw.setHeader('x-instance', instanceName);
      done();
    });
  // Unchanged polls answered 304 here, before the rest of the hooks (after the headers above).
  registerPollFastLane(app, ctx, (token) => peekCachedSession(ctx, token));
  await registerCompression(app);
  await app.register(fastifyCookie);
  registerRequestContext(app, ctx, (token) => resumeSession(ctx, token));
  registerAccessControl(app);
  registerCsrfProtection(app, ctx);
  // Before the routes: they build their limits with the plugin's createRateLimit.
  await registerRateLimits(app, ctx);
  await app.register(fastifyFormbody, { bodyLimit: config.bodyLimitBytes });
  // Uploads stream to disk; the per-file limit is applied where the file is read.
  await app.register(fastifyMultipart, {
    limits: { fileSize: config.maxUploadBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Printomat API',
        version: '1',
        description:
          'JSON API of the web app and the phone apps. State-changing calls need the X-CSRF-Token header (GET /ajax/csrf).',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  registerHealthRoutes(app, ctx);
  registerMetricsRoute(app, ctx.metrics, config.metrics.token);
  registerAuthRoutes(app, ctx);
  registerAccountRoutes(app, ctx);
  registerFacebookRoutes(app, ctx);
  registerAuditRoutes(app, ctx);
  registerPrintjobRoutes(app, ctx);
  registerPrintjobEventRoutes(app, ctx);
  registerPrinterRoutes(app, ctx);
  registerMailingRoutes(app, ctx);
  registerDocumentRoutes(app, ctx);
  registerUserPanelRoutes(app, ctx);
  await registerAgentRoutes(app, ctx);
  registerAgentAdminRoutes(app, ctx);
  registerPackageRoutes(app, ctx, () => paymentProviders(ctx).methods());
  await registerPaymentRoutes(app, ctx);
  registerPurchaseRefundRoutes(app, ctx);
  registerExpressRoutes(app, ctx);
  registerInboundMailRoutes(app, ctx);
  registerInboundMailAdminRoutes(app, ctx);
  registerExpressPrintingRoutes(app, ctx);
  registerBusinessRoutes(app, ctx, () => paymentProviders(ctx).methods());
  registerInvoiceRoutes(app, ctx);
  registerInvoiceAdminRoutes(app, ctx);
  registerAdminOperationsRoutes(app, ctx);
  registerPrinterAdminRoutes(app, ctx);
  registerReferralRoutes(app, ctx);
  registerPhoneRoutes(app, ctx);
  registerSmsSandboxRoutes(app, ctx);
  // Issue 16: the phone app, PIN and ID, QR stickers, scans.
  registerPinRoutes(app, ctx);
  registerMobileAppRoutes(app, ctx);
  registerPrinterStickerRoutes(app, ctx);
  registerScanRoutes(app, ctx);
  if (!config.smtpUrl && !config.isProduction) registerDevMailboxRoutes(app, ctx);

  const hasWeb = await registerWebRoutes(app, ctx);
  const prerenderer = hasWeb ? await createPrerenderer(ctx) : null;
  /** A page of the web app: pre-rendered when it is a public page, else the app shell. */
  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const html = await prerenderer?.render(
      request,
      await sessionStateOf(ctx, request),
      reply.cspNonce,
    );
    if (html)
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'cookie, accept-language')
        .send(html);
    return reply
      .type('text/html; charset=utf-8')
      .sendFile('index.html', path.resolve(config.webDistDir));
  };
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .status(404)
      .send({ message: translate(request.locale, 'errors.not_found'), code: 'not_found' });
  // The static files plugin answers every other path it has a file for; `/` is a page.
  app.get('/', { schema: { hide: true } }, (request, reply) =>
    hasWeb ? servePage(request, reply) : notFound(request, reply),
  );
  app.setNotFoundHandler(async (request, reply) => {
    if (hasWeb && isPageRequest(request.method, request.url, request.headers.accept))
      return servePage(request, reply);
    return notFound(request, reply);
  });
  return app;
}
