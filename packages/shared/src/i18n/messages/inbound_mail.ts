import { defineMessages } from '../define';

// Print by e-mail (issue 14): the reply to a message sent to a printer's address (server), and
// the admin list of a printer's inbound messages (web). Helpers B (reply) and C (admin) add keys.
export const inbound_mail = defineMessages({
  en: {
    verdict: {
      trusted: 'Account holder',
      stranger: 'Unknown sender',
      ignored: 'Not answered',
    },
    outcome: {
      added: 'Added to the account holder’s print job',
      express_order: 'Express order created',
      job_locked: 'Not added: the print job was confirmed or printing',
      no_documents: 'Nothing printable in it',
      printer_unavailable: 'The printer takes no orders',
      auto_reply: 'Automatic reply (not answered)',
      bounce: 'Delivery report (not answered)',
      list: 'Mailing list or bulk mail (not answered)',
      no_sender: 'No sender (not answered)',
      failed: 'Could not be processed',
    },
    refused: {
      executable: 'Programs and scripts are not printed.',
      archive: 'Archives (ZIP, RAR, …) are not printed: attach the files themselves.',
      too_many_files: 'Too many files: a print job holds at most {max}.',
      too_large: 'The file is too large (at most {limit}).',
    },
  },
  de: {
    verdict: {
      trusted: 'Kontoinhaber',
      stranger: 'Unbekannter Absender',
      ignored: 'Nicht beantwortet',
    },
    outcome: {
      added: 'Zum Druckauftrag des Kontoinhabers hinzugefügt',
      express_order: 'Express-Bestellung angelegt',
      job_locked: 'Nicht hinzugefügt: Der Druckauftrag war bestätigt oder wurde gedruckt',
      no_documents: 'Nichts Druckbares enthalten',
      printer_unavailable: 'Der Drucker nimmt keine Aufträge an',
      auto_reply: 'Automatische Antwort (nicht beantwortet)',
      bounce: 'Zustellbericht (nicht beantwortet)',
      list: 'Mailingliste oder Massenmail (nicht beantwortet)',
      no_sender: 'Kein Absender (nicht beantwortet)',
      failed: 'Konnte nicht verarbeitet werden',
    },
    refused: {
      executable: 'Programme und Skripte werden nicht gedruckt.',
      archive: 'Archive (ZIP, RAR, …) werden nicht gedruckt: Hängen Sie die Dateien selbst an.',
      too_many_files: 'Zu viele Dateien: Ein Druckauftrag umfasst höchstens {max}.',
      too_large: 'Die Datei ist zu groß (höchstens {limit}).',
    },
  },
  pl: {
    verdict: {
      trusted: 'Posiadacz konta',
      stranger: 'Nieznany nadawca',
      ignored: 'Bez odpowiedzi',
    },
    outcome: {
      added: 'Dodano do zlecenia druku posiadacza konta',
      express_order: 'Utworzono zamówienie express',
      job_locked: 'Nie dodano: zlecenie było potwierdzone lub drukowane',
      no_documents: 'Brak plików do druku',
      printer_unavailable: 'Drukarka nie przyjmuje zleceń',
      auto_reply: 'Automatyczna odpowiedź (bez odpowiedzi)',
      bounce: 'Raport doręczenia (bez odpowiedzi)',
      list: 'Lista mailingowa lub poczta masowa (bez odpowiedzi)',
      no_sender: 'Brak nadawcy (bez odpowiedzi)',
      failed: 'Nie udało się przetworzyć',
    },
    refused: {
      executable: 'Programy i skrypty nie są drukowane.',
      archive: 'Archiwa (ZIP, RAR, …) nie są drukowane: załącz same pliki.',
      too_many_files: 'Za dużo plików: zlecenie druku mieści najwyżej {max}.',
      too_large: 'Plik jest za duży (najwyżej {limit}).',
    },
  },
});
