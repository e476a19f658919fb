// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type {
  TAdminAuditEntry,
  TAdminPrintjobDetail,
  TAdminPrintjobRow,
  TAdminUserDetail,
  TExpressOrder,
} from '@printomat/shared';
import { cleanUpAfterEachTest, renderAsAdmin } from '../../test/admin-app';
import { jsonResponse } from '../../test/fetch-mock';
const PRINTERS = {
  printers: [{ id: 7, name: 'Złote Tarasy', is_enabled: true, maintenance_mode: false }],
};

function jobRow(overrides: Partial<TAdminPrintjobRow> = {}): TAdminPrintjobRow {
  return {
    id: 41,
    status: 'failed',
    user: { id: 5, email: 'ola@example.com' },
    printer: { id: 7, name: 'Złote Tarasy' },
    document_count: 1,
    page_count: 4,
    cost: 4,
    needs_review: false,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:05:00.000Z',
    ...overrides,
  };
}

function jobDetail(overrides: Partial<TAdminPrintjobDetail> = {}): TAdminPrintjobDetail {
  return {
    ...jobRow(),
    is_submitted: true,
    settings: { is_grayscale: true, is_duplex: false, orientation: 'auto', pages_per_sheet: 1 },
    documents: [
      {
        id: 3,
        name: 'thesis.pdf',
        status: 'ready',
        is_office: false,
        page_count: 4,
        color_pages: 0,
        copies: 1,
        failure_reason: null,
        size_bytes: 20_480,
      },
    ],
    reservation: { pages: 4, charged: null, status: 'voided' },
    printed_faces: 0,
    failure_reason: null,
    review_reason: null,
    released_at: '2026-11-20T10:01:00.000Z',
    finished_at: '2026-11-20T10:05:00.000Z',
    express_order: null,
    allowed_actions: ['reset', 'mark_printed'],
    ...overrides,
  };
}

// Whole-app renders on a shared, busy machine: more room than the 5 s default.
vi.setConfig({ testTimeout: 20_000 });

cleanUpAfterEachTest();

