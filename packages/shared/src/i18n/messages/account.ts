import { defineMessages } from '../define';

// The account page and the page counts shown wherever the signed-in person's pages appear.
export const account = defineMessages({
  en: {
    title: 'Your account',
    pages: '{count, plural, one {# page} other {# pages}} left',
    color_pages: 'or {count, plural, one {# colour page} other {# colour pages}}',
    sign_out_text: 'Sign out of Printomat on this device.',
    details: {
      title: 'Account details',
      role: 'Account type',
      remaining: 'Remaining pages',
      email_status: 'E-mail address',
      confirmed: 'Confirmed',
      not_confirmed: 'Not confirmed yet',
    },
    roles: {
      user: 'Personal',
      business: 'Business',
      admin: 'Administrator',
    },
    password: {
      title: 'Change password',
      submit: 'Change password',
      changed: 'Your password was changed.',
      facebook_only: 'You sign in with Facebook, so your account has no password to change.',
    },
    language: {
      title: 'Language',
      text: 'The website and our e-mails use this language.',
      more: 'Show all languages',
    },
  },
  de: {
    title: 'Dein Konto',
    pages: 'Noch {count, plural, one {# Seite} other {# Seiten}}',
    color_pages: 'oder {count, plural, one {# Farbseite} other {# Farbseiten}}',
    sign_out_text: 'Melde dich auf diesem Gerät von Printomat ab.',
    details: {
      title: 'Kontodaten',
      role: 'Kontotyp',
      remaining: 'Verbleibende Seiten',
      email_status: 'E-Mail-Adresse',
      confirmed: 'Bestätigt',
      not_confirmed: 'Noch nicht bestätigt',
    },
    roles: {
      user: 'Privat',
      business: 'Geschäftlich',
      admin: 'Administrator',
    },
    password: {
      title: 'Passwort ändern',
      submit: 'Passwort ändern',
      changed: 'Dein Passwort wurde geändert.',
      facebook_only:
        'Du meldest dich mit Facebook an, daher hat dein Konto kein Passwort, das du ändern könntest.',
    },
    language: {
      title: 'Sprache',
      text: 'Die Website und unsere E-Mails verwenden diese Sprache.',
      more: 'Alle Sprachen anzeigen',
    },
  },
  pl: {
    title: 'Twoje konto',
    // The verb agrees with the number: "Pozostała 1 strona", "Pozostały 3 strony", "Pozostało 5 stron".
    pages:
      '{count, plural, one {Pozostała # strona} few {Pozostały # strony} many {Pozostało # stron} other {Pozostało # strony}}',
    color_pages:
      'lub {count, plural, one {# strona kolorowa} few {# strony kolorowe} many {# stron kolorowych} other {# strony kolorowej}}',
    sign_out_text: 'Wyloguj się z Printomat na tym urządzeniu.',
    details: {
      title: 'Dane konta',
      role: 'Typ konta',
      remaining: 'Pozostałe strony',
      email_status: 'Adres e-mail',
      confirmed: 'Potwierdzony',
      not_confirmed: 'Jeszcze niepotwierdzony',
    },
    roles: {
      user: 'Prywatne',
      business: 'Firmowe',
      admin: 'Administrator',
    },
    password: {
      title: 'Zmień hasło',
      submit: 'Zmień hasło',
      changed: 'Twoje hasło zostało zmienione.',
      facebook_only: 'Logujesz się przez Facebooka, więc Twoje konto nie ma hasła do zmiany.',
    },
    language: {
      title: 'Język',
      text: 'W tym języku wyświetlamy stronę i wysyłamy e-maile.',
      more: 'Pokaż wszystkie języki',
    },
  },
});
