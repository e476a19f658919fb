import { Route } from 'react-router';

/** Routes of this admin section, inside the admin frame (paths relative to /admin). */
export function operationsAdminRoutes() {
  return <Route path="printjobs" element={null} />;
}
