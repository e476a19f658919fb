import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZPrintjob, ZPrintjobSettingsInput, ZSubmitInput } from '@printomat/shared';
import type { TAppContext } from '../../context';
import { unauthorized } from '../../http/errors';
import { presentPrintjob } from './printjobs.presenter';
import {
  getCurrentPrintjob,
  submitPrintjob,
  updatePrintjobSettings,
  viewOf,
  type TJobView,
} from './printjobs.service';
import { releaseToPrinter, releaseWithCode } from './release.service';

const ZIdParams = z.object({ id: z.coerce.number().int().positive() });

export function registerPrintjobRoutes(root: FastifyInstance, ctx: TAppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const present = (view: TJobView, locale: Parameters<typeof presentPrintjob>[3]) =>
    presentPrintjob(
      view.job,
      view.documents,
      view.kind,
      locale,
      ctx.config.maxPagesPerDocument,
      view,
    );

  app.get(
    '/ajax/printjobs/current',
    { schema: { tags: ['phone app', 'printing'], response: { 200: ZPrintjob } } },
    async (request) => {
      if (!request.user) throw unauthorized();
      return present(await getCurrentPrintjob(ctx, request.user), request.locale);
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
        body: z.object({
          code: z
            .string({ error: 'blank' })
            .trim()
            .min(1, { error: 'blank' })
            .max(32, { error: 'too_long' }),
        }),
        response: { 200: ZPrintjob },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthorized();
      const job = await releaseWithCode(ctx, user, request.params.id, request.body.code);
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
        body: z.object({ printer_id: z.coerce.number().int().positive() }),
        response: { 200: ZPrintjob },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthorized();
      const job = await releaseToPrinter(ctx, user, request.params.id, request.body.printer_id);
      return present(await viewOf(ctx, ctx.db, user, job), request.locale);
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
