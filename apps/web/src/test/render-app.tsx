import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProviders } from '../app-providers';
import { AppRoutes } from '../app-routes';
import type { TModalEntry } from '../modal/modal-types';

export type TLocationSnapshot = { pathname: string; search: string; hash: string };

/** The whole app at `url`, as in the browser (StrictMode included), without retries. */
export function renderApp(url: string, options: { modalRegistry?: readonly TModalEntry[] } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const location: TLocationSnapshot = { pathname: '', search: '', hash: '' };
  function LocationProbe() {
    const current = useLocation();
    location.pathname = current.pathname;
    location.search = current.search;
    location.hash = current.hash;
    return null;
  }
  const result = render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <MemoryRouter initialEntries={[url]}>
          <AppRoutes modalRegistry={options.modalRegistry} />
          <LocationProbe />
        </MemoryRouter>
      </AppProviders>
    </StrictMode>,
  );
  return { ...result, queryClient, location };
}
