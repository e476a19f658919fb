import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app-providers';
import { AppRoutes } from './app-routes';
import { createQueryClient } from './query-client';
import { readSsrData, seedQueryClient } from './ssr-data';
import './styles/index.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const queryClient = createQueryClient();
// A page the server pre-rendered comes with the data it was rendered with: hydrate over it.
const ssr = readSsrData();
if (ssr) seedQueryClient(queryClient, ssr);
const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);
if (ssr && container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);
