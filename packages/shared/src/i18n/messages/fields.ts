import { defineMessages } from '../define';

// Attribute names, used in form labels and in messages such as "doesn't match {attribute}".
export const fields = defineMessages({
  en: {
    email: 'Email',
    email_confirmation: 'Email confirmation',
    password: 'Password',
    password_confirmation: 'Password confirmation',
    old_password: 'Current password',
    locale: 'Language',
  },
  de: {
    email: 'E-Mail',
    email_confirmation: 'E-Mail-Bestätigung',
    password: 'Passwort',
    password_confirmation: 'Passwortbestätigung',
    old_password: 'Aktuelles Passwort',
    locale: 'Sprache',
  },
  pl: {
    email: 'E-mail',
    email_confirmation: 'Potwierdzenie e-maila',
    password: 'Hasło',
    password_confirmation: 'Potwierdzenie hasła',
    old_password: 'Obecne hasło',
    locale: 'Język',
  },
});
