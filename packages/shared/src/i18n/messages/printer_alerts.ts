import { defineMessages } from '../define';

// Printer alerts by e-mail (issue 18 point 5): the server's only (no web message group).
export const printer_alerts = defineMessages({
  en: {
    opened: {
      offline: {
        subject: 'Printomat alert: printer {printer} is offline',
        body: 'The agent of printer {printer} ({address}) has not been heard from since {since}. The printer takes no print jobs until it is back.',
      },
      error: {
        subject: 'Printomat alert: printer {printer} cannot print ({problem})',
        body: 'Printer {printer} ({address}) reported a problem at {since}: {problem}. It refuses new print jobs until the problem is fixed.',
      },
      paper_low: {
        subject: 'Printomat alert: printer {printer} is low on paper',
        body: 'Printer {printer} ({address}) reported low paper at {since}. Please refill it soon.',
      },
      toner_low: {
        subject: 'Printomat alert: printer {printer} is low on toner',
        body: 'Printer {printer} ({address}) reported low toner or ink at {since}. Please replace it soon.',
      },
    },
    recovered: {
      offline: {
        subject: 'Printomat: printer {printer} is back online',
        body: 'Printer {printer} ({address}) is online again since {ended}. It was offline from {since}.',
      },
      error: {
        subject: 'Printomat: printer {printer} can print again',
        body: 'The problem of printer {printer} ({address}) is cleared since {ended} ({problem}, from {since}).',
      },
      paper_low: {
        subject: 'Printomat: printer {printer} has paper again',
        body: 'Printer {printer} ({address}) no longer reports low paper since {ended} (low from {since}).',
      },
      toner_low: {
        subject: 'Printomat: printer {printer} has toner again',
        body: 'Printer {printer} ({address}) no longer reports low toner or ink since {ended} (low from {since}).',
      },
    },
    problem: {
      printer_unreachable: 'the printer does not answer its agent',
      out_of_paper: 'out of paper',
      paper_jam: 'paper jam',
      out_of_toner: 'out of toner or ink',
      printer_error: 'the printer stopped',
      unknown: 'a printer error',
    },
    admin_link: 'The printer in the administration:',
    why_admin: 'You get this message as a Printomat administrator.',
    why_contact: 'You get this message as the contact person of this printer.',
  },
  de: {
    opened: {
      offline: {
        subject: 'Printomat-Alarm: Drucker {printer} ist offline',
        body: 'Vom Agenten des Druckers {printer} ({address}) kam seit {since} kein Lebenszeichen. Der Drucker nimmt keine Druckaufträge an, bis er wieder da ist.',
      },
      error: {
        subject: 'Printomat-Alarm: Drucker {printer} kann nicht drucken ({problem})',
        body: 'Drucker {printer} ({address}) meldete um {since} ein Problem: {problem}. Er lehnt neue Druckaufträge ab, bis das Problem behoben ist.',
      },
      paper_low: {
        subject: 'Printomat-Alarm: Drucker {printer} hat wenig Papier',
        body: 'Drucker {printer} ({address}) meldete um {since} wenig Papier. Bitte bald nachfüllen.',
      },
      toner_low: {
        subject: 'Printomat-Alarm: Drucker {printer} hat wenig Toner',
        body: 'Drucker {printer} ({address}) meldete um {since} wenig Toner oder Tinte. Bitte bald ersetzen.',
      },
    },
    recovered: {
      offline: {
        subject: 'Printomat: Drucker {printer} ist wieder online',
        body: 'Drucker {printer} ({address}) ist seit {ended} wieder online. Er war ab {since} offline.',
      },
      error: {
        subject: 'Printomat: Drucker {printer} kann wieder drucken',
        body: 'Das Problem des Druckers {printer} ({address}) ist seit {ended} behoben ({problem}, ab {since}).',
      },
      paper_low: {
        subject: 'Printomat: Drucker {printer} hat wieder Papier',
        body: 'Drucker {printer} ({address}) meldet seit {ended} nicht mehr wenig Papier (wenig ab {since}).',
      },
      toner_low: {
        subject: 'Printomat: Drucker {printer} hat wieder Toner',
        body: 'Drucker {printer} ({address}) meldet seit {ended} nicht mehr wenig Toner oder Tinte (wenig ab {since}).',
      },
    },
    problem: {
      printer_unreachable: 'der Drucker antwortet seinem Agenten nicht',
      out_of_paper: 'kein Papier',
      paper_jam: 'Papierstau',
      out_of_toner: 'kein Toner oder keine Tinte',
      printer_error: 'der Drucker ist angehalten',
      unknown: 'ein Druckerfehler',
    },
    admin_link: 'Der Drucker in der Verwaltung:',
    why_admin: 'Du erhältst diese Nachricht als Printomat-Administrator.',
    why_contact: 'Du erhältst diese Nachricht als Ansprechperson dieses Druckers.',
  },
  pl: {
    opened: {
      offline: {
        subject: 'Alarm Printomat: drukarka {printer} jest offline',
        body: 'Agent drukarki {printer} ({address}) nie odzywa się od {since}. Drukarka nie przyjmuje zleceń druku, dopóki nie wróci.',
      },
      error: {
        subject: 'Alarm Printomat: drukarka {printer} nie może drukować ({problem})',
        body: 'Drukarka {printer} ({address}) zgłosiła problem o {since}: {problem}. Odrzuca nowe zlecenia druku, dopóki problem nie zostanie usunięty.',
      },
      paper_low: {
        subject: 'Alarm Printomat: w drukarce {printer} kończy się papier',
        body: 'Drukarka {printer} ({address}) zgłosiła o {since}, że kończy się papier. Prosimy wkrótce go uzupełnić.',
      },
      toner_low: {
        subject: 'Alarm Printomat: w drukarce {printer} kończy się toner',
        body: 'Drukarka {printer} ({address}) zgłosiła o {since}, że kończy się toner lub tusz. Prosimy wkrótce go wymienić.',
      },
    },
    recovered: {
      offline: {
        subject: 'Printomat: drukarka {printer} znów jest online',
        body: 'Drukarka {printer} ({address}) jest znów online od {ended}. Była offline od {since}.',
      },
      error: {
        subject: 'Printomat: drukarka {printer} znów może drukować',
        body: 'Problem drukarki {printer} ({address}) jest usunięty od {ended} ({problem}, od {since}).',
      },
      paper_low: {
        subject: 'Printomat: drukarka {printer} znów ma papier',
        body: 'Drukarka {printer} ({address}) od {ended} nie zgłasza już braku papieru (od {since}).',
      },
      toner_low: {
        subject: 'Printomat: drukarka {printer} znów ma toner',
        body: 'Drukarka {printer} ({address}) od {ended} nie zgłasza już kończącego się tonera lub tuszu (od {since}).',
      },
    },
    problem: {
      printer_unreachable: 'drukarka nie odpowiada swojemu agentowi',
      out_of_paper: 'brak papieru',
      paper_jam: 'zacięcie papieru',
      out_of_toner: 'brak tonera lub tuszu',
      printer_error: 'drukarka jest zatrzymana',
      unknown: 'błąd drukarki',
    },
    admin_link: 'Drukarka w panelu administracyjnym:',
    why_admin: 'Otrzymujesz tę wiadomość jako administrator Printomat.',
    why_contact: 'Otrzymujesz tę wiadomość jako osoba kontaktowa tej drukarki.',
  },
});
