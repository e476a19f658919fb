import { defineMessages } from '../define';

// Sign-in, sign-up and e-mail confirmation screens.
export const auth = defineMessages({
  en: {
    sign_in: 'Sign in',
    sign_up: 'Sign up',
    sign_out: 'Sign out',
    or: 'or',
    facebook: 'Continue with Facebook',
    password_hint: 'At least {count, plural, one {# character} other {# characters}}.',
    sign_in_page: {
      title: 'Welcome back',
      lead: 'Sign in to print your documents at any Printomat printer.',
      submit: 'Sign in',
      no_account: 'New to Printomat?',
      sign_up_link: 'Create an account',
    },
    sign_up_page: {
      title: 'Create your account',
      lead: 'Upload documents, pay with page packages and print at a printer near you.',
      submit: 'Create account',
      has_account: 'Already have an account?',
      sign_in_link: 'Sign in',
    },
    confirm: {
      title: 'E-mail confirmation',
      pending: 'Confirming your e-mail address…',
      success: 'Your e-mail address is confirmed.',
      home: 'Go to the home page',
    },
  },
  de: {
    sign_in: 'Anmelden',
    sign_up: 'Registrieren',
    sign_out: 'Abmelden',
    or: 'oder',
    facebook: 'Weiter mit Facebook',
    password_hint: 'Mindestens {count, plural, one {# Zeichen} other {# Zeichen}}.',
    sign_in_page: {
      title: 'Willkommen zurück',
      lead: 'Melde dich an, um deine Dokumente an jedem Printomat-Drucker zu drucken.',
      submit: 'Anmelden',
      no_account: 'Neu bei Printomat?',
      sign_up_link: 'Konto erstellen',
    },
    sign_up_page: {
      title: 'Erstelle dein Konto',
      lead: 'Lade Dokumente hoch, bezahle mit Seitenpaketen und drucke an einem Drucker in deiner Nähe.',
      submit: 'Konto erstellen',
      has_account: 'Du hast schon ein Konto?',
      sign_in_link: 'Anmelden',
    },
    confirm: {
      title: 'E-Mail-Bestätigung',
      pending: 'Deine E-Mail-Adresse wird bestätigt…',
      success: 'Deine E-Mail-Adresse ist bestätigt.',
      home: 'Zur Startseite',
    },
  },
  pl: {
    sign_in: 'Zaloguj się',
    sign_up: 'Zarejestruj się',
    sign_out: 'Wyloguj się',
    or: 'lub',
    facebook: 'Kontynuuj przez Facebooka',
    password_hint:
      'Co najmniej {count, plural, one {# znak} few {# znaki} many {# znaków} other {# znaku}}.',
    sign_in_page: {
      title: 'Witaj ponownie',
      lead: 'Zaloguj się, aby drukować dokumenty w dowolnej drukarce Printomat.',
      submit: 'Zaloguj się',
      no_account: 'Pierwszy raz w Printomat?',
      sign_up_link: 'Załóż konto',
    },
    sign_up_page: {
      title: 'Załóż konto',
      lead: 'Wgrywaj dokumenty, płać pakietami stron i drukuj w drukarce niedaleko Ciebie.',
      submit: 'Załóż konto',
      has_account: 'Masz już konto?',
      sign_in_link: 'Zaloguj się',
    },
    confirm: {
      title: 'Potwierdzenie adresu e-mail',
      pending: 'Potwierdzamy Twój adres e-mail…',
      success: 'Twój adres e-mail został potwierdzony.',
      home: 'Przejdź na stronę główną',
    },
  },
});
