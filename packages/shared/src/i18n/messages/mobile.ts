import { defineMessages } from '../define';

// Namespace `mobile`: the phone app's screens (issue 16): nearby printers, QR scanner, releasing the job.
// Job states and summaries reuse `uploader.*`, printer states `map.*` and `printer_page.*`.
export const mobile = defineMessages({
  en: {
    title: 'Print nearby',
    lead: 'Find a printer near you or scan the QR code on a printer, then start printing your confirmed documents there.',
    scan_button: 'Scan a printer’s QR code',
    nearby: {
      find: 'Find printers near me',
      locating: 'Finding your location…',
      again: 'Update my location',
      title: 'Printers near you',
      empty: 'There are no printers yet.',
      load_failed: 'We could not load the printers. Please try again.',
      to_map: 'Open the printer map',
      hint: 'Allow your location to see the nearest printers first, or choose one on the map.',
      distance: '{distance} away',
      choose: 'Choose {name}, {distance} away',
    },
    geo: {
      denied:
        'You did not allow this app to use your location. Allow it in your browser’s settings, or choose a printer on the map.',
      unavailable:
        'Your location is not available right now. Try again in a moment, or choose a printer on the map.',
      timeout: 'Finding your location took too long. Try again, or choose a printer on the map.',
      unsupported: 'This browser cannot tell your location. Choose a printer on the map.',
    },
    chosen: {
      back: 'Other printers',
      details: 'Opening hours and details',
      not_found:
        'This printer does not exist (any more). Scan its code again or choose another one.',
    },
    release: {
      title: 'Your print job',
      none: 'You have no documents to print yet. Upload them and confirm them first.',
      upload: 'Upload documents',
      not_enough:
        'You do not have enough pages for this job: it costs {cost, plural, one {# page} other {# pages}}, you have {remaining, plural, one {# page} other {# pages}}.',
      unavailable: 'You cannot print at this printer right now.',
      closed_note:
        'This place is closed now: your job waits at the printer until it opens and is printed, or until it expires.',
      other_printer: 'Your job was sent to {printer}. Follow it here.',
      print_more: 'Print more documents',
    },
    steps: {
      label: 'Progress of your print job',
      sent: 'Sent to the printer',
      printing: 'Printing',
      printed: 'Printed',
      failed: 'Not printed',
    },
    code: {
      title: 'Printer code {code}',
      text: 'This QR code holds a printer’s code. Start printing your confirmed documents at that printer.',
      button: 'Print with code {code}',
    },
    scan: {
      title: 'Scan the printer’s QR code',
      lead: 'Point your camera at the QR code on the printer’s sticker.',
      starting: 'Starting the camera…',
      scanning: 'Looking for a QR code…',
      video: 'Camera view',
      denied:
        'You did not allow the camera. Allow it in your browser’s settings, or scan the code from a photo.',
      missing: 'No camera was found. Scan the code from a photo instead.',
      failed: 'The camera could not be started. Scan the code from a photo instead.',
      photo: 'Scan from a photo',
      reading: 'Reading the photo…',
      no_code: 'There is no readable QR code in this photo. Try again closer and with more light.',
      not_printomat: 'This QR code is not a Printomat printer.',
      back: 'Back to the printers',
    },
  },
  de: {
    title: 'In der Nähe drucken',
    lead: 'Finde einen Drucker in deiner Nähe oder scanne den QR-Code an einem Drucker und starte dort den Druck deiner bestätigten Dokumente.',
    scan_button: 'QR-Code eines Druckers scannen',
    nearby: {
      find: 'Drucker in meiner Nähe finden',
      locating: 'Dein Standort wird ermittelt…',
      again: 'Standort aktualisieren',
      title: 'Drucker in deiner Nähe',
      empty: 'Es gibt noch keine Drucker.',
      load_failed: 'Die Drucker konnten nicht geladen werden. Bitte versuche es noch einmal.',
      to_map: 'Druckerkarte öffnen',
      hint: 'Gib deinen Standort frei, um die nächsten Drucker zuerst zu sehen, oder wähle einen auf der Karte.',
      distance: '{distance} entfernt',
      choose: '{name} wählen, {distance} entfernt',
    },
    geo: {
      denied:
        'Du hast dieser App deinen Standort nicht freigegeben. Erlaube ihn in den Einstellungen deines Browsers oder wähle einen Drucker auf der Karte.',
      unavailable:
        'Dein Standort ist gerade nicht verfügbar. Versuche es gleich noch einmal oder wähle einen Drucker auf der Karte.',
      timeout:
        'Die Standortbestimmung hat zu lange gedauert. Versuche es noch einmal oder wähle einen Drucker auf der Karte.',
      unsupported:
        'Dieser Browser kann deinen Standort nicht bestimmen. Wähle einen Drucker auf der Karte.',
    },
    chosen: {
      back: 'Andere Drucker',
      details: 'Öffnungszeiten und Details',
      not_found:
        'Diesen Drucker gibt es nicht (mehr). Scanne seinen Code noch einmal oder wähle einen anderen.',
    },
    release: {
      title: 'Dein Druckauftrag',
      none: 'Du hast noch keine Dokumente zum Drucken. Lade sie hoch und bestätige sie zuerst.',
      upload: 'Dokumente hochladen',
      not_enough:
        'Du hast nicht genug Seiten für diesen Auftrag: Er kostet {cost, plural, one {# Seite} other {# Seiten}}, du hast {remaining, plural, one {# Seite} other {# Seiten}}.',
      unavailable: 'An diesem Drucker kannst du gerade nicht drucken.',
      closed_note:
        'Der Ort ist gerade geschlossen: Dein Auftrag wartet am Drucker, bis der Ort öffnet und er gedruckt wird oder bis der Auftrag abläuft.',
      other_printer: 'Dein Auftrag wurde an {printer} gesendet. Verfolge ihn hier.',
      print_more: 'Weitere Dokumente drucken',
    },
    steps: {
      label: 'Fortschritt deines Druckauftrags',
      sent: 'An den Drucker gesendet',
      printing: 'Wird gedruckt',
      printed: 'Gedruckt',
      failed: 'Nicht gedruckt',
    },
    code: {
      title: 'Druckercode {code}',
      text: 'Dieser QR-Code enthält den Code eines Druckers. Starte dort den Druck deiner bestätigten Dokumente.',
      button: 'Mit Code {code} drucken',
    },
    scan: {
      title: 'QR-Code des Druckers scannen',
      lead: 'Richte die Kamera auf den QR-Code auf dem Aufkleber des Druckers.',
      starting: 'Kamera wird gestartet…',
      scanning: 'Suche nach einem QR-Code…',
      video: 'Kamerabild',
      denied:
        'Du hast die Kamera nicht erlaubt. Erlaube sie in den Einstellungen deines Browsers oder scanne den Code von einem Foto.',
      missing: 'Es wurde keine Kamera gefunden. Scanne den Code stattdessen von einem Foto.',
      failed:
        'Die Kamera konnte nicht gestartet werden. Scanne den Code stattdessen von einem Foto.',
      photo: 'Von einem Foto scannen',
      reading: 'Das Foto wird gelesen…',
      no_code:
        'Auf diesem Foto ist kein lesbarer QR-Code. Versuche es noch einmal, näher dran und mit mehr Licht.',
      not_printomat: 'Dieser QR-Code gehört zu keinem Printomat-Drucker.',
      back: 'Zurück zu den Druckern',
    },
  },
  pl: {
    title: 'Drukuj w pobliżu',
    lead: 'Znajdź drukarkę w pobliżu lub zeskanuj kod QR na drukarce, a potem rozpocznij tam drukowanie zatwierdzonych dokumentów.',
    scan_button: 'Zeskanuj kod QR drukarki',
    nearby: {
      find: 'Znajdź drukarki w pobliżu',
      locating: 'Ustalamy Twoją lokalizację…',
      again: 'Odśwież lokalizację',
      title: 'Drukarki w pobliżu',
      empty: 'Nie ma jeszcze żadnych drukarek.',
      load_failed: 'Nie udało się wczytać drukarek. Spróbuj ponownie.',
      to_map: 'Otwórz mapę drukarek',
      hint: 'Udostępnij lokalizację, aby zobaczyć najbliższe drukarki na początku listy, albo wybierz drukarkę na mapie.',
      distance: '{distance} stąd',
      choose: 'Wybierz: {name}, {distance} stąd',
    },
    geo: {
      denied:
        'Nie zezwolono tej aplikacji na dostęp do lokalizacji. Zezwól na niego w ustawieniach przeglądarki albo wybierz drukarkę na mapie.',
      unavailable:
        'Twoja lokalizacja jest teraz niedostępna. Spróbuj ponownie za chwilę albo wybierz drukarkę na mapie.',
      timeout:
        'Ustalanie lokalizacji trwało zbyt długo. Spróbuj ponownie albo wybierz drukarkę na mapie.',
      unsupported:
        'Ta przeglądarka nie potrafi ustalić Twojej lokalizacji. Wybierz drukarkę na mapie.',
    },
    chosen: {
      back: 'Inne drukarki',
      details: 'Godziny otwarcia i szczegóły',
      not_found:
        'Tej drukarki już nie ma lub nigdy nie było. Zeskanuj jej kod ponownie albo wybierz inną drukarkę.',
    },
    release: {
      title: 'Twoje zlecenie druku',
      none: 'Nie masz jeszcze dokumentów do wydruku. Najpierw je wgraj i zatwierdź.',
      upload: 'Wgraj dokumenty',
      not_enough:
        'Masz za mało stron na to zlecenie: kosztuje {cost, plural, one {# stronę} few {# strony} many {# stron} other {# strony}}, a masz {remaining, plural, one {# stronę} few {# strony} many {# stron} other {# strony}}.',
      unavailable: 'Na tej drukarce nie można teraz drukować.',
      closed_note:
        'To miejsce jest teraz zamknięte: zlecenie poczeka przy drukarce, aż miejsce zostanie otwarte i zlecenie wydrukowane, albo aż wygaśnie.',
      other_printer: 'Twoje zlecenie wysłano do drukarki {printer}. Śledź je tutaj.',
      print_more: 'Drukuj kolejne dokumenty',
    },
    steps: {
      label: 'Postęp zlecenia druku',
      sent: 'Wysłano do drukarki',
      printing: 'Drukowanie',
      printed: 'Wydrukowano',
      failed: 'Nie wydrukowano',
    },
    code: {
      title: 'Kod drukarki {code}',
      text: 'Ten kod QR zawiera kod drukarki. Rozpocznij na niej drukowanie zatwierdzonych dokumentów.',
      button: 'Drukuj z kodem {code}',
    },
    scan: {
      title: 'Zeskanuj kod QR drukarki',
      lead: 'Skieruj aparat na kod QR na naklejce drukarki.',
      starting: 'Uruchamiamy aparat…',
      scanning: 'Szukamy kodu QR…',
      video: 'Obraz z aparatu',
      denied:
        'Nie zezwolono na użycie aparatu. Zezwól na nie w ustawieniach przeglądarki albo zeskanuj kod ze zdjęcia.',
      missing: 'Nie znaleziono aparatu. Zeskanuj kod ze zdjęcia.',
      failed: 'Nie udało się uruchomić aparatu. Zeskanuj kod ze zdjęcia.',
      photo: 'Zeskanuj ze zdjęcia',
      reading: 'Odczytujemy zdjęcie…',
      no_code:
        'Na tym zdjęciu nie ma czytelnego kodu QR. Spróbuj ponownie z bliższej odległości i przy lepszym świetle.',
      not_printomat: 'Ten kod QR nie należy do drukarki Printomat.',
      back: 'Wróć do drukarek',
    },
  },
});
