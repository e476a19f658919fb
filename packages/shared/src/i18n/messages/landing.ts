import { defineMessages } from '../define';

// The public landing page at `/` (guests).
export const landing = defineMessages({
  en: {
    hero: {
      eyebrow: 'Self-service printing',
      title: 'Print from your phone at a printer near you',
      lead: 'Upload a document or e-mail it to a printer, see the price in pages and start printing at a Printomat kiosk in a shopping mall, on campus, in a co-working space or at a convenience store.',
      print_now: 'Print now',
      find_printer: 'Find a printer',
      note: 'You sign in or create a free account before printing.',
      demo: {
        label: 'Example of a print job',
        file: 'thesis.pdf',
        pages: '{count, plural, one {# page} other {# pages}}',
        price: 'Price',
        mode: 'Black and white, duplex',
        code: 'Code on the printer',
        ready: 'Ready to print',
      },
    },
    register: {
      title: 'Create your free account',
      text: 'Sign up in a minute. Add a card and get {pages, plural, one {# free page} other {# free pages}} for {days, plural, one {# day} other {# days}}.',
      email: 'Sign up with e-mail',
      has_account: 'Already have an account?',
      sign_in: 'Sign in',
    },
    how: {
      title: 'How to print',
      lead: 'Three steps from your file to paper. No USB stick, no cables, no queue at a counter.',
      upload: {
        title: 'Upload or e-mail your document',
        text: 'Upload PDF, Word or image files on the website from your computer or phone, or send them as an e-mail attachment to the printer’s address.',
      },
      price: {
        title: 'See the price in pages',
        text: 'We count the pages at once and show the price in pages of your package. One colour page counts as three mono pages.',
      },
      start: {
        title: 'Start at the printer',
        text: 'Walk up to the printer and start printing from your phone, or type in the code shown on the printer’s screen.',
      },
      tutorial: 'Step-by-step guide',
    },
    where: {
      title: 'Where the printers are',
      lead: 'Printomat printers stand where you already are: in shopping malls, on campuses, in co-working spaces and in convenience stores.',
    },
    map: {
      loading: 'Loading printer locations…',
      summary:
        '{printers, plural, one {# printer} other {# printers}} in {cities, plural, one {# city} other {# cities}}',
      city_printers: '{count, plural, one {# printer} other {# printers}}',
      cities_label: 'Cities with Printomat printers',
      find: 'Find a printer',
      error: 'We could not load the printer locations just now. The map has the full list.',
      empty: 'The first printers are on their way. Would you like one at your place?',
      partner: 'Host a printer',
    },
    printer: {
      title: 'The printer',
      lead: 'Every Printomat kiosk is a small office in a box, ready whenever the venue is open.',
      color: {
        title: 'Colour or black and white',
        text: 'Print in black and white or, at colour printers, in full colour. Duplex and several pages per sheet save paper.',
      },
      copy: {
        title: 'Copy',
        text: 'Copy paper documents right at the kiosk; the pages come from your account.',
      },
      scan: {
        title: 'Scan',
        text: 'Scan paper documents to PDF at the printer, without installing anything.',
      },
      code: {
        title: 'Code on the screen',
        text: 'No app? Type the code shown on the printer’s screen into the website and your documents print at once.',
      },
      screen: {
        label: 'The printer’s screen',
        welcome: 'Welcome to Printomat',
        code: 'Your code',
        hint: 'Enter this code on the website or start from the app',
      },
    },
    features: {
      title: 'Why Printomat',
      anywhere: {
        title: 'Print from anywhere',
        text: 'From your computer, your phone or your e-mail inbox. Your files wait until you start them at the printer.',
      },
      pages: {
        title: 'A fair price in pages',
        text: 'You pay in pages from a prepaid package. One colour page counts as three mono pages, and packages stay valid for days or months.',
      },
      pay: {
        title: 'Pay your way',
        text: 'Buy packages by card, bank transfer, BLIK or SMS.',
      },
      free: {
        title: 'Free pages',
        text: 'Invite friends and get free pages. Add a card and get {pages, plural, one {# page} other {# pages}} for {days, plural, one {# day} other {# days}}.',
      },
      private: {
        title: 'Nothing prints by accident',
        text: 'Your documents print only when you start them at the printer yourself, so nobody else picks them up.',
      },
      languages: {
        title: 'In your language',
        text: 'Printomat speaks English, German and Polish, on the website and in our e-mails.',
      },
    },
    promo: {
      badge: '−{percent, number}%',
      title: '{percent, number}% off package M',
      text: 'Our most popular package for regular printing, now cheaper. Colour or black and white, at every printer.',
      cta: 'See the packages',
    },
    business: {
      title: 'Printing for your business',
      text: 'Copy shops, hotels, libraries and schools: a free test account, prepaid page packages and monthly VAT invoices.',
      cta: 'Printomat for business',
    },
    cta: {
      title: 'Your next printout is just around the corner',
      text: 'Create a free account now and print at the next printer on your way.',
      sign_up: 'Create a free account',
      packages: 'See page packages',
    },
  },
  de: {
    hero: {
      eyebrow: 'Drucken in Selbstbedienung',
      title: 'Drucke vom Handy aus an einem Drucker in deiner Nähe',
      lead: 'Lade ein Dokument hoch oder schick es per E-Mail an einen Drucker, sieh den Preis in Seiten und starte den Druck an einem Printomat-Terminal im Einkaufszentrum, auf dem Campus, im Coworking-Space oder im Laden um die Ecke.',
      print_now: 'Jetzt drucken',
      find_printer: 'Drucker finden',
      note: 'Vor dem Drucken meldest du dich an oder erstellst ein kostenloses Konto.',
      demo: {
        label: 'Beispiel für einen Druckauftrag',
        file: 'abschlussarbeit.pdf',
        pages: '{count, plural, one {# Seite} other {# Seiten}}',
        price: 'Preis',
        mode: 'Schwarzweiß, beidseitig',
        code: 'Code am Drucker',
        ready: 'Bereit zum Drucken',
      },
    },
    register: {
      title: 'Erstelle dein kostenloses Konto',
      text: 'In einer Minute registriert. Füge eine Karte hinzu und erhalte {pages, plural, one {# Gratisseite} other {# Gratisseiten}} für {days, plural, one {# Tag} other {# Tage}}.',
      email: 'Mit E-Mail registrieren',
      has_account: 'Du hast schon ein Konto?',
      sign_in: 'Anmelden',
    },
    how: {
      title: 'So druckst du',
      lead: 'Drei Schritte von der Datei aufs Papier. Kein USB-Stick, keine Kabel, keine Schlange am Tresen.',
      upload: {
        title: 'Dokument hochladen oder mailen',
        text: 'Lade PDF-, Word- oder Bilddateien vom Computer oder Handy auf der Website hoch – oder schick sie als E-Mail-Anhang an die Adresse des Druckers.',
      },
      price: {
        title: 'Preis in Seiten sehen',
        text: 'Wir zählen die Seiten sofort und zeigen den Preis in Seiten deines Pakets. Eine Farbseite zählt wie drei Schwarzweißseiten.',
      },
      start: {
        title: 'Am Drucker starten',
        text: 'Geh zum Drucker und starte den Druck mit dem Handy – oder gib den Code ein, der auf dem Bildschirm des Druckers steht.',
      },
      tutorial: 'Schritt-für-Schritt-Anleitung',
    },
    where: {
      title: 'Wo die Drucker stehen',
      lead: 'Printomat-Drucker stehen dort, wo du sowieso bist: in Einkaufszentren, auf dem Campus, in Coworking-Spaces und in Läden des täglichen Bedarfs.',
    },
    map: {
      loading: 'Standorte werden geladen…',
      summary:
        '{printers, plural, one {# Drucker} other {# Drucker}} in {cities, plural, one {# Stadt} other {# Städten}}',
      city_printers: '{count, plural, one {# Drucker} other {# Drucker}}',
      cities_label: 'Städte mit Printomat-Druckern',
      find: 'Drucker finden',
      error:
        'Die Standorte konnten gerade nicht geladen werden. Auf der Karte findest du die vollständige Liste.',
      empty: 'Die ersten Drucker sind unterwegs. Möchtest du einen bei dir aufstellen?',
      partner: 'Drucker aufstellen',
    },
    printer: {
      title: 'Der Drucker',
      lead: 'Jedes Printomat-Terminal ist ein kleines Büro im Kasten – bereit, solange der Standort geöffnet ist.',
      color: {
        title: 'Farbe oder Schwarzweiß',
        text: 'Drucke in Schwarzweiß oder, an Farbdruckern, in voller Farbe. Beidseitiger Druck und mehrere Seiten pro Blatt sparen Papier.',
      },
      copy: {
        title: 'Kopieren',
        text: 'Kopiere Papierdokumente direkt am Terminal; die Seiten werden von deinem Konto abgebucht.',
      },
      scan: {
        title: 'Scannen',
        text: 'Scanne Papierdokumente am Drucker als PDF, ohne etwas zu installieren.',
      },
      code: {
        title: 'Code auf dem Bildschirm',
        text: 'Keine App? Gib den Code vom Bildschirm des Druckers auf der Website ein, und deine Dokumente werden sofort gedruckt.',
      },
      screen: {
        label: 'Der Bildschirm des Druckers',
        welcome: 'Willkommen bei Printomat',
        code: 'Dein Code',
        hint: 'Gib diesen Code auf der Website ein oder starte in der App',
      },
    },
    features: {
      title: 'Warum Printomat',
      anywhere: {
        title: 'Von überall drucken',
        text: 'Vom Computer, vom Handy oder aus deinem E-Mail-Postfach. Deine Dateien warten, bis du sie am Drucker startest.',
      },
      pages: {
        title: 'Fairer Preis in Seiten',
        text: 'Du bezahlst mit Seiten aus einem Prepaid-Paket. Eine Farbseite zählt wie drei Schwarzweißseiten, und Pakete gelten Tage oder Monate.',
      },
      pay: {
        title: 'Bezahlen, wie du willst',
        text: 'Kauf Pakete per Karte, Überweisung, BLIK oder SMS.',
      },
      free: {
        title: 'Gratisseiten',
        text: 'Lade Freunde ein und erhalte Gratisseiten. Füge eine Karte hinzu und erhalte {pages, plural, one {# Seite} other {# Seiten}} für {days, plural, one {# Tag} other {# Tage}}.',
      },
      private: {
        title: 'Nichts wird aus Versehen gedruckt',
        text: 'Deine Dokumente werden erst gedruckt, wenn du sie selbst am Drucker startest – so nimmt sie niemand anderes mit.',
      },
      languages: {
        title: 'In deiner Sprache',
        text: 'Printomat spricht Deutsch, Englisch und Polnisch – auf der Website und in unseren E-Mails.',
      },
    },
    promo: {
      badge: '−{percent, number} %',
      title: '{percent, number} % Rabatt auf Paket M',
      text: 'Unser beliebtestes Paket für regelmäßiges Drucken, jetzt günstiger. In Farbe oder Schwarzweiß, an jedem Drucker.',
      cta: 'Pakete ansehen',
    },
    business: {
      title: 'Drucken für dein Unternehmen',
      text: 'Copyshops, Hotels, Bibliotheken und Schulen: kostenloses Testkonto, Seitenpakete im Voraus und monatliche Rechnungen mit MwSt.',
      cta: 'Printomat für Unternehmen',
    },
    cta: {
      title: 'Dein nächster Ausdruck ist gleich um die Ecke',
      text: 'Erstelle jetzt ein kostenloses Konto und drucke am nächsten Drucker auf deinem Weg.',
      sign_up: 'Kostenloses Konto erstellen',
      packages: 'Seitenpakete ansehen',
    },
  },
  pl: {
    hero: {
      eyebrow: 'Drukowanie samoobsługowe',
      title: 'Drukuj z telefonu w drukarce niedaleko Ciebie',
      lead: 'Wgraj dokument lub wyślij go e-mailem do drukarki, sprawdź cenę w stronach i uruchom drukowanie w kiosku Printomat w centrum handlowym, na kampusie, w coworkingu lub w sklepie osiedlowym.',
      print_now: 'Drukuj teraz',
      find_printer: 'Znajdź drukarkę',
      note: 'Przed drukowaniem zalogujesz się lub założysz darmowe konto.',
      demo: {
        label: 'Przykładowe zlecenie druku',
        file: 'praca-dyplomowa.pdf',
        pages: '{count, plural, one {# strona} few {# strony} many {# stron} other {# strony}}',
        price: 'Cena',
        mode: 'Czarno-biało, dwustronnie',
        code: 'Kod na drukarce',
        ready: 'Gotowe do druku',
      },
    },
    register: {
      title: 'Załóż darmowe konto',
      text: 'Rejestracja zajmuje minutę. Dodaj kartę i odbierz {pages, plural, one {# darmową stronę} few {# darmowe strony} many {# darmowych stron} other {# darmowej strony}} na {days, plural, one {# dzień} few {# dni} many {# dni} other {# dnia}}.',
      email: 'Zarejestruj się e-mailem',
      has_account: 'Masz już konto?',
      sign_in: 'Zaloguj się',
    },
    how: {
      title: 'Jak drukować',
      lead: 'Trzy kroki od pliku do kartki. Bez pendrive’a, bez kabli, bez kolejki przy ladzie.',
      upload: {
        title: 'Wgraj lub wyślij e-mailem dokument',
        text: 'Wgraj pliki PDF, Word lub zdjęcia na stronie z komputera lub telefonu albo wyślij je jako załącznik na adres e-mail drukarki.',
      },
      price: {
        title: 'Sprawdź cenę w stronach',
        text: 'Od razu liczymy strony i pokazujemy cenę w stronach z Twojego pakietu. Jedna strona kolorowa liczy się jak trzy czarno-białe.',
      },
      start: {
        title: 'Uruchom drukowanie przy drukarce',
        text: 'Podejdź do drukarki i uruchom drukowanie telefonem albo wpisz kod wyświetlony na ekranie drukarki.',
      },
      tutorial: 'Instrukcja krok po kroku',
    },
    where: {
      title: 'Gdzie są drukarki',
      lead: 'Drukarki Printomat stoją tam, gdzie i tak bywasz: w centrach handlowych, na kampusach, w coworkingach i w sklepach osiedlowych.',
    },
    map: {
      loading: 'Wczytujemy lokalizacje drukarek…',
      summary:
        '{printers, plural, one {# drukarka} few {# drukarki} many {# drukarek} other {# drukarki}} w {cities, plural, one {# mieście} few {# miastach} many {# miastach} other {# miasta}}',
      city_printers:
        '{count, plural, one {# drukarka} few {# drukarki} many {# drukarek} other {# drukarki}}',
      cities_label: 'Miasta z drukarkami Printomat',
      find: 'Znajdź drukarkę',
      error: 'Nie udało się teraz wczytać lokalizacji drukarek. Pełną listę znajdziesz na mapie.',
      empty: 'Pierwsze drukarki są w drodze. Chcesz mieć taką u siebie?',
      partner: 'Postaw drukarkę',
    },
    printer: {
      title: 'Drukarka',
      lead: 'Każdy kiosk Printomat to małe biuro w jednej obudowie, dostępne przez cały czas otwarcia lokalu.',
      color: {
        title: 'Kolor lub czerń i biel',
        text: 'Drukuj czarno-biało albo, w drukarkach kolorowych, w pełnym kolorze. Druk dwustronny i kilka stron na arkuszu oszczędzają papier.',
      },
      copy: {
        title: 'Ksero',
        text: 'Kopiuj papierowe dokumenty od razu w kiosku; strony pobieramy z Twojego konta.',
      },
      scan: {
        title: 'Skaner',
        text: 'Skanuj papierowe dokumenty do PDF przy drukarce, bez instalowania czegokolwiek.',
      },
      code: {
        title: 'Kod na ekranie',
        text: 'Nie masz aplikacji? Wpisz na stronie kod z ekranu drukarki, a dokumenty od razu się wydrukują.',
      },
      screen: {
        label: 'Ekran drukarki',
        welcome: 'Witaj w Printomat',
        code: 'Twój kod',
        hint: 'Wpisz ten kod na stronie lub uruchom druk w aplikacji',
      },
    },
    features: {
      title: 'Dlaczego Printomat',
      anywhere: {
        title: 'Drukuj skądkolwiek',
        text: 'Z komputera, z telefonu lub ze skrzynki e-mail. Pliki czekają, aż uruchomisz je przy drukarce.',
      },
      pages: {
        title: 'Uczciwa cena w stronach',
        text: 'Płacisz stronami z przedpłaconego pakietu. Jedna strona kolorowa liczy się jak trzy czarno-białe, a pakiety są ważne przez dni lub miesiące.',
      },
      pay: {
        title: 'Płać, jak lubisz',
        text: 'Kupuj pakiety kartą, przelewem, BLIK-iem lub SMS-em.',
      },
      free: {
        title: 'Darmowe strony',
        text: 'Zapraszaj znajomych i zdobywaj darmowe strony. Dodaj kartę i odbierz {pages, plural, one {# stronę} few {# strony} many {# stron} other {# strony}} na {days, plural, one {# dzień} few {# dni} many {# dni} other {# dnia}}.',
      },
      private: {
        title: 'Nic nie wydrukuje się przypadkiem',
        text: 'Dokumenty drukują się dopiero wtedy, gdy sam uruchomisz je przy drukarce, więc nikt inny ich nie zabierze.',
      },
      languages: {
        title: 'W Twoim języku',
        text: 'Printomat mówi po polsku, angielsku i niemiecku – na stronie i w naszych e-mailach.',
      },
    },
    promo: {
      badge: '−{percent, number}%',
      title: '{percent, number}% taniej na pakiet M',
      text: 'Nasz najpopularniejszy pakiet do regularnego drukowania, teraz taniej. W kolorze lub czarno-biało, w każdej drukarce.',
      cta: 'Zobacz pakiety',
    },
    business: {
      title: 'Drukowanie dla Twojej firmy',
      text: 'Punkty ksero, hotele, biblioteki i szkoły: darmowe konto testowe, przedpłacone pakiety stron i comiesięczne faktury VAT.',
      cta: 'Printomat dla firm',
    },
    cta: {
      title: 'Najbliższy wydruk czeka tuż za rogiem',
      text: 'Załóż darmowe konto i drukuj w najbliższej drukarce na Twojej drodze.',
      sign_up: 'Załóż darmowe konto',
      packages: 'Zobacz pakiety stron',
    },
  },
});
