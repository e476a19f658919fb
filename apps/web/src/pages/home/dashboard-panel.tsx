import { useEffect, useRef, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { POLL_INTERVAL_MS } from '@printomat/shared';
import { useLocale } from '../../i18n/use-t';

/**
 * The dashboard panel (spec sections 4 and 7): our server's HTML from GET /ajax/user.html,
 * refreshed every 5 s in place, replaced only when it changed; polling stops on a failure.
 */
export function DashboardPanel() {
  const container = useRef<HTMLDivElement>(null);
  const shown = useRef('');
  const navigate = useNavigate();
  const { locale } = useLocale();

  useEffect(() => {
    let stopped = false;
    let timer: number | undefined;
    const load = async () => {
      try {
        const response = await fetch('/ajax/user.html', {
          credentials: 'same-origin',
          headers: { Accept: 'text/html' },
        });
        if (!response.ok) return;
        const html = await response.text();
        if (stopped) return;
        if (html !== shown.current && container.current) {
          container.current.innerHTML = html;
          shown.current = html;
        }
        timer = window.setTimeout(() => void load(), POLL_INTERVAL_MS);
      } catch {
        // Polling stops on failure.
      }
    };
    void load();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [locale]);

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
    <div
      ref={container}
      className="card dashboard-panel"
      data-testid="dashboard-panel"
      onClick={onClick}
    />
  );
}
