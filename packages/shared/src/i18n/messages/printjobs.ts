import { defineMessages } from '../define';

// Print job messages; the English ones quoted in spec section 8 are shown as written.
export const printjobs = defineMessages({
  en: {
    errors: {
      not_created: 'Printjob is not in created status',
      not_failed: 'Printjob is not marked as failed',
      archived: 'Cannot reset archived printjob',
      invalid_state: 'Invalid printjob state',
      none_found: 'No printjobs that can be canceled, printed or reset were found',
      locked: 'The print job is confirmed. Press Edit to change it.',
      over_limit: 'The uploaded files exceed your page limit.',
      processing: 'Wait until all files are processed.',
      no_documents: 'Add at least one document to print.',
      limited: 'This setting comes with a paid page package.',
      not_submitted: 'Confirm your documents before you start printing.',
      not_scheduled: 'This print job is not waiting at a printer.',
      printing_started: 'The printer has already started this job: it can no longer be cancelled.',
    },
    expired_mail: {
      subject: 'Your print job at {printer} has expired',
      subject_decommissioned: 'Your print job at {printer} was cancelled',
      body_decommissioned:
        'The printer {printer} has been taken out of service, so we cancelled the print job you sent to it.',
      body: 'Your print job sent to the printer {printer} was not printed within {hours, plural, one {# hour} other {# hours}}, so we cancelled it.',
      pages_back:
        '{pages, plural, =0 {Nothing was charged.} one {The page held for it is back on your account: nothing was charged.} other {The # pages held for it are back on your account: nothing was charged.}} Upload your documents again to print them:',
    },
  },
  de: {
    errors: {
      not_created: 'Der Druckauftrag hat nicht den Status „erstellt“',
      not_failed: 'Der Druckauftrag ist nicht als fehlgeschlagen markiert',
      archived: 'Ein archivierter Druckauftrag kann nicht zurückgesetzt werden',
      invalid_state: 'Ungültiger Status des Druckauftrags',
      none_found:
        'Es wurden keine Druckaufträge gefunden, die abgebrochen, gedruckt oder zurückgesetzt werden können',
      locked: 'Der Druckauftrag ist bestätigt. Tippe auf „Bearbeiten“, um ihn zu ändern.',
      over_limit: 'Die hochgeladenen Dateien überschreiten dein Seitenlimit.',
      processing: 'Warte, bis alle Dateien verarbeitet sind.',
      no_documents: 'Füge mindestens ein Dokument zum Drucken hinzu.',
      limited: 'Diese Einstellung gibt es mit einem bezahlten Seitenpaket.',
      not_submitted: 'Bestätige deine Dokumente, bevor du den Druck startest.',
      not_scheduled: 'Dieser Druckauftrag wartet an keinem Drucker.',
      printing_started:
        'Der Drucker hat diesen Auftrag bereits begonnen: Er kann nicht mehr abgebrochen werden.',
    },
    expired_mail: {
      subject: 'Dein Druckauftrag am Drucker {printer} ist abgelaufen',
      subject_decommissioned: 'Dein Druckauftrag am Drucker {printer} wurde abgebrochen',
      body_decommissioned:
        'Der Drucker {printer} wurde außer Betrieb genommen, deshalb haben wir den an ihn gesendeten Druckauftrag abgebrochen.',
      body: 'Dein an den Drucker {printer} gesendeter Druckauftrag wurde nicht innerhalb von {hours, plural, one {# Stunde} other {# Stunden}} gedruckt, deshalb haben wir ihn abgebrochen.',
      pages_back:
        '{pages, plural, =0 {Es wurde nichts berechnet.} one {Die dafür reservierte Seite ist wieder auf deinem Konto: Es wurde nichts berechnet.} other {Die # dafür reservierten Seiten sind wieder auf deinem Konto: Es wurde nichts berechnet.}} Lade deine Dokumente erneut hoch, um sie zu drucken:',
    },
  },
  pl: {
    errors: {
      not_created: 'Zlecenie druku nie ma statusu „utworzone”',
      not_failed: 'Zlecenie druku nie jest oznaczone jako nieudane',
      archived: 'Nie można zresetować zarchiwizowanego zlecenia druku',
      invalid_state: 'Nieprawidłowy stan zlecenia druku',
      none_found: 'Nie znaleziono zleceń druku, które można anulować, wydrukować lub zresetować',
      locked: 'Zlecenie druku jest zatwierdzone. Naciśnij „Edytuj”, aby je zmienić.',
      over_limit: 'Wrzucone pliki przekraczają Twój limit stron.',
      processing: 'Poczekaj, aż wszystkie pliki zostaną przetworzone.',
      no_documents: 'Dodaj co najmniej jeden dokument do wydruku.',
      limited: 'To ustawienie jest dostępne w płatnym pakiecie stron.',
      not_submitted: 'Zatwierdź dokumenty, zanim uruchomisz drukowanie.',
      not_scheduled: 'To zlecenie druku nie czeka na żadnej drukarce.',
      printing_started: 'Drukarka już zaczęła to zlecenie: nie można go już anulować.',
    },
    expired_mail: {
      subject: 'Twoje zlecenie druku na drukarce {printer} wygasło',
      subject_decommissioned: 'Twoje zlecenie druku na drukarce {printer} zostało anulowane',
      body_decommissioned:
        'Drukarka {printer} została wyłączona z użytku, więc anulowaliśmy wysłane do niej zlecenie druku.',
      body: 'Twoje zlecenie druku wysłane do drukarki {printer} nie zostało wydrukowane w ciągu {hours, plural, one {# godziny} few {# godzin} many {# godzin} other {# godziny}}, więc je anulowaliśmy.',
      pages_back:
        '{pages, plural, =0 {Nic nie pobrano.} one {Zarezerwowana na nie strona wróciła na Twoje konto: nic nie pobrano.} few {# zarezerwowane na nie strony wróciły na Twoje konto: nic nie pobrano.} many {# zarezerwowanych na nie stron wróciło na Twoje konto: nic nie pobrano.} other {# zarezerwowanej na nie strony wróciło na Twoje konto: nic nie pobrano.}} Wrzuć dokumenty ponownie, aby je wydrukować:',
    },
  },
});
