import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  AJAX_USER_QUERY_KEY,
  DASHBOARD_PANEL_QUERY_KEY,
  PRINTJOB_EVENTS_PATH,
  PRINTJOB_QUERY_KEY,
} from './print-api';

/**
 * Live status: while mounted (and `enabled`), listens to `GET /ajax/printjobs/events` and, when
 * one of the person's jobs changes (released, printing started, printed, failed), reloads the
 * current printjob, the person's pages and the dashboard panel at once. The 5 s polling of those
 * screens stays as the fallback. EventSource reconnects by itself after a dropped connection;
 * each `ready` after the first one reloads too, since events sent meanwhile were missed.
 * Does nothing where EventSource does not exist (jsdom in unit tests, very old browsers).
 */
export function useLivePrintjobEvents(enabled = true): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(PRINTJOB_EVENTS_PATH);
    let connectedBefore = false;

    const reload = () => {
      void queryClient.invalidateQueries({ queryKey: PRINTJOB_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: AJAX_USER_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_PANEL_QUERY_KEY });
    };
    const onReady = () => {
      if (connectedBefore) reload();
      connectedBefore = true;
    };

    source.addEventListener('ready', onReady);
    source.addEventListener('printjob', reload);
    return () => {
      source.removeEventListener('ready', onReady);
      source.removeEventListener('printjob', reload);
      source.close();
    };
  }, [enabled, queryClient]);
}
