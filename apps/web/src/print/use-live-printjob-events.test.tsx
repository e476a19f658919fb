// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AJAX_USER_QUERY_KEY,
  DASHBOARD_PANEL_QUERY_KEY,
  PRINTJOB_EVENTS_PATH,
  PRINTJOB_QUERY_KEY,
} from './print-api';
import { FakeEventSource } from '../test/fake-event-source';
import { useLivePrintjobEvents } from './use-live-printjob-events';

function setup(enabled = true) {
  const queryClient = new QueryClient();
  const invalidated: unknown[] = [];
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation((filters) => {
    invalidated.push(filters?.queryKey);
    return Promise.resolve();
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useLivePrintjobEvents(enabled), { wrapper });
  return { ...hook, invalidated };
}

describe('live printjob events', () => {
  afterEach(() => {
    FakeEventSource.opened = [];
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reloads the job, the pages and the dashboard panel when a job changes, and closes on unmount', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { invalidated, unmount } = setup();
    const [source] = FakeEventSource.opened;
    expect(source?.url).toBe(PRINTJOB_EVENTS_PATH);

    act(() => source?.emit('ready', {}));
    expect(invalidated).toEqual([]);

    act(() => source?.emit('printjob', { id: 7, status: 'scheduled' }));
    expect(invalidated).toEqual([
      PRINTJOB_QUERY_KEY,
      AJAX_USER_QUERY_KEY,
      DASHBOARD_PANEL_QUERY_KEY,
    ]);

    // After a reconnect, what happened meanwhile is read again.
    act(() => source?.emit('ready', {}));
    expect(invalidated).toHaveLength(6);

    unmount();
    expect(source?.closed).toBe(true);
  });

  it('opens nothing for a guest (disabled) or without EventSource', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    setup(false);
    expect(FakeEventSource.opened).toEqual([]);

    vi.stubGlobal('EventSource', undefined);
    expect(() => setup()).not.toThrow();
  });
});
