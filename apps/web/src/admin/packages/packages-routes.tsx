import { Route } from 'react-router';
import { PackageFormPage } from './package-form-page';
import { PackagesIndexPage } from './packages-index-page';

/** Routes of this admin section, inside the admin frame (paths relative to /admin). */
export function packagesAdminRoutes() {
  return (
    <Route path="packages">
      <Route index element={<PackagesIndexPage />} />
      <Route path="new" element={<PackageFormPage />} />
      <Route path=":id/edit" element={<PackageFormPage />} />
    </Route>
  );
}
