// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TAdminPackage } from '@printomat/shared';
import { cleanUpAfterEachTest, renderAsAdmin } from '../../test/admin-app';
import { jsonResponse } from '../../test/fetch-mock';
import { PERSONAL_PACKAGES_FIXTURE } from '../../payments/package-fixtures';

const ADMIN_PACKAGES: TAdminPackage[] = PERSONAL_PACKAGES_FIXTURE.map((p) => ({
  ...p,
  is_active: true,
  sort_order: 0,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
}));

cleanUpAfterEachTest();

function open(path: string, extra: Parameters<typeof renderAsAdmin>[1] = {}) {
  return renderAsAdmin(path, {
    'GET /api/admin/packages': () => jsonResponse(200, { packages: ADMIN_PACKAGES }),
    ...extra,
  });
}

describe('admin packages', () => {
  it('lists packages and deactivates one after confirmation', async () => {
    const { requests } = open('/admin/packages', {
      'POST /api/admin/packages/2/deactivate': () =>
        jsonResponse(200, { ...ADMIN_PACKAGES[1], is_active: false }),
    });
    const row = await screen.findByTestId('admin-package-2', {}, { timeout: 5_000 });
    expect(row.textContent?.replace(/\s/g, ' ')).toContain('PLN 18.90');
    expect(row.textContent).toContain('−30%');
    fireEvent.click(within(row).getByTestId('package-deactivate'));
    expect(within(row).getByText('Take package M off sale?')).toBeTruthy();
    fireEvent.click(within(row).getByTestId('package-deactivate-confirm'));
    await waitFor(() =>
      expect(requests.some((r) => r.url === '/api/admin/packages/2/deactivate')).toBe(true),
    );
  });

  it('creates a package and shows the server’s field messages', async () => {
    let attempt = 0;
    const { requests, location } = open('/admin/packages/new', {
      'POST /api/admin/packages': () => {
        attempt += 1;
        return attempt === 1
          ? jsonResponse(422, {
              code: 'validation',
              message: 'Please check the fields',
              errors: { code: ['has already been taken'] },
            })
          : jsonResponse(201, ADMIN_PACKAGES[0]);
      },
    });
    const form = await screen.findByTestId('package-form', {}, { timeout: 5_000 });
    const field = (label: RegExp) => within(form).getByLabelText(label);
    fireEvent.change(field(/^Code/), { target: { value: 'M' } });
    fireEvent.change(field(/^Pages/), { target: { value: '90' } });
    fireEvent.change(field(/^Validity/), { target: { value: '60' } });
    fireEvent.change(field(/^Regular price/), { target: { value: '2700' } });
    fireEvent.change(field(/^Promotion/), { target: { value: '30' } });
    expect(screen.getByTestId('package-price-preview').textContent?.replace(/\s/g, ' ')).toBe(
      'Price paid: PLN 18.90; colour pages: 30',
    );
    fireEvent.click(screen.getByTestId('package-save'));
    expect(await within(form).findByText('has already been taken')).toBeTruthy();
    fireEvent.change(field(/^Code/), { target: { value: 'M2' } });
    fireEvent.click(screen.getByTestId('package-save'));
    await waitFor(() => expect(location.pathname).toBe('/admin/packages'));
    const posts = requests.filter((r) => r.method === 'POST');
    expect(JSON.parse(posts[1]?.body ?? '{}')).toMatchObject({
      code: 'M2',
      audience: 'personal',
      pages: '90',
      promo_percent: '30',
      currency: 'PLN',
    });
  });
});
