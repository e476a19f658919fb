// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TPhoneState } from '@printomat/shared';
import { buildMe, buildSession, jsonResponse, mockFetch } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';

const NONE: TPhoneState = {
  phone_number: null,
  verified_at: null,
  pending: null,
  old_app_verification_required: false,
  old_app_extra_pages: 10,
  credited_pages: 0,
};
const PENDING: TPhoneState = {
  ...NONE,
  pending: {
    phone_number: '+48501234567',
    resend_available_at: '2026-11-23T10:00:30.000Z',
    expires_at: '2026-11-23T10:10:00.000Z',
  },
};

const fieldErrorOf = (label: string) => {
  const input = screen.getByLabelText(label, { selector: 'input' });
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join('|');
};

describe('phone number on the account page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('adds a number, shows the spec messages and verifies the code', async () => {
    let state: TPhoneState = NONE;
    const attempts: string[] = [];
    const { requests } = mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession({ user: buildMe() })),
      'GET /api/phone': () => jsonResponse(200, state),
      'POST /api/phone': (request) => {
        const number = (JSON.parse(request.body ?? '{}') as { phone_number: string }).phone_number;
        attempts.push(number);
        if (number === '+1 212 555 0100')
          return jsonResponse(422, {
            message: 'Please correct the highlighted fields.',
            code: 'phone_not_supported',
            errors: { phone_number: ['is not supported'] },
          });
        if (number === '+44 7700 900123')
          return jsonResponse(503, {
            message: 'Unable to send SMS. Try again later.',
            code: 'sms_failed',
          });
        state = PENDING;
        return jsonResponse(200, state);
      },
      'POST /api/phone/resend': () =>
        jsonResponse(429, { message: 'Wait at least 30 seconds', code: 'sms_wait' }),
      'POST /api/phone/verify': (request) => {
        const code = (JSON.parse(request.body ?? '{}') as { sms_verification_code: string })
          .sms_verification_code;
        if (code !== '424242')
          return jsonResponse(422, { message: 'Invalid code', code: 'invalid_code' });
        state = {
          ...NONE,
          phone_number: '+48501234567',
          verified_at: '2026-11-23T10:01:00.000Z',
        };
        return jsonResponse(200, state);
      },
    });
    const { location } = renderApp('/account');
    expect((await screen.findByTestId('phone-status')).textContent).toBe('No phone number yet.');

    fireEvent.click(screen.getByRole('button', { name: 'Add phone number' }));
    const input = await screen.findByLabelText('Phone number', { selector: 'input' });
    expect(location.hash).toBe('#modal=phone.add');
    fireEvent.change(input, { target: { value: '+1 212 555 0100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(fieldErrorOf('Phone number')).toContain('is not supported'));
    expect(
      screen.getByLabelText('Phone number', { selector: 'input' }).getAttribute('aria-invalid'),
    ).toBe('true');

    fireEvent.change(screen.getByLabelText('Phone number', { selector: 'input' }), {
      target: { value: '+44 7700 900123' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Unable to send SMS. Try again later.',
    );

    fireEvent.change(screen.getByLabelText('Phone number', { selector: 'input' }), {
      target: { value: '+48 501 234 567' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter the code we sent to +48501234567.')).toBeTruthy();
    expect(location.hash).toBe('#modal=phone.verify');

    fireEvent.change(screen.getByLabelText('SMS code'), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid code');

    fireEvent.click(screen.getByRole('button', { name: 'Send the code again' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(
        'Wait at least 30 seconds',
      ),
    );

    fireEvent.change(screen.getByLabelText('SMS code'), { target: { value: '424242' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByTestId('phone-verified')).textContent).toContain(
      'Your phone number +48501234567 is verified.',
    );
    expect(attempts).toEqual(['+1 212 555 0100', '+44 7700 900123', '+48 501 234 567']);
    const verify = requests.filter((r) => r.url === '/api/phone/verify');
    expect(verify.every((r) => r.headers.has('X-CSRF-Token'))).toBe(true);

    const dialog = screen.getByTestId('modal');
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByTestId('modal')).toBeNull());
    await waitFor(() =>
      expect(screen.getByTestId('phone-number').textContent).toBe('+48501234567'),
    );
  }, 20_000);

  it('tells an outdated-app account to verify a Polish mobile number', async () => {
    mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession({ user: buildMe() })),
      'GET /api/phone': () => jsonResponse(200, { ...NONE, old_app_verification_required: true }),
    });
    renderApp('/account');
    expect((await screen.findByTestId('old-app-notice')).textContent).toBe(
      'You signed in with an outdated phone app. Verify your account by SMS to a Polish mobile number to print, and get 10 extra pages.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add phone number' }));
    expect(
      await screen.findByText(
        'Only Polish mobile numbers can verify an account that used an outdated app.',
      ),
    ).toBeTruthy();
  });
});
