import { defineMessages } from '../define';

// Business accounts (issue 15): the business sign-up, turning a personal account into a business
// one, and the business page (company details, packages, purchases, invoices). Web texts; helper
// sections: `sign_up`, `convert`, `profile` (company form), `page` (the business page),
// `purchases`, `invoices`. The company form's field labels are under `fields`.
export const business_account = defineMessages({
  en: {
    fields: {
      business_name: 'Company name',
      address: 'Street and number',
      city: 'City',
      postcode: 'Postcode',
      country: 'Country',
      nip_number: 'Tax number (NIP or EU VAT number)',
    },
  },
  de: {
    fields: {
      business_name: 'Firmenname',
      address: 'Straße und Hausnummer',
      city: 'Ort',
      postcode: 'Postleitzahl',
      country: 'Land',
      nip_number: 'Steuernummer (NIP oder USt-IdNr.)',
    },
  },
  pl: {
    fields: {
      business_name: 'Nazwa firmy',
      address: 'Ulica i numer',
      city: 'Miejscowość',
      postcode: 'Kod pocztowy',
      country: 'Kraj',
      nip_number: 'NIP (lub numer VAT UE)',
    },
  },
});
