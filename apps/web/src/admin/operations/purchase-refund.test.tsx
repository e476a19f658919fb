// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatMoney, type TAdminUserDetail, type TPurchaseRefund } from '@printomat/shared';
import { cleanUpAfterEachTest, renderAsAdmin } from '../../test/admin-app';
import { jsonResponse } from '../../test/fetch-mock';

function grant(overrides: Partial<TAdminUserDetail['grants'][number]>) {
  return {
    id: 9,
    source: 'package',
    pages: 500,
    remaining: 380,
    expires_at: '2027-02-01T08:00:00.000Z',
    reference: 'PAY-7Q2K',
    reason: null,
    printjob_id: null,
    created_at: '2026-11-03T08:00:00.000Z',
    ...overrides,
  };
}

function userDetail(): TAdminUserDetail {
  return {
    id: 5,
    email: 'biuro@kowalski.pl',
    role: 'business',
    locale: 'pl',
    email_confirmed: true,
    remaining_page_limit: 385,
    last_login_at: null,
    created_at: '2026-11-01T08:00:00.000Z',
    is_premium: false,
    last_login_mobile: null,
    has_facebook: false,
    blocked_at: null,
    grants: [
      grant({}),
      grant({ id: 10, source: 'card_bonus', pages: 5, remaining: 5 }),
      grant({ id: 11, source: 'admin', pages: 3, remaining: 0, reference: null, reason: 'sorry' }),
    ],
    printjobs: [],
  };
}

const REFUND: TPurchaseRefund = {
  reference: 'RF-1',
  payment_reference: 'PAY-7Q2K',
  amount_minor: 61_377,
  currency: 'PLN',
  status: 'succeeded',
  pages_voided: 380,
};

// Whole-app renders on a shared, busy machine: more room than the 5 s default.
vi.setConfig({ testTimeout: 20_000 });

cleanUpAfterEachTest();

describe('refunding a package purchase (user page)', () => {
  it('offers it for package purchases only, asks for a note, then shows the refund and the pages taken back', async () => {
    const { requests } = renderAsAdmin('/admin/users/5', {
      'GET /api/admin/users/5': () => jsonResponse(200, userDetail()),
      'POST /api/admin/payments/PAY-7Q2K/refund': () => jsonResponse(200, REFUND),
    });
    const grants = await screen.findByTestId('grants-table', {}, { timeout: 5_000 });
    const buttons = within(grants).getAllByTestId('purchase-refund');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['Refund purchase PAY-7Q2K']);

    fireEvent.click(buttons[0] as HTMLElement);
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Refund purchase PAY-7Q2K?');
    expect(dialog.textContent).toContain(
      'The money goes back to the payer and the unused pages are taken back.',
    );

    // No note: refused in place, nothing sent.
    fireEvent.click(within(dialog).getByTestId('confirm-button'));
    const note = within(dialog).getByLabelText('Note');
    await waitFor(() => expect(note.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText("can't be blank")).toBeTruthy();
    const confirm = within(dialog).getByTestId<HTMLButtonElement>('confirm-button');
    fireEvent.change(note, { target: { value: '   ' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(confirm.disabled).toBe(false));
    expect(within(dialog).getByText("can't be blank")).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.change(note, { target: { value: 'Ordered twice by mistake' } });
    fireEvent.click(confirm);
    const notice = await screen.findByTestId('purchase-refund-notice');
    expect(notice.textContent).toBe(
      `Purchase PAY-7Q2K: refund of ${formatMoney('en', 61_377, 'PLN')} done. 380 unused pages taken back.`,
    );
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
    const post = requests.filter((r) => r.method === 'POST');
    expect(post.map((r) => [r.url, JSON.parse(r.body ?? '{}') as unknown])).toEqual([
      ['/api/admin/payments/PAY-7Q2K/refund', { note: 'Ordered twice by mistake' }],
    ]);
    expect(post[0]?.headers.get('X-CSRF-Token')).toBeTruthy();
    // The page asks again for the user: the ledger shows the pages taken back.
    await waitFor(() =>
      expect(requests.filter((r) => r.url === '/api/admin/users/5').length).toBeGreaterThan(1),
    );
  });

  it('shows the server’s refusal in the dialog', async () => {
    renderAsAdmin('/admin/users/5', {
      'GET /api/admin/users/5': () => jsonResponse(200, userDetail()),
      'POST /api/admin/payments/PAY-7Q2K/refund': () =>
        jsonResponse(409, {
          code: 'already_refunded',
          message: 'This purchase was already refunded.',
        }),
    });
    fireEvent.click(await screen.findByTestId('purchase-refund', {}, { timeout: 5_000 }));
    const dialog = await screen.findByTestId('confirm-dialog');
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'Duplicate' } });
    fireEvent.click(within(dialog).getByTestId('confirm-button'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This purchase was already refunded.',
    );
    expect(screen.queryByTestId('purchase-refund-notice')).toBeNull();
  });
});
