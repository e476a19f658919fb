// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TAdminPrinter } from '@printomat/shared';
import { cleanUpAfterEachTest, renderAsAdmin } from '../../test/admin-app';
import { jsonResponse } from '../../test/fetch-mock';
import { buildAdminPrinter, buildIndex, buildStatistics } from './admin-printers-fixtures';

cleanUpAfterEachTest();

async function shownVersion(printer: TAdminPrinter): Promise<HTMLElement> {
  renderAsAdmin('/admin/printers/7', {
    'GET /api/admin/printers': () => jsonResponse(200, buildIndex()),
    'GET /api/admin/printers/7': () => jsonResponse(200, printer),
    'GET /api/admin/printers/7/statistics': () => jsonResponse(200, buildStatistics()),
  });
  return screen.findByTestId('printer-agent-version', {}, { timeout: 5_000 });
}

describe('printer page: the agent version', () => {
  it('shows the version the printer agent reported', async () => {
    const version = await shownVersion(buildAdminPrinter({ agent_version: '1.4.2' }));
    expect(version.textContent).toBe('1.4.2');
    expect(version.previousElementSibling?.textContent).toBe('Agent version');
  });

  it('says none when no agent has connected', async () => {
    const version = await shownVersion(buildAdminPrinter({ agent_version: null }));
    expect(version.textContent).toBe('—');
  });
});
