import type { TAppContext } from '../../context';

// SCAFFOLD (helper A replaces this file): the built-in SMTP listener.
export interface TInboundSmtp {
  /** The port it listens on (useful with port 0). */
  port: number;
  close(): Promise<void>;
}

export function startInboundSmtp(
  ctx: TAppContext,
  options: { port?: number; host?: string } = {},
): Promise<TInboundSmtp> {
  void ctx;
  void options;
  return Promise.reject(new Error('not built yet'));
}
