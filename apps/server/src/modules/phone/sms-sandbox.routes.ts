import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context';
import { listOutbox } from './phone.service';
import { SANDBOX_FAILING_PREFIX } from './sms-gateway';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * Development SMS outbox: what the sandbox gateway would have texted, newest first. Only
 * registered while the sandbox is the gateway and never in production (like /dev/mailbox).
 */
export function registerSandboxSmsPage(app: FastifyInstance, ctx: TAppContext): void {
  app.get('/dev/sms', { schema: { hide: true } }, async (_request, reply) => {
    const messages = await listOutbox(ctx.db, 50);
    const items = messages
      .map(
        (m) =>
          `<article data-testid="sms" data-to="${escapeHtml(m.to_number)}"><p class="meta">To <strong>${escapeHtml(m.to_number)}</strong> · ${m.created_at.toISOString()}</p><p class="body">${escapeHtml(m.body)}</p></article>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development SMS · Printomat</title><style nonce="${reply.cspNonce}">body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem}article{border:1px solid #d8dde6;border-radius:8px;padding:1rem;margin:1rem 0}.meta{color:#5b6475}</style></head><body><h1>Development SMS</h1><p>SMS are not sent anywhere: the sandbox gateway keeps them here. Numbers starting ${SANDBOX_FAILING_PREFIX} always fail, to try the error path.</p>${items || '<p>No SMS yet.</p>'}</body></html>`,
      );
  });
}
