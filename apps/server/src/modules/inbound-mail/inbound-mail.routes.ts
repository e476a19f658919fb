import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context';

// SCAFFOLD (helper A replaces this file): POST /api/inbound/mail.
export function registerInboundMailRoutes(app: FastifyInstance, ctx: TAppContext): void {
  void app;
  void ctx;
}
