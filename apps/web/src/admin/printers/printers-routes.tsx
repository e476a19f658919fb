import { Route } from 'react-router';

/** Routes of this admin section, inside the admin frame (paths relative to /admin). */
export function printersAdminRoutes() {
  return <Route path="printers" element={null} />;
}
