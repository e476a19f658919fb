// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime, type TCardSetup, type TPayment } from '@printomat/shared';
import { buildMe, buildSession, jsonResponse, mockFetch } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';
import { PACKAGE_LIST_FIXTURE } from './package-fixtures';
import * as paymentsApi from './payments-api';

const signedIn = () => jsonResponse(200, buildSession({ user: buildMe() }));

const payment = (overrides: Partial<TPayment> = {}): TPayment => ({
  reference: 'pay_abc',
  status: 'processing',
  method: 'card',
  package_code: 'M',
  pages: 90,
  validity_days: 60,
  amount_minor: 1890,
  currency: 'PLN',
  created_at: '2026-11-23T10:00:00.000Z',
  completed_at: null,
  pages_expire_at: null,
  receipt_number: null,
  is_abandoned: false,
  ...overrides,
});

const completed = payment({
  status: 'completed',
  completed_at: '2026-11-23T10:00:05.000Z',
  pages_expire_at: '2027-01-22T10:00:05.000Z',
  receipt_number: 'R-2026-000042',
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('payment status page (/payments/:reference)', () => {
  it('shows processing, polls, then shows the pages with their expiry and the receipt', async () => {
    let answer = payment();
    const { requests } = mockFetch({
      'GET /api/session': signedIn,
      'GET /api/payments/pay_abc': () => jsonResponse(200, answer),
    });
    renderApp('/payments/pay_abc');
    const status = await screen.findByTestId('payment-status');
    expect(within(status).getByRole('heading', { name: 'Payment processing' })).toBeTruthy();
    answer = completed;
    await waitFor(
      () =>
        expect(screen.getByTestId('payment-status').getAttribute('data-status')).toBe('completed'),
      { timeout: 5_000 },
    );
    expect(screen.getByTestId('payment-pages-added').textContent).toBe(
      `90 pages were added to your account, valid until ${formatDateTime('en', completed.pages_expire_at ?? '')}.`,
    );
    const receipt = screen.getByTestId('receipt');
    expect(within(receipt).getByTestId('receipt-number').textContent).toContain('R-2026-000042');
    expect(
      within(receipt).getByTestId('receipt-amount').textContent?.replace(/\s/g, ' '),
    ).toContain('PLN 18.90');
    const polls = requests.filter((r) => r.url === '/api/payments/pay_abc').length;
    await new Promise((r) => setTimeout(r, 2_500));
    // A final state is not read again.
    expect(requests.filter((r) => r.url === '/api/payments/pay_abc').length).toBe(polls);
  }, 15_000);

  it("failed: 'Unable to finish transaction, please try again later.'", async () => {
    mockFetch({
      'GET /api/session': signedIn,
      'GET /api/payments/pay_abc': () => jsonResponse(200, payment({ status: 'failed' })),
    });
    renderApp('/payments/pay_abc');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Unable to finish transaction, please try again later.',
    );
    expect(screen.getByRole('link', { name: 'Back to the packages' }).getAttribute('href')).toBe(
      '/kup-pakiet',
    );
  });

  it('abandoned: says the checkout was closed and a late payment still counts', async () => {
    mockFetch({
      'GET /api/session': signedIn,
      'GET /api/payments/pay_abc': () =>
        jsonResponse(200, payment({ status: 'failed', is_abandoned: true })),
    });
    renderApp('/payments/pay_abc');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This checkout was not finished in time, so it was closed. If you paid after all, the pages are added as soon as your payment arrives.',
    );
  });

  it('someone else’s or an unknown payment: not found', async () => {
    mockFetch({ 'GET /api/session': signedIn });
    renderApp('/payments/pay_other');
    expect((await screen.findByTestId('payment-error')).textContent).toBe(
      'This payment was not found.',
    );
  });
});

