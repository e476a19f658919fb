import { defineMessages } from '../define';

// The home page of a signed-in person: the panel (guests get the `landing` namespace).
export const home = defineMessages({
  en: {
    panel: {
      page_title: 'Overview',
      welcome: 'Welcome back',
      welcome_new: 'Welcome to Printomat',
      title: 'Your pages',
      app_hint: 'Walk up to a printer and start the Printomat app to print.',
      download_hint: 'Get the Printomat app to start printing right at the printer.',
      account: 'Go to your account',
    },
    confirm: {
      text: 'Confirm your e-mail address: we sent a link to {email}',
      resend: 'Send the link again',
      sent: 'We sent a new link.',
    },
  },
  de: {
    panel: {
      page_title: 'Übersicht',
      welcome: 'Willkommen zurück',
      welcome_new: 'Willkommen bei Printomat',
      title: 'Deine Seiten',
      app_hint: 'Geh zu einem Drucker und starte die Printomat-App, um zu drucken.',
      download_hint: 'Hol dir die Printomat-App, um direkt am Drucker zu drucken.',
      account: 'Zu deinem Konto',
    },
    confirm: {
      text: 'Bestätige deine E-Mail-Adresse: Wir haben einen Link an {email} geschickt.',
      resend: 'Link erneut senden',
      sent: 'Wir haben dir einen neuen Link geschickt.',
    },
  },
  pl: {
    panel: {
      page_title: 'Przegląd',
      welcome: 'Witaj ponownie',
      welcome_new: 'Witaj w Printomacie',
      title: 'Twoje strony',
      app_hint: 'Podejdź do drukarki i uruchom aplikację Printomat, aby drukować.',
      download_hint: 'Pobierz aplikację Printomat, aby drukować bezpośrednio przy drukarce.',
      account: 'Przejdź do konta',
    },
    confirm: {
      text: 'Potwierdź swój adres e-mail: wysłaliśmy link na adres {email}',
      resend: 'Wyślij link ponownie',
      sent: 'Wysłaliśmy nowy link.',
    },
  },
});
