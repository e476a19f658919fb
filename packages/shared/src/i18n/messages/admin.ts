import { defineMessages } from '../define';

// The administration area (/admin/*): its frame and navigation, print jobs, users, express
// discount codes, express orders and the audit log. Printers live in `admin_printers`, packages
// in `payments`.
export const admin = defineMessages({
  en: {
    title: 'Administration',
    nav: {
      label: 'Administration sections',
      printers: 'Printers',
      printjobs: 'Print jobs',
      users: 'Users',
      packages: 'Packages',
      discount_codes: 'Discount codes',
      express_orders: 'Express orders',
      audit: 'Audit log',
    },
    forbidden: 'Only administrators can open this page.',
  },
  de: {
    title: 'Verwaltung',
    nav: {
      label: 'Bereiche der Verwaltung',
      printers: 'Drucker',
      printjobs: 'Druckaufträge',
      users: 'Benutzer',
      packages: 'Pakete',
      discount_codes: 'Rabattcodes',
      express_orders: 'Express-Bestellungen',
      audit: 'Protokoll',
    },
    forbidden: 'Nur Administratoren können diese Seite öffnen.',
  },
  pl: {
    title: 'Administracja',
    nav: {
      label: 'Działy administracji',
      printers: 'Drukarki',
      printjobs: 'Zlecenia druku',
      users: 'Użytkownicy',
      packages: 'Pakiety',
      discount_codes: 'Kody rabatowe',
      express_orders: 'Zamówienia express',
      audit: 'Dziennik zmian',
    },
    forbidden: 'Tę stronę mogą otworzyć tylko administratorzy.',
  },
});
