import {
  CARD_FIELD_MAX_LENGTH,
  createTranslator,
  formatMoney,
  type TLocale,
  type TMessageKey,
} from '@printomat/shared';
import {
  SANDBOX_BANKS,
  SANDBOX_OUTCOMES,
  type TSandboxFieldErrors,
} from './sandbox-checkout.service';
import type { TSandboxSessionRow } from './sandbox-sessions.repo';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const LOCALES: readonly TLocale[] = ['en', 'de', 'pl'];
const localeOf = (s: TSandboxSessionRow): TLocale => LOCALES.find((l) => l === s.locale) ?? 'en';

/** `nonce`: the response's Content-Security-Policy nonce, which the inline `<style>` needs. */
function page(locale: TLocale, nonce: string, title: string, body: string): string {
  const t = createTranslator(locale);
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style nonce="${escapeHtml(nonce)}">
body{font-family:system-ui,Arial,sans-serif;background:#eef1f6;color:#1d2433;margin:0}
main{max-width:28rem;margin:2rem auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 4px 16px #0002}
h1{font-size:1.25rem;margin:0 0 .25rem}.brand{color:#6b21a8;font-weight:700;letter-spacing:.04em;font-size:.8rem}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}input[type=text],select{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box;border:1px solid #9aa3b5;border-radius:6px}
.row{display:flex;gap:.75rem}.row>div{flex:1}.err{color:#b42318;margin:.25rem 0 0;font-size:.9rem}
fieldset{border:1px solid #d0d5dd;border-radius:6px;margin-top:1rem}button{margin-top:1rem;padding:.6rem 1rem;font-size:1rem;border-radius:6px;border:0;background:#6b21a8;color:#fff;cursor:pointer}
button.secondary{background:#e4e7ec;color:#1d2433}.amount{font-size:1.5rem;font-weight:700}.code{font-size:1.75rem;letter-spacing:.2em;font-weight:700}
</style></head><body><main><p class="brand">${escapeHtml(t('payments.sandbox.brand'))}</p>${body}</main></body></html>`;
}

function field(
  t: ReturnType<typeof createTranslator>,
  name: string,
  label: string,
  errors: TSandboxFieldErrors,
  attrs: string,
): string {
  const error = errors[name];
  const id = `f-${name}`;
  return `<label for="${id}">${escapeHtml(label)}</label>
<input type="text" id="${id}" name="${name}" ${attrs}${error ? ` aria-invalid="true" aria-describedby="${id}-err"` : ''}>
${error ? `<p class="err" id="${id}-err" role="alert">${escapeHtml(t(`payments.sandbox.errors.${error}` as TMessageKey))}</p>` : ''}`;
}

function outcomeChoice(t: ReturnType<typeof createTranslator>, card: boolean): string {
  const outcomes = card ? SANDBOX_OUTCOMES.filter((o) => o !== 'processing') : SANDBOX_OUTCOMES;
  return `<fieldset><legend>${escapeHtml(t('payments.sandbox.outcome.legend'))}</legend>
${outcomes
  .map(
    (o, i) =>
      `<label><input type="radio" name="outcome" value="${o}"${i === 0 ? ' checked' : ''}> ${escapeHtml(t(`payments.sandbox.outcome.${o}`))}</label>`,
  )
  .join('\n')}</fieldset>`;
}

/** The hosted page: what is paid, and the form for the chosen method. */
export function renderSandboxForm(
  token: string,
  session: TSandboxSessionRow,
  nonce: string,
  errors: TSandboxFieldErrors = {},
): string {
  const locale = localeOf(session);
  const t = createTranslator(locale);
  const isCard = session.kind === 'card';
  const title = isCard ? t('payments.sandbox.card_title') : t('payments.sandbox.pay_title');
  const amount =
    session.amount_minor !== null && session.currency
      ? `<p class="amount" data-testid="sandbox-amount">${escapeHtml(formatMoney(locale, session.amount_minor, session.currency))}</p>`
      : '';
  let form: string;
  if (session.method === 'card') {
    const max = CARD_FIELD_MAX_LENGTH;
    form = `${field(t, 'number', t('payments.sandbox.card.number'), errors, `maxlength="${max.number}" inputmode="numeric" autocomplete="cc-number" required`)}
<div class="row"><div>${field(t, 'exp_month', t('payments.sandbox.card.exp_month'), errors, `maxlength="${max.expirationMonth}" inputmode="numeric" placeholder="MM" autocomplete="cc-exp-month" required`)}</div>
<div>${field(t, 'exp_year', t('payments.sandbox.card.exp_year'), errors, `maxlength="${max.expirationYear}" inputmode="numeric" placeholder="YYYY" autocomplete="cc-exp-year" required`)}</div>
<div>${field(t, 'cvv', t('payments.sandbox.card.cvv'), errors, `maxlength="${max.cvv}" inputmode="numeric" autocomplete="cc-csc" required`)}</div></div>
${field(t, 'postal_code', t('payments.sandbox.card.postal_code'), errors, `maxlength="${max.postalCode}" autocomplete="postal-code" required`)}
${outcomeChoice(t, isCard)}`;
  } else if (session.method === 'transfer') {
    form = `<label for="f-bank">${escapeHtml(t('payments.sandbox.transfer.bank'))}</label>
<select id="f-bank" name="bank" required><option value="">—</option>${SANDBOX_BANKS.map((b) => `<option>${escapeHtml(b)}</option>`).join('')}</select>
${errors.bank ? `<p class="err" role="alert">${escapeHtml(t('payments.sandbox.errors.bank'))}</p>` : ''}
${outcomeChoice(t, false)}`;
  } else {
    form = `${field(t, 'blik_code', t('payments.sandbox.blik.code'), errors, 'maxlength="6" inputmode="numeric" pattern="[0-9]{6}" required')}
${outcomeChoice(t, false)}`;
  }
  return page(
    locale,
    nonce,
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(isCard ? t('payments.sandbox.card_text') : session.description)}</p>${amount}
<form method="post" action="/sandbox-pay/${escapeHtml(token)}" data-testid="sandbox-form">${form}
<button type="submit">${escapeHtml(isCard ? t('payments.sandbox.save_card') : t('payments.sandbox.pay'))}</button></form>
<p><small>${escapeHtml(t('payments.sandbox.note'))}</small></p>`,
  );
}

/** 3-D Secure: the "bank" shows its one-time code on the page (a sandbox has no phone). */
export function renderSandboxChallenge(
  token: string,
  session: TSandboxSessionRow,
  nonce: string,
  errors: TSandboxFieldErrors = {},
): string {
  const locale = localeOf(session);
  const t = createTranslator(locale);
  const title = t('payments.sandbox.challenge.title');
  return page(
    locale,
    nonce,
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(t('payments.sandbox.challenge.text', { last4: session.card_last4 ?? '' }))}</p>
<p>${escapeHtml(t('payments.sandbox.challenge.your_code'))} <span class="code" data-testid="sandbox-3ds-code">${escapeHtml(session.challenge_code ?? '')}</span></p>
<form method="post" action="/sandbox-pay/${escapeHtml(token)}/3ds" data-testid="sandbox-3ds-form">
${field(t, 'code', t('payments.sandbox.challenge.code'), errors, 'maxlength="6" inputmode="numeric" autocomplete="one-time-code" required')}
<button type="submit" name="action" value="confirm">${escapeHtml(t('payments.sandbox.challenge.confirm'))}</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>${escapeHtml(t('payments.sandbox.challenge.cancel'))}</button>
</form>`,
  );
}

export function renderSandboxGone(nonce: string, locale: TLocale = 'en'): string {
  const t = createTranslator(locale);
  return page(
    locale,
    nonce,
    t('payments.sandbox.gone'),
    `<h1>${escapeHtml(t('payments.sandbox.gone'))}</h1>`,
  );
}
