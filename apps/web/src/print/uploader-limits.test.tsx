// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TPrintjob } from '@printomat/shared';
import { buildMe, buildSession, jsonResponse, mockFetch } from '../test/fetch-mock';
import { buildAjaxUser, buildDocument, buildPrintjob } from '../test/printing-fixtures';
import { renderApp } from '../test/render-app';

/** Uploads never answer here: the tests look at what the page says before and around them. */
class SilentXhr {
  upload = { addEventListener: () => undefined, onprogress: null };
  open() {}
  setRequestHeader() {}
  send() {}
  abort() {}
  addEventListener() {}
}

function renderPrintPage(job: TPrintjob, options: { maxBytes?: number; remaining?: number } = {}) {
  vi.stubGlobal('XMLHttpRequest', SilentXhr);
  mockFetch({
    'GET /api/session': () =>
      jsonResponse(
        200,
        buildSession({
          user: buildMe(),
          ...(options.maxBytes ? { max_upload_bytes: options.maxBytes } : {}),
        }),
      ),
    'GET /ajax/printjobs/current': () => jsonResponse(200, job),
    'GET /ajax/user': () =>
      jsonResponse(200, buildAjaxUser({ remaining_page_limit: options.remaining ?? 10 })),
  });
  return renderApp('/print');
}

const pdf = (name: string, bytes = 10) =>
  new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });

describe('uploader limits', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says how many files were left out past the 6-file limit, after the drop zone is gone', async () => {
    renderPrintPage(buildPrintjob({ documents: [], page_count: 0, cost: 0 }));
    const input = await screen.findByTestId('file-input');
    const files = Array.from({ length: 7 }, (_, i) => pdf(`doc-${i + 1}.pdf`));
    fireEvent.change(input, { target: { files } });
    expect((await screen.findByTestId('files-left-out')).textContent).toBe(
      '1 file was not added: a print job holds at most 6 files.',
    );
    // The six taken fill every slot: the drop zone gives way to the slots-full notice.
    expect(screen.queryByTestId('file-input')).toBeNull();
  });

  it('says nothing was left out when the files fit', async () => {
    renderPrintPage(buildPrintjob({ documents: [buildDocument()] }));
    fireEvent.change(await screen.findByTestId('file-input'), {
      target: { files: [pdf('a.pdf'), pdf('b.pdf')] },
    });
    expect(await screen.findByText('a.pdf')).toBeTruthy();
    expect(screen.queryByTestId('files-left-out')).toBeNull();
  });

  it('names the size limit when a file is too large', async () => {
    renderPrintPage(buildPrintjob({ documents: [], page_count: 0, cost: 0 }), {
      maxBytes: 1.5 * 1024 * 1024,
    });
    fireEvent.change(await screen.findByTestId('file-input'), {
      target: { files: [pdf('huge.pdf', 2 * 1024 * 1024)] },
    });
    expect(await screen.findByText('file too large (at most 1.5 MB)')).toBeTruthy();
  });

  it('offers to buy pages when the documents cost more than the pages left', async () => {
    renderPrintPage(buildPrintjob({ documents: [buildDocument()], page_count: 30, cost: 30 }), {
      remaining: 10,
    });
    const banner = await screen.findByTestId('banner-over-limit');
    const link = within(banner).getByRole('link', { name: 'Buy pages' });
    expect(link.getAttribute('href')).toBe('/kup-pakiet');
  });
});