describe('admin print jobs', () => {
  it('lists jobs, filters through the address, and shows the spec message when no job fits a bulk action', async () => {
    const { requests, location } = renderAsAdmin('/admin/printjobs', {
      'GET /api/admin/printjobs': () =>
        jsonResponse(200, {
          printjobs: [jobRow(), jobRow({ id: 40, status: 'created', printer: null })],
          paging: { page: 1, page_size: 25, total: 2 },
        }),
      'GET /api/admin/printjobs/printer-options': () => jsonResponse(200, PRINTERS),
      'POST /api/admin/printjobs/bulk': () =>
        jsonResponse(409, {
          code: 'none_found',
          message: 'No printjobs that can be canceled, printed or reset were found',
        }),
    });
    const table = await screen.findByTestId('printjobs-table', {}, { timeout: 5_000 });
    expect(
      within(table)
        .getAllByTestId('status')
        .map((s) => s.textContent),
    ).toEqual(['failed', 'created']);
    expect(screen.getByText('2 entries')).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), {
      target: { value: 'failed' },
    });
    fireEvent.change(screen.getByLabelText('User e-mail'), { target: { value: 'ola' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(location.search).toBe('?status=failed&email=ola'));
    await waitFor(() =>
      expect(
        requests.some((r) => r.url.includes('/api/admin/printjobs?status=failed&email=ola')),
      ).toBe(true),
    );

    const bulkReset = screen.getByTestId<HTMLButtonElement>('bulk-reset');
    expect(bulkReset.disabled).toBe(true);
    fireEvent.click(await screen.findByLabelText('Select print job #40'));
    fireEvent.click(bulkReset);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No printjobs that can be canceled, printed or reset were found',
    );
    const bulk = requests.find((r) => r.url === '/api/admin/printjobs/bulk');
    expect(JSON.parse(bulk?.body ?? '{}')).toEqual({ action: 'reset', ids: [40] });
    expect(bulk?.headers.get('X-CSRF-Token')).toBeTruthy();
  });

  it('fails the selected jobs with one reason, after saying what marking printed would do', async () => {
    const { requests } = renderAsAdmin('/admin/printjobs', {
      'GET /api/admin/printjobs': () =>
        jsonResponse(200, {
          printjobs: [jobRow({ id: 42, status: 'scheduled' })],
          paging: { page: 1, page_size: 25, total: 1 },
        }),
      'GET /api/admin/printjobs/printer-options': () => jsonResponse(200, PRINTERS),
      'POST /api/admin/printjobs/bulk': () => jsonResponse(200, { done: [42], skipped: [] }),
    });
    fireEvent.click(await screen.findByLabelText('Select print job #42', {}, { timeout: 5_000 }));
    fireEvent.click(screen.getByTestId('bulk-mark_printed'));
    const ask = await screen.findByTestId('confirm-dialog');
    expect(within(ask).getByRole('heading').textContent).toBe(
      'Mark as printed? A job at a printer is charged in full; a failed job only changes its status and is not charged again.',
    );
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByTestId('bulk-fail'));
    const dialog = await screen.findByTestId('confirm-dialog');
    fireEvent.change(within(dialog).getByLabelText('Reason (optional, kept on the print job)'), {
      target: { value: 'Printer withdrawn for repair' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fail' }));
    await waitFor(() =>
      expect(requests.some((r) => r.url === '/api/admin/printjobs/bulk')).toBe(true),
    );
    const bulk = requests.find((r) => r.url === '/api/admin/printjobs/bulk');
    expect(JSON.parse(bulk?.body ?? '{}')).toEqual({
      action: 'fail',
      ids: [42],
      reason: 'Printer withdrawn for repair',
    });
  });

  it('shows a job and asks before marking it as printed; reset runs at once', async () => {
    let current = jobDetail();
    const { requests } = renderAsAdmin('/admin/printjobs/41', {
      'GET /api/admin/printjobs/41': () => jsonResponse(200, current),
      'GET /api/admin/printjobs/printer-options': () => jsonResponse(200, PRINTERS),
      'POST /api/admin/printjobs/41/mark_printed': () =>
        jsonResponse(200, jobDetail({ status: 'archived', allowed_actions: [] })),
      'POST /api/admin/printjobs/41/reset': () => {
        current = jobDetail({ status: 'created', allowed_actions: ['print'] });
        return jsonResponse(200, current);
      },
    });
    await screen.findByText('thesis.pdf', {}, { timeout: 5_000 });
    expect(screen.getByText('Black and white')).toBeTruthy();

    fireEvent.click(screen.getByTestId('action-mark_printed'));
    const dialog = await screen.findByTestId('confirm-dialog');
    // The job failed and its pages went back: marking it printed charges nothing, and says so.
    expect(within(dialog).getByRole('heading').textContent).toBe(
      'This print job failed (no reason was recorded). Mark it as printed?',
    );
    expect(dialog.textContent).toContain(
      'Only its status changes: the owner got all the pages back when it failed and is not charged for it.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByTestId('action-reset'));
    expect((await screen.findByTestId('action-done')).textContent).toBe(
      'Done. The print job is now created.',
    );
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      '/api/admin/printjobs/41/reset',
    ]);
    // Now created: it can be printed on a printer the admin picks.
    expect(await screen.findByRole('combobox', { name: 'Printer to print on' })).toBeTruthy();
  });

  it('says what marking a failed job printed does: its reason and what was charged', async () => {
    renderAsAdmin('/admin/printjobs/41', {
      'GET /api/admin/printjobs/41': () =>
        jsonResponse(
          200,
          jobDetail({
            failure_reason: 'media-jam',
            printed_faces: 2,
            reservation: { pages: 4, charged: 2, status: 'posted' },
          }),
        ),
      'GET /api/admin/printjobs/printer-options': () => jsonResponse(200, PRINTERS),
    });
    await screen.findByText('thesis.pdf', {}, { timeout: 5_000 });
    // The reason is on the job's page.
    expect(screen.getByText('media-jam')).toBeTruthy();
    fireEvent.click(screen.getByTestId('action-mark_printed'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe(
      'This print job failed: “media-jam”. Mark it as printed?',
    );
    expect(dialog.textContent).toContain(
      'Only its status changes: the owner was charged 2 pages for what came out when it failed and is not charged again.',
    );
  });

  it('tells how many pages marking a job at the printer printed charges', async () => {
    renderAsAdmin('/admin/printjobs/41', {
      'GET /api/admin/printjobs/41': () =>
        jsonResponse(
          200,
          jobDetail({
            status: 'scheduled',
            reservation: { pages: 4, charged: null, status: 'reserved' },
            allowed_actions: ['fail', 'mark_printed'],
          }),
        ),
      'GET /api/admin/printjobs/printer-options': () => jsonResponse(200, PRINTERS),
    });
    fireEvent.click(await screen.findByTestId('action-mark_printed', {}, { timeout: 5_000 }));
    expect(
      within(await screen.findByTestId('confirm-dialog')).getByRole('heading').textContent,
    ).toBe('Mark as printed? The owner is charged 4 pages for this job.');
  });

  it('fails a job with the reason the admin gives', async () => {
    let current = jobDetail({
      status: 'scheduled',
      reservation: { pages: 4, charged: null, status: 'reserved' },
      allowed_actions: ['fail', 'mark_printed'],
    });
    const { requests } = renderAsAdmin('/admin/printjobs/41', {
      'GET /api/admin/printjobs/41': () => jsonResponse(200, current),
      'GET /api/admin/printjobs/printer-options': () => jsonResponse(200, PRINTERS),
      'POST /api/admin/printjobs/41/fail': () => {
        current = jobDetail({ failure_reason: 'Toner empty, owner sent elsewhere' });
        return jsonResponse(200, current);
      },
    });
    fireEvent.click(await screen.findByTestId('action-fail', {}, { timeout: 5_000 }));
    const dialog = await screen.findByTestId('confirm-dialog');
    fireEvent.change(within(dialog).getByLabelText('Reason (optional, kept on the print job)'), {
      target: { value: ' Toner empty, owner sent elsewhere ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fail' }));
    expect(await screen.findByText('Toner empty, owner sent elsewhere')).toBeTruthy();
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.url).toBe('/api/admin/printjobs/41/fail');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      reason: 'Toner empty, owner sent elsewhere',
    });
  });

  it('marks a job whose printer report did not add up in the list', async () => {
    renderAsAdmin('/admin/printjobs', {
      'GET /api/admin/printjobs': () =>
        jsonResponse(200, {
          printjobs: [jobRow({ needs_review: true, status: 'archived' }), jobRow({ id: 40 })],
          paging: { page: 1, page_size: 25, total: 2 },
        }),
      'GET /api/admin/printjobs/printer-options': () => jsonResponse(200, PRINTERS),
    });
    const table = await screen.findByTestId('printjobs-table', {}, { timeout: 5_000 });
    const flags = within(table).getAllByTestId('needs-review');
    expect(flags.map((flag) => flag.textContent)).toEqual(['to check']);
    expect(flags[0]?.closest('tr')?.getAttribute('data-id')).toBe('41');
  });

  it('says on the job why its printer report needs a look', async () => {
    const reason = 'The printer reported the job as printed but counted fewer pages.';
    renderAsAdmin('/admin/printjobs/41', {
      'GET /api/admin/printjobs/41': () =>
        jsonResponse(
          200,
          jobDetail({ status: 'archived', needs_review: true, review_reason: reason }),
        ),
      'GET /api/admin/printjobs/printer-options': () => jsonResponse(200, PRINTERS),
    });
    expect(await screen.findByText(reason, {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByText('To check')).toBeTruthy();
  });
});

function userDetail(): TAdminUserDetail {
  return {
    id: 5,
    email: 'ola@example.com',
    role: 'user',
    locale: 'pl',
    email_confirmed: true,
    remaining_page_limit: 28,
    last_login_at: null,
    created_at: '2026-11-01T08:00:00.000Z',
    is_premium: false,
    last_login_mobile: null,
    has_facebook: false,
    blocked_at: null,
    grants: [
      {
        id: 9,
        source: 'package',
        pages: 30,
        remaining: 28,
        expires_at: '2026-12-01T08:00:00.000Z',
        reference: 'package M',
        reason: null,
        printjob_id: null,
        created_at: '2026-11-01T08:00:00.000Z',
      },
    ],
    printjobs: [jobRow()],
  };
}

describe('admin users', () => {
  it('deletes a user only after the confirmation dialog, then lists users with a notice', async () => {
    const { requests, location } = renderAsAdmin('/admin/users/5', {
      'GET /api/admin/users/5': () => jsonResponse(200, userDetail()),
      'DELETE /api/admin/users/5': () => jsonResponse(200, { ok: true, email: 'ola@example.com' }),
      'GET /api/admin/users': () =>
        jsonResponse(200, { users: [], paging: { page: 1, page_size: 25, total: 0 } }),
    });
    const grants = await screen.findByTestId('grants-table', {}, { timeout: 5_000 });
    expect(within(grants).getByText('package')).toBeTruthy();

    fireEvent.click(screen.getByTestId('delete-user'));
    let dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe(
      'Do you really want to delete this user?',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByTestId('delete-user'));
    dialog = await screen.findByTestId('confirm-dialog');
    fireEvent.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() => expect(location.pathname).toBe('/admin/users'));
    expect((await screen.findByTestId('notice')).textContent).toBe(
      'The user ola@example.com was deleted.',
    );
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([
      '/api/admin/users/5',
    ]);
  });

  it('shows the server’s refusal in place', async () => {
    renderAsAdmin('/admin/users/5', {
      'GET /api/admin/users/5': () => jsonResponse(200, userDetail()),
      'DELETE /api/admin/users/5': () =>
        jsonResponse(409, {
          code: 'last_admin',
          message: 'The last administrator cannot be deleted.',
        }),
    });
    fireEvent.click(await screen.findByTestId('delete-user', {}, { timeout: 5_000 }));
    fireEvent.click(
      within(await screen.findByTestId('confirm-dialog')).getByTestId('confirm-button'),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The last administrator cannot be deleted.',
    );
  });
});

