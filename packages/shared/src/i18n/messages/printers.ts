import { defineMessages } from '../define';

// Why a printer refuses a job. 'drukarka niedostępna' and the maintenance text are the spec's.
export const printers = defineMessages({
  en: {
    errors: {
      disabled: 'printer unavailable',
      maintenance: 'Maintenance mode enabled - printing not possible',
      offline: 'The printer is offline right now. Try again in a moment or choose another printer.',
      // Also the answer for a printer that cannot print now: trying codes must not reveal valid ones.
      unknown_code:
        'No printer can be started with this code right now. Check the code shown on the printer, or see on the map whether the printer is available.',
      not_found: 'This printer does not exist (any more). Choose another one on the map.',
    },
  },
  de: {
    errors: {
      disabled: 'Drucker nicht verfügbar',
      maintenance: 'Wartungsmodus aktiv – Drucken nicht möglich',
      offline:
        'Der Drucker ist gerade offline. Versuche es gleich noch einmal oder wähle einen anderen Drucker.',
      unknown_code:
        'Mit diesem Code lässt sich gerade kein Drucker starten. Prüfe den Code auf dem Drucker oder sieh auf der Karte nach, ob der Drucker verfügbar ist.',
      not_found: 'Diesen Drucker gibt es (nicht mehr). Wähle auf der Karte einen anderen.',
    },
  },
  pl: {
    errors: {
      disabled: 'drukarka niedostępna',
      maintenance: 'Tryb serwisowy włączony – drukowanie niemożliwe',
      offline: 'Drukarka jest teraz offline. Spróbuj za chwilę lub wybierz inną drukarkę.',
      unknown_code:
        'Tym kodem nie można teraz uruchomić żadnej drukarki. Sprawdź kod wyświetlony na drukarce albo zobacz na mapie, czy drukarka jest dostępna.',
      not_found: 'Ta drukarka nie istnieje (już). Wybierz inną na mapie.',
    },
  },
});
