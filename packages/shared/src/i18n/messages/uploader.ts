import { defineMessages } from '../define';

// The uploader screen (spec sections 2, 4, 8). The Polish banner texts are the spec's own.
export const uploader = defineMessages({
  en: {
    title: 'Print documents',
    lead: 'Add up to {max, plural, one {# file} other {# files}}: PDF, photos or Office documents. You see the price before you print.',
    drop: 'Drop files here or',
    choose: 'choose files',
    slots_full:
      'All {max, plural, one {# slot is} other {# slots are}} in use. Remove a file to add another.',
    banners: {
      uploading: 'Your files are being uploaded... Do not close the browser.',
      upload_failed: 'Uploading one or more files failed.',
      over_limit: 'The uploaded files exceed your page limit.',
      buy_pages: 'Buy pages',
    },
    files_left_out:
      '{count, plural, one {# file was} other {# files were}} not added: a print job holds at most {max} files.',
    too_large: 'file too large (at most {limit})',
    unload_warning: 'Closing this page will interrupt sending your files.',
    office_beta: 'Converting Office files is in beta. For the best result, upload a PDF.',
    dismiss: 'Dismiss',
    state: {
      waiting: 'Waiting…',
      uploading: 'Uploading… {percent}%',
      processing: 'Counting pages…',
    },
    pages: '{count, plural, one {# page} other {# pages}}',
    colour_pages:
      '{count, plural, =0 {black and white} one {# colour page} other {# colour pages}}',
    cost: '{count, plural, one {# page to pay} other {# pages to pay}}',
    copies: 'Copies',
    preview: 'Preview',
    remove: 'Remove',
    settings: {
      title: 'Print settings',
      colour: 'Colour',
      colour_on: 'Colour',
      colour_off: 'Black and white',
      duplex: 'Double-sided',
      orientation: 'Orientation',
      orientation_auto: 'Automatic',
      orientation_portrait: 'Portrait',
      orientation_landscape: 'Landscape',
      per_sheet: 'Pages per sheet',
    },
    summary: {
      title: 'Summary',
      printed: 'Pages printed',
      cost: 'Price in pages',
      remaining: 'Your pages',
      remaining_colour: '{count, plural, one {# colour page} other {# colour pages}}',
      unknown: '…',
    },
    confirm: 'Confirm',
    edit: 'Edit',
    confirmed: 'Confirmed. Go to a printer and start printing with the app or the printer’s code.',
    status: {
      scheduled: 'Your job is waiting for the printer.',
      printing: 'Printing…',
      printed: 'Printed. Thank you!',
      failed: 'Printing failed. Nothing was charged for pages that were not printed.',
      archived: 'This job is finished.',
      waiting_at: 'Your job is waiting at {printer}.',
      printing_at: 'Printing at {printer}…',
    },
    cancel: {
      button: 'Cancel printing',
      busy: 'Cancelling…',
      done: 'Printing cancelled: your pages are back. Send the job to a printer again, or press Edit to change it.',
    },
    retention: {
      will_delete: 'Its files will be deleted at {time}.',
      deleted: 'Its files were deleted at {time}.',
      unused: 'If these files are neither printed nor changed, they will be deleted at {time}.',
    },
    last_result: {
      expired:
        'Your last print job was not printed in time and has expired. Nothing was charged: its pages are back on your account.',
      cancelled:
        'You cancelled your last print job. Nothing was charged: its pages are back on your account.',
      printed:
        'Printed {printed, plural, one {# page} other {# pages}} at {printer}. {charged, plural, =0 {Nothing was charged.} one {# page charged.} other {# pages charged.}}',
      printed_no_printer:
        'Printed {printed, plural, one {# page} other {# pages}}. {charged, plural, =0 {Nothing was charged.} one {# page charged.} other {# pages charged.}}',
      failed:
        'Printing at {printer} failed. {charged, plural, =0 {Nothing was charged.} one {# page charged – only what came out of the printer.} other {# pages charged – only what came out of the printer.}}',
      failed_no_printer:
        'Printing failed. {charged, plural, =0 {Nothing was charged.} one {# page charged – only what came out of the printer.} other {# pages charged – only what came out of the printer.}}',
    },
    preview_modal: {
      title: 'Preview: {name}',
      page: 'Page {number}',
      colour: 'colour',
      cost: 'This document costs {count, plural, one {# page} other {# pages}} with the current settings.',
    },
    release: {
      button: 'Print with the printer’s code',
      title: 'Start printing',
      text: 'Type the code shown on the printer’s screen.',
      code: 'Printer code',
      submit: 'Print',
      started: 'Sent to the printer. Your pages are reserved and charged as they print.',
    },
    offer: {
      title: 'Available with a page package',
      cta_color: 'Colour printing comes with a paid page package.',
      cta_duplex: 'Double-sided printing comes with a paid page package.',
      cta_orientation: 'Choosing the orientation comes with a paid page package.',
      cta_per_sheet: 'Printing several pages per sheet comes with a paid page package.',
      text: 'Your free pages print in black and white, one page per sheet, on one side.',
      buy: 'Buy a package',
      close: 'Not now',
    },
  },
  de: {
    title: 'Dokumente drucken',
    lead: 'Füge bis zu {max, plural, one {# Datei} other {# Dateien}} hinzu: PDF, Fotos oder Office-Dokumente. Den Preis siehst du vor dem Drucken.',
    drop: 'Dateien hierher ziehen oder',
    choose: 'Dateien auswählen',
    slots_full:
      'Alle {max, plural, one {# Platz ist} other {# Plätze sind}} belegt. Entferne eine Datei, um eine neue hinzuzufügen.',
    banners: {
      uploading: 'Deine Dateien werden hochgeladen... Schließe den Browser nicht.',
      upload_failed: 'Das Hochladen einer oder mehrerer Dateien ist fehlgeschlagen.',
      over_limit: 'Die hochgeladenen Dateien überschreiten dein Seitenlimit.',
      buy_pages: 'Seiten kaufen',
    },
    files_left_out:
      '{count, plural, one {# Datei wurde} other {# Dateien wurden}} nicht hinzugefügt: Ein Druckauftrag fasst höchstens {max} Dateien.',
    too_large: 'Datei zu groß (höchstens {limit})',
    unload_warning: 'Wenn du diese Seite schließt, wird das Senden deiner Dateien abgebrochen.',
    office_beta:
      'Die Umwandlung von Office-Dateien ist in der Beta-Phase. Das beste Ergebnis erzielst du mit einer PDF.',
    dismiss: 'Schließen',
    state: {
      waiting: 'Wartet…',
      uploading: 'Wird hochgeladen… {percent} %',
      processing: 'Seiten werden gezählt…',
    },
    pages: '{count, plural, one {# Seite} other {# Seiten}}',
    colour_pages: '{count, plural, =0 {schwarz-weiß} one {# Farbseite} other {# Farbseiten}}',
    cost: '{count, plural, one {# Seite zu zahlen} other {# Seiten zu zahlen}}',
    copies: 'Kopien',
    preview: 'Vorschau',
    remove: 'Entfernen',
    settings: {
      title: 'Druckeinstellungen',
      colour: 'Farbe',
      colour_on: 'Farbe',
      colour_off: 'Schwarz-weiß',
      duplex: 'Beidseitig',
      orientation: 'Ausrichtung',
      orientation_auto: 'Automatisch',
      orientation_portrait: 'Hochformat',
      orientation_landscape: 'Querformat',
      per_sheet: 'Seiten pro Blatt',
    },
    summary: {
      title: 'Übersicht',
      printed: 'Gedruckte Seiten',
      cost: 'Preis in Seiten',
      remaining: 'Deine Seiten',
      remaining_colour: '{count, plural, one {# Farbseite} other {# Farbseiten}}',
      unknown: '…',
    },
    confirm: 'Bestätigen',
    edit: 'Bearbeiten',
    confirmed:
      'Bestätigt. Geh zu einem Drucker und starte den Druck mit der App oder dem Code des Druckers.',
    status: {
      scheduled: 'Dein Auftrag wartet auf den Drucker.',
      printing: 'Wird gedruckt…',
      printed: 'Gedruckt. Danke!',
      failed: 'Der Druck ist fehlgeschlagen. Nicht gedruckte Seiten werden nicht berechnet.',
      archived: 'Dieser Auftrag ist abgeschlossen.',
      waiting_at: 'Dein Auftrag wartet am Drucker {printer}.',
      printing_at: 'Wird am Drucker {printer} gedruckt…',
    },
    cancel: {
      button: 'Druck abbrechen',
      busy: 'Wird abgebrochen…',
      done: 'Druck abgebrochen: Deine Seiten sind zurück. Sende den Auftrag erneut an einen Drucker oder tippe auf „Bearbeiten“, um ihn zu ändern.',
    },
    retention: {
      will_delete: 'Seine Dateien werden am {time} gelöscht.',
      deleted: 'Seine Dateien wurden am {time} gelöscht.',
      unused: 'Werden diese Dateien weder gedruckt noch geändert, werden sie am {time} gelöscht.',
    },
    last_result: {
      expired:
        'Dein letzter Druckauftrag wurde nicht rechtzeitig gedruckt und ist abgelaufen. Es wurde nichts berechnet: Seine Seiten sind wieder auf deinem Konto.',
      cancelled:
        'Du hast deinen letzten Druckauftrag abgebrochen. Es wurde nichts berechnet: Seine Seiten sind wieder auf deinem Konto.',
      printed:
        '{printed, plural, one {# Seite} other {# Seiten}} am Drucker {printer} gedruckt. {charged, plural, =0 {Es wurde nichts berechnet.} one {# Seite berechnet.} other {# Seiten berechnet.}}',
      printed_no_printer:
        '{printed, plural, one {# Seite} other {# Seiten}} gedruckt. {charged, plural, =0 {Es wurde nichts berechnet.} one {# Seite berechnet.} other {# Seiten berechnet.}}',
      failed:
        'Der Druck am Drucker {printer} ist fehlgeschlagen. {charged, plural, =0 {Es wurde nichts berechnet.} one {# Seite berechnet – nur das, was aus dem Drucker kam.} other {# Seiten berechnet – nur das, was aus dem Drucker kam.}}',
      failed_no_printer:
        'Der Druck ist fehlgeschlagen. {charged, plural, =0 {Es wurde nichts berechnet.} one {# Seite berechnet – nur das, was aus dem Drucker kam.} other {# Seiten berechnet – nur das, was aus dem Drucker kam.}}',
    },
    preview_modal: {
      title: 'Vorschau: {name}',
      page: 'Seite {number}',
      colour: 'Farbe',
      cost: 'Dieses Dokument kostet mit den aktuellen Einstellungen {count, plural, one {# Seite} other {# Seiten}}.',
    },
    release: {
      button: 'Mit dem Code des Druckers drucken',
      title: 'Druck starten',
      text: 'Gib den Code ein, den der Drucker auf seinem Bildschirm zeigt.',
      code: 'Druckercode',
      submit: 'Drucken',
      started:
        'An den Drucker gesendet. Deine Seiten sind reserviert und werden beim Drucken berechnet.',
    },
    offer: {
      title: 'Mit einem Seitenpaket verfügbar',
      cta_color: 'Farbdruck gibt es mit einem bezahlten Seitenpaket.',
      cta_duplex: 'Beidseitiger Druck gibt es mit einem bezahlten Seitenpaket.',
      cta_orientation: 'Die Wahl der Ausrichtung gibt es mit einem bezahlten Seitenpaket.',
      cta_per_sheet: 'Mehrere Seiten pro Blatt gibt es mit einem bezahlten Seitenpaket.',
      text: 'Deine Gratisseiten werden schwarz-weiß gedruckt, eine Seite pro Blatt, einseitig.',
      buy: 'Paket kaufen',
      close: 'Nicht jetzt',
    },
  },
  pl: {
    title: 'Drukuj dokumenty',
    lead: 'Dodaj do {max, plural, one {# pliku} few {# plików} many {# plików} other {# pliku}}: PDF, zdjęcia lub dokumenty Office. Cenę zobaczysz przed wydrukiem.',
    drop: 'Upuść pliki tutaj lub',
    choose: 'wybierz pliki',
    slots_full: 'Wszystkie miejsca ({max}) są zajęte. Usuń plik, aby dodać kolejny.',
    banners: {
      uploading: 'Trwa wysyłanie twoich plików... Nie zamykaj przeglądarki.',
      upload_failed: 'Wysyłanie jednego lub więcej plików nie powiodło się.',
      over_limit: 'Wrzucone pliki przekraczają Twój limit stron.',
      buy_pages: 'Kup strony',
    },
    files_left_out:
      '{count, plural, one {# plik nie został dodany} few {# pliki nie zostały dodane} many {# plików nie zostało dodanych} other {# pliku nie dodano}}: zlecenie mieści najwyżej {max} plików.',
    too_large: 'za duży plik (maksymalnie {limit})',
    unload_warning: 'Zamknięcie strony przerwie wysyłanie plików.',
    office_beta: 'Konwersja plików Office jest w wersji beta. Najlepszy efekt da plik PDF.',
    dismiss: 'Zamknij',
    state: {
      waiting: 'Oczekuje…',
      uploading: 'Wysyłanie… {percent}%',
      processing: 'Liczenie stron…',
    },
    pages: '{count, plural, one {# strona} few {# strony} many {# stron} other {# strony}}',
    colour_pages:
      '{count, plural, =0 {czarno-biały} one {# strona kolorowa} few {# strony kolorowe} many {# stron kolorowych} other {# strony kolorowej}}',
    cost: '{count, plural, one {# strona do zapłaty} few {# strony do zapłaty} many {# stron do zapłaty} other {# strony do zapłaty}}',
    copies: 'Kopie',
    preview: 'Podgląd',
    remove: 'Usuń',
    settings: {
      title: 'Ustawienia druku',
      colour: 'Kolor',
      colour_on: 'Kolor',
      colour_off: 'Czarno-biały',
      duplex: 'Dwustronnie',
      orientation: 'Orientacja',
      orientation_auto: 'Automatyczna',
      orientation_portrait: 'Pionowa',
      orientation_landscape: 'Pozioma',
      per_sheet: 'Stron na arkusz',
    },
    summary: {
      title: 'Podsumowanie',
      printed: 'Wydrukowane strony',
      cost: 'Cena w stronach',
      remaining: 'Twoje strony',
      remaining_colour:
        '{count, plural, one {# strona kolorowa} few {# strony kolorowe} many {# stron kolorowych} other {# strony kolorowej}}',
      unknown: '…',
    },
    confirm: 'Zatwierdź',
    edit: 'Edytuj',
    confirmed: 'Zatwierdzone. Podejdź do drukarki i uruchom druk w aplikacji lub kodem drukarki.',
    status: {
      scheduled: 'Twoje zlecenie czeka na drukarkę.',
      printing: 'Drukowanie…',
      printed: 'Wydrukowano. Dziękujemy!',
      failed: 'Drukowanie nie powiodło się. Za niewydrukowane strony nic nie pobrano.',
      archived: 'To zlecenie jest zakończone.',
      waiting_at: 'Twoje zlecenie czeka na drukarkę {printer}.',
      printing_at: 'Drukowanie na drukarce {printer}…',
    },
    cancel: {
      button: 'Anuluj drukowanie',
      busy: 'Anulowanie…',
      done: 'Drukowanie anulowane: Twoje strony wróciły. Wyślij zlecenie ponownie do drukarki albo naciśnij „Edytuj”, aby je zmienić.',
    },
    retention: {
      will_delete: 'Jego pliki zostaną usunięte {time}.',
      deleted: 'Jego pliki usunięto {time}.',
      unused: 'Jeśli te pliki nie zostaną wydrukowane ani zmienione, zostaną usunięte {time}.',
    },
    last_result: {
      expired:
        'Twoje ostatnie zlecenie druku nie zostało wydrukowane na czas i wygasło. Nic nie pobrano: jego strony wróciły na Twoje konto.',
      cancelled:
        'Anulowano Twoje ostatnie zlecenie druku. Nic nie pobrano: jego strony wróciły na Twoje konto.',
      printed:
        'Wydrukowano {printed, plural, one {# stronę} few {# strony} many {# stron} other {# strony}} na drukarce {printer}. {charged, plural, =0 {Nic nie pobrano.} one {Pobrano # stronę.} few {Pobrano # strony.} many {Pobrano # stron.} other {Pobrano # strony.}}',
      printed_no_printer:
        'Wydrukowano {printed, plural, one {# stronę} few {# strony} many {# stron} other {# strony}}. {charged, plural, =0 {Nic nie pobrano.} one {Pobrano # stronę.} few {Pobrano # strony.} many {Pobrano # stron.} other {Pobrano # strony.}}',
      failed:
        'Drukowanie na drukarce {printer} nie powiodło się. {charged, plural, =0 {Nic nie pobrano.} one {Pobrano # stronę – tylko za to, co wyszło z drukarki.} few {Pobrano # strony – tylko za to, co wyszło z drukarki.} many {Pobrano # stron – tylko za to, co wyszło z drukarki.} other {Pobrano # strony – tylko za to, co wyszło z drukarki.}}',
      failed_no_printer:
        'Drukowanie nie powiodło się. {charged, plural, =0 {Nic nie pobrano.} one {Pobrano # stronę – tylko za to, co wyszło z drukarki.} few {Pobrano # strony – tylko za to, co wyszło z drukarki.} many {Pobrano # stron – tylko za to, co wyszło z drukarki.} other {Pobrano # strony – tylko za to, co wyszło z drukarki.}}',
    },
    preview_modal: {
      title: 'Podgląd: {name}',
      page: 'Strona {number}',
      colour: 'kolor',
      cost: 'Ten dokument kosztuje {count, plural, one {# stronę} few {# strony} many {# stron} other {# strony}} przy obecnych ustawieniach.',
    },
    release: {
      button: 'Drukuj kodem drukarki',
      title: 'Rozpocznij drukowanie',
      text: 'Wpisz kod wyświetlony na ekranie drukarki.',
      code: 'Kod drukarki',
      submit: 'Drukuj',
      started: 'Wysłano do drukarki. Strony są zarezerwowane i pobierane w miarę drukowania.',
    },
    offer: {
      title: 'Dostępne w pakiecie stron',
      cta_color: 'Druk w kolorze jest dostępny w płatnym pakiecie stron.',
      cta_duplex: 'Druk dwustronny jest dostępny w płatnym pakiecie stron.',
      cta_orientation: 'Wybór orientacji jest dostępny w płatnym pakiecie stron.',
      cta_per_sheet: 'Kilka stron na arkuszu jest dostępne w płatnym pakiecie stron.',
      text: 'Darmowe strony drukujemy czarno-biało, jedną stronę na arkuszu, jednostronnie.',
      buy: 'Kup pakiet',
      close: 'Nie teraz',
    },
  },
});
