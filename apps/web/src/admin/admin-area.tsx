import { NavLink, Navigate, Outlet, Route, Routes } from 'react-router';
import { useCurrentUser } from '../api/session';
import { PageTitle } from '../components/page-title';
import { useT } from '../i18n/use-t';
import { invoicesAdminRoutes } from './invoices/invoices-routes';
import { operationsAdminRoutes } from './operations/operations-routes';
import { packagesAdminRoutes } from './packages/packages-routes';
import { printersAdminRoutes } from './printers/printers-routes';

const SECTIONS = [
  ['printers', 'admin.nav.printers'],
  ['printjobs', 'admin.nav.printjobs'],
  ['users', 'admin.nav.users'],
  ['packages', 'admin.nav.packages'],
  ['discount-codes', 'admin.nav.discount_codes'],
  ['express-orders', 'admin.nav.express_orders'],
  ['invoices', 'invoices.admin.title'],
  ['audit', 'admin.nav.audit'],
  ['exports', 'admin_support.nav'],
] as const;

/** The administration area: one frame, each section's routes owned by its folder. */
export function AdminArea() {
  const t = useT();
  const user = useCurrentUser();
  if (user?.role !== 'admin') {
    return (
      <div className="container admin">
        <PageTitle title={t('admin.title')} />
        <p className="alert alert--error" role="alert">
          {t('admin.forbidden')}
        </p>
      </div>
    );
  }
  return (
    <Routes>
      <Route element={<AdminFrame />}>
        <Route index element={<Navigate to="printers" replace />} />
        {printersAdminRoutes()}
        {operationsAdminRoutes()}
        {packagesAdminRoutes()}
        {invoicesAdminRoutes()}
      </Route>
    </Routes>
  );
}

function AdminFrame() {
  const t = useT();
  return (
    <div className="container admin">
      <PageTitle title={t('admin.title')} />
      <nav className="admin__nav" aria-label={t('admin.nav.label')}>
        {SECTIONS.map(([path, label]) => (
          <NavLink
            key={path}
            to={`/admin/${path}`}
            className={({ isActive }) =>
              isActive ? 'admin__nav-link admin__nav-link--active' : 'admin__nav-link'
            }
          >
            {t(label)}
          </NavLink>
        ))}
      </nav>
      <div className="admin__content">
        <Outlet />
      </div>
    </div>
  );
}
