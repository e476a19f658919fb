import { defineMessages } from '../define';

// Why a printer refuses a job. 'drukarka niedostępna' and the maintenance text are the spec's.
export const printers = defineMessages({
  en: {
    errors: {
      disabled: 'printer unavailable',
      decommissioned:
        'This printer has been taken out of service. Choose another printer on the map.',
      maintenance: 'Maintenance mode enabled - printing not possible',
      offline: 'The printer is offline right now. Try again in a moment or choose another printer.',
      out_of_paper:
        'The printer is out of paper. Nothing was charged; choose another printer or try again once it is refilled.',
      paper_jam:
        'Paper is jammed in the printer. Nothing was charged; choose another printer or try again once it is cleared.',
      out_of_toner:
        'The printer is out of toner or ink. Nothing was charged; choose another printer or try again later.',
      printer_error:
        'The printer has stopped because of a fault. Nothing was charged; choose another printer or try again later.',
      printer_unreachable:
        'The printer does not answer right now. Nothing was charged; choose another printer or try again in a moment.',
      // Also the answer for a printer that cannot print now: trying codes must not reveal valid ones.
      unknown_code:
        'No printer can be started with this code right now. Check the code shown on the printer, or see on the map whether the printer is available.',
      not_found: 'This printer does not exist (any more). Choose another one on the map.',
    },
  },
  de: {
    errors: {
      disabled: 'Drucker nicht verfügbar',
      decommissioned:
        'Dieser Drucker ist außer Betrieb genommen. Wähle auf der Karte einen anderen Drucker.',
      maintenance: 'Wartungsmodus aktiv – Drucken nicht möglich',
      offline:
        'Der Drucker ist gerade offline. Versuche es gleich noch einmal oder wähle einen anderen Drucker.',
      out_of_paper:
        'Der Drucker hat kein Papier mehr. Es wurde nichts berechnet; wähle einen anderen Drucker oder versuche es nach dem Nachfüllen erneut.',
      paper_jam:
        'Im Drucker ist Papier gestaut. Es wurde nichts berechnet; wähle einen anderen Drucker oder versuche es erneut, wenn der Stau behoben ist.',
      out_of_toner:
        'Dem Drucker ist Toner oder Tinte ausgegangen. Es wurde nichts berechnet; wähle einen anderen Drucker oder versuche es später erneut.',
      printer_error:
        'Der Drucker hat wegen einer Störung angehalten. Es wurde nichts berechnet; wähle einen anderen Drucker oder versuche es später erneut.',
      printer_unreachable:
        'Der Drucker antwortet gerade nicht. Es wurde nichts berechnet; wähle einen anderen Drucker oder versuche es gleich noch einmal.',
      unknown_code:
        'Mit diesem Code lässt sich gerade kein Drucker starten. Prüfe den Code auf dem Drucker oder sieh auf der Karte nach, ob der Drucker verfügbar ist.',
      not_found: 'Diesen Drucker gibt es (nicht mehr). Wähle auf der Karte einen anderen.',
    },
  },
  pl: {
    errors: {
      disabled: 'drukarka niedostępna',
      decommissioned: 'Ta drukarka została wycofana z użytku. Wybierz inną drukarkę na mapie.',
      maintenance: 'Tryb serwisowy włączony – drukowanie niemożliwe',
      offline: 'Drukarka jest teraz offline. Spróbuj za chwilę lub wybierz inną drukarkę.',
      out_of_paper:
        'W drukarce skończył się papier. Nic nie zostało pobrane; wybierz inną drukarkę albo spróbuj ponownie po uzupełnieniu.',
      paper_jam:
        'W drukarce zaciął się papier. Nic nie zostało pobrane; wybierz inną drukarkę albo spróbuj ponownie po usunięciu zacięcia.',
      out_of_toner:
        'W drukarce skończył się toner lub tusz. Nic nie zostało pobrane; wybierz inną drukarkę albo spróbuj później.',
      printer_error:
        'Drukarka zatrzymała się z powodu usterki. Nic nie zostało pobrane; wybierz inną drukarkę albo spróbuj później.',
      printer_unreachable:
        'Drukarka teraz nie odpowiada. Nic nie zostało pobrane; wybierz inną drukarkę albo spróbuj za chwilę.',
      unknown_code:
        'Tym kodem nie można teraz uruchomić żadnej drukarki. Sprawdź kod wyświetlony na drukarce albo zobacz na mapie, czy drukarka jest dostępna.',
      not_found: 'Ta drukarka nie istnieje (już). Wybierz inną na mapie.',
    },
  },
});
