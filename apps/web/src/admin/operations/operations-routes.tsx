import { Route } from 'react-router';
import { AuditPage } from './audit-page';
import { DiscountCodesPage } from './discount-codes-page';
import { ExportsPage } from './exports-page';
import { ExpressOrderShowPage, ExpressOrdersListPage } from './express-orders-pages';
import { PrintjobShowPage } from './printjob-show-page';
import { PrintjobsListPage } from './printjobs-list-page';
import { UserShowPage } from './user-show-page';
import { UsersListPage } from './users-list-page';

/** Routes of this admin section, inside the admin frame (paths relative to /admin). */
export function operationsAdminRoutes() {
  return (
    <>
      <Route path="printjobs" element={<PrintjobsListPage />} />
      <Route path="printjobs/:id" element={<PrintjobShowPage />} />
      <Route path="users" element={<UsersListPage />} />
      <Route path="users/:id" element={<UserShowPage />} />
      <Route path="discount-codes" element={<DiscountCodesPage />} />
      <Route path="express-orders" element={<ExpressOrdersListPage />} />
      <Route path="express-orders/:id" element={<ExpressOrderShowPage />} />
      <Route path="audit" element={<AuditPage />} />
      <Route path="exports" element={<ExportsPage />} />
    </>
  );
}
