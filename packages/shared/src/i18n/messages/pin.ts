import { defineMessages } from '../define';

// Namespace `pin`: PIN and ID for copying and scanning (issue 16): the account's PIN page and its messages.
// The PIN field's other messages are spec section 5's generic ones (`errors.*`).
export const pin = defineMessages({
  en: {
    title: 'PIN for copying and scanning',
    intro:
      'At a printer that copies and scans, type your ID and PIN on its panel. Copies cost pages from your account (colour pages count three times); scans arrive in your account and by e-mail.',
    id: {
      label: 'Your ID: {uid}',
      none: 'You get your ID when you set your first PIN.',
    },
    status: {
      set: 'PIN set on {date}.',
      not_set: 'No PIN set yet.',
    },
    fields: {
      pin_code: 'PIN',
      pin_code_confirmation: 'PIN confirmation',
      pin_code_hint: '4 to 8 digits, not all the same (1111) and not a straight run (1234, 9876).',
      old_password_hint: 'Your account password, to confirm it is you.',
    },
    form: {
      title_set: 'Set your PIN',
      title_change: 'Change your PIN',
      submit_set: 'Set PIN',
      submit_change: 'Change PIN',
      saved: 'Your PIN is set. Your ID is {uid}.',
    },
    reset: {
      title: 'Forgot your PIN?',
      text: 'Resetting removes your PIN and gives you a new ID: the old ID stops working at once. Then set a new PIN.',
      button: 'Reset PIN and ID…',
      confirm: 'Remove your PIN and get a new ID? Copying and scanning need a new PIN afterwards.',
      confirm_button: 'Yes, reset',
      cancel: 'Cancel',
      done: 'Your PIN was removed. Your new ID is {uid}.',
    },
    card: {
      text: 'Your ID and PIN to copy and scan at our printers.',
      link: 'Set up PIN and ID',
    },
    load_failed: 'Your PIN settings could not be loaded. Please try again.',
    errors: {
      confirmation: "doesn't match PIN",
      too_simple: 'is too easy to guess (all the same digit or a straight run such as 1234)',
    },
  },
  de: {
    title: 'PIN zum Kopieren und Scannen',
    intro:
      'An einem Drucker, der kopiert und scannt, gibst du am Bedienfeld deine ID und deine PIN ein. Kopien kosten Seiten von deinem Konto (Farbseiten zählen dreifach); Scans landen in deinem Konto und kommen per E-Mail.',
    id: {
      label: 'Deine ID: {uid}',
      none: 'Deine ID bekommst du, sobald du deine erste PIN festlegst.',
    },
    status: {
      set: 'PIN festgelegt am {date}.',
      not_set: 'Noch keine PIN festgelegt.',
    },
    fields: {
      pin_code: 'PIN',
      pin_code_confirmation: 'PIN-Bestätigung',
      pin_code_hint:
        '4 bis 8 Ziffern, nicht alle gleich (1111) und keine Zahlenfolge (1234, 9876).',
      old_password_hint: 'Dein Kontopasswort, zur Bestätigung, dass du es bist.',
    },
    form: {
      title_set: 'PIN festlegen',
      title_change: 'PIN ändern',
      submit_set: 'PIN festlegen',
      submit_change: 'PIN ändern',
      saved: 'Deine PIN ist festgelegt. Deine ID ist {uid}.',
    },
    reset: {
      title: 'PIN vergessen?',
      text: 'Zurücksetzen löscht deine PIN und gibt dir eine neue ID: Die alte ID gilt sofort nicht mehr. Danach legst du eine neue PIN fest.',
      button: 'PIN und ID zurücksetzen…',
      confirm:
        'PIN löschen und eine neue ID bekommen? Zum Kopieren und Scannen brauchst du danach eine neue PIN.',
      confirm_button: 'Ja, zurücksetzen',
      cancel: 'Abbrechen',
      done: 'Deine PIN wurde gelöscht. Deine neue ID ist {uid}.',
    },
    card: {
      text: 'Deine ID und PIN zum Kopieren und Scannen an unseren Druckern.',
      link: 'PIN und ID einrichten',
    },
    load_failed:
      'Deine PIN-Einstellungen konnten nicht geladen werden. Bitte versuche es noch einmal.',
    errors: {
      confirmation: 'stimmt nicht mit PIN überein',
      too_simple: 'ist zu leicht zu erraten (alle Ziffern gleich oder eine Zahlenfolge wie 1234)',
    },
  },
  pl: {
    title: 'PIN do kopiowania i skanowania',
    intro:
      'Przy drukarce, która kopiuje i skanuje, wpisz na jej panelu swoje ID i PIN. Kopie kosztują strony z Twojego konta (strony kolorowe liczą się potrójnie); skany trafiają na Twoje konto i przychodzą e-mailem.',
    id: {
      label: 'Twoje ID: {uid}',
      none: 'ID otrzymasz, gdy ustawisz swój pierwszy PIN.',
    },
    status: {
      set: 'PIN ustawiony {date}.',
      not_set: 'PIN nie jest jeszcze ustawiony.',
    },
    fields: {
      pin_code: 'PIN',
      pin_code_confirmation: 'Potwierdzenie PIN-u',
      pin_code_hint:
        'Od 4 do 8 cyfr; nie same jednakowe cyfry (1111) ani kolejne cyfry (1234, 9876).',
      old_password_hint: 'Hasło do konta, aby potwierdzić, że to Ty.',
    },
    form: {
      title_set: 'Ustaw PIN',
      title_change: 'Zmień PIN',
      submit_set: 'Ustaw PIN',
      submit_change: 'Zmień PIN',
      saved: 'PIN jest ustawiony. Twoje ID to {uid}.',
    },
    reset: {
      title: 'Nie pamiętasz PIN-u?',
      text: 'Reset usuwa Twój PIN i nadaje nowe ID: stare ID od razu przestaje działać. Potem ustaw nowy PIN.',
      button: 'Resetuj PIN i ID…',
      confirm:
        'Usunąć PIN i otrzymać nowe ID? Do kopiowania i skanowania potrzebny będzie potem nowy PIN.',
      confirm_button: 'Tak, resetuj',
      cancel: 'Anuluj',
      done: 'Twój PIN został usunięty. Twoje nowe ID to {uid}.',
    },
    card: {
      text: 'Twoje ID i PIN do kopiowania i skanowania przy naszych drukarkach.',
      link: 'Ustaw PIN i ID',
    },
    load_failed: 'Nie udało się wczytać ustawień PIN-u. Spróbuj ponownie.',
    errors: {
      confirmation: 'nie zgadza się z polem PIN',
      too_simple:
        'jest zbyt łatwy do odgadnięcia (same jednakowe cyfry lub kolejne cyfry, np. 1234)',
    },
  },
});
