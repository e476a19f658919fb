import { defineMessages } from '../define';

// Namespace `free_pages`: the signed-in part of /zdobadz-strony (referral link and history,
// the card bonus status).
export const free_pages = defineMessages({
  en: {
    title: 'Your free pages',
    loading: 'Loading your free pages…',
    load_failed: 'Your free pages could not be loaded. Please reload the page.',
    referral: {
      title: 'Invite friends',
      text: 'Share your link. When a friend signs up with it, confirms their e-mail address and buys their first package, you get {pages, plural, one {# page} other {# pages}} valid for {days, plural, one {# day} other {# days}}.',
      link_label: 'Your referral link',
      copy: 'Copy link',
      copied: 'Link copied',
      copy_failed: 'Copying did not work: select the link and copy it.',
      earned: 'Pages earned by inviting friends: {count}',
    },
    history: {
      title: 'Your invitations',
      empty: 'Nobody has signed up with your link yet.',
      person: 'Person',
      signed_up: 'Signed up',
      status: 'Status',
      statuses: {
        waiting_for_confirmation: 'Waiting for e-mail confirmation',
        waiting_for_purchase: 'Waiting for a first purchase',
        credited: '{count, plural, one {# page credited} other {# pages credited}}',
        not_eligible: 'Bought before confirming the e-mail address: no bonus',
      },
    },
    card: {
      title: 'Add a card',
      received:
        'You got {count, plural, one {# page} other {# pages}} for adding a card; {remaining} left.',
      expires: 'Valid until {date}.',
      expired: 'They expired on {date}.',
      offer:
        'Add a card and get {count, plural, one {# page} other {# pages}} valid for {days, plural, one {# day} other {# days}}.',
      cta: 'Add a card',
    },
  },
  de: {
    title: 'Deine Gratisseiten',
    loading: 'Deine Gratisseiten werden geladen…',
    load_failed: 'Deine Gratisseiten konnten nicht geladen werden. Bitte lade die Seite neu.',
    referral: {
      title: 'Freunde einladen',
      text: 'Teile deinen Link. Wenn sich jemand damit registriert, die E-Mail-Adresse bestätigt und das erste Paket kauft, bekommst du {pages, plural, one {# Seite} other {# Seiten}}, gültig {days, plural, one {# Tag} other {# Tage}}.',
      link_label: 'Dein Einladungslink',
      copy: 'Link kopieren',
      copied: 'Link kopiert',
      copy_failed: 'Kopieren hat nicht geklappt: markiere den Link und kopiere ihn.',
      earned: 'Durch Einladungen verdiente Seiten: {count}',
    },
    history: {
      title: 'Deine Einladungen',
      empty: 'Bisher hat sich niemand mit deinem Link registriert.',
      person: 'Person',
      signed_up: 'Registriert',
      status: 'Status',
      statuses: {
        waiting_for_confirmation: 'Wartet auf E-Mail-Bestätigung',
        waiting_for_purchase: 'Wartet auf den ersten Kauf',
        credited: '{count, plural, one {# Seite gutgeschrieben} other {# Seiten gutgeschrieben}}',
        not_eligible: 'Vor der E-Mail-Bestätigung gekauft: kein Bonus',
      },
    },
    card: {
      title: 'Karte hinzufügen',
      received:
        'Du hast {count, plural, one {# Seite} other {# Seiten}} für das Hinzufügen einer Karte bekommen; noch {remaining} übrig.',
      expires: 'Gültig bis {date}.',
      expired: 'Sie sind am {date} abgelaufen.',
      offer:
        'Füge eine Karte hinzu und erhalte {count, plural, one {# Seite} other {# Seiten}}, gültig {days, plural, one {# Tag} other {# Tage}}.',
      cta: 'Karte hinzufügen',
    },
  },
  pl: {
    title: 'Twoje darmowe strony',
    loading: 'Wczytywanie Twoich darmowych stron…',
    load_failed: 'Nie udało się wczytać Twoich darmowych stron. Odśwież stronę.',
    referral: {
      title: 'Zaproś znajomych',
      text: 'Udostępnij swój link. Gdy znajomy zarejestruje się przez niego, potwierdzi adres e-mail i kupi pierwszy pakiet, dostaniesz {pages, plural, one {# stronę} few {# strony} many {# stron} other {# strony}} ważne przez {days, plural, one {# dzień} few {# dni} many {# dni} other {# dnia}}.',
      link_label: 'Twój link polecający',
      copy: 'Kopiuj link',
      copied: 'Skopiowano link',
      copy_failed: 'Nie udało się skopiować: zaznacz link i skopiuj go.',
      earned: 'Strony zdobyte za zaproszenia: {count}',
    },
    history: {
      title: 'Twoje zaproszenia',
      empty: 'Nikt jeszcze nie zarejestrował się przez Twój link.',
      person: 'Osoba',
      signed_up: 'Rejestracja',
      status: 'Stan',
      statuses: {
        waiting_for_confirmation: 'Czeka na potwierdzenie e-maila',
        waiting_for_purchase: 'Czeka na pierwszy zakup',
        credited:
          '{count, plural, one {Przyznano # stronę} few {Przyznano # strony} many {Przyznano # stron} other {Przyznano # strony}}',
        not_eligible: 'Zakup przed potwierdzeniem e-maila: bez bonusu',
      },
    },
    card: {
      title: 'Dodaj kartę',
      received:
        'Za dodanie karty przyznaliśmy Ci {count, plural, one {# stronę} few {# strony} many {# stron} other {# strony}}; {remaining, plural, one {została #} few {zostały #} many {zostało #} other {zostało #}}.',
      expires: 'Ważne do {date}.',
      expired: 'Wygasły {date}.',
      offer:
        'Dodaj kartę i odbierz {count, plural, one {# stronę} few {# strony} many {# stron} other {# strony}} ważne przez {days, plural, one {# dzień} few {# dni} many {# dni} other {# dnia}}.',
      cta: 'Dodaj kartę',
    },
  },
});