describe('adding a card (/cards/add)', () => {
  const setup = (overrides: Partial<TCardSetup>): TCardSetup => ({
    reference: 'card_1',
    status: 'added',
    card: { brand: 'visa', last4: '4242' },
    bonus_pages: 12,
    bonus_expires_at: '2026-11-30T10:00:00.000Z',
    ...overrides,
  });

  it('starts on the provider page', async () => {
    const go = vi.spyOn(paymentsApi, 'goToProvider').mockImplementation(() => undefined);
    mockFetch({
      'GET /api/session': signedIn,
      'POST /api/cards/setup': () =>
        jsonResponse(201, { reference: 'card_1', redirect_url: '/sandbox-pay/t' }),
    });
    renderApp('/cards/add');
    expect(
      (await screen.findByText(/Add a payment card and get 12 free pages valid for 7 days/))
        .textContent,
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('add-card'));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/sandbox-pay/t'));
  });

  it('shows the bonus once the card is confirmed', async () => {
    let answer = setup({ status: 'pending', card: null, bonus_pages: 0, bonus_expires_at: null });
    mockFetch({
      'GET /api/session': signedIn,
      'GET /api/cards/setups/card_1': () => jsonResponse(200, answer),
    });
    renderApp('/cards/add?setup=card_1');
    await screen.findByText('Waiting for your bank to confirm the card…');
    answer = setup({});
    const bonus = await screen.findByTestId('card-bonus', {}, { timeout: 5_000 });
    expect(bonus.textContent).toBe(
      `You got 12 free pages, valid until ${formatDateTime('en', '2026-11-30T10:00:00.000Z')}.`,
    );
    expect(screen.getByRole('status').textContent).toBe('Your card was added. visa ending in 4242');
  });

  it('a card without bonus, and a failed card, say so', async () => {
    mockFetch({
      'GET /api/session': signedIn,
      'GET /api/cards/setups/card_1': () =>
        jsonResponse(200, setup({ bonus_pages: 0, bonus_expires_at: null })),
      'GET /api/cards/setups/card_2': () => jsonResponse(200, setup({ status: 'failed' })),
    });
    const first = renderApp('/cards/add?setup=card_1');
    expect((await screen.findByTestId('card-no-bonus')).textContent).toBe(
      'The add-card bonus was already used for this account or this card.',
    );
    first.unmount();
    renderApp('/cards/add?setup=card_2');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your card could not be added. Please try again.',
    );
  });

  it('an unconfirmed e-mail opens the e-mail-required modal', async () => {
    mockFetch({
      'GET /api/session': signedIn,
      'POST /api/cards/setup': () =>
        jsonResponse(403, {
          code: 'email_required',
          message: 'Please confirm your e-mail address before paying.',
        }),
    });
    const { location } = renderApp('/cards/add');
    fireEvent.click(await screen.findByTestId('add-card'));
    const modal = await screen.findByTestId('email-required-modal');
    expect(
      within(modal).getByRole('heading', { name: 'Confirm your e-mail address' }),
    ).toBeTruthy();
    expect(location.hash).toBe('#modal=payments.email_required');
  });
});

describe('paid package modal (paid_packages/{cta})', () => {
  it('offers package M on promotion and leads to its checkout', async () => {
    mockFetch({
      'GET /api/session': signedIn,
      'GET /api/packages': () => jsonResponse(200, PACKAGE_LIST_FIXTURE),
    });
    const { location } = renderApp('/#modal=paid_packages.cta_color');
    const offer = await screen.findByTestId('offer-package');
    expect(offer.textContent?.replace(/\s/g, ' ')).toBe('Package M: 90 pages for PLN 18.90');
    fireEvent.click(screen.getByTestId('offer-buy'));
    await waitFor(() => expect(location.pathname).toBe('/kup-pakiet'));
    expect(location.search).toBe('?package=M');
  });
});

describe('purchase history on the account page', () => {
  it('lists purchases with their receipts', async () => {
    mockFetch({
      'GET /api/session': signedIn,
      'GET /api/payments': () =>
        jsonResponse(200, {
          payments: [completed, payment({ reference: 'pay_2', status: 'failed' })],
        }),
    });
    renderApp('/account');
    const history = await screen.findByTestId('purchase-history', {}, { timeout: 5_000 });
    const rows = await within(history).findAllByTestId('purchase-row');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['completed', 'failed']);
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: 'R-2026-000042' })
        .getAttribute('href'),
    ).toBe('/payments/pay_abc');
    expect(within(rows[1] as HTMLElement).getByText('Failed')).toBeTruthy();
  });

  it('shows a checkout nobody finished as abandoned, in the person’s language', async () => {
    mockFetch({
      'GET /api/session': () =>
        jsonResponse(200, buildSession({ locale: 'de', user: buildMe({ locale: 'de' }) })),
      'GET /api/payments': () =>
        jsonResponse(200, {
          payments: [
            payment({ reference: 'pay_3', status: 'failed', is_abandoned: true }),
            payment({ reference: 'pay_4', status: 'failed' }),
          ],
        }),
    });
    renderApp('/account');
    const history = await screen.findByTestId('purchase-history', {}, { timeout: 5_000 });
    const states = await within(history).findAllByTestId('purchase-state');
    expect(states.map((s) => s.textContent)).toEqual(['Abgebrochen', 'Fehlgeschlagen']);
  });
});
