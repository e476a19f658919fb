import { defineMessages } from '../define';

// Namespace `stickers`: printer QR stickers (issue 16). `stickers.admin` is the admin's download
// buttons (web); `pdf` is the sticker's text (all three languages on every sticker) and `errors`
// the download's refusals (server only).
export const stickers = defineMessages({
  en: {
    title: 'Printer sticker',
    admin: {
      title: 'Download sticker',
      download: 'Download QR sticker',
      download_city: 'Stickers for all printers of {city}',
    },
    pdf: {
      heading: 'Print here',
      code_label: 'Print code',
      email_label: 'Print by e-mail',
      scan: 'Scan the code with your phone, or open {site} and enter the code {code}.',
      mail: 'Or e-mail your document to {address}.',
    },
    errors: {
      unknown_printer: 'There is no such printer.',
      unknown_city: 'There is no such city.',
      no_printers: '{city} has no printers in service, so there are no stickers to print.',
    },
  },
  de: {
    title: 'Druckeraufkleber',
    admin: {
      title: 'Aufkleber herunterladen',
      download: 'QR-Aufkleber herunterladen',
      download_city: 'Aufkleber für alle Drucker in {city}',
    },
    pdf: {
      heading: 'Hier drucken',
      code_label: 'Druckcode',
      email_label: 'Drucken per E-Mail',
      scan: 'Scanne den Code mit deinem Handy oder öffne {site} und gib den Code {code} ein.',
      mail: 'Oder sende dein Dokument per E-Mail an {address}.',
    },
    errors: {
      unknown_printer: 'Diesen Drucker gibt es nicht.',
      unknown_city: 'Diese Stadt gibt es nicht.',
      no_printers:
        'In {city} ist kein Drucker in Betrieb, es gibt also keine Aufkleber zum Drucken.',
    },
  },
  pl: {
    title: 'Naklejka drukarki',
    admin: {
      title: 'Pobierz naklejkę',
      download: 'Pobierz naklejkę z kodem QR',
      download_city: 'Naklejki wszystkich drukarek w mieście {city}',
    },
    pdf: {
      heading: 'Drukuj tutaj',
      code_label: 'Kod drukarki',
      email_label: 'Druk przez e-mail',
      scan: 'Zeskanuj kod telefonem albo otwórz {site} i wpisz kod {code}, aby rozpocząć drukowanie.',
      mail: 'Możesz też wysłać dokument e-mailem na adres {address}.',
    },
    errors: {
      unknown_printer: 'Nie ma takiej drukarki.',
      unknown_city: 'Nie ma takiego miasta.',
      no_printers:
        'W mieście {city} nie ma czynnych drukarek, więc nie ma naklejek do wydrukowania.',
    },
  },
});
