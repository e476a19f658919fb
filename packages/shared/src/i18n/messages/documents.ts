import { defineMessages } from '../define';

// Why a document cannot be printed (Document.failure_reason). 'za duży plik' is the spec's text.
export const documents = defineMessages({
  en: {
    failure: {
      too_large: 'file too large (at most {limit})',
      unsupported: 'this file type cannot be printed',
      password_protected: 'the file is password protected',
      corrupt: 'the file is damaged or not a valid document',
      empty: 'the file is empty',
      too_many_pages: 'the document has more than {max, plural, one {# page} other {# pages}}',
      too_complex: 'the file is too complex to process',
      too_many_files: 'a print job holds at most {max, plural, one {# file} other {# files}}',
      not_processed:
        'the file could not be processed right now; please try again later or upload a PDF',
    },
    preview_busy: 'Many previews are being prepared right now. Please try again in a moment.',
  },
  de: {
    failure: {
      too_large: 'Datei zu groß (höchstens {limit})',
      unsupported: 'dieser Dateityp kann nicht gedruckt werden',
      password_protected: 'die Datei ist passwortgeschützt',
      corrupt: 'die Datei ist beschädigt oder kein gültiges Dokument',
      empty: 'die Datei ist leer',
      too_many_pages: 'das Dokument hat mehr als {max, plural, one {# Seite} other {# Seiten}}',
      too_complex: 'die Datei ist zu aufwendig für die Verarbeitung',
      too_many_files:
        'ein Druckauftrag umfasst höchstens {max, plural, one {# Datei} other {# Dateien}}',
      not_processed:
        'die Datei konnte gerade nicht verarbeitet werden; bitte versuche es später noch einmal oder lade ein PDF hoch',
    },
    preview_busy: 'Gerade werden viele Vorschauen erstellt. Bitte versuche es gleich noch einmal.',
  },
  pl: {
    failure: {
      too_large: 'za duży plik (maksymalnie {limit})',
      unsupported: 'tego typu pliku nie można wydrukować',
      password_protected: 'plik jest chroniony hasłem',
      corrupt: 'plik jest uszkodzony lub nie jest prawidłowym dokumentem',
      empty: 'plik jest pusty',
      too_many_pages:
        'dokument ma więcej niż {max, plural, one {# stronę} few {# strony} many {# stron} other {# strony}}',
      too_complex: 'plik jest zbyt złożony do przetworzenia',
      too_many_files:
        'zlecenie druku może zawierać najwyżej {max, plural, one {# plik} few {# pliki} many {# plików} other {# pliku}}',
      not_processed:
        'nie udało się teraz przetworzyć pliku; spróbuj ponownie później lub prześlij plik PDF',
    },
    preview_busy: 'Trwa przygotowywanie wielu podglądów. Spróbuj ponownie za chwilę.',
  },
});
