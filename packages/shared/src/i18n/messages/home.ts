import { defineMessages } from '../define';

// The home page: guest landing hero and the signed-in person's panel.
export const home = defineMessages({
  en: {
    hero: {
      eyebrow: 'Self-service printing',
      title: 'Print your documents at a printer near you',
      lead: 'Upload a PDF, a Word file or a photo, pay with a page package and pick up your prints at a Printomat printer in a shopping mall, on campus or in a co-working space.',
      cta: 'Print now',
      sign_in: 'I have an account',
    },
    steps: {
      title: 'How it works',
      upload: {
        title: 'Upload',
        text: 'Send your files from your computer or phone, or e-mail them to a printer.',
      },
      pay: {
        title: 'Pay with pages',
        text: 'Buy a page package by card or transfer. One colour page counts as three.',
      },
      print: {
        title: 'Print at the printer',
        text: 'Walk up to the printer and start printing with the app or a code.',
      },
    },
    panel: {
      page_title: 'Overview',
      welcome: 'Welcome back',
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
    hero: {
      eyebrow: 'Drucken in Selbstbedienung',
      title: 'Drucke deine Dokumente an einem Drucker in deiner Nähe',
      lead: 'Lade ein PDF, eine Word-Datei oder ein Foto hoch, bezahle mit einem Seitenpaket und hol deine Ausdrucke an einem Printomat-Drucker im Einkaufszentrum, auf dem Campus oder im Coworking-Space ab.',
      cta: 'Jetzt drucken',
      sign_in: 'Ich habe schon ein Konto',
    },
    steps: {
      title: 'So funktioniert es',
      upload: {
        title: 'Hochladen',
        text: 'Schick deine Dateien vom Computer oder Handy – oder per E-Mail direkt an einen Drucker.',
      },
      pay: {
        title: 'Mit Seiten bezahlen',
        text: 'Kauf ein Seitenpaket per Karte oder Überweisung. Eine Farbseite zählt wie drei Seiten.',
      },
      print: {
        title: 'Am Drucker drucken',
        text: 'Geh zum Drucker und starte den Druck mit der App oder einem Code.',
      },
    },
    panel: {
      page_title: 'Übersicht',
      welcome: 'Willkommen zurück',
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
    hero: {
      eyebrow: 'Drukowanie samoobsługowe',
      title: 'Drukuj dokumenty w drukarce niedaleko Ciebie',
      lead: 'Wgraj plik PDF, dokument Word lub zdjęcie, zapłać pakietem stron i odbierz wydruki w drukarce Printomat w centrum handlowym, na kampusie lub w coworkingu.',
      cta: 'Drukuj teraz',
      sign_in: 'Mam już konto',
    },
    steps: {
      title: 'Jak to działa',
      upload: {
        title: 'Wgraj pliki',
        text: 'Wyślij pliki z komputera lub telefonu albo prześlij je e-mailem prosto do drukarki.',
      },
      pay: {
        title: 'Zapłać stronami',
        text: 'Kup pakiet stron kartą lub przelewem. Jedna strona kolorowa liczy się jak trzy.',
      },
      print: {
        title: 'Drukuj przy drukarce',
        text: 'Podejdź do drukarki i uruchom drukowanie w aplikacji lub za pomocą kodu.',
      },
    },
    panel: {
      page_title: 'Przegląd',
      welcome: 'Witaj ponownie',
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
