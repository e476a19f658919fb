import { defineMessages } from '../define';

// App shell, shared widgets and generic client-side messages of the web app.
export const common = defineMessages({
  en: {
    app_name: 'Printomat',
    loading: 'Loading…',
    close: 'Close',
    back: 'Back',
    language: 'Language',
    please_wait: 'Please wait…',
    skip_to_content: 'Skip to content',
    nav: {
      label: 'Main navigation',
      home: 'Home',
      print: 'Print',
      account: 'Account',
    },
    footer: {
      tagline: 'Self-service printing at printers near you.',
      copyright: '© {year, number, ::group-off} Printomat',
    },
    errors: {
      network: 'We could not reach the server. Check your connection and try again.',
      generic: 'Something went wrong. Please try again.',
    },
    not_found: {
      title: 'Page not found',
      text: 'The page you are looking for does not exist or has been moved.',
      home: 'Go to the home page',
    },
    language_modal: {
      title: 'Choose your language',
      description: 'The website and our e-mails will use this language.',
    },
  },
  de: {
    app_name: 'Printomat',
    loading: 'Wird geladen…',
    close: 'Schließen',
    back: 'Zurück',
    language: 'Sprache',
    please_wait: 'Bitte warten…',
    skip_to_content: 'Zum Inhalt springen',
    nav: {
      label: 'Hauptnavigation',
      home: 'Startseite',
      print: 'Drucken',
      account: 'Konto',
    },
    footer: {
      tagline: 'Drucken in Selbstbedienung an Druckern in deiner Nähe.',
      copyright: '© {year, number, ::group-off} Printomat',
    },
    errors: {
      network:
        'Der Server ist nicht erreichbar. Prüfe deine Verbindung und versuche es noch einmal.',
      generic: 'Etwas ist schiefgelaufen. Bitte versuche es noch einmal.',
    },
    not_found: {
      title: 'Seite nicht gefunden',
      text: 'Die gesuchte Seite gibt es nicht oder sie wurde verschoben.',
      home: 'Zur Startseite',
    },
    language_modal: {
      title: 'Sprache wählen',
      description: 'Die Website und unsere E-Mails verwenden dann diese Sprache.',
    },
  },
  pl: {
    app_name: 'Printomat',
    loading: 'Ładowanie…',
    close: 'Zamknij',
    back: 'Wstecz',
    language: 'Język',
    please_wait: 'Proszę czekać…',
    skip_to_content: 'Przejdź do treści',
    nav: {
      label: 'Nawigacja główna',
      home: 'Strona główna',
      print: 'Drukuj',
      account: 'Konto',
    },
    footer: {
      tagline: 'Samoobsługowe drukowanie w drukarkach niedaleko Ciebie.',
      copyright: '© {year, number, ::group-off} Printomat',
    },
    errors: {
      network: 'Nie udało się połączyć z serwerem. Sprawdź połączenie i spróbuj ponownie.',
      generic: 'Coś poszło nie tak. Spróbuj ponownie.',
    },
    not_found: {
      title: 'Nie znaleziono strony',
      text: 'Strona, której szukasz, nie istnieje lub została przeniesiona.',
      home: 'Przejdź na stronę główną',
    },
    language_modal: {
      title: 'Wybierz język',
      description: 'W tym języku wyświetlimy stronę i wyślemy Ci e-maile.',
    },
  },
});
