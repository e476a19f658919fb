import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZPrintAtPrinterInput,
  ZPrintjob,
  ZPrintjobSettingsInput,
  ZPrintWithCodeInput,
  ZSubmitInput,
} from '@printomat/shared';
import type { TAppContext } from '../../context';
import { unauthorized } from '../../http/errors';
import { sendPollAnswer, type TPollAnswerKind } from '../../http/person-cache';
import { byIp, byPerson, rateLimited } from '../../http/rate-limit';
import { documentLimits, presentJobView } from './printjobs.presenter';
import {
  getCurrentPrintjob,
  submitPrintjob,
  updatePrintjobSettings,
  viewOf,
  type TJobView,
} from './printjobs.service';
import { releaseToPrinter, releaseWithCode } from './release.service';
import { cancelPrintjob } from './cancel.service';

const ZIdParams = z.object({ id: z.coerce.number().int().positive() });

/** The uploader's 5-second poll, answered through the poll cache (and its fast lane). */
const CURRENT_JOB: TPollAnswerKind = {
  url: '/ajax/printjobs/current',
  contentType: 'application/json; charset=utf-8',
  key: (locale) => `printjob:${locale}`,
  // The role decides the job's kind: a row refreshed with another role rebuilds the answer.
  fingerprint: (user) => user.role,
};

export function registerPrintjobRoutes(root: FastifyInstance, ctx: TAppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const present = (view: TJobView, locale: Parameters<typeof presentJobView>[1]) =>
    presentJobView(view, locale, documentLimits(ctx.config));
  const limits = ctx.config.rateLimits;
  // Releasing is limited per person. Printer codes, per address and per person (issue 11: 7,373
  // wrong codes in 20 s): every try is counted before anything is looked up, so a burst cannot
  // slip through, and one that released the job is taken back, so many people printing from one
  // address (a campus, a mobile network) are not limited by their own successes. While limited,
  // even the right code is refused.
  const releaseLimited = rateLimited(root, ctx, [
    { bucket: 'release:person', rule: limits.releasePerPerson, key: byPerson },
  ]);
  const codeLimited = rateLimited(root, ctx, [
    { bucket: 'print_code:ip', rule: limits.codePerIp, key: byIp },
    { bucket: 'print_code:person', rule: limits.codePerPerson, key: byPerson },
  ]);

  app.get(
    '/ajax/printjobs/current',
    { schema: { tags: ['phone app', 'printing'], response: { 200: ZPrintjob } } },
    async (request, reply) => {
      const user = request.user;
      if (!user) throw unauthorized();
      const answer = await ctx.pollCache.answerFor(CURRENT_JOB, user, request.locale, async () =>
        JSON.stringify(
          ZPrintjob.encode(present(await getCurrentPrintjob(ctx, user), request.locale)),
        ),
      );
      return sendPollAnswer(request, reply, answer, CURRENT_JOB.contentType);
    },
  );

  app.post(
    '/ajax/printjobs/:id/settings',
    {
      schema: {
        tags: ['phone app', 'printing'],
        params: ZIdParams,
        body: ZPrintjobSettingsInput,
        response: { 200: ZPrintjob },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return present(
        await updatePrintjobSettings(ctx, request.user, request.params.id, request.body),
        request.locale,
      );
    },
  );

  // Start printing at a printer by the code it shows (/modal/printjobs/print_with_code).
  app.post(
    '/ajax/printjobs/:id/print_with_code',
    {
      schema: {
        tags: ['phone app', 'printing'],
        params: ZIdParams,
        body: ZPrintWithCodeInput,
        response: { 200: ZPrintjob },
      },
      preHandler: [codeLimited, releaseLimited],
    },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthorized();
      const job = await releaseWithCode(ctx, user, request.params.id, request.body.code);
      await codeLimited.refund(request);
      return present(await viewOf(ctx, ctx.db, user, job), request.locale);
    },
  );

  // Start printing from the phone: the printer picked on the map or opened by its link / QR code.
  app.post(
    '/ajax/printjobs/:id/print',
    {
      schema: {
        tags: ['phone app', 'printing'],
        params: ZIdParams,
        body: ZPrintAtPrinterInput,
        response: { 200: ZPrintjob },
      },
      preHandler: releaseLimited,
    },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthorized();
      const job = await releaseToPrinter(ctx, user, request.params.id, request.body.printer_id);
      return present(await viewOf(ctx, ctx.db, user, job), request.locale);
    },
  );

  // The person takes a released job back before the printer started it (pages back at once).
  app.post(
    '/ajax/printjobs/:id/cancel',
    {
      schema: {
        tags: ['phone app', 'printing'],
        params: ZIdParams,
        response: { 200: ZPrintjob },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthorized();
      await cancelPrintjob(ctx, user, request.params.id);
      return present(await getCurrentPrintjob(ctx, user), request.locale);
    },
  );

  app.post(
    '/ajax/printjobs/:id/submit',
    {
      schema: {
        tags: ['phone app', 'printing'],
        params: ZIdParams,
        body: ZSubmitInput,
        response: { 200: ZPrintjob },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      const view = await submitPrintjob(
        ctx,
        request.user,
        request.params.id,
        request.body.is_submitted,
      );
      return present(view, request.locale);
    },
  );
}
