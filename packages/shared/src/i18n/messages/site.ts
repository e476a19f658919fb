import { defineMessages } from '../define';

// The public site's shell: navigation additions, the footer and every public page's
// document title and meta description (also used by the server when pre-rendering).
export const site = defineMessages({
  en: {
    nav: {
      find_printer: 'Find a printer',
      locations: 'Locations',
      business: 'For business',
    },
    footer: {
      label: 'Site links',
      service: 'Printing',
      help: 'Help',
      company: 'Printomat',
      tutorial: 'How to print',
      find_printer: 'Find a printer',
      buy_package: 'Page packages',
      get_pages: 'Free pages',
      contact: 'Contact',
      faq: 'FAQ',
      opinion: 'Send us your opinion',
      business: 'For business',
      partner: 'Host a printer',
      recommend: 'Recommend a client',
      privacy: 'Privacy policy',
      terms: 'Terms of service',
    },
    printers: {
      count: '{count, plural, =0 {no printers yet} one {# printer} other {# printers}}',
      over: 'over {limit, number} printers',
    },
    meta: {
      default_description:
        'Printomat: upload your documents and print them at a self-service printer near you.',
      landing: {
        title: 'Printomat – print your documents at a printer near you',
        description:
          'Upload a document or e-mail it to a printer, see the price in pages and start printing at a Printomat kiosk with your phone or a code. Colour, copy and scan.',
      },
      business: {
        title: 'Printing for business',
        description:
          'Business accounts for copy shops, hotels, libraries and schools: a free test account, prepaid page packages, monthly VAT invoices and online payment.',
      },
      contact: {
        title: 'Contact',
        description:
          'Questions about printing, payments or a printer? Write to the Printomat team: we answer on working days.',
      },
      faq: {
        title: 'Frequently asked questions',
        description:
          'Answers about printing at Printomat printers: file types, prices in pages, colour, page packages, payments and free pages.',
      },
      privacy: {
        title: 'Privacy policy',
        description:
          'How Printomat handles your account, your documents and your payments, how long we keep them and what your rights are.',
      },
      terms: {
        title: 'Terms of service',
        description:
          'The terms of the Printomat printing service: accounts, page packages, printing, payments and complaints.',
      },
      opinion: {
        title: 'Your opinion',
        description:
          'Tell us what you think about Printomat: praise, ideas and problems at a printer all help us improve.',
      },
      partner: {
        title: 'Host a Printomat printer',
        description:
          'Shopping malls, campuses, co-working spaces and shops: host a Printomat self-service printer. We install, supply and maintain it.',
      },
      recommend: {
        title: 'Recommend a client',
        description:
          'Invite friends to Printomat and get free pages, or recommend a business that needs printing.',
      },
      tutorial: {
        title: 'How to print',
        description:
          'Step by step: upload a document or e-mail it to a printer, check the price and start printing with your phone or the code on the printer.',
      },
      get_pages: {
        title: 'Get free pages',
        description:
          'Free pages at Printomat: invite friends, add a card and get 12 pages for 7 days, or choose a page package.',
      },
      buy_package: {
        title: 'Page packages',
        description:
          'Printomat page packages with their pages, validity and prices. One colour page counts as three mono pages. 30% off package M.',
      },
    },
  },
  de: {
    nav: {
      find_printer: 'Drucker finden',
      locations: 'Standorte',
      business: 'Für Unternehmen',
    },
    footer: {
      label: 'Links der Website',
      service: 'Drucken',
      help: 'Hilfe',
      company: 'Printomat',
      tutorial: 'So druckst du',
      find_printer: 'Drucker finden',
      buy_package: 'Seitenpakete',
      get_pages: 'Gratisseiten',
      contact: 'Kontakt',
      faq: 'FAQ',
      opinion: 'Deine Meinung',
      business: 'Für Unternehmen',
      partner: 'Drucker aufstellen',
      recommend: 'Kunden empfehlen',
      privacy: 'Datenschutz',
      terms: 'AGB',
    },
    printers: {
      count: '{count, plural, =0 {noch keine Drucker} one {# Drucker} other {# Drucker}}',
      over: 'über {limit, number} Drucker',
    },
    meta: {
      default_description:
        'Printomat: Lade deine Dokumente hoch und drucke sie an einem Selbstbedienungsdrucker in deiner Nähe.',
      landing: {
        title: 'Printomat – drucke deine Dokumente an einem Drucker in deiner Nähe',
        description:
          'Dokument hochladen oder per E-Mail an einen Drucker schicken, Preis in Seiten sehen und den Druck am Printomat-Terminal mit dem Handy oder einem Code starten. Farbe, Kopieren und Scannen.',
      },
      business: {
        title: 'Drucken für Unternehmen',
        description:
          'Firmenkonten für Copyshops, Hotels, Bibliotheken und Schulen: kostenloses Testkonto, Seitenpakete im Voraus, monatliche Rechnungen mit MwSt. und Online-Zahlung.',
      },
      contact: {
        title: 'Kontakt',
        description:
          'Fragen zum Drucken, zu Zahlungen oder zu einem Drucker? Schreib dem Printomat-Team – wir antworten an Werktagen.',
      },
      faq: {
        title: 'Häufige Fragen',
        description:
          'Antworten rund ums Drucken an Printomat-Druckern: Dateiformate, Preise in Seiten, Farbe, Seitenpakete, Zahlung und Gratisseiten.',
      },
      privacy: {
        title: 'Datenschutzerklärung',
        description:
          'Wie Printomat mit deinem Konto, deinen Dokumenten und deinen Zahlungen umgeht, wie lange wir sie speichern und welche Rechte du hast.',
      },
      terms: {
        title: 'Allgemeine Geschäftsbedingungen',
        description:
          'Die Bedingungen des Druckdienstes Printomat: Konten, Seitenpakete, Drucken, Zahlung und Reklamationen.',
      },
      opinion: {
        title: 'Deine Meinung',
        description:
          'Sag uns, was du von Printomat hältst: Lob, Ideen und Probleme am Drucker helfen uns, besser zu werden.',
      },
      partner: {
        title: 'Einen Printomat-Drucker aufstellen',
        description:
          'Einkaufszentren, Hochschulen, Coworking-Spaces und Läden: Stell einen Printomat-Selbstbedienungsdrucker auf. Wir installieren, beliefern und warten ihn.',
      },
      recommend: {
        title: 'Kunden empfehlen',
        description:
          'Lade Freunde zu Printomat ein und erhalte Gratisseiten – oder empfiehl uns ein Unternehmen, das drucken muss.',
      },
      tutorial: {
        title: 'So druckst du',
        description:
          'Schritt für Schritt: Dokument hochladen oder per E-Mail an einen Drucker schicken, Preis prüfen und den Druck mit dem Handy oder dem Code am Drucker starten.',
      },
      get_pages: {
        title: 'Gratisseiten erhalten',
        description:
          'Gratisseiten bei Printomat: Freunde einladen, eine Karte hinzufügen und 12 Seiten für 7 Tage erhalten oder ein Seitenpaket wählen.',
      },
      buy_package: {
        title: 'Seitenpakete',
        description:
          'Printomat-Seitenpakete mit Seiten, Gültigkeit und Preisen. Eine Farbseite zählt wie drei Schwarzweißseiten. 30 % Rabatt auf Paket M.',
      },
    },
  },
  pl: {
    nav: {
      find_printer: 'Znajdź drukarkę',
      locations: 'Lokalizacje',
      business: 'Dla firm',
    },
    footer: {
      label: 'Linki serwisu',
      service: 'Drukowanie',
      help: 'Pomoc',
      company: 'Printomat',
      tutorial: 'Jak drukować',
      find_printer: 'Znajdź drukarkę',
      buy_package: 'Pakiety stron',
      get_pages: 'Darmowe strony',
      contact: 'Kontakt',
      faq: 'FAQ',
      opinion: 'Wyraź opinię',
      business: 'Dla firm',
      partner: 'Zostań partnerem',
      recommend: 'Poleć klienta',
      privacy: 'Polityka prywatności',
      terms: 'Regulamin',
    },
    printers: {
      count:
        '{count, plural, =0 {jeszcze brak drukarek} one {# drukarka} few {# drukarki} many {# drukarek} other {# drukarki}}',
      over: 'ponad {limit, number} drukarek',
    },
    meta: {
      default_description:
        'Printomat: wgraj dokumenty i wydrukuj je w samoobsługowej drukarce niedaleko Ciebie.',
      landing: {
        title: 'Printomat – drukuj dokumenty w drukarce niedaleko Ciebie',
        description:
          'Wgraj dokument lub wyślij go e-mailem do drukarki, sprawdź cenę w stronach i uruchom drukowanie w kiosku Printomat telefonem lub kodem. Kolor, ksero i skaner.',
      },
      business: {
        title: 'Drukowanie dla firm',
        description:
          'Konta firmowe dla punktów ksero, hoteli, bibliotek i szkół: darmowe konto testowe, przedpłacone pakiety stron, comiesięczne faktury VAT i płatność online.',
      },
      contact: {
        title: 'Kontakt',
        description:
          'Pytania o drukowanie, płatności lub drukarkę? Napisz do zespołu Printomat – odpowiadamy w dni robocze.',
      },
      faq: {
        title: 'Najczęściej zadawane pytania',
        description:
          'Odpowiedzi o drukowaniu w drukarkach Printomat: formaty plików, ceny w stronach, kolor, pakiety stron, płatności i darmowe strony.',
      },
      privacy: {
        title: 'Polityka prywatności',
        description:
          'Jak Printomat przetwarza Twoje konto, dokumenty i płatności, jak długo je przechowujemy i jakie masz prawa.',
      },
      terms: {
        title: 'Regulamin',
        description:
          'Regulamin usługi drukowania Printomat: konta, pakiety stron, drukowanie, płatności i reklamacje.',
      },
      opinion: {
        title: 'Twoja opinia',
        description:
          'Powiedz nam, co myślisz o Printomat: pochwały, pomysły i problemy z drukarką pomagają nam działać lepiej.',
      },
      partner: {
        title: 'Postaw u siebie drukarkę Printomat',
        description:
          'Centra handlowe, uczelnie, coworkingi i sklepy: postaw u siebie samoobsługową drukarkę Printomat. Instalujemy ją, dostarczamy materiały i serwisujemy.',
      },
      recommend: {
        title: 'Poleć klienta',
        description:
          'Zaproś znajomych do Printomat i zdobądź darmowe strony albo poleć nam firmę, która potrzebuje drukowania.',
      },
      tutorial: {
        title: 'Jak drukować',
        description:
          'Krok po kroku: wgraj dokument lub wyślij go e-mailem do drukarki, sprawdź cenę i uruchom drukowanie telefonem lub kodem z ekranu drukarki.',
      },
      get_pages: {
        title: 'Zdobądź darmowe strony',
        description:
          'Darmowe strony w Printomat: zaproś znajomych, dodaj kartę i odbierz 12 stron na 7 dni albo wybierz pakiet stron.',
      },
      buy_package: {
        title: 'Pakiety stron',
        description:
          'Pakiety stron Printomat: liczba stron, ważność i ceny. Jedna strona kolorowa liczy się jak trzy czarno-białe. 30% taniej na pakiet M.',
      },
    },
  },
});
