import { defineMessages } from '../define';

// Namespace `scans`: scans made at a printer (issue 16): the account's list (`scans.account`
// reaches the browser), the errors of the agent's upload and the download, and the mail that
// delivers them (server only).
export const scans = defineMessages({
  en: {
    title: 'Your scans',
    account: {
      title: 'Your scans',
      intro:
        'Scans you make at a printer arrive here and by e-mail. Files are deleted after a few days; download what you want to keep.',
      empty:
        'No scans yet. To scan, sign in at a printer that scans with your ID and PIN, choose “Scan” and place your pages on the glass or in the feeder.',
      set_pin: 'Your ID and PIN',
      date: 'Date',
      printer: 'Printer',
      pages: 'Pages',
      page_count: '{count, plural, one {# page} other {# pages}}',
      kilobytes: '{count} KB',
      size: 'Size',
      file: 'File',
      unknown_printer: 'Printer removed',
      download: 'Download',
      download_label: 'Download {name}',
      delete: 'Delete',
      delete_label: 'Delete {name}',
      confirm_delete: 'Delete {name} for good? The file cannot be restored.',
      confirm_button: 'Yes, delete',
      cancel: 'Cancel',
      deleted: 'The scan was deleted.',
      until: 'Kept until {date}',
      file_gone: 'File deleted after the storage period',
    },
    errors: {
      wrong_type: 'Send the scan as a PDF (Content-Type: application/pdf).',
      not_a_pdf: 'The upload is not a PDF file.',
      unreadable: 'The PDF could not be read or has no pages.',
      too_large: 'The scan is larger than {limit}.',
      refused: 'This scan session is unknown or has expired.',
      limit_reached:
        'This scan session has reached its limit ({count, plural, one {# scan} other {# scans}} or {size} in all). Sign in at the printer again to scan more.',
      bad_upload_id:
        'The X-Scan-Upload-Id header must be 1 to 64 letters, digits, dots, colons, underscores or hyphens.',
      file_deleted:
        'The file of this scan was deleted after the storage period or by you; only its record remains.',
    },
    mail: {
      subject: 'Your scan from {printer}',
      attached:
        'Your scan from {printer} of {date} ({pages, plural, one {# page} other {# pages}}) is attached to this e-mail as a PDF.',
      too_large:
        'Your scan from {printer} of {date} ({pages, plural, one {# page} other {# pages}}, {size}) is too large to attach. Download it from your account:',
      gone: 'Your scan from {printer} of {date} ({pages, plural, one {# page} other {# pages}}) is no longer stored. Your account lists your scans:',
      kept: 'It stays in your account for {days, plural, one {# day} other {# days}}; then the file is deleted.',
    },
  },
  de: {
    title: 'Deine Scans',
    account: {
      title: 'Deine Scans',
      intro:
        'Scans, die du an einem Drucker machst, erscheinen hier und kommen per E-Mail. Die Dateien werden nach einigen Tagen gelöscht; lade herunter, was du behalten möchtest.',
      empty:
        'Noch keine Scans. Zum Scannen meldest du dich an einem Drucker mit Scanfunktion mit deiner ID und PIN an, wählst „Scannen“ und legst deine Seiten auf das Glas oder in den Einzug.',
      set_pin: 'Deine ID und PIN',
      date: 'Datum',
      printer: 'Drucker',
      pages: 'Seiten',
      page_count: '{count, plural, one {# Seite} other {# Seiten}}',
      kilobytes: '{count} KB',
      size: 'Größe',
      file: 'Datei',
      unknown_printer: 'Drucker entfernt',
      download: 'Herunterladen',
      download_label: '{name} herunterladen',
      delete: 'Löschen',
      delete_label: '{name} löschen',
      confirm_delete: '{name} endgültig löschen? Die Datei lässt sich nicht wiederherstellen.',
      confirm_button: 'Ja, löschen',
      cancel: 'Abbrechen',
      deleted: 'Der Scan wurde gelöscht.',
      until: 'Aufbewahrt bis {date}',
      file_gone: 'Datei nach der Aufbewahrungsfrist gelöscht',
    },
    errors: {
      wrong_type: 'Sende den Scan als PDF (Content-Type: application/pdf).',
      not_a_pdf: 'Die hochgeladene Datei ist kein PDF.',
      unreadable: 'Das PDF ist nicht lesbar oder hat keine Seiten.',
      too_large: 'Der Scan ist größer als {limit}.',
      refused: 'Diese Scan-Sitzung ist unbekannt oder abgelaufen.',
      limit_reached:
        'Diese Scan-Sitzung hat ihre Grenze erreicht ({count, plural, one {# Scan} other {# Scans}} oder {size} insgesamt). Melde dich am Drucker neu an, um weiter zu scannen.',
      bad_upload_id:
        'Der Header X-Scan-Upload-Id muss aus 1 bis 64 Buchstaben, Ziffern, Punkten, Doppelpunkten, Unterstrichen oder Bindestrichen bestehen.',
      file_deleted:
        'Die Datei dieses Scans wurde nach der Aufbewahrungsfrist oder von dir gelöscht; nur der Eintrag bleibt.',
    },
    mail: {
      subject: 'Dein Scan von {printer}',
      attached:
        'Dein Scan von {printer} vom {date} ({pages, plural, one {# Seite} other {# Seiten}}) ist dieser E-Mail als PDF angehängt.',
      too_large:
        'Dein Scan von {printer} vom {date} ({pages, plural, one {# Seite} other {# Seiten}}, {size}) ist zu groß für einen Anhang. Lade ihn in deinem Konto herunter:',
      gone: 'Dein Scan von {printer} vom {date} ({pages, plural, one {# Seite} other {# Seiten}}) ist nicht mehr gespeichert. Dein Konto zeigt deine Scans:',
      kept: 'Er bleibt {days, plural, one {# Tag} other {# Tage}} in deinem Konto; danach wird die Datei gelöscht.',
    },
  },
  pl: {
    title: 'Twoje skany',
    account: {
      title: 'Twoje skany',
      intro:
        'Skany wykonane na drukarce pojawiają się tutaj i przychodzą e-mailem. Pliki są usuwane po kilku dniach; pobierz to, co chcesz zachować.',
      empty:
        'Nie masz jeszcze skanów. Aby skanować, zaloguj się na drukarce ze skanerem swoim ID i PIN-em, wybierz „Skanuj” i połóż strony na szybie lub w podajniku.',
      set_pin: 'Twoje ID i PIN',
      date: 'Data',
      printer: 'Drukarka',
      pages: 'Strony',
      page_count: '{count, plural, one {# strona} few {# strony} many {# stron} other {# strony}}',
      kilobytes: '{count} KB',
      size: 'Rozmiar',
      file: 'Plik',
      unknown_printer: 'Drukarka usunięta',
      download: 'Pobierz',
      download_label: 'Pobierz {name}',
      delete: 'Usuń',
      delete_label: 'Usuń {name}',
      confirm_delete: 'Usunąć {name} na zawsze? Pliku nie da się przywrócić.',
      confirm_button: 'Tak, usuń',
      cancel: 'Anuluj',
      deleted: 'Skan został usunięty.',
      until: 'Przechowywany do {date}',
      file_gone: 'Plik usunięty po okresie przechowywania',
    },
    errors: {
      wrong_type: 'Wyślij skan jako PDF (Content-Type: application/pdf).',
      not_a_pdf: 'Przesłany plik nie jest plikiem PDF.',
      unreadable: 'Nie można odczytać pliku PDF lub nie ma on stron.',
      too_large: 'Skan jest większy niż {limit}.',
      refused: 'Ta sesja skanowania jest nieznana lub wygasła.',
      limit_reached:
        'Ta sesja skanowania osiągnęła swój limit ({count, plural, one {# skan} few {# skany} many {# skanów} other {# skanu}} lub łącznie {size}). Zaloguj się ponownie na drukarce, aby skanować dalej.',
      bad_upload_id:
        'Nagłówek X-Scan-Upload-Id musi mieć od 1 do 64 znaków: litery, cyfry, kropki, dwukropki, podkreślenia lub łączniki.',
      file_deleted:
        'Plik tego skanu został usunięty po okresie przechowywania lub przez Ciebie; pozostał tylko wpis.',
    },
    mail: {
      subject: 'Twój skan z drukarki {printer}',
      attached:
        'Twój skan z drukarki {printer} z {date} ({pages, plural, one {# strona} few {# strony} many {# stron} other {# strony}}) jest załączony do tej wiadomości jako PDF.',
      too_large:
        'Twój skan z drukarki {printer} z {date} ({pages, plural, one {# strona} few {# strony} many {# stron} other {# strony}}, {size}) jest za duży, by go załączyć. Pobierz go ze swojego konta:',
      gone: 'Twój skan z drukarki {printer} z {date} ({pages, plural, one {# strona} few {# strony} many {# stron} other {# strony}}) nie jest już przechowywany. Twoje skany są na Twoim koncie:',
      kept: 'Pozostanie na Twoim koncie przez {days, plural, one {# dzień} few {# dni} many {# dni} other {# dnia}}; potem plik zostanie usunięty.',
    },
  },
});
