import { defineMessages } from '../define';

// Namespace `pwa`: the installable app (issue 16): manifest names, install offer, iOS instructions, update and offline notices.
export const pwa = defineMessages({
  en: {
    title: 'Printomat app',
    manifest: {
      name: 'Printomat – print at a printer near you',
      short_name: 'Printomat',
      description:
        'Upload your documents, find a printer nearby and start printing right at the printer.',
      shortcut_scan: 'Scan a printer’s code',
      shortcut_print: 'Upload documents',
    },
    install: {
      title: 'Get the Printomat app',
      button: 'Install the app',
      prompt_lead: 'Install it on this device: it opens like any other app.',
      ios: 'On your iPhone or iPad: tap the Share button, then “Add to Home Screen”.',
      mobile: 'Open your browser’s menu and choose “Install app” or “Add to Home screen”.',
      desktop: 'On your phone, open {address} and add the app to your home screen.',
      installed: 'The app is installed: start Printomat from your home screen.',
    },
    update: {
      available: 'A new version of Printomat is available.',
      reload: 'Reload',
    },
    offline: {
      notice: 'You are offline. Printomat needs a connection to show your pages and to print.',
      retry: 'Try again',
    },
  },
  de: {
    title: 'Printomat-App',
    manifest: {
      name: 'Printomat – drucken am Drucker in deiner Nähe',
      short_name: 'Printomat',
      description:
        'Lade deine Dokumente hoch, finde einen Drucker in der Nähe und starte den Druck direkt am Gerät.',
      shortcut_scan: 'Druckercode scannen',
      shortcut_print: 'Dokumente hochladen',
    },
    install: {
      title: 'Hol dir die Printomat-App',
      button: 'App installieren',
      prompt_lead: 'Installiere sie auf diesem Gerät: Sie öffnet sich wie jede andere App.',
      ios: 'Auf dem iPhone oder iPad: Tippe auf „Teilen“ und dann auf „Zum Home-Bildschirm“.',
      mobile:
        'Öffne das Menü deines Browsers und wähle „App installieren“ oder „Zum Startbildschirm hinzufügen“.',
      desktop: 'Öffne auf deinem Handy {address} und füge die App deinem Startbildschirm hinzu.',
      installed: 'Die App ist installiert: Starte Printomat von deinem Startbildschirm.',
    },
    update: {
      available: 'Eine neue Version von Printomat ist verfügbar.',
      reload: 'Neu laden',
    },
    offline: {
      notice:
        'Du bist offline. Printomat braucht eine Verbindung, um deine Seiten anzuzeigen und zu drucken.',
      retry: 'Erneut versuchen',
    },
  },
  pl: {
    title: 'Aplikacja Printomat',
    manifest: {
      name: 'Printomat – drukuj w drukarce w pobliżu',
      short_name: 'Printomat',
      description:
        'Wgraj dokumenty, znajdź drukarkę w pobliżu i uruchom wydruk prosto przy drukarce.',
      shortcut_scan: 'Zeskanuj kod drukarki',
      shortcut_print: 'Wgraj dokumenty',
    },
    install: {
      title: 'Pobierz aplikację Printomat',
      button: 'Zainstaluj aplikację',
      prompt_lead: 'Zainstaluj ją na tym urządzeniu: otwiera się jak każda inna aplikacja.',
      ios: 'Na iPhonie lub iPadzie: stuknij „Udostępnij”, a potem „Do ekranu początkowego”.',
      mobile:
        'Otwórz menu przeglądarki i wybierz „Zainstaluj aplikację” lub „Dodaj do ekranu głównego”.',
      desktop: 'Na telefonie otwórz {address} i dodaj aplikację do ekranu głównego.',
      installed: 'Aplikacja jest zainstalowana: uruchom Printomat z ekranu głównego.',
    },
    update: {
      available: 'Dostępna jest nowa wersja Printomatu.',
      reload: 'Odśwież',
    },
    offline: {
      notice:
        'Jesteś offline. Printomat potrzebuje połączenia, aby pokazać Twoje strony i drukować.',
      retry: 'Spróbuj ponownie',
    },
  },
});
