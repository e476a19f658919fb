import { defineMessages } from '../define';

// The dashboard panel served as HTML by GET /ajax/user.html.
export const user_panel = defineMessages({
  en: {
    title: 'Your pages',
    remaining: '{count, plural, one {# page} other {# pages}} left',
    color: 'that is {count, plural, one {# colour page} other {# colour pages}}',
    expires: '{count, plural, one {# page expires} other {# pages expire}} on {date}',
    app: 'Your documents are ready: walk up to the printer and start the Printomat app.',
    app_nothing_confirmed:
      'Nothing is ready to print yet: upload and confirm your documents, then walk up to the printer and start the Printomat app.',
    download:
      'Download the Printomat app to your phone: with it you start printing right at the printer.',
    print: 'Print now',
    buy: 'Buy pages',
  },
  de: {
    title: 'Deine Seiten',
    remaining: 'Noch {count, plural, one {# Seite} other {# Seiten}}',
    color: 'das sind {count, plural, one {# Farbseite} other {# Farbseiten}}',
    expires: '{count, plural, one {# Seite verfällt} other {# Seiten verfallen}} am {date}',
    app: 'Deine Dokumente sind bereit: Geh zum Drucker und starte die Printomat-App.',
    app_nothing_confirmed:
      'Noch ist nichts druckbereit: Lade deine Dokumente hoch und bestätige sie, dann geh zum Drucker und starte die Printomat-App.',
    download:
      'Lade die Printomat-App auf dein Handy: Damit startest du den Druck direkt am Drucker.',
    print: 'Jetzt drucken',
    buy: 'Seiten kaufen',
  },
  pl: {
    title: 'Twoje strony',
    remaining:
      '{count, plural, one {Pozostała # strona} few {Pozostały # strony} many {Pozostało # stron} other {Pozostało # strony}}',
    color:
      'czyli {count, plural, one {# strona kolorowa} few {# strony kolorowe} many {# stron kolorowych} other {# strony kolorowej}}',
    expires:
      '{count, plural, one {# strona wygasa} few {# strony wygasają} many {# stron wygasa} other {# strony wygasa}} {date}',
    app: 'Twoje dokumenty są gotowe: podejdź do drukarki i uruchom aplikację Printomat.',
    app_nothing_confirmed:
      'Nic nie czeka jeszcze na wydruk: wgraj i potwierdź dokumenty, a potem podejdź do drukarki i uruchom aplikację Printomat.',
    download:
      'Pobierz aplikację Printomat na telefon: dzięki niej uruchomisz wydruk prosto przy drukarce.',
    print: 'Drukuj teraz',
    buy: 'Kup strony',
  },
});
