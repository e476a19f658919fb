import path from 'node:path';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export const KIOSK_CODE = '418273'; // Złote Tarasy in the demo data

/** The person's remaining pages as the print page shows them. */
export const remainingPages = async (page: Page) =>
  Number(await page.getByTestId('remaining-pages').first().innerText());

/**
 * Uploads `file` (a 3-page PDF), prints it double-sided, confirms and releases it with the
 * printer's code.
 */
export async function uploadConfirmRelease(page: Page, file: string): Promise<void> {
  await page.getByTestId('file-input').setInputFiles(path.resolve(file));
  await expect
    .poll(() => page.locator('[data-testid=document-row][data-state=uploaded]').count(), {
      timeout: 30_000,
    })
    .toBe(1);
  await page.getByTestId('settings').locator('input[name=is_duplex]').check();
  await expect.poll(async () => Number(await page.getByTestId('job-cost').innerText())).toBe(3);
  await page.getByTestId('submit-button').click();
  await page.getByTestId('print-with-code').click();
  await page.getByTestId('modal').locator('input[name=code]').fill(KIOSK_CODE);
  await page.getByTestId('modal').locator('button[type=submit]').click();
  await page.getByTestId('release-started').waitFor();
  await page.keyboard.press('Escape');
}
