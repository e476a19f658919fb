import { defineMessages } from '../define';

// The business landing page at /business. `{printers}` is an already formatted phrase
// (site.printers.count or site.printers.over).
export const business = defineMessages({
  en: {
    /** The header's link to the business page, for business accounts. */
    account_link: 'Company account',
    hero: {
      eyebrow: 'Printomat for business',
      title: 'Self-service printing for your customers, guests and team',
      lead: 'Prepaid page packages, a free test account and monthly VAT invoices. Your people print at any Printomat printer, whenever the venue is open.',
      sign_up: 'Create a business account',
      sign_in: 'Sign in',
      network: 'in {count, plural, one {# city} other {# cities}}: {cities}',
      network_loading: 'A growing network of printers',
    },
    facts: {
      label: 'Printomat for business in short',
      test: 'Free test account',
      invoices: 'Monthly VAT invoices',
      payment: 'Online payment by transfer or card',
    },
    benefits: {
      title: 'What your business gets',
      test: {
        title: 'A free test account',
        text: 'Try Printomat with your team before you pay anything: the test account comes with pages to print.',
      },
      invoices: {
        title: 'Monthly VAT invoices',
        text: 'One VAT invoice a month for all your packages, with your company name and tax number, ready for accounting.',
      },
      payment: {
        title: 'Online payment',
        text: 'Pay for packages online by bank transfer or card. No cash, no receipts to collect.',
      },
      network: {
        title: 'A whole network of printers',
        text: 'Your people are not tied to one office printer: they print at {printers}.',
        text_loading:
          'Your people are not tied to one office printer: they print at every Printomat printer.',
      },
      devices: {
        title: 'Colour, copy and scan',
        text: 'Colour printing, copying and scanning at capable printers, all paid with the same pages.',
      },
      costs: {
        title: 'Clear costs',
        text: 'Every print is counted in pages, so you always know what printing costs. One colour page counts as three mono pages.',
      },
    },
    steps: {
      title: 'How it works',
      lead: 'Three steps and your business prints.',
      account: {
        title: 'Create a business account',
        text: 'Sign up, add your company name, address and tax number, and start with a free test account.',
      },
      package: {
        title: 'Choose a package',
        text: 'Pick the page package that fits and pay online by bank transfer or card. The VAT invoice comes every month.',
      },
      print: {
        title: 'Print at any printer',
        text: 'Upload documents or e-mail them to a printer, then start printing with a phone or the code on the printer.',
      },
    },
    pricing: {
      title: 'Business packages',
      lead: 'Prepaid pages for every Printomat printer. Larger volumes and other periods on request.',
      list_label: 'Business packages',
      net: 'net',
      gross: 'gross {price} (incl. {rate} % VAT)',
      vat_note:
        'Prices are net; you pay them with VAT, and the purchases of a month are on one VAT invoice.',
      loading: 'Loading the packages…',
      choose: 'Start with package {name}',
      more: 'Need more pages or several locations? Write to {email}.',
    },
    audiences: {
      title: 'Made for',
      copy_shops: {
        title: 'Copy shops',
        text: 'Extend your opening hours: customers print on their own at a Printomat kiosk, even when the counter is closed.',
      },
      hotels: {
        title: 'Hotels',
        text: 'Guests print boarding passes, tickets and documents without queueing at the reception. You get one invoice a month.',
      },
      libraries: {
        title: 'Libraries',
        text: 'Readers print and scan on their own; your staff no longer handles cash or print queues.',
      },
      schools: {
        title: 'Schools',
        text: 'Students and teachers print handouts and homework from their own phones, with pages the school buys in advance.',
      },
    },
    trial: {
      title: 'Try it free',
      text: 'Open a free test account: you get pages to try printing with your team. No commitment, you decide afterwards.',
      sign_up: 'Create a business account',
      sign_in: 'I already have an account',
      partner: 'Would you rather host a printer at your venue?',
      partner_link: 'Become a partner',
    },
  },
  de: {
    /** The header's link to the business page, for business accounts. */
    account_link: 'Firmenkonto',
    hero: {
      eyebrow: 'Printomat für Unternehmen',
      title: 'Drucken in Selbstbedienung für deine Kundschaft, Gäste und dein Team',
      lead: 'Seitenpakete im Voraus, ein kostenloses Testkonto und monatliche Rechnungen mit MwSt. Deine Leute drucken an jedem Printomat-Drucker, solange der Standort geöffnet ist.',
      sign_up: 'Firmenkonto erstellen',
      sign_in: 'Anmelden',
      network: 'in {count, plural, one {# Stadt} other {# Städten}}: {cities}',
      network_loading: 'Ein wachsendes Netz von Druckern',
    },
    facts: {
      label: 'Printomat für Unternehmen in Kürze',
      test: 'Kostenloses Testkonto',
      invoices: 'Monatliche Rechnung mit MwSt.',
      payment: 'Online-Zahlung per Überweisung oder Karte',
    },
    benefits: {
      title: 'Was dein Unternehmen bekommt',
      test: {
        title: 'Ein kostenloses Testkonto',
        text: 'Teste Printomat mit deinem Team, bevor du etwas bezahlst: Das Testkonto enthält Seiten zum Drucken.',
      },
      invoices: {
        title: 'Monatliche Rechnungen mit MwSt.',
        text: 'Eine Rechnung pro Monat für alle Pakete, mit Firmennamen und Steuernummer – fertig für die Buchhaltung.',
      },
      payment: {
        title: 'Online bezahlen',
        text: 'Bezahle Pakete online per Überweisung oder Karte. Kein Bargeld, keine Belege zum Sammeln.',
      },
      network: {
        title: 'Ein ganzes Netz von Druckern',
        text: 'Deine Leute sind nicht an einen Bürodrucker gebunden: Das Printomat-Netz umfasst {printers}.',
        text_loading:
          'Deine Leute sind nicht an einen Bürodrucker gebunden: Sie drucken an jedem Printomat-Drucker.',
      },
      devices: {
        title: 'Farbe, Kopieren und Scannen',
        text: 'Farbdruck, Kopieren und Scannen an den entsprechenden Druckern, alles mit denselben Seiten bezahlt.',
      },
      costs: {
        title: 'Klare Kosten',
        text: 'Jeder Druck wird in Seiten gezählt, so weißt du immer, was Drucken kostet. Eine Farbseite zählt wie drei Schwarzweißseiten.',
      },
    },
    steps: {
      title: 'So funktioniert es',
      lead: 'Drei Schritte, und dein Unternehmen druckt.',
      account: {
        title: 'Firmenkonto erstellen',
        text: 'Registriere dich, gib Firmennamen, Adresse und Steuernummer an und starte mit einem kostenlosen Testkonto.',
      },
      package: {
        title: 'Paket wählen',
        text: 'Wähle das passende Seitenpaket und bezahle online per Überweisung oder Karte. Die Rechnung mit MwSt. kommt jeden Monat.',
      },
      print: {
        title: 'An jedem Drucker drucken',
        text: 'Lade Dokumente hoch oder schick sie per E-Mail an einen Drucker und starte den Druck mit dem Handy oder dem Code am Drucker.',
      },
    },
    pricing: {
      title: 'Pakete für Unternehmen',
      lead: 'Seiten im Voraus für jeden Printomat-Drucker. Größere Mengen und andere Laufzeiten auf Anfrage.',
      list_label: 'Pakete für Unternehmen',
      net: 'netto',
      gross: 'brutto {price} (inkl. {rate} % MwSt.)',
      vat_note:
        'Nettopreise; bezahlt wird mit MwSt., und die Käufe eines Monats stehen auf einer MwSt.-Rechnung.',
      loading: 'Die Pakete werden geladen…',
      choose: 'Mit Paket {name} starten',
      more: 'Mehr Seiten oder mehrere Standorte? Schreib an {email}.',
    },
    audiences: {
      title: 'Gemacht für',
      copy_shops: {
        title: 'Copyshops',
        text: 'Verlängere deine Öffnungszeiten: Kundinnen und Kunden drucken selbst am Printomat-Terminal, auch wenn der Tresen geschlossen ist.',
      },
      hotels: {
        title: 'Hotels',
        text: 'Gäste drucken Bordkarten, Tickets und Dokumente, ohne an der Rezeption anzustehen. Du bekommst eine Rechnung pro Monat.',
      },
      libraries: {
        title: 'Bibliotheken',
        text: 'Leserinnen und Leser drucken und scannen selbst; dein Personal kümmert sich nicht mehr um Bargeld und Druckwarteschlangen.',
      },
      schools: {
        title: 'Schulen',
        text: 'Schülerinnen, Schüler und Lehrkräfte drucken Arbeitsblätter und Hausaufgaben vom eigenen Handy, mit Seiten, die die Schule im Voraus kauft.',
      },
    },
    trial: {
      title: 'Kostenlos testen',
      text: 'Eröffne ein kostenloses Testkonto: Du bekommst Seiten, um das Drucken mit deinem Team auszuprobieren. Unverbindlich – du entscheidest danach.',
      sign_up: 'Firmenkonto erstellen',
      sign_in: 'Ich habe schon ein Konto',
      partner: 'Möchtest du lieber einen Drucker bei dir aufstellen?',
      partner_link: 'Partner werden',
    },
  },
  pl: {
    /** The header's link to the business page, for business accounts. */
    account_link: 'Konto firmowe',
    hero: {
      eyebrow: 'Printomat dla firm',
      title: 'Samoobsługowe drukowanie dla Twoich klientów, gości i zespołu',
      lead: 'Przedpłacone pakiety stron, darmowe konto testowe i comiesięczne faktury VAT. Twoi ludzie drukują w każdej drukarce Printomat przez cały czas otwarcia lokalu.',
      sign_up: 'Załóż konto firmowe',
      sign_in: 'Zaloguj się',
      network:
        'w {count, plural, one {# mieście} few {# miastach} many {# miastach} other {# miasta}}: {cities}',
      network_loading: 'Rosnąca sieć drukarek',
    },
    facts: {
      label: 'Printomat dla firm w skrócie',
      test: 'Darmowe konto testowe',
      invoices: 'Comiesięczne faktury VAT',
      payment: 'Płatność online przelewem lub kartą',
    },
    benefits: {
      title: 'Co zyskuje Twoja firma',
      test: {
        title: 'Darmowe konto testowe',
        text: 'Wypróbuj Printomat z zespołem, zanim cokolwiek zapłacisz: konto testowe zawiera strony do wydrukowania.',
      },
      invoices: {
        title: 'Comiesięczne faktury VAT',
        text: 'Jedna faktura VAT miesięcznie za wszystkie pakiety, z nazwą firmy i numerem NIP, gotowa dla księgowości.',
      },
      payment: {
        title: 'Płatność online',
        text: 'Płać za pakiety online przelewem lub kartą. Bez gotówki i zbierania paragonów.',
      },
      network: {
        title: 'Cała sieć drukarek',
        text: 'Twoi ludzie nie są przywiązani do jednej drukarki w biurze: sieć Printomat to {printers}.',
        text_loading:
          'Twoi ludzie nie są przywiązani do jednej drukarki w biurze: drukują w każdej drukarce Printomat.',
      },
      devices: {
        title: 'Kolor, ksero i skaner',
        text: 'Druk w kolorze, kopiowanie i skanowanie w drukarkach, które to potrafią – wszystko opłacane tymi samymi stronami.',
      },
      costs: {
        title: 'Przejrzyste koszty',
        text: 'Każdy wydruk liczymy w stronach, więc zawsze wiesz, ile kosztuje drukowanie. Jedna strona kolorowa liczy się jak trzy czarno-białe.',
      },
    },
    steps: {
      title: 'Jak to działa',
      lead: 'Trzy kroki i Twoja firma drukuje.',
      account: {
        title: 'Załóż konto firmowe',
        text: 'Zarejestruj się, podaj nazwę firmy, adres i NIP i zacznij od darmowego konta testowego.',
      },
      package: {
        title: 'Wybierz pakiet',
        text: 'Wybierz odpowiedni pakiet stron i zapłać online przelewem lub kartą. Fakturę VAT wystawiamy co miesiąc.',
      },
      print: {
        title: 'Drukuj w dowolnej drukarce',
        text: 'Wgraj dokumenty lub wyślij je e-mailem do drukarki i uruchom drukowanie telefonem lub kodem z drukarki.',
      },
    },
    pricing: {
      title: 'Pakiety dla firm',
      lead: 'Przedpłacone strony do każdej drukarki Printomat. Większe wolumeny i inne okresy ważności – na zapytanie.',
      list_label: 'Pakiety dla firm',
      net: 'netto',
      gross: 'brutto {price} (w tym {rate} % VAT)',
      vat_note:
        'Ceny netto; płacisz je z VAT, a zakupy z danego miesiąca są na jednej fakturze VAT.',
      loading: 'Wczytujemy pakiety…',
      choose: 'Zacznij od pakietu {name}',
      more: 'Potrzebujesz więcej stron lub kilku lokalizacji? Napisz na {email}.',
    },
    audiences: {
      title: 'Dla kogo',
      copy_shops: {
        title: 'Punkty ksero',
        text: 'Wydłuż godziny otwarcia: klienci drukują sami w kiosku Printomat, nawet gdy lada jest zamknięta.',
      },
      hotels: {
        title: 'Hotele',
        text: 'Goście drukują karty pokładowe, bilety i dokumenty bez czekania w recepcji. Ty dostajesz jedną fakturę miesięcznie.',
      },
      libraries: {
        title: 'Biblioteki',
        text: 'Czytelnicy sami drukują i skanują; pracownicy nie zajmują się już gotówką ani kolejką do drukarki.',
      },
      schools: {
        title: 'Szkoły',
        text: 'Uczniowie i nauczyciele drukują materiały i prace domowe z własnych telefonów, ze stron kupionych wcześniej przez szkołę.',
      },
    },
    trial: {
      title: 'Wypróbuj za darmo',
      text: 'Załóż darmowe konto testowe: dostaniesz strony, aby wypróbować drukowanie z zespołem. Bez zobowiązań – decyzję podejmiesz później.',
      sign_up: 'Załóż konto firmowe',
      sign_in: 'Mam już konto',
      partner: 'Wolisz postawić drukarkę u siebie?',
      partner_link: 'Zostań partnerem',
    },
  },
});
