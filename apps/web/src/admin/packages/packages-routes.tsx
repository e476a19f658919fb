import { Route } from 'react-router';

/** Routes of this admin section, inside the admin frame (paths relative to /admin). */
export function packagesAdminRoutes() {
  return <Route path="packages" element={null} />;
}
