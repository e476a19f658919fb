// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TPinState } from '@printomat/shared';
import { buildMe, buildSession, jsonResponse, mockFetch } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';

const NO_PIN: TPinState = {
  pin_uid: null,
  pin_set: false,
  pin_set_at: null,
  password_required: true,
};

const fieldErrorsOf = (label: string) => {
  const input = screen.getByLabelText(label);
  const id = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((x) => x.endsWith('-error'));
  return {
    invalid: input.getAttribute('aria-invalid'),
    messages: id
      ? [...(document.getElementById(id)?.querySelectorAll('li') ?? [])].map((li) => li.textContent)
      : [],
  };
};

describe('the PIN page (/account/pin)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the server’s messages at their fields, then the new ID once the PIN is set', async () => {
    const { requests } = mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession({ user: buildMe() })),
      'GET /ajax/user/pin': () => jsonResponse(200, NO_PIN),
      'PUT /ajax/user/pin': (request) => {
        const body = JSON.parse(request.body ?? '{}') as Record<string, string>;
        if (body.pin_code !== '4829' || body.old_password !== 'my-secret')
          return jsonResponse(422, {
            message: 'Please correct the highlighted fields.',
            code: 'validation',
            errors: {
              pin_code: ['is not a number', 'is too short (minimum is 4 characters)'],
              pin_code_confirmation: ["doesn't match PIN"],
              old_password: ['is incorrect'],
            },
          });
        return jsonResponse(200, {
          pin_uid: 482913,
          pin_set: true,
          pin_set_at: '2026-03-04T10:15:00.000Z',
          password_required: true,
        });
      },
    });
    renderApp('/account/pin');
    expect(await screen.findByText('No PIN set yet.')).toBeTruthy();
    expect(screen.getByText('You get your ID when you set your first PIN.')).toBeTruthy();
    expect(screen.getByText(/type your ID and PIN on its panel/)).toBeTruthy();
    expect(screen.getByText(/colour pages count three times/)).toBeTruthy();

    const pin = screen.getByLabelText('PIN');
    expect(pin.getAttribute('inputmode')).toBe('numeric');
    expect(pin.getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByLabelText('PIN confirmation').getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByLabelText('Current password').getAttribute('type')).toBe('password');

    fireEvent.change(pin, { target: { value: '12a' } });
    fireEvent.change(screen.getByLabelText('PIN confirmation'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'guess' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set PIN' }));

    await waitFor(() => expect(fieldErrorsOf('PIN').invalid).toBe('true'));
    expect(fieldErrorsOf('PIN').messages).toEqual([
      'is not a number',
      'is too short (minimum is 4 characters)',
    ]);
    expect(fieldErrorsOf('PIN confirmation').messages).toEqual(["doesn't match PIN"]);
    expect(fieldErrorsOf('Current password').messages).toEqual(['is incorrect']);
    expect(screen.getByRole('alert').textContent).toBe('Please correct the highlighted fields.');

    fireEvent.change(screen.getByLabelText('PIN'), { target: { value: '4829' } });
    fireEvent.change(screen.getByLabelText('PIN confirmation'), { target: { value: '4829' } });
    fireEvent.change(screen.getByLabelText('Current password'), {
      target: { value: 'my-secret' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Set PIN' }));

    expect((await screen.findByRole('status')).textContent).toBe(
      'Your PIN is set. Your ID is 482913.',
    );
    expect(screen.getByTestId('pin-uid').textContent).toBe('Your ID: 482913');
    expect(screen.getByTestId('pin-set').textContent).toMatch(/^PIN set on .*2026/);
    expect(fieldErrorsOf('PIN').invalid).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('PIN').value).toBe('');
    expect(screen.getByRole('button', { name: 'Change PIN' })).toBeTruthy();
    const puts = requests.filter((r) => r.method === 'PUT');
    expect(JSON.parse(puts[1]?.body ?? '{}')).toEqual({
      pin_code: '4829',
      pin_code_confirmation: '4829',
      old_password: 'my-secret',
    });
  });

  it('asks an account without a password for none', async () => {
    const { requests } = mockFetch({
      'GET /api/session': () =>
        jsonResponse(
          200,
          buildSession({ user: buildMe({ has_password: false, has_facebook: true }) }),
        ),
      'GET /ajax/user/pin': () => jsonResponse(200, { ...NO_PIN, password_required: false }),
      'PUT /ajax/user/pin': () =>
        jsonResponse(200, {
          pin_uid: 700123,
          pin_set: true,
          pin_set_at: '2026-03-04T10:15:00.000Z',
          password_required: false,
        }),
    });
    renderApp('/account/pin');
    fireEvent.change(await screen.findByLabelText('PIN'), { target: { value: '5071' } });
    fireEvent.change(screen.getByLabelText('PIN confirmation'), { target: { value: '5071' } });
    expect(screen.queryByLabelText('Current password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Set PIN' }));
    await screen.findByText('Your PIN is set. Your ID is 700123.');
    expect(JSON.parse(requests.find((r) => r.method === 'PUT')?.body ?? '{}')).toEqual({
      pin_code: '5071',
      pin_code_confirmation: '5071',
    });
  });

  it('resets the PIN and ID only after a confirmation', async () => {
    const { requests } = mockFetch({
      'GET /api/session': () => jsonResponse(200, buildSession({ user: buildMe() })),
      'GET /ajax/user/pin': () =>
        jsonResponse(200, {
          pin_uid: 482913,
          pin_set: true,
          pin_set_at: '2026-03-04T10:15:00.000Z',
          password_required: true,
        }),
      'POST /ajax/user/pin/reset': () => jsonResponse(200, { ...NO_PIN, pin_uid: 915007 }),
    });
    renderApp('/account/pin');
    expect((await screen.findByTestId('pin-uid')).textContent).toBe('Your ID: 482913');
    fireEvent.click(screen.getByRole('button', { name: 'Reset PIN and ID…' }));
    const confirm = screen.getByRole('group', { name: /Remove your PIN and get a new ID\?/ });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Reset PIN and ID…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, reset' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your PIN was removed. Your new ID is 915007.',
    );
    expect(screen.getByTestId('pin-uid').textContent).toBe('Your ID: 915007');
    expect(screen.getByTestId('pin-set').textContent).toBe('No PIN set yet.');
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      '/ajax/user/pin/reset',
    ]);
  });

  it('is reached from the account page', async () => {
    mockFetch({ 'GET /api/session': () => jsonResponse(200, buildSession({ user: buildMe() })) });
    renderApp('/account');
    const link = await screen.findByRole('link', { name: 'Set up PIN and ID' });
    expect(link.getAttribute('href')).toBe('/account/pin');
  });
});
