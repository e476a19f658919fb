import { defineMessages } from '../define';

// A printer's own page (/printers/:id), which the QR code on the printer opens. Why a printer
// cannot print (disabled, maintenance, offline, out of paper...) comes from the `printers`
// namespace.
export const printer_page = defineMessages({
  en: {
    not_found: {
      title: 'Printer not found',
      text: 'There is no printer with this number. Check the address or scan the code on the printer again.',
    },
    load_failed: 'We could not load this printer. Please try again.',
    badges: {
      label: 'Features',
      colour: 'Colour',
      black_white: 'Black and white',
      copier: 'Copier',
    },
    availability: {
      available: 'Available – ready to print',
      door_open:
        'A door or cover of the printer is open – jobs are taken and print once it is closed',
      closed:
        'Closed now (see the open hours) – a job sent now waits at the printer until you print it or it expires',
    },
    details: {
      title: 'Where to find it',
      address: 'Address',
      description: 'Details',
      email: 'Print by e-mail',
      email_hint:
        'Send your documents to {address}: the reply tells you the price and how to start printing here.',
    },
    hours: {
      title: 'Open hours',
      closed: 'Closed',
      all_day: 'Open 24 hours',
      range: '{open}–{close}',
    },
    weekdays: {
      mon: 'Monday',
      tue: 'Tuesday',
      wed: 'Wednesday',
      thu: 'Thursday',
      fri: 'Friday',
      sat: 'Saturday',
      sun: 'Sunday',
    },
    print: {
      title: 'Print at this printer',
      ready: 'Your confirmed documents are ready. Start printing them here.',
      button: 'Print here',
      sending: 'Sending…',
      not_confirmed: 'Confirm your documents first, then come back to print them here.',
      to_documents: 'Go to your documents',
      released: 'Your job has already been sent to {printer}.',
      released_no_printer: 'Your job has already been sent to a printer.',
      to_status: 'See how it is going',
      guest: 'Sign in to print your documents at this printer.',
      sign_in: 'Sign in',
      express: 'No account? Pay for this one job and print it here.',
      express_link: 'Print without an account',
    },
  },
  de: {
    not_found: {
      title: 'Drucker nicht gefunden',
      text: 'Es gibt keinen Drucker mit dieser Nummer. Prüfe die Adresse oder scanne den Code am Drucker noch einmal.',
    },
    load_failed: 'Dieser Drucker konnte nicht geladen werden. Bitte versuche es noch einmal.',
    badges: {
      label: 'Ausstattung',
      colour: 'Farbe',
      black_white: 'Schwarz-weiß',
      copier: 'Kopierer',
    },
    availability: {
      available: 'Verfügbar – bereit zum Drucken',
      door_open:
        'Eine Klappe oder Abdeckung des Druckers ist offen – Aufträge werden angenommen und gedruckt, sobald sie geschlossen ist',
      closed:
        'Jetzt geschlossen (siehe Öffnungszeiten) – ein jetzt gesendeter Auftrag wartet am Drucker, bis du ihn druckst oder er verfällt',
    },
    details: {
      title: 'Wo du ihn findest',
      address: 'Adresse',
      description: 'Hinweise',
      email: 'Drucken per E-Mail',
      email_hint:
        'Schicke deine Dokumente an {address}: Die Antwort nennt den Preis und sagt, wie du hier den Druck startest.',
    },
    hours: {
      title: 'Öffnungszeiten',
      closed: 'Geschlossen',
      all_day: 'Rund um die Uhr geöffnet',
      range: '{open}–{close}',
    },
    weekdays: {
      mon: 'Montag',
      tue: 'Dienstag',
      wed: 'Mittwoch',
      thu: 'Donnerstag',
      fri: 'Freitag',
      sat: 'Samstag',
      sun: 'Sonntag',
    },
    print: {
      title: 'An diesem Drucker drucken',
      ready: 'Deine bestätigten Dokumente sind bereit. Starte den Druck hier.',
      button: 'Hier drucken',
      sending: 'Wird gesendet…',
      not_confirmed:
        'Bestätige zuerst deine Dokumente und komm dann zurück, um sie hier zu drucken.',
      to_documents: 'Zu deinen Dokumenten',
      released: 'Dein Auftrag wurde bereits an {printer} gesendet.',
      released_no_printer: 'Dein Auftrag wurde bereits an einen Drucker gesendet.',
      to_status: 'Zum Druckstatus',
      guest: 'Melde dich an, um deine Dokumente an diesem Drucker zu drucken.',
      sign_in: 'Anmelden',
      express: 'Kein Konto? Bezahle nur diesen einen Auftrag und drucke ihn hier.',
      express_link: 'Ohne Konto drucken',
    },
  },
  pl: {
    not_found: {
      title: 'Nie znaleziono drukarki',
      text: 'Nie ma drukarki o tym numerze. Sprawdź adres lub zeskanuj ponownie kod na drukarce.',
    },
    load_failed: 'Nie udało się wczytać tej drukarki. Spróbuj ponownie.',
    badges: {
      label: 'Możliwości',
      colour: 'Kolor',
      black_white: 'Czarno-biała',
      copier: 'Kserokopiarka',
    },
    availability: {
      available: 'Dostępna – gotowa do drukowania',
      door_open:
        'Pokrywa lub drzwiczki drukarki są otwarte – zlecenia są przyjmowane i wydrukują się po ich zamknięciu',
      closed:
        'Teraz nieczynne (zobacz godziny otwarcia) – zlecenie wysłane teraz czeka przy drukarce, aż je wydrukujesz albo wygaśnie',
    },
    details: {
      title: 'Gdzie ją znaleźć',
      address: 'Adres',
      description: 'Wskazówki',
      email: 'Drukowanie przez e-mail',
      email_hint:
        'Wyślij dokumenty na {address}: w odpowiedzi podamy cenę i powiemy, jak rozpocząć tu drukowanie.',
    },
    hours: {
      title: 'Godziny otwarcia',
      closed: 'Nieczynne',
      all_day: 'Czynne całą dobę',
      range: '{open}–{close}',
    },
    weekdays: {
      mon: 'Poniedziałek',
      tue: 'Wtorek',
      wed: 'Środa',
      thu: 'Czwartek',
      fri: 'Piątek',
      sat: 'Sobota',
      sun: 'Niedziela',
    },
    print: {
      title: 'Drukuj na tej drukarce',
      ready: 'Twoje zatwierdzone dokumenty są gotowe. Uruchom drukowanie tutaj.',
      button: 'Drukuj tutaj',
      sending: 'Wysyłanie…',
      not_confirmed: 'Najpierw zatwierdź swoje dokumenty, a potem wróć, aby wydrukować je tutaj.',
      to_documents: 'Przejdź do dokumentów',
      released: 'Twoje zlecenie zostało już wysłane na drukarkę {printer}.',
      released_no_printer: 'Twoje zlecenie zostało już wysłane na drukarkę.',
      to_status: 'Sprawdź, jak idzie drukowanie',
      guest: 'Zaloguj się, aby wydrukować swoje dokumenty na tej drukarce.',
      sign_in: 'Zaloguj się',
      express: 'Nie masz konta? Zapłać tylko za to jedno zlecenie i wydrukuj je tutaj.',
      express_link: 'Drukuj bez konta',
    },
  },
});
