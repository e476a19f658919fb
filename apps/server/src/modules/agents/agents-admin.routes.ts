import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAgentSecret,
  ZAgentSecretInput,
  ZDetectedPrinterList,
  ZPrinterStatistics,
  ZRegisterAgentInput,
  ZRegisteredAgent,
} from '@printomat/shared';
import type { TAppContext } from '../../context';
import { unauthorized } from '../../http/errors';
import { getPrinterStatistics } from '../printers/printers-admin.actions';
import { issueAgentSecret, listDetectedPrinters, registerDetectedPrinter } from './agents.service';

const ZPrinterId = z.object({ id: z.coerce.number().int().positive() });

/** Admin: agents that dialled in unregistered, registering them, agent secrets, statistics. */
export function registerAgentAdminRoutes(root: FastifyInstance, ctx: TAppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/printers/detected',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Agents waiting to be registered: a minion id no printer has, or one typed on a printer that has no agent secret yet',
        response: { 200: ZDetectedPrinterList },
      },
    },
    async () => ({
      detected: (await listDetectedPrinters(ctx.db)).map((d) => ({
        minion_id: d.minion_id,
        agent_version: d.agent_version,
        printer: d.printer_info,
        remote_address: d.remote_address,
        first_seen_at: d.first_seen_at.toISOString(),
        last_seen_at: d.last_seen_at.toISOString(),
        claimed_by:
          d.claimed_printer_id === null
            ? null
            : { id: d.claimed_printer_id, name: d.claimed_printer_name ?? '' },
      })),
    }),
  );

  app.post(
    '/api/admin/printers/:id/register_agent',
    {
      schema: {
        tags: ['admin'],
        summary: 'Make a detected agent this printer’s agent (the printer becomes API V3)',
        params: ZPrinterId,
        body: ZRegisterAgentInput,
        response: { 200: ZRegisteredAgent },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      const printer = await registerDetectedPrinter(
        ctx,
        request.user.id,
        request.body.minion_id,
        request.params.id,
      );
      return {
        id: printer.id,
        minion_id: printer.minion_id ?? '',
        api_version: printer.api_version,
      };
    },
  );

  app.post(
    '/api/admin/printers/:id/agent_secret',
    {
      schema: {
        tags: ['admin'],
        summary: 'A new secret for the printer’s agent, shown once; the old one stops working',
        params: ZPrinterId,
        body: ZAgentSecretInput,
        response: { 200: ZAgentSecret },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      const issued = await issueAgentSecret(
        ctx,
        request.user.id,
        request.params.id,
        request.body.minion_id,
      );
      return { minion_id: issued.minionId, secret: issued.secret };
    },
  );

  app.get(
    '/api/admin/printers/:id/statistics',
    {
      schema: {
        tags: ['admin'],
        summary: 'Monthly pages and users, and the printer’s input trays and markers',
        params: ZPrinterId,
        response: { 200: ZPrinterStatistics },
      },
    },
    async (request) => getPrinterStatistics(ctx, request.params.id),
  );
}
