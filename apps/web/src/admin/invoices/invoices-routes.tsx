import { Route } from 'react-router';
import { InvoicesPage } from './invoices-page';

/** Routes of this admin section, inside the admin frame (paths relative to /admin). */
export function invoicesAdminRoutes() {
  return <Route path="invoices" element={<InvoicesPage />} />;
}
