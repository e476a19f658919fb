// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TLocale, TPaymentMethodName } from '@printomat/shared';
import * as paymentsApi from '../../payments/payments-api';
import { PACKAGE_LIST_FIXTURE } from '../../payments/package-fixtures';
import { buildMe, buildSession, jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';

function open(
  path: string,
  locale: TLocale = 'en',
  options: { signedIn?: boolean; methods?: TPaymentMethodName[] } = {},
) {
  const user = options.signedIn ? buildMe({ locale }) : null;
  const list = {
    ...PACKAGE_LIST_FIXTURE,
    payment_methods: options.methods ?? PACKAGE_LIST_FIXTURE.payment_methods,
  };
  const mock = mockFetch({
    'GET /api/session': () => jsonResponse(200, buildSession({ locale, user })),
    'GET /api/packages': () => jsonResponse(200, list),
    'POST /api/payments': (request) => {
      const body = JSON.parse(request.body ?? '{}') as { method?: string | null };
      if (!body.method)
        return jsonResponse(422, {
          code: 'no_payment_method',
          message: 'User did not enter a payment method',
        });
      if (body.method === 'sms')
        return jsonResponse(201, { reference: 'pay_2', redirect_url: '/sandbox-sms?session=tok' });
      return jsonResponse(201, { reference: 'pay_1', redirect_url: '/sandbox-pay/token' });
    },
  });
  const app = renderApp(path);
  return { ...mock, ...app };
}

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

describe('buy a package (/kup-pakiet)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it.each([
    ['en', 'PLN 9.90', 'PLN 27.00', 'PLN 18.90', 'PLN 99.90'],
    ['de', '9,90 PLN', '27,00 PLN', '18,90 PLN', '99,90 PLN'],
    ['pl', '9,90 zł', '27,00 zł', '18,90 zł', '99,90 zł'],
  ] as const)(
    'shows the packages from the server for %s in their currency with 2 decimals',
    async (locale, small, mRegular, mNow, extraLarge) => {
      open('/kup-pakiet', locale);
      const price = async (id: string) =>
        plain(
          within(await screen.findByTestId(`package-${id}`)).getByTestId('package-price')
            .textContent,
        );
      expect(await price('S')).toBe(small);
      expect(await price('M')).toBe(mNow);
      expect(await price('XL')).toBe(extraLarge);
      const m = screen.getByTestId('package-M');
      expect(plain(within(m).getByTestId('package-regular-price').textContent)).toBe(mRegular);
      expect(
        within(screen.getByTestId('package-S')).queryByTestId('package-regular-price'),
      ).toBeNull();
      // Business packages are not sold here.
      expect(screen.getAllByTestId('package-buy')).toHaveLength(4);
    },
  );

  it('lists pages, validity and the colour equivalent, and explains colour vs mono', async () => {
    open('/kup-pakiet');
    const m = await screen.findByTestId('package-M');
    expect(within(m).getByRole('heading', { level: 3, name: 'Package M' })).toBeTruthy();
    expect(within(m).getByTestId('package-pages').textContent).toBe('90 pages');
    expect(within(m).getByTestId('package-validity').textContent).toBe('Valid for 60 days');
    expect(within(m).getByText('or 30 colour pages')).toBeTruthy();
    expect(within(m).getByText('−30%')).toBeTruthy();

    const colour = screen.getByTestId('package-colour');
    expect(within(colour).getByText(/One colour page counts as 3 mono pages/)).toBeTruthy();
    expect(within(colour).getByRole('img', { name: '1 colour page = 3 mono pages' })).toBeTruthy();

    const promo = screen.getByTestId('package-promo');
    expect(within(promo).getByRole('heading', { name: '30% off package M' })).toBeTruthy();
    expect(plain(within(promo).getByText(/Package M now costs/).textContent)).toBe(
      'Package M now costs PLN 18.90 instead of PLN 27.00.',
    );
  });

  it('asks a guest to sign in first and brings them back to the chosen package', async () => {
    const { location } = open('/kup-pakiet');
    const buttons = await screen.findAllByRole('button', { name: 'Sign in to buy' });
    fireEvent.click(buttons[1] as HTMLElement);
    await waitFor(() => expect(location.pathname).toBe('/sign-in'));
    expect(new URLSearchParams(location.search).get('next')).toBe('/kup-pakiet?package=M');
  });

  it('checkout: without a method the spec message shows; with one it goes to the provider once', async () => {
    const assign = vi.fn();
    vi.spyOn(paymentsApi, 'goToProvider').mockImplementation(assign);
    const { requests } = open('/kup-pakiet?package=M', 'en', { signedIn: true });
    const checkout = await screen.findByTestId('checkout');
    expect(within(checkout).getByRole('heading', { name: 'Buy package M' })).toBeTruthy();
    expect(plain(within(checkout).getByTestId('checkout-summary').textContent)).toBe(
      '90 pages valid for 60 days: PLN 18.90',
    );
    fireEvent.click(within(checkout).getByRole('button', { name: 'Go to payment' }));
    expect((await within(checkout).findByRole('alert')).textContent).toContain(
      'User did not enter a payment method',
    );
    fireEvent.click(within(checkout).getByRole('radio', { name: 'Card' }));
    fireEvent.click(within(checkout).getByRole('button', { name: 'Go to payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox-pay/token'));
    const posts = requests.filter((r) => r.method === 'POST' && r.url === '/api/payments');
    expect(posts).toHaveLength(2);
    const [first, second] = posts.map((r) => JSON.parse(r.body ?? '{}') as Record<string, unknown>);
    expect(first).toMatchObject({ package_id: 2, method: null });
    expect(second).toMatchObject({ package_id: 2, method: 'card' });
    expect(second?.idempotency_key).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('payment methods on /kup-pakiet follow what the server takes', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const radios = (checkout: HTMLElement) =>
    within(checkout)
      .getAllByRole('radio')
      .map((radio) => (radio as HTMLInputElement).value);

  it('with an SMS-payment provider: SMS is offered, named in the Payment card, and leads to the operator page', async () => {
    const assign = vi.fn();
    vi.spyOn(paymentsApi, 'goToProvider').mockImplementation(assign);
    const { requests } = open('/kup-pakiet?package=M', 'en', { signedIn: true });
    const checkout = await screen.findByTestId('checkout');
    expect(radios(checkout)).toEqual(['card', 'transfer', 'blik', 'sms']);
    expect(screen.getByTestId('payment-methods').textContent).toBe(
      'Ways to pay: card, bank transfer, BLIK, SMS. Your pages are added as soon as the payment is confirmed, and the receipt comes by e-mail.',
    );
    fireEvent.click(within(checkout).getByRole('radio', { name: 'SMS' }));
    fireEvent.click(within(checkout).getByRole('button', { name: 'Go to payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox-sms?session=tok'));
    const posts = requests.filter((r) => r.method === 'POST' && r.url === '/api/payments');
    expect(posts.map((r) => JSON.parse(r.body ?? '{}') as unknown)).toEqual([
      expect.objectContaining({ package_id: 2, method: 'sms' }),
    ]);
  });

  it('without one: no SMS anywhere on the page', async () => {
    open('/kup-pakiet?package=M', 'pl', { signedIn: true, methods: ['card', 'transfer', 'blik'] });
    const checkout = await screen.findByTestId('checkout');
    expect(radios(checkout)).toEqual(['card', 'transfer', 'blik']);
    expect(screen.getByTestId('payment-methods').textContent).toBe(
      'Sposoby płatności: karta, przelew i BLIK. Strony dodajemy od razu po potwierdzeniu płatności, a potwierdzenie zakupu przychodzi e-mailem.',
    );
    expect(screen.queryByText(/SMS/)).toBeNull();
  });

  it('without any provider: the spec message instead of methods', async () => {
    open('/kup-pakiet?package=M', 'en', { signedIn: true, methods: [] });
    await screen.findByTestId('checkout');
    expect(screen.getByTestId('payment-methods').textContent).toBe(
      'Unable to process payments at this time',
    );
  });
});

describe('get pages (/zdobadz-strony)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('explains inviting friends, the card bonus (12 pages for 7 days) and packages', async () => {
    open('/zdobadz-strony');
    const card = await screen.findByTestId('get-pages-card');
    expect(
      within(card).getByRole('heading', { name: 'Add a card: 12 pages for 7 days' }),
    ).toBeTruthy();
    expect(
      within(card).getByRole('link', { name: 'Create a free account' }).getAttribute('href'),
    ).toBe('/sign-up');
    const invite = screen.getByTestId('get-pages-invite');
    expect(
      within(invite).getByRole('link', { name: 'How inviting works' }).getAttribute('href'),
    ).toBe('/recommend');
    const packages = screen.getByTestId('get-pages-packages');
    expect(within(packages).getByText(/Package M is now 30% off/)).toBeTruthy();
  });

  it('uses the Polish plural forms', async () => {
    open('/zdobadz-strony', 'pl');
    const card = await screen.findByTestId('get-pages-card');
    expect(
      within(card).getByRole('heading', { name: 'Dodaj kartę: 12 stron na 7 dni' }),
    ).toBeTruthy();
  });
});