describe('express discount codes', () => {
  it('sends the form and shows the field messages the server returns', async () => {
    const { requests } = renderAsAdmin('/admin/discount-codes', {
      'GET /api/admin/discount-codes': () => jsonResponse(200, { codes: [] }),
      'POST /api/admin/discount-codes': () =>
        jsonResponse(422, {
          code: 'validation',
          message: 'Please correct the highlighted fields.',
          errors: { code: ['has already been taken'] },
        }),
    });
    await screen.findByText('No discount codes yet.', {}, { timeout: 5_000 });
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'express10' } });
    fireEvent.change(screen.getByLabelText('Discount (%)'), { target: { value: '15' } });
    fireEvent.change(screen.getByLabelText('Number of uses'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add code' }));
    expect(await screen.findByText('has already been taken')).toBeTruthy();
    expect(JSON.parse(requests.find((r) => r.method === 'POST')?.body ?? '{}')).toEqual({
      code: 'express10',
      percent: '15',
      expiration_date: '',
      number_of_uses: '3',
      active: true,
    });
  });

  it('checks the form with the shared schema first: a refused code is not sent', async () => {
    const { requests } = renderAsAdmin('/admin/discount-codes', {
      'GET /api/admin/discount-codes': () => jsonResponse(200, { codes: [] }),
    });
    await screen.findByText('No discount codes yet.', {}, { timeout: 5_000 });
    fireEvent.change(screen.getByLabelText('Discount (%)'), { target: { value: '150' } });
    fireEvent.change(screen.getByLabelText('Number of uses'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add code' }));
    expect(await screen.findByText('must be less than 101')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(
      'Please correct the highlighted fields.',
    );
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });
});

describe('express orders', () => {
  it('shows the spec’s refusal when a reset is not allowed', async () => {
    const order: TExpressOrder = {
      id: 3,
      status: 'created',
      customer_email: 'jan@example.com',
      printer: { id: 7, name: 'Złote Tarasy', is_enabled: false, maintenance_mode: false },
      document_count: 1,
      page_count: 4,
      is_color: false,
      price_minor: 200,
      currency: 'PLN',
      discount_code: null,
      discount_percent: null,
      express_url: 'http://printomat.test/express/abc',
      failure_reason: null,
      printed_at: null,
      created_at: '2026-11-20T10:00:00.000Z',
      updated_at: '2026-11-20T10:00:00.000Z',
      allowed_actions: ['print'],
      printjob_id: null,
      color_page_count: 0,
      list_price_minor: 200,
      paid_at: null,
      print_by: null,
      printed_faces: null,
      ended_at: null,
      documents_deleted_at: null,
      payment: null,
      refund: null,
    };
    renderAsAdmin('/admin/express-orders/3', {
      'GET /api/admin/express-orders/3': () => jsonResponse(200, order),
      'POST /api/admin/express-orders/3/print': () =>
        jsonResponse(409, { code: 'printer_disabled', message: "Can't print on disabled printer" }),
    });
    expect((await screen.findByTestId('express-url', {}, { timeout: 5_000 })).textContent).toBe(
      'http://printomat.test/express/abc',
    );
    expect(screen.getByText('disabled')).toBeTruthy();
    fireEvent.click(screen.getByTestId('express-print'));
    expect((await screen.findByRole('alert')).textContent).toBe("Can't print on disabled printer");
  });
});

describe('audit log', () => {
  it('shows who did what to which object, and filters by action', async () => {
    const entries: TAdminAuditEntry[] = [
      {
        id: 2,
        action: 'user.delete',
        subject_type: 'user',
        subject_id: '5',
        details: { email: 'ola@example.com' },
        ip: null,
        created_at: '2026-11-20T10:00:00.000Z',
        actor: { id: 1, email: 'admin@printomat.example' },
      },
      {
        id: 1,
        action: 'printjob.mark_failed',
        subject_type: 'printjob',
        subject_id: '41',
        details: { from: 'scheduled', to: 'failed', by: 'printer' },
        ip: null,
        created_at: '2026-11-20T09:00:00.000Z',
        actor: null,
      },
    ];
    const { requests } = renderAsAdmin('/admin/audit', {
      'GET /api/admin/audit-log': () => jsonResponse(200, { entries }),
    });
    const rows = await screen.findAllByTestId('audit-row', {}, { timeout: 5_000 });
    expect(rows[0]?.textContent).toContain('admin@printomat.example');
    expect(rows[0]?.textContent).toContain('user deleted');
    expect(rows[0]?.textContent).toContain('email: ola@example.com');
    expect(rows[1]?.textContent).toContain('print job marked as failed');
    expect(within(rows[1]!).getByRole('link').getAttribute('href')).toBe('/admin/printjobs/41');
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'user' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(
        requests.some((r) => r.url.includes('/api/admin/audit-log?action=user&limit=50')),
      ).toBe(true),
    );
  });
});

describe('admin support tools', () => {
  it('gives pages with a reason, checked before sending, and shows refunds in the ledger', async () => {
    const detail = userDetail();
    detail.grants.unshift({
      id: 10,
      source: 'refund',
      pages: 2,
      remaining: 2,
      expires_at: '2026-12-20T08:00:00.000Z',
      reference: 'printjob:41',
      reason: 'Toner streaks',
      printjob_id: 41,
      created_at: '2026-11-20T08:00:00.000Z',
    });
    const { requests } = renderAsAdmin('/admin/users/5', {
      'GET /api/admin/users/5': () => jsonResponse(200, detail),
      'POST /api/admin/users/5/grants': () => jsonResponse(200, { ok: true }),
    });
    const grants = await screen.findByTestId('grants-table', {}, { timeout: 5_000 });
    expect(within(grants).getByText('Toner streaks')).toBeTruthy();
    expect(
      within(grants).getByRole('link', { name: 'refund of print job #41' }).getAttribute('href'),
    ).toBe('/admin/printjobs/41');

    const form = screen.getByTestId('grant-form');
    fireEvent.change(within(form).getByLabelText('Pages'), { target: { value: '12' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Give pages' }));
    expect(await within(form).findByText("can't be blank")).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByLabelText('Reason'), {
      target: { value: 'Printer jammed' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Give pages' }));
    expect((await screen.findByTestId('support-notice')).textContent).toBe('12 pages given.');
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.url).toBe('/api/admin/users/5/grants');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      pages: '12',
      valid_days: '30',
      reason: 'Printer jammed',
    });
  });

  it('blocks only after the confirmation, with the reason, and offers confirming the address', async () => {
    let detail = { ...userDetail(), email_confirmed: false };
    const { requests } = renderAsAdmin('/admin/users/5', {
      'GET /api/admin/users/5': () => jsonResponse(200, detail),
      'POST /api/admin/users/5/block': () => {
        detail = { ...detail, blocked_at: '2026-11-21T09:30:00.000Z' };
        return jsonResponse(200, { ok: true });
      },
      'POST /api/admin/users/5/confirm-email': () =>
        jsonResponse(409, {
          code: 'already_confirmed',
          message: 'This e-mail address is already confirmed.',
        }),
    });
    fireEvent.click(await screen.findByTestId('support-block', {}, { timeout: 5_000 }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Block this account?');
    fireEvent.change(within(dialog).getByLabelText('Reason (optional)'), {
      target: { value: 'Card fraud' },
    });
    fireEvent.click(within(dialog).getByTestId('confirm-button'));
    expect((await screen.findByTestId('support-notice')).textContent).toBe(
      'The account is blocked and its sessions have ended.',
    );
    expect((await screen.findByTestId('blocked-since')).textContent).toContain('Blocked since');
    expect(await screen.findByTestId('support-unblock')).toBeTruthy();
    const block = requests.find((r) => r.url === '/api/admin/users/5/block');
    expect(JSON.parse(block?.body ?? '{}')).toEqual({ reason: 'Card fraud' });

    fireEvent.click(screen.getByTestId('support-confirm-email'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This e-mail address is already confirmed.',
    );
  });

  it('refunds a printed job’s pages, all charged by default, once', async () => {
    let refund: unknown = null;
    const { requests } = renderAsAdmin('/admin/printjobs/41', {
      'GET /api/admin/printjobs/41': () =>
        jsonResponse(
          200,
          jobDetail({
            status: 'archived',
            reservation: { pages: 4, charged: 4, status: 'posted' },
            allowed_actions: [],
          }),
        ),
      'GET /api/admin/printjobs/printer-options': () => jsonResponse(200, PRINTERS),
      'GET /api/admin/printjobs/41/refund': () => jsonResponse(200, { charged_pages: 4, refund }),
      'POST /api/admin/printjobs/41/refund': () => {
        refund = {
          pages: 4,
          reason: 'Smudged',
          expires_at: null,
          created_at: '2026-11-21T09:30:00.000Z',
        };
        return jsonResponse(200, { ok: true, pages: 4 });
      },
    });
    const section = await screen.findByTestId('printjob-refund', {}, { timeout: 5_000 });
    expect(within(section).getByText('Charged: 4 pages.')).toBeTruthy();
    expect(within(section).getByLabelText<HTMLInputElement>('Pages').value).toBe('4');
    fireEvent.change(within(section).getByLabelText('Reason'), { target: { value: 'Smudged' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Refund pages' }));
    expect((await screen.findByTestId('refund-notice')).textContent).toBe('4 pages refunded.');
    expect((await screen.findByTestId('refund-done')).textContent).toContain('Smudged');
    expect(within(section).queryByRole('button', { name: 'Refund pages' })).toBeNull();
    const post = requests.find((r) => r.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      pages: '4',
      valid_days: '30',
      reason: 'Smudged',
    });
  });

  it('links each CSV export with the chosen dates', async () => {
    renderAsAdmin('/admin/exports', {});
    const link = await screen.findByTestId('export-printjobs', {}, { timeout: 5_000 });
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('Until');
    fireEvent.change(from, { target: { value: '2026-01-01' } });
    fireEvent.change(to, { target: { value: '2026-01-31' } });
    expect(link.getAttribute('href')).toBe(
      '/api/admin/exports/printjobs.csv?from=2026-01-01&to=2026-01-31',
    );
    expect(screen.getByTestId('export-printer-statistics').getAttribute('href')).toBe(
      '/api/admin/exports/printer-statistics.csv?from=2026-01-01&to=2026-01-31',
    );
    expect(screen.getByRole('link', { name: 'Exports' })).toBeTruthy();
  });
});
