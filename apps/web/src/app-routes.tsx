import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { AppLayout } from './components/app-layout';
import { RequireAuth } from './components/require-auth';
import { withMessages } from './i18n/messages-store';
import { MapPage } from './map/map-page';
import type { TModalEntry } from './modal/modal-types';
import { ConfirmEmailPage } from './pages/confirm-email-page';
import { HomePage } from './pages/home-page';
import { NotFoundPage } from './pages/not-found-page';
import { PrinterPage } from './pages/printer-page';
import { publicRoutes } from './pages/public/public-routes';
import { paymentRoutes } from './payments/payment-routes';
import { SignInPage } from './pages/sign-in-page';
import { SignUpPage } from './pages/sign-up-page';

// Screens only signed-in people see load on demand: guests on the public pages (pre-rendered,
// often on phones) do not download the uploader or the account forms.
// Their texts (message groups, see i18n/message-groups.ts) load with them.
const PrintPage = lazy(
  withMessages(['app'], () => import('./print/print-page').then((m) => ({ default: m.PrintPage }))),
);
const AccountPage = lazy(
  withMessages(['app'], () =>
    import('./pages/account-page').then((m) => ({ default: m.AccountPage })),
  ),
);
// Express pages (issue 13): a guest prints at one printer without an account.
const ExpressPage = lazy(
  withMessages(['app', 'express'], () =>
    import('./express/express-page').then((m) => ({ default: m.ExpressPage })),
  ),
);
const ExpressOrderPage = lazy(
  withMessages(['app', 'express'], () =>
    import('./express/express-order-page').then((m) => ({ default: m.ExpressOrderPage })),
  ),
);
// Forgot password (issue 17): rarely used, so out of the entry chunk; their texts (auth) are public.
const ForgotPasswordPage = lazy(() =>
  import('./pages/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('./pages/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
// Business accounts (issue 15): the sign-up (public) and the company's page.
const BusinessSignUpPage = lazy(
  withMessages(['app', 'business'], () =>
    import('./business/business-sign-up-page').then((m) => ({ default: m.BusinessSignUpPage })),
  ),
);
const BusinessAccountPage = lazy(
  withMessages(['app', 'business'], () =>
    import('./business/business-account-page').then((m) => ({
      default: m.BusinessAccountPage,
    })),
  ),
);
// The phone app (issue 16): nearby printers and the QR scanner (public: releasing asks to sign in),
// and the account's PIN page.
const MobileHomePage = lazy(
  withMessages(['app', 'mobile'], () =>
    import('./mobile/mobile-home-page').then((m) => ({ default: m.MobileHomePage })),
  ),
);
const ScanPage = lazy(
  withMessages(['app', 'mobile'], () =>
    import('./mobile/scan-page').then((m) => ({ default: m.ScanPage })),
  ),
);
const PinPage = lazy(
  withMessages(['app'], () => import('./account/pin-page').then((m) => ({ default: m.PinPage }))),
);
const AdminArea = lazy(
  withMessages(['app', 'admin'], () =>
    import('./admin/admin-area').then((m) => ({ default: m.AdminArea })),
  ),
);

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<div className="container page-loading" />}>{children}</Suspense>;
}

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
        <Route
          path="forgot-password"
          element={
            <Loading>
              <ForgotPasswordPage />
            </Loading>
          }
        />
        <Route
          path="reset-password"
          element={
            <Loading>
              <ResetPasswordPage />
            </Loading>
          }
        />
        {/* Public pages: /business, /contact, /faq, /privacy, /terms, /kup-pakiet… */}
        {publicRoutes()}
        {paymentRoutes()}
        <Route
          path="account"
          element={
            <RequireAuth>
              <Loading>
                <AccountPage />
              </Loading>
            </RequireAuth>
          }
        />
        <Route
          path="account/pin"
          element={
            <RequireAuth>
              <Loading>
                <PinPage />
              </Loading>
            </RequireAuth>
          }
        />
        <Route
          path="app"
          element={
            <Loading>
              <MobileHomePage />
            </Loading>
          }
        />
        <Route
          path="app/scan"
          element={
            <Loading>
              <ScanPage />
            </Loading>
          }
        />
        <Route
          path="business/sign-up"
          element={
            <Loading>
              <BusinessSignUpPage />
            </Loading>
          }
        />
        <Route
          path="business/account"
          element={
            <RequireAuth>
              <Loading>
                <BusinessAccountPage />
              </Loading>
            </RequireAuth>
          }
        />
        <Route
          path="print"
          element={
            <RequireAuth>
              <Loading>
                <PrintPage />
              </Loading>
            </RequireAuth>
          }
        />
        <Route
          path="admin/*"
          element={
            <RequireAuth>
              <Loading>
                <AdminArea />
              </Loading>
            </RequireAuth>
          }
        />
        <Route
          path="express/orders/:token"
          element={
            <Loading>
              <ExpressOrderPage />
            </Loading>
          }
        />
        <Route
          path="express/:printerId"
          element={
            <Loading>
              <ExpressPage />
            </Loading>
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
