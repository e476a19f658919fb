import { Route } from 'react-router';
import { CitiesPage } from './cities-page';
import { DetectedPrintersPage } from './detected-printers-page';
import { PrinterFormPage } from './printer-form-page';
import { PrinterShowPage } from './printer-show-page';
import { PrintersIndexPage } from './printers-index-page';

/** Routes of this admin section, inside the admin frame (paths relative to /admin). */
export function printersAdminRoutes() {
  return (
    <Route path="printers">
      <Route index element={<PrintersIndexPage />} />
      <Route path="new" element={<PrinterFormPage />} />
      <Route path="detected" element={<DetectedPrintersPage />} />
      <Route path="cities" element={<CitiesPage />} />
      <Route path=":id" element={<PrinterShowPage />} />
      <Route path=":id/edit" element={<PrinterFormPage />} />
    </Route>
  );
}
