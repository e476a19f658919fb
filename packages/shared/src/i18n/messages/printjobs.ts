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
    },
  },
});
