import { defineMessages } from '../define';

// Page packages on the public site: /kup-pakiet (buy a package), /zdobadz-strony (get pages)
// and the package cards that /business shares.
export const packages = defineMessages({
  en: {
    card: {
      name: 'Package {name}',
      pages: '{count, plural, one {# page} other {# pages}}',
      validity: 'Valid for {days, plural, one {# day} other {# days}}',
      color: 'or {count, plural, one {# colour page} other {# colour pages}}',
      per_page: '{price} per mono page',
      popular: 'Most popular',
      promo: '−{percent, number}%',
      regular: 'Regular price',
      now: 'Now',
    },
    buy: {
      eyebrow: 'Page packages',
      title: 'Buy a page package',
      lead: 'Prepaid pages for every Printomat printer. Choose how many pages you need and how long they should stay valid.',
      list_label: 'Page packages',
      free: {
        title: 'Free pages',
        text: 'Add a card and get 12 pages for 7 days, or invite friends.',
        link: 'Get free pages',
      },
      promo: {
        title: '{percent, number}% off package M',
        text: 'Package M now costs {price} instead of {regular}.',
      },
      color: {
        title: 'Colour and black and white',
        text: 'Packages hold mono (black-and-white) pages. One colour page counts as {multiplier, number} mono pages, so you can print in black and white, in colour, or mix both.',
        example:
          'Example: 90 pages print 90 black-and-white pages, or 30 colour pages, or 60 black-and-white and 10 colour pages.',
        mono_label: 'black-and-white page',
        color_label: 'colour page',
        equals: '1 colour page = {multiplier, number} mono pages',
      },
      validity: {
        title: 'Validity',
        text: 'A package is valid for the number of days shown, counted from the purchase. Pages not used by then expire.',
      },
      payment: {
        title: 'Payment',
        text: 'Ways to pay: {methods}. Your pages are added as soon as the payment is confirmed, and the receipt comes by e-mail.',
        method: {
          card: 'card',
          transfer: 'bank transfer',
          blik: 'BLIK',
          sms: 'SMS',
        },
        business: 'Packages for business',
      },
      prices_note: 'Prices include VAT.',
    },
    get: {
      eyebrow: 'Free pages',
      title: 'Get pages',
      lead: 'There are several ways to get pages for printing, and some of them are free.',
      invite: {
        title: 'Invite friends',
        text: 'Share your personal invitation link. When a friend signs up through it and buys their first package, free pages are credited to your account.',
        cta: 'How inviting works',
      },
      card: {
        title:
          'Add a card: {pages, plural, one {# page} other {# pages}} for {days, plural, one {# day} other {# days}}',
        text: 'Add a payment card to your account and we credit {pages, plural, one {# free page} other {# free pages}}, valid for {days, plural, one {# day} other {# days}}. Adding a card costs nothing: you pay only when you buy a package.',
        cta: 'Create a free account',
      },
      packages: {
        title: 'Buy a package',
        text: 'Need more? Page packages come in several sizes and stay valid for days or months. Package M is now {percent, number}% off.',
        cta: 'See the packages',
      },
      color_note: 'Free pages work like package pages: one colour page counts as three mono pages.',
    },
  },
  de: {
    card: {
      name: 'Paket {name}',
      pages: '{count, plural, one {# Seite} other {# Seiten}}',
      validity: '{days, plural, one {# Tag} other {# Tage}} gültig',
      color: 'oder {count, plural, one {# Farbseite} other {# Farbseiten}}',
      per_page: '{price} pro Schwarzweißseite',
      popular: 'Am beliebtesten',
      promo: '−{percent, number} %',
      regular: 'Regulärer Preis',
      now: 'Jetzt',
    },
    buy: {
      eyebrow: 'Seitenpakete',
      title: 'Seitenpaket kaufen',
      lead: 'Seiten im Voraus für jeden Printomat-Drucker. Wähle, wie viele Seiten du brauchst und wie lange sie gültig sein sollen.',
      list_label: 'Seitenpakete',
      free: {
        title: 'Gratisseiten',
        text: 'Füge eine Karte hinzu und erhalte 12 Seiten für 7 Tage, oder lade Freunde ein.',
        link: 'Gratisseiten erhalten',
      },
      promo: {
        title: '{percent, number} % Rabatt auf Paket M',
        text: 'Paket M kostet jetzt {price} statt {regular}.',
      },
      color: {
        title: 'Farbe und Schwarzweiß',
        text: 'Pakete enthalten Schwarzweißseiten. Eine Farbseite zählt wie {multiplier, number} Schwarzweißseiten – du druckst also in Schwarzweiß, in Farbe oder gemischt.',
        example:
          'Beispiel: 90 Seiten reichen für 90 Schwarzweißseiten oder 30 Farbseiten oder 60 Schwarzweiß- und 10 Farbseiten.',
        mono_label: 'Schwarzweißseite',
        color_label: 'Farbseite',
        equals: '1 Farbseite = {multiplier, number} Schwarzweißseiten',
      },
      validity: {
        title: 'Gültigkeit',
        text: 'Ein Paket gilt die angegebene Zahl von Tagen ab dem Kauf. Danach verfallen nicht genutzte Seiten.',
      },
      payment: {
        title: 'Bezahlung',
        text: 'Zahlungsarten: {methods}. Ihre Seiten werden gutgeschrieben, sobald die Zahlung bestätigt ist, und der Beleg kommt per E-Mail.',
        method: {
          card: 'Karte',
          transfer: 'Überweisung',
          blik: 'BLIK',
          sms: 'SMS',
        },
        business: 'Pakete für Unternehmen',
      },
      prices_note: 'Preise inklusive MwSt.',
    },
    get: {
      eyebrow: 'Gratisseiten',
      title: 'Seiten erhalten',
      lead: 'Es gibt mehrere Wege zu Seiten für deine Ausdrucke – einige davon sind kostenlos.',
      invite: {
        title: 'Freunde einladen',
        text: 'Teile deinen persönlichen Einladungslink. Wenn sich jemand darüber registriert und das erste Paket kauft, schreiben wir dir Gratisseiten gut.',
        cta: 'So funktioniert das Einladen',
      },
      card: {
        title:
          'Karte hinzufügen: {pages, plural, one {# Seite} other {# Seiten}} für {days, plural, one {# Tag} other {# Tage}}',
        text: 'Füge deinem Konto eine Zahlungskarte hinzu, und wir schreiben dir {pages, plural, one {# Gratisseite} other {# Gratisseiten}} gut, gültig für {days, plural, one {# Tag} other {# Tage}}. Das Hinzufügen kostet nichts: Du zahlst erst, wenn du ein Paket kaufst.',
        cta: 'Kostenloses Konto erstellen',
      },
      packages: {
        title: 'Paket kaufen',
        text: 'Du brauchst mehr? Seitenpakete gibt es in mehreren Größen, gültig für Tage oder Monate. Auf Paket M gibt es jetzt {percent, number} % Rabatt.',
        cta: 'Pakete ansehen',
      },
      color_note:
        'Gratisseiten funktionieren wie Paketseiten: Eine Farbseite zählt wie drei Schwarzweißseiten.',
    },
  },
  pl: {
    card: {
      name: 'Pakiet {name}',
      pages: '{count, plural, one {# strona} few {# strony} many {# stron} other {# strony}}',
      validity: 'Ważny {days, plural, one {# dzień} few {# dni} many {# dni} other {# dnia}}',
      color:
        'lub {count, plural, one {# strona kolorowa} few {# strony kolorowe} many {# stron kolorowych} other {# strony kolorowej}}',
      per_page: '{price} za stronę czarno-białą',
      popular: 'Najpopularniejszy',
      promo: '−{percent, number}%',
      regular: 'Cena regularna',
      now: 'Teraz',
    },
    buy: {
      eyebrow: 'Pakiety stron',
      title: 'Kup pakiet stron',
      lead: 'Przedpłacone strony do każdej drukarki Printomat. Wybierz, ile stron potrzebujesz i jak długo mają być ważne.',
      list_label: 'Pakiety stron',
      free: {
        title: 'Darmowe strony',
        text: 'Dodaj kartę i otrzymaj 12 stron na 7 dni albo zaproś znajomych.',
        link: 'Zdobądź darmowe strony',
      },
      promo: {
        title: '{percent, number}% taniej na pakiet M',
        text: 'Pakiet M kosztuje teraz {price} zamiast {regular}.',
      },
      color: {
        title: 'Kolor i czerń',
        text: 'Pakiety zawierają strony czarno-białe. Jedna strona kolorowa liczy się jak {multiplier, number} czarno-białe, więc drukujesz czarno-biało, w kolorze albo mieszasz jedno z drugim.',
        example:
          'Przykład: 90 stron wystarczy na 90 stron czarno-białych albo 30 kolorowych, albo 60 czarno-białych i 10 kolorowych.',
        mono_label: 'strona czarno-biała',
        color_label: 'strona kolorowa',
        equals: '1 strona kolorowa = {multiplier, number} strony czarno-białe',
      },
      validity: {
        title: 'Ważność',
        text: 'Pakiet jest ważny przez podaną liczbę dni od zakupu. Strony niewykorzystane w tym czasie przepadają.',
      },
      payment: {
        title: 'Płatność',
        text: 'Sposoby płatności: {methods}. Strony dodajemy od razu po potwierdzeniu płatności, a potwierdzenie zakupu przychodzi e-mailem.',
        method: {
          card: 'karta',
          transfer: 'przelew',
          blik: 'BLIK',
          sms: 'SMS',
        },
        business: 'Pakiety dla firm',
      },
      prices_note: 'Ceny zawierają VAT.',
    },
    get: {
      eyebrow: 'Darmowe strony',
      title: 'Zdobądź strony',
      lead: 'Strony do drukowania możesz zdobyć na kilka sposobów – niektóre są za darmo.',
      invite: {
        title: 'Zaproś znajomych',
        text: 'Udostępnij swój osobisty link z zaproszeniem. Gdy ktoś zarejestruje się przez niego i kupi pierwszy pakiet, dopiszemy Ci darmowe strony.',
        cta: 'Jak działają zaproszenia',
      },
      card: {
        title:
          'Dodaj kartę: {pages, plural, one {# strona} few {# strony} many {# stron} other {# strony}} na {days, plural, one {# dzień} few {# dni} many {# dni} other {# dnia}}',
        text: 'Dodaj kartę płatniczą do konta, a dopiszemy Ci {pages, plural, one {# darmową stronę} few {# darmowe strony} many {# darmowych stron} other {# darmowej strony}} na {days, plural, one {# dzień} few {# dni} many {# dni} other {# dnia}}. Dodanie karty nic nie kosztuje: płacisz dopiero, gdy kupisz pakiet.',
        cta: 'Załóż darmowe konto',
      },
      packages: {
        title: 'Kup pakiet',
        text: 'Potrzebujesz więcej? Pakiety stron mają różne rozmiary i są ważne przez dni lub miesiące. Pakiet M jest teraz {percent, number}% taniej.',
        cta: 'Zobacz pakiety',
      },
      color_note:
        'Darmowe strony działają jak strony z pakietu: jedna strona kolorowa liczy się jak trzy czarno-białe.',
    },
  },
});
