// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TDiscountCode } from '@printomat/shared';
import { cleanUpAfterEachTest, renderAsAdmin } from '../../test/admin-app';
import { jsonResponse } from '../../test/fetch-mock';

cleanUpAfterEachTest();

function buildCode(overrides: Partial<TDiscountCode> = {}): TDiscountCode {
  return {
    id: 4,
    code: 'HALF',
    percent: 50,
    expiration_date: null,
    active: true,
    number_of_uses: 10,
    uses: 3,
    is_usable: true,
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

describe('discount codes: usage, edit, deactivate', () => {
  it('shows each code’s usage and edits a code, with the server’s field messages', async () => {
    let code = buildCode();
    let refuse = true;
    const { requests } = renderAsAdmin('/admin/discount-codes', {
      'GET /api/admin/discount-codes': () => jsonResponse(200, { codes: [code] }),
      'PATCH /api/admin/discount-codes/4': (request) => {
        if (refuse) {
          refuse = false;
          return jsonResponse(422, {
            code: 'validation',
            message: 'Please correct the highlighted fields.',
            errors: { number_of_uses: ['must be greater than 2'] },
          });
        }
        const body = JSON.parse(request.body ?? '{}') as { percent: string };
        code = { ...code, percent: Number(body.percent), number_of_uses: 20 };
        return jsonResponse(200, code);
      },
    });
    const row = await screen.findByTestId('code-row', {}, { timeout: 5_000 });
    expect(within(row).getByTestId('code-usage').textContent).toBe('3 / 10');
    expect(within(row).getByTestId('code-state').textContent).toBe('usable');

    fireEvent.click(within(row).getByTestId('code-edit'));
    const form = screen.getByTestId('code-edit-form');
    expect(within(form).getByRole('heading').textContent).toBe('Edit code HALF');
    expect(within(form).getByLabelText<HTMLInputElement>('Discount (%)').value).toBe('50');
    fireEvent.change(within(form).getByLabelText('Number of uses'), { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('must be greater than 2')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Discount (%)'), { target: { value: '60' } });
    fireEvent.change(within(form).getByLabelText('Number of uses'), { target: { value: '20' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('code-added')).textContent).toBe('Discount code HALF saved.');
    const patches = requests.filter((r) => r.method === 'PATCH');
    expect(JSON.parse(patches.at(-1)?.body ?? '{}')).toEqual({
      percent: '60',
      expiration_date: '',
      number_of_uses: '20',
      active: true,
    });
    await waitFor(() => expect(screen.getByTestId('code-usage').textContent).toBe('3 / 20'));
    expect(screen.queryByTestId('code-edit-form')).toBeNull();
  });

  it('checks an edit with the shared schema first: a refused one is not sent', async () => {
    const { requests } = renderAsAdmin('/admin/discount-codes', {
      'GET /api/admin/discount-codes': () => jsonResponse(200, { codes: [buildCode()] }),
    });
    fireEvent.click(await screen.findByTestId('code-edit', {}, { timeout: 5_000 }));
    const form = screen.getByTestId('code-edit-form');
    fireEvent.change(within(form).getByLabelText('Discount (%)'), { target: { value: '101' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('must be less than 101')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PATCH')).toEqual([]);
  });

  it('deactivates a code after confirmation', async () => {
    let code = buildCode();
    const { requests } = renderAsAdmin('/admin/discount-codes', {
      'GET /api/admin/discount-codes': () => jsonResponse(200, { codes: [code] }),
      'POST /api/admin/discount-codes/4/deactivate': () => {
        code = { ...code, active: false, is_usable: false };
        return jsonResponse(200, code);
      },
    });
    fireEvent.click(await screen.findByTestId('code-deactivate', {}, { timeout: 5_000 }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByRole('heading').textContent).toContain('Deactivate code HALF?');
    fireEvent.click(within(dialog).getByTestId('confirm-button'));
    expect((await screen.findByTestId('code-added')).textContent).toBe(
      'Discount code HALF deactivated.',
    );
    await waitFor(() => expect(screen.getByTestId('code-state').textContent).toBe('inactive'));
    expect(screen.queryByTestId('code-deactivate')).toBeNull();
    expect(requests.filter((r) => r.url.endsWith('/deactivate'))).toHaveLength(1);
  });
});
