import { formatMoney, translate, type TLocale } from '@printomat/shared';
import { SMS_SANDBOX_NUMBER, smsTextFor } from './sms-payment';
import type { TSmsSandboxView } from './sms-sandbox.service';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:520px;margin:2rem auto;padding:0 1rem;color:#1d2433}' +
  '.note{background:#fff4d6;border:1px solid #e8c76a;border-radius:6px;padding:.5rem .75rem}' +
  '.sms{border:1px solid #d8dde6;border-radius:8px;padding:1rem;margin:1rem 0}' +
  '.sms dt{color:#5b6475}.sms dd{font-size:1.5rem;font-weight:600;margin:0 0 .5rem}' +
  'fieldset{border:1px solid #d8dde6;border-radius:8px;margin:1rem 0}label{display:block;margin:.25rem 0}' +
  'button{font-size:1rem;padding:.5rem 1rem}[role=alert]{color:#b3261e}';

// Posts with the CSRF header (a plain form cannot send it), then follows the operator's redirect.
const SCRIPT = `(()=>{const f=document.getElementById('sms-form');if(!f)return;
const b=f.querySelector('button'),e=document.getElementById('sms-error'),label=b.textContent;
f.addEventListener('submit',async(ev)=>{ev.preventDefault();b.disabled=true;b.textContent=f.dataset.sending;e.hidden=true;
try{const r=await fetch(f.dataset.action,{method:'POST',credentials:'same-origin',headers:{'content-type':'application/json','x-csrf-token':f.dataset.csrf},
body:JSON.stringify({session:f.dataset.session,outcome:new FormData(f).get('outcome')})});
const j=await r.json().catch(()=>({}));if(r.ok&&j.redirect_url){location.assign(j.redirect_url);return;}
e.textContent=j.message||f.dataset.failed;}catch{e.textContent=f.dataset.failed;}
e.hidden=false;b.disabled=false;b.textContent=label;});})();`;

/** `nonce`: the response's Content-Security-Policy nonce, for the inline style and script. */
function page(locale: TLocale, nonce: string, body: string): string {
  const t = (key: string) => escapeHtml(translate(locale, key));
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${t('sms_payments.title')} · Printomat</title><style nonce="${escapeHtml(nonce)}">${STYLE}</style></head><body><h1>${t('sms_payments.title')}</h1><p class="note">${t('sms_payments.sandbox_note')}</p>${body}</body></html>`;
}

const safeHref = (url: string) => (/^https?:\/\//.test(url) ? escapeHtml(url) : '/');

/** The sandbox operator's page: where to send the SMS, and a form that simulates sending it. */
export function renderSmsSandboxPage(
  view: TSmsSandboxView,
  context: { token: string; csrfToken: string; requestLocale: TLocale; nonce: string },
): { status: number; html: string } {
  if (view.state === 'invalid') {
    const locale = context.requestLocale;
    return {
      status: 404,
      html: page(
        locale,
        context.nonce,
        `<p role="alert">${escapeHtml(translate(locale, 'sms_payments.errors.invalid'))}</p>`,
      ),
    };
  }
  const { session } = view;
  const locale = session.locale;
  const t = (key: string, values?: Record<string, string>) =>
    escapeHtml(translate(locale, key, values));
  const back = `<p><a href="${safeHref(session.returnUrl)}">${t('sms_payments.back')}</a></p>`;
  if (view.state === 'expired')
    return {
      status: 410,
      html: page(
        locale,
        context.nonce,
        `<p role="alert">${t('sms_payments.errors.expired')}</p>${back}`,
      ),
    };

  const text = smsTextFor(session.code);
  const details =
    `<p>${t('sms_payments.instructions', { text, number: SMS_SANDBOX_NUMBER })}</p>` +
    `<dl class="sms"><dt>${t('sms_payments.number_label')}</dt><dd data-testid="sms-number">${SMS_SANDBOX_NUMBER}</dd>` +
    `<dt>${t('sms_payments.text_label')}</dt><dd data-testid="sms-text">${escapeHtml(text)}</dd></dl>` +
    `<p>${t('sms_payments.amount', { amount: formatMoney(locale, session.amountMinor, session.currency) })}</p>` +
    `<p>${t('sms_payments.purchase', { description: session.description })}</p>`;
  const form = (inner: string, button: string) =>
    `<form id="sms-form" data-action="/sandbox-sms/simulate" data-session="${escapeHtml(context.token)}" data-csrf="${escapeHtml(context.csrfToken)}" data-sending="${t('sms_payments.sending')}" data-failed="${t('sms_payments.errors.delivery_failed')}">${inner}<button type="submit">${button}</button><p role="alert" id="sms-error" hidden></p></form>` +
    `<noscript><p>${t('sms_payments.needs_javascript')}</p></noscript><script nonce="${escapeHtml(context.nonce)}">${SCRIPT}</script>`;

  if (view.state === 'sent') {
    const said = view.outcome === 'success' ? 'sent_success' : 'sent_failure';
    return {
      status: 200,
      html: page(
        locale,
        context.nonce,
        `${details}<p data-testid="sms-outcome"><strong>${t(`sms_payments.${said}`)}</strong></p>` +
          form(
            `<input type="hidden" name="outcome" value="${view.outcome}">`,
            t('sms_payments.redeliver_button'),
          ) +
          back,
      ),
    };
  }
  const outcomes =
    `<fieldset><legend>${t('sms_payments.simulate_title')}</legend>` +
    `<label><input type="radio" name="outcome" value="success" checked> ${t('sms_payments.outcome_success')}</label>` +
    `<label><input type="radio" name="outcome" value="failure"> ${t('sms_payments.outcome_failure')}</label></fieldset>`;
  return {
    status: 200,
    html: page(
      locale,
      context.nonce,
      details + form(outcomes, t('sms_payments.simulate_button')) + back,
    ),
  };
}
