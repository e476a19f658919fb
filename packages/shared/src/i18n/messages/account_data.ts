import { defineMessages } from '../define';

// The account page's own data (issue 17 point 5): print history, saved cards, downloading the
// data and deleting the account.
export const account_data = defineMessages({
  en: {
    history: {
      title: 'Print history',
      empty: 'You have not printed anything yet.',
      date: 'Date',
      printer: 'Printer',
      documents: 'Documents',
      pages: 'Pages',
      charged: 'Pages charged',
      outcome: 'Result',
      deleted: 'deleted',
      deleted_hint: 'Documents are deleted some hours after printing; their names go with them.',
      printed_of: '{printed} of {count}',
      refunded: '{count, plural, one {# page refunded} other {# pages refunded}}',
      refund_reason: 'Reason: {reason}',
      outcomes: {
        printed: 'Printed',
        failed: 'Failed',
        expired: 'Expired',
        cancelled: 'Cancelled',
      },
      previous: 'Newer',
      next: 'Older',
      page_of: 'Page {page} of {pages}',
    },
    cards: {
      title: 'Saved cards',
      empty: 'You have no saved cards.',
      card: '{brand} ending in {last4}',
      added: 'added {date}',
      remove: 'Remove',
      remove_label: 'Remove {brand} ending in {last4}',
      removed: 'The card was removed.',
    },
    download: {
      title: 'Your data',
      text: 'Download everything we keep about you (account, pages, purchases, print history, referrals, phone) as a JSON file.',
      button: 'Download my data',
    },
    delete: {
      title: 'Delete account',
      text: 'Your documents, print history and remaining pages are deleted and you are signed out everywhere. Purchases and receipts are kept without your name, as the law requires. You can sign up again with the same address later.',
      start: 'Delete my account…',
      password: 'Type your password to confirm',
      email: 'Type your e-mail address ({email}) to confirm',
      confirm: 'Delete my account for good',
      cancel: 'Keep my account',
      errors: {
        printing:
          'One of your jobs is printing right now. Wait until it is done, then delete your account.',
        payment_in_progress:
          'One of your purchases is still waiting for the payment provider. Once it is paid or has failed, you can delete your account (its pages would be lost otherwise).',
      },
    },
  },
  de: {
    history: {
      title: 'Druckverlauf',
      empty: 'Du hast noch nichts gedruckt.',
      date: 'Datum',
      printer: 'Drucker',
      documents: 'Dokumente',
      pages: 'Seiten',
      charged: 'Berechnete Seiten',
      outcome: 'Ergebnis',
      deleted: 'gelöscht',
      deleted_hint:
        'Dokumente werden einige Stunden nach dem Drucken gelöscht, ihre Namen mit ihnen.',
      printed_of: '{printed} von {count}',
      refunded: '{count, plural, one {# Seite erstattet} other {# Seiten erstattet}}',
      refund_reason: 'Grund: {reason}',
      outcomes: {
        printed: 'Gedruckt',
        failed: 'Fehlgeschlagen',
        expired: 'Abgelaufen',
        cancelled: 'Abgebrochen',
      },
      previous: 'Neuere',
      next: 'Ältere',
      page_of: 'Seite {page} von {pages}',
    },
    cards: {
      title: 'Gespeicherte Karten',
      empty: 'Du hast keine gespeicherten Karten.',
      card: '{brand} mit Endziffern {last4}',
      added: 'hinzugefügt am {date}',
      remove: 'Entfernen',
      remove_label: '{brand} mit Endziffern {last4} entfernen',
      removed: 'Die Karte wurde entfernt.',
    },
    download: {
      title: 'Deine Daten',
      text: 'Lade alles herunter, was wir über dich speichern (Konto, Seiten, Käufe, Druckverlauf, Empfehlungen, Telefon), als JSON-Datei.',
      button: 'Meine Daten herunterladen',
    },
    delete: {
      title: 'Konto löschen',
      text: 'Deine Dokumente, dein Druckverlauf und deine restlichen Seiten werden gelöscht und du wirst überall abgemeldet. Käufe und Belege bleiben ohne deinen Namen erhalten, wie es das Gesetz verlangt. Du kannst dich später mit derselben Adresse neu registrieren.',
      start: 'Mein Konto löschen…',
      password: 'Gib zur Bestätigung dein Passwort ein',
      email: 'Gib zur Bestätigung deine E-Mail-Adresse ({email}) ein',
      confirm: 'Mein Konto endgültig löschen',
      cancel: 'Konto behalten',
      errors: {
        printing:
          'Einer deiner Aufträge wird gerade gedruckt. Warte, bis er fertig ist, und lösche dann dein Konto.',
        payment_in_progress:
          'Einer deiner Käufe wartet noch auf den Zahlungsanbieter. Sobald er bezahlt oder fehlgeschlagen ist, kannst du dein Konto löschen (sonst gingen seine Seiten verloren).',
      },
    },
  },
  pl: {
    history: {
      title: 'Historia wydruków',
      empty: 'Nic jeszcze nie wydrukowałeś.',
      date: 'Data',
      printer: 'Drukarka',
      documents: 'Dokumenty',
      pages: 'Strony',
      charged: 'Pobrane strony',
      outcome: 'Wynik',
      deleted: 'usunięty',
      deleted_hint: 'Dokumenty są usuwane kilka godzin po wydruku, a wraz z nimi ich nazwy.',
      printed_of: '{printed} z {count}',
      refunded:
        '{count, plural, one {# strona zwrócona} few {# strony zwrócone} many {# stron zwróconych} other {# strony zwróconej}}',
      refund_reason: 'Powód: {reason}',
      outcomes: {
        printed: 'Wydrukowano',
        failed: 'Nieudany',
        expired: 'Wygasł',
        cancelled: 'Anulowany',
      },
      previous: 'Nowsze',
      next: 'Starsze',
      page_of: 'Strona {page} z {pages}',
    },
    cards: {
      title: 'Zapisane karty',
      empty: 'Nie masz zapisanych kart.',
      card: '{brand} zakończona na {last4}',
      added: 'dodana {date}',
      remove: 'Usuń',
      remove_label: 'Usuń kartę {brand} zakończoną na {last4}',
      removed: 'Karta została usunięta.',
    },
    download: {
      title: 'Twoje dane',
      text: 'Pobierz wszystko, co o Tobie przechowujemy (konto, strony, zakupy, historię wydruków, polecenia, telefon), jako plik JSON.',
      button: 'Pobierz moje dane',
    },
    delete: {
      title: 'Usuń konto',
      text: 'Twoje dokumenty, historia wydruków i pozostałe strony zostaną usunięte, a Ty zostaniesz wszędzie wylogowany. Zakupy i paragony zachowujemy bez Twoich danych, jak wymaga prawo. Później możesz założyć nowe konto na ten sam adres.',
      start: 'Usuń moje konto…',
      password: 'Wpisz hasło, aby potwierdzić',
      email: 'Wpisz swój adres e-mail ({email}), aby potwierdzić',
      confirm: 'Usuń moje konto na zawsze',
      cancel: 'Zachowaj konto',
      errors: {
        printing:
          'Jedno z Twoich zleceń właśnie się drukuje. Poczekaj, aż się skończy, i wtedy usuń konto.',
        payment_in_progress:
          'Jeden z Twoich zakupów wciąż czeka na operatora płatności. Gdy zostanie opłacony lub się nie powiedzie, możesz usunąć konto (inaczej jego strony by przepadły).',
      },
    },
  },
});
