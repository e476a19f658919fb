// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TPrintjob } from '@printomat/shared';
import { jsonResponse, mockFetch } from '../test/fetch-mock';
import { useSettingsSync } from './use-settings-sync';

const job: TPrintjob = {
  id: 7,
  is_submitted: false,
  page_count: 4,
  cost: 4,
  is_grayscale: true,
  orientation: 'auto',
  kind: 'standard',
  is_duplex: false,
  pages_per_sheet: 1,
  status: 'created',
  documents: [],
  phase: 'editing',
  printer: null,
  last_result: null,
  files_delete_at: null,
};

describe('settings sync', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends one change at a time and coalesces changes made meanwhile into one follow-up', async () => {
    const releases: Array<() => void> = [];
    const { requests } = mockFetch({
      'POST /ajax/printjobs/7/settings': (request) =>
        new Promise<Response>((resolve) => {
          const body = JSON.parse(request.body ?? '{}') as Partial<TPrintjob>;
          releases.push(() => resolve(jsonResponse(200, { ...job, ...body })));
        }),
    });
    const saved: TPrintjob[] = [];
    const { result } = renderHook(() =>
      useSettingsSync(
        job,
        (j) => saved.push(j),
        () => undefined,
      ),
    );

    act(() => result.current.change({ is_grayscale: false }));
    act(() => result.current.change({ is_duplex: true }));
    act(() => result.current.change({ pages_per_sheet: 4 }));
    // The screen shows the latest values at once.
    expect(result.current.settings).toMatchObject({
      is_grayscale: false,
      is_duplex: true,
      pages_per_sheet: 4,
    });
    expect(requests).toHaveLength(1);

    await act(async () => releases.shift()?.());
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    expect(JSON.parse(requests[1]?.body ?? '{}')).toMatchObject({
      is_grayscale: false,
      is_duplex: true,
      pages_per_sheet: 4,
      kind: 'standard',
    });
    await act(async () => releases.shift()?.());
    await vi.waitFor(() => expect(saved).toHaveLength(2));
    expect(requests).toHaveLength(2);
  });

  it('reports a failed send', async () => {
    mockFetch({
      'POST /ajax/printjobs/7/settings': () =>
        jsonResponse(500, { message: 'boom', code: 'internal' }),
    });
    const onError = vi.fn();
    const { result } = renderHook(() => useSettingsSync(job, () => undefined, onError));
    act(() => result.current.change({ is_duplex: true }));
    await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
  });
});
