import { lazy, Suspense } from 'react';
import { Route } from 'react-router';
import { RequireAuth } from '../components/require-auth';

// Signed-in screens: their own chunk, so guests on the public pages do not load them.
const PaymentStatusPage = lazy(() =>
  import('./payment-status-page').then((m) => ({ default: m.PaymentStatusPage })),
);
const AddCardPage = lazy(() => import('./add-card-page').then((m) => ({ default: m.AddCardPage })));

const loading = <div className="container page-loading" />;

/** `/payments/:reference` (the provider's return address) and `/cards/add`. */
export function paymentRoutes() {
  return [
    <Route
      key="payment"
      path="payments/:reference"
      element={
        <RequireAuth>
          <Suspense fallback={loading}>
            <PaymentStatusPage />
          </Suspense>
        </RequireAuth>
      }
    />,
    <Route
      key="cards-add"
      path="cards/add"
      element={
        <RequireAuth>
          <Suspense fallback={loading}>
            <AddCardPage />
          </Suspense>
        </RequireAuth>
      }
    />,
  ];
}
