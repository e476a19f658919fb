// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe, buildSession, jsonResponse, mockFetch } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';
import { buildBusinessPackageList, buildBusinessProfile } from './business-fixtures';

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** The errors listed under the field labelled `label`. */
function errorsAt(label: string): string[] {
  const field = screen.getByLabelText(label).closest('.field');
  if (!(field instanceof HTMLElement)) throw new Error(`no form field labelled ${label}`);
  return within(field)
    .queryAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

function fillAccount() {
  fill('Email', 'firma@example.com');
  fill('Email confirmation', 'firma@example.com');
  fill('Password', 'long enough 1');
  fill('Password confirmation', 'long enough 1');
}

function fillCompany(nip: string) {
  fill('Company name', 'Drukarnia Kowalski sp. z o.o.');
  fill('Street and number', 'ul. Długa 5');
  fill('Postcode', '31-147');
  fill('City', 'Kraków');
  fill('Tax number (NIP or EU VAT number)', nip);
}

describe('business sign-up (/business/sign-up)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('checks the form with the shared rules before sending: blank fields, postcode and NIP', async () => {
    const { requests } = mockFetch({ 'GET /api/session': () => jsonResponse(200, buildSession()) });
    renderApp('/business/sign-up');
    await screen.findByRole('heading', { level: 1, name: 'Create a business account' });
    fillAccount();
    fireEvent.click(screen.getByRole('button', { name: 'Create the business account' }));
    await screen.findByText('Please correct the highlighted fields.');
    expect(errorsAt('Company name')).toEqual(["can't be blank"]);
    expect(errorsAt('City')).toEqual(["can't be blank"]);
    expect(errorsAt('Tax number (NIP or EU VAT number)')).toEqual(["can't be blank"]);

    // The postcode of the country and the NIP's check digit (526-104-00-01 is valid).
    fillCompany('526-104-00-02');
    fill('Postcode', '31147');
    fireEvent.click(screen.getByRole('button', { name: 'Create the business account' }));
    await waitFor(() => expect(errorsAt('Postcode')).toEqual(['is invalid']));
    expect(errorsAt('Company name')).toEqual([]);
    expect(errorsAt('Tax number (NIP or EU VAT number)')).toEqual(['is invalid']);
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('shows the server’s field errors in Polish at the fields', async () => {
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession({ locale: 'pl' })),
      'POST /api/business/sign-up': () =>
        jsonResponse(422, {
          message: 'Popraw zaznaczone pola.',
          code: 'validation',
          errors: { email: ['jest już zajęte'], nip_number: ['jest nieprawidłowe'] },
        }),
    });
    renderApp('/business/sign-up');
    await screen.findByRole('heading', { level: 1, name: 'Załóż konto firmowe' });
    fill('E-mail', 'firma@example.com');
    fill('Potwierdzenie e-maila', 'firma@example.com');
    fill('Hasło', 'long enough 1');
    fill('Potwierdzenie hasła', 'long enough 1');
    fill('Nazwa firmy', 'Drukarnia');
    fill('Ulica i numer', 'ul. Długa 5');
    fill('Kod pocztowy', '31-147');
    fill('Miejscowość', 'Kraków');
    fill('NIP (lub numer VAT UE)', '5261040001');
    fireEvent.click(screen.getByRole('button', { name: 'Załóż konto firmowe' }));

    expect(await screen.findByText('Popraw zaznaczone pola.')).toBeTruthy();
    expect(errorsAt('NIP (lub numer VAT UE)')).toEqual(['jest nieprawidłowe']);
    expect(errorsAt('E-mail')).toEqual(['jest już zajęte']);
    // The address has an account: sign in with it, then turn it into a business account.
    const hint = screen.getByTestId('business-sign-up-taken');
    expect(hint.textContent).toBe(
      'Ten adres ma już konto. Zaloguj się, aby zamienić je na konto firmowe',
    );
    expect(within(hint).getByRole('link').getAttribute('href')).toBe(
      '/sign-in?next=/business/sign-up',
    );
  });

  it('signs the company up with every field and opens the business page', async () => {
    let signedIn = false;
    const { requests } = mockFetch({
      'GET /api/session': () =>
        jsonResponse(
          200,
          buildSession({
            user: signedIn ? buildMe({ role: 'business', remaining_page_limit: 0 }) : null,
          }),
        ),
      'POST /api/business/sign-up': () => {
        signedIn = true;
        return jsonResponse(201, { user: buildMe({ role: 'business' }) });
      },
      'GET /api/business/profile': () =>
        jsonResponse(
          200,
          buildBusinessProfile({ trial: null, trial_status: 'awaiting_confirmation' }),
        ),
      'GET /api/business/packages': () => jsonResponse(200, buildBusinessPackageList()),
      'GET /api/business/purchases': () => jsonResponse(200, { purchases: [] }),
      'GET /api/business/invoices': () => jsonResponse(200, { invoices: [] }),
    });
    const { location } = renderApp('/business/sign-up');
    await screen.findByRole('heading', { level: 1, name: 'Create a business account' });
    fillAccount();
    fillCompany('PL 526-104-00-01');
    fireEvent.click(screen.getByRole('button', { name: 'Create the business account' }));

    await screen.findByRole('heading', { level: 1, name: 'Business account' });
    expect(location.pathname).toBe('/business/account');
    const post = requests.find((r) => r.url === '/api/business/sign-up');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      email: 'firma@example.com',
      email_confirmation: 'firma@example.com',
      password: 'long enough 1',
      password_confirmation: 'long enough 1',
      business_name: 'Drukarnia Kowalski sp. z o.o.',
      address: 'ul. Długa 5',
      postcode: '31-147',
      city: 'Kraków',
      country: 'PL',
      nip_number: 'PL 526-104-00-01',
      locale: 'en',
    });
    // The test pages come with the e-mail confirmation.
    expect((await screen.findByTestId('business-trial-text')).textContent).toMatch(
      /^Confirm your e-mail address to receive your free test pages/,
    );
    expect(screen.queryByTestId('business-sign-up-taken')).toBeNull();
  });

  it('offers a signed-in personal account to become a business one', async () => {
    let role: 'user' | 'business' = 'user';
    const { requests } = mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession({ user: buildMe({ role }) })),
      'POST /api/business/convert': () => {
        role = 'business';
        return jsonResponse(200, buildBusinessProfile());
      },
      'GET /api/business/profile': () => jsonResponse(200, buildBusinessProfile()),
      'GET /api/business/packages': () => jsonResponse(200, buildBusinessPackageList()),
      'GET /api/business/purchases': () => jsonResponse(200, { purchases: [] }),
      'GET /api/business/invoices': () => jsonResponse(200, { invoices: [] }),
    });
    const { location } = renderApp('/business/sign-up');
    await screen.findByRole('heading', {
      level: 1,
      name: 'Turn your account into a business account',
    });
    expect(screen.queryByLabelText('Password')).toBeNull();
    fillCompany('5261040001');
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'PL' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn into a business account' }));

    await screen.findByTestId('business-company');
    expect(location.pathname).toBe('/business/account');
    const post = requests.find((r) => r.url === '/api/business/convert');
    expect(JSON.parse(post?.body ?? '{}')).toMatchObject({
      nip_number: '5261040001',
      country: 'PL',
    });
  });

  it('refuses a foreign company whose VAT number is of another country', async () => {
    const { requests } = mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession()),
    });
    renderApp('/business/sign-up');
    await screen.findByRole('heading', { level: 1, name: 'Create a business account' });
    fillAccount();
    fillCompany('5261040001');
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'DE' } });
    fill('Postcode', '10115');
    fireEvent.click(screen.getByRole('button', { name: 'Create the business account' }));
    await screen.findByText('Please correct the highlighted fields.', { exact: false });
    expect(errorsAt('Tax number (NIP or EU VAT number)')).toEqual(['is invalid']);
    expect(errorsAt('Postcode')).toEqual([]);
    // Refused in the browser: nothing was sent.
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });
});
