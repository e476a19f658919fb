import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context';
import { listMailLog } from '../mail';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
const linkify = (s: string) =>
  escapeHtml(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/** Development mailbox: what would have been e-mailed, newest first. Only exists without SMTP_URL. */
export function registerDevMailboxRoutes(app: FastifyInstance, ctx: TAppContext): void {
  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const mails = await listMailLog(ctx.db, 50);
    const items = mails
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to_address)} · ${m.created_at.toISOString()}</p><pre>${linkify(m.text_body)}</pre></article>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development mailbox · Printomat</title><style nonce="${reply.cspNonce}">body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem}article{border:1px solid #d8dde6;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}.meta{color:#5b6475}</style></head><body><h1>Development mailbox</h1><p>Mail is not sent anywhere because SMTP_URL is not set.</p><p>Text messages (SMS sandbox): <a href="/dev/sms">/dev/sms</a></p>${items || '<p>No mail yet.</p>'}</body></html>`,
      );
  });
}
