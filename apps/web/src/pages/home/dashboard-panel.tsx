import { useEffect, useRef, type MouseEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { POLL_INTERVAL_MS } from '@printomat/shared';
import { ApiError } from '../../api/client';
import { useCurrentUser } from '../../api/session';
import { useLocale } from '../../i18n/use-t';
import { DASHBOARD_PANEL_QUERY_KEY } from '../../print/print-api';
import { InstallOffer } from '../../pwa/install-offer';

async function fetchPanelHtml(): Promise<string> {
  // Revalidated with the ETag the browser keeps: an unchanged panel comes back as a 304.
  const response = await fetch('/ajax/user.html', {
    credentials: 'same-origin',
    cache: 'no-cache',
    headers: { Accept: 'text/html' },
  });
  if (!response.ok) throw new ApiError(response.status, 'http_error', '');
  return response.text();
}

/**
 * The dashboard panel (spec sections 4 and 7): our server's HTML from GET /ajax/user.html,
 * refreshed every 5 s in place, replaced only when it changed; polling stops on a failure.
 * It is a query (DASHBOARD_PANEL_QUERY_KEY), so live printjob events reload it at once.
 * People who have not used the app yet (no last_login_mobile) are offered it below the panel's
 * "download the app" hint (issue 16): the install prompt, the iOS steps or the address.
 */
export function DashboardPanel() {
  const container = useRef<HTMLDivElement>(null);
  const shown = useRef('');
  const navigate = useNavigate();
  const { locale } = useLocale();
  const user = useCurrentUser();

  // The HTML is in the person's language: a new locale is a new query.
  const { data: html } = useQuery({
    queryKey: [...DASHBOARD_PANEL_QUERY_KEY, locale],
    queryFn: fetchPanelHtml,
    retry: false,
    staleTime: 0,
    // Spec section 8: after a failure only a live event (or a new visit) loads it again.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchInterval: (query) => (query.state.status === 'error' ? false : POLL_INTERVAL_MS),
  });

  useEffect(() => {
    if (html !== undefined && html !== shown.current && container.current) {
      container.current.innerHTML = html;
      shown.current = html;
    }
  }, [html]);

  // Links inside the server's HTML navigate within the app.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (href?.startsWith('/') && !event.metaKey && !event.ctrlKey) {
      event.preventDefault();
      void navigate(href);
    }
  };

  return (
    <div className="card dashboard-panel" data-testid="dashboard-panel" onClick={onClick}>
      <div ref={container} />
      {user && !user.last_login_mobile && <InstallOffer />}
    </div>
  );
}
