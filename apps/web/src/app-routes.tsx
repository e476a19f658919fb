import { Route, Routes } from 'react-router';
import { AppLayout } from './components/app-layout';
import { RequireAuth } from './components/require-auth';
import { MapPage } from './map/map-page';
import type { TModalEntry } from './modal/modal-types';
import { AccountPage } from './pages/account-page';
import { ConfirmEmailPage } from './pages/confirm-email-page';
import { HomePage } from './pages/home-page';
import { NotFoundPage } from './pages/not-found-page';
import { PrintPage } from './print/print-page';
import { PrinterPage } from './pages/printer-page';
import { publicRoutes } from './pages/public/public-routes';
import { SignInPage } from './pages/sign-in-page';
import { SignUpPage } from './pages/sign-up-page';

export function AppRoutes({ modalRegistry }: { modalRegistry?: readonly TModalEntry[] }) {
  return (
    <Routes>
      <Route element={<AppLayout modalRegistry={modalRegistry} />}>
        <Route index element={<HomePage />} />
        {/* The server answers /modal/a/b with the SPA: the home page with modal a/b open. */}
        <Route path="modal/*" element={<HomePage />} />
        <Route path="sign-in" element={<SignInPage />} />
        <Route path="sign-up" element={<SignUpPage />} />
        <Route path="confirm-email" element={<ConfirmEmailPage />} />
        {/* Public pages: /business, /contact, /faq, /privacy, /terms, /kup-pakiet… */}
        {publicRoutes()}
        <Route
          path="account"
          element={
            <RequireAuth>
              <AccountPage />
            </RequireAuth>
          }
        />
        <Route
          path="print"
          element={
            <RequireAuth>
              <PrintPage />
            </RequireAuth>
          }
        />
        {/* Public: the QR code on a printer opens this page. */}
        <Route path="printers/:id" element={<PrinterPage />} />
        {/* The printer map: cities, a city's printers, one printer; each level its own address. */}
        <Route path="map" element={<MapPage />}>
          <Route index element={null} />
          <Route path=":citySlug" element={null} />
          <Route path=":citySlug/:printerId" element={null} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
