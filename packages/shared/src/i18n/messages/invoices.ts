import { defineMessages } from '../define';

// VAT invoices (issue 15). `pdf`: the invoice document's labels (server; Polish always, the
// customer's language beside it); `mail`: the mail that an invoice was issued (server);
// `admin`: the administration's invoices page (web); `ksef_status`: shown on both pages (web).
export const invoices = defineMessages({
  en: {
    admin: { title: 'Invoices' },
    ksef_status: {
      pending: 'Waiting to be sent',
      sending: 'Being sent',
      accepted: 'Accepted by KSeF',
      rejected: 'Rejected by KSeF',
      failed: 'Sending failed',
    },
  },
  de: {
    admin: { title: 'Rechnungen' },
    ksef_status: {
      pending: 'Wartet auf Versand',
      sending: 'Wird gesendet',
      accepted: 'Von KSeF angenommen',
      rejected: 'Von KSeF abgelehnt',
      failed: 'Versand fehlgeschlagen',
    },
  },
  pl: {
    admin: { title: 'Faktury' },
    ksef_status: {
      pending: 'Czeka na wysłanie',
      sending: 'W trakcie wysyłania',
      accepted: 'Przyjęta przez KSeF',
      rejected: 'Odrzucona przez KSeF',
      failed: 'Wysyłka nie powiodła się',
    },
  },
});
