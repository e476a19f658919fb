import { defineMessages } from '../define';

// Print by e-mail (issue 14): the reply to a message sent to a printer's address (server), and
// the admin list of a printer's inbound messages (web). Helpers B (reply) and C (admin) add keys.
export const inbound_mail = defineMessages({
  en: {
    // The inbound webhook's answer when the message is for no printer (422).
    no_printer_recipient: 'None of the recipients is a printer’s address.',
    admin: {
      title: 'Inbound e-mail',
      intro: 'Mail sent to {address}, newest first (at most {count}).',
      empty: 'Nobody has sent e-mail to this printer yet.',
      received_at: 'Received',
      from: 'From',
      subject: 'Subject',
      verdict: 'Sender',
      auth: 'DMARC / SPF / DKIM',
      documents: 'Documents',
      outcome: 'Outcome',
      replied_at: 'Replied',
      link: 'Order',
      no_subject: '(no subject)',
      no_sender: '(no sender)',
      account: 'account {email}',
      via_http: 'via the provider webhook',
      auth_value: 'DMARC {dmarc} · SPF {spf} · DKIM {dkim}',
      auth_missing: '—',
      pages: '{count, plural, one {# page} other {# pages}}',
      document_processing: 'being processed',
      too_many_pages: 'the document has too many pages',
      no_documents: 'none',
      status_received: 'Waiting to be processed',
      not_replied: 'not answered',
      express_order: 'Express order #{id}',
      printjob: 'Print job #{id}',
    },
    verdict: {
      trusted: 'Account holder',
      stranger: 'Unknown sender',
      ignored: 'Not answered',
    },
    outcome: {
      added: 'Added to the account holder’s print job',
      express_order: 'Express order created',
      job_locked: 'Not added: the print job was confirmed or printing',
      no_documents: 'Nothing printable in it',
      printer_unavailable: 'The printer takes no orders',
      auto_reply: 'Automatic reply (not answered)',
      bounce: 'Delivery report (not answered)',
      list: 'Mailing list or bulk mail (not answered)',
      no_sender: 'No sender (not answered)',
      forged_sender: 'Sender not verified: its domain’s DMARC check failed (not answered)',
      failed: 'Could not be processed',
    },
    refused: {
      executable: 'Programs and scripts are not printed.',
      archive: 'Archives (ZIP, RAR, …) are not printed: attach the files themselves.',
      too_many_files: 'Too many files: a print job holds at most {max}.',
      too_large: 'The file is too large (at most {limit}).',
    },
    reply: {
      no_subject: 'Your documents for {printer}',
      intro: {
        added: 'What you sent to the printer {printer} is now in your print job.',
        express_order: 'We prepared an order at the printer {printer} with what you sent.',
        job_locked: 'Nothing was added to your print job: {reason}',
        no_documents:
          'There was nothing we could print in your message. Attach the documents themselves (PDF, images, Word, Excel, PowerPoint or text files) and send it again.',
        printer_unavailable:
          'The printer {printer} takes no orders at the moment, so nothing was prepared. Find another printer on the map:',
        failed:
          'We could not process your message. Please try again later or upload your files on the website.',
      },
      files: 'Your files:',
      file: {
        pages: '{name}: {count, plural, one {# page} other {# pages}}',
        failed: '{name}: {reason}',
        processing: '{name}: still being processed (the website shows its pages when it is done)',
        not_added: '{name}: not added',
        more: '{count, plural, one {# more file} other {# more files}}: not added',
      },
      nothing_printable: 'None of the files can be printed.',
      too_many_parts:
        'Your message has more than {parts} parts, so it was not read. Send at most {max} files in one message.',
      price: {
        pages:
          'Your print job costs {count, plural, one {# page} other {# pages}} of your account.',
        remaining: 'You have {count, plural, one {# page} other {# pages}} left.',
        money: 'Price: {amount}.',
        processing: 'Files still being processed are not counted yet.',
      },
      start: {
        account:
          'To print: at the printer {printer}, sign in at the link below (or in the Printomat app), confirm your print job, choose “Print with the printer’s code” and type the code shown on the printer.',
        express:
          'To print: open the link below, check the settings and pay; then type the code shown on the printer {printer}.',
      },
      previews: 'First pages:',
      preview_alt: '{name}, page {page}',
    },
  },
  de: {
    no_printer_recipient: 'Keiner der Empfänger ist die Adresse eines Druckers.',
    admin: {
      title: 'Eingehende E-Mails',
      intro: 'E-Mails an {address}, die neuesten zuerst (höchstens {count}).',
      empty: 'An diesen Drucker wurde noch keine E-Mail geschickt.',
      received_at: 'Empfangen',
      from: 'Von',
      subject: 'Betreff',
      verdict: 'Absender',
      auth: 'DMARC / SPF / DKIM',
      documents: 'Dokumente',
      outcome: 'Ergebnis',
      replied_at: 'Beantwortet',
      link: 'Auftrag',
      no_subject: '(kein Betreff)',
      no_sender: '(kein Absender)',
      account: 'Konto {email}',
      via_http: 'über den Webhook des Anbieters',
      auth_value: 'DMARC {dmarc} · SPF {spf} · DKIM {dkim}',
      auth_missing: '—',
      pages: '{count, plural, one {# Seite} other {# Seiten}}',
      document_processing: 'wird verarbeitet',
      too_many_pages: 'das Dokument hat zu viele Seiten',
      no_documents: 'keine',
      status_received: 'Wartet auf die Verarbeitung',
      not_replied: 'nicht beantwortet',
      express_order: 'Express-Bestellung #{id}',
      printjob: 'Druckauftrag #{id}',
    },
    verdict: {
      trusted: 'Kontoinhaber',
      stranger: 'Unbekannter Absender',
      ignored: 'Nicht beantwortet',
    },
    outcome: {
      added: 'Zum Druckauftrag des Kontoinhabers hinzugefügt',
      express_order: 'Express-Bestellung angelegt',
      job_locked: 'Nicht hinzugefügt: Der Druckauftrag war bestätigt oder wurde gedruckt',
      no_documents: 'Nichts Druckbares enthalten',
      printer_unavailable: 'Der Drucker nimmt keine Aufträge an',
      auto_reply: 'Automatische Antwort (nicht beantwortet)',
      bounce: 'Zustellbericht (nicht beantwortet)',
      list: 'Mailingliste oder Massenmail (nicht beantwortet)',
      no_sender: 'Kein Absender (nicht beantwortet)',
      forged_sender:
        'Absender nicht bestätigt: DMARC-Prüfung seiner Domain fehlgeschlagen (nicht beantwortet)',
      failed: 'Konnte nicht verarbeitet werden',
    },
    refused: {
      executable: 'Programme und Skripte werden nicht gedruckt.',
      archive: 'Archive (ZIP, RAR, …) werden nicht gedruckt: Hängen Sie die Dateien selbst an.',
      too_many_files: 'Zu viele Dateien: Ein Druckauftrag umfasst höchstens {max}.',
      too_large: 'Die Datei ist zu groß (höchstens {limit}).',
    },
    reply: {
      no_subject: 'Deine Dokumente für {printer}',
      intro: {
        added: 'Was du an den Drucker {printer} geschickt hast, ist jetzt in deinem Druckauftrag.',
        express_order:
          'Wir haben mit dem, was du geschickt hast, eine Bestellung am Drucker {printer} vorbereitet.',
        job_locked: 'Deinem Druckauftrag wurde nichts hinzugefügt: {reason}',
        no_documents:
          'In deiner Nachricht war nichts, was wir drucken können. Hänge die Dokumente selbst an (PDF, Bilder, Word, Excel, PowerPoint oder Textdateien) und schick sie noch einmal.',
        printer_unavailable:
          'Der Drucker {printer} nimmt gerade keine Aufträge an, deshalb wurde nichts vorbereitet. Such dir auf der Karte einen anderen Drucker aus:',
        failed:
          'Wir konnten deine Nachricht nicht verarbeiten. Bitte versuche es später noch einmal oder lade deine Dateien auf der Website hoch.',
      },
      files: 'Deine Dateien:',
      file: {
        pages: '{name}: {count, plural, one {# Seite} other {# Seiten}}',
        failed: '{name}: {reason}',
        processing:
          '{name}: wird noch verarbeitet (die Website zeigt die Seitenzahl, sobald sie fertig ist)',
        not_added: '{name}: nicht hinzugefügt',
        more: '{count, plural, one {# weitere Datei} other {# weitere Dateien}}: nicht hinzugefügt',
      },
      nothing_printable: 'Keine der Dateien kann gedruckt werden.',
      too_many_parts:
        'Ihre Nachricht hat mehr als {parts} Teile und wurde daher nicht gelesen. Senden Sie höchstens {max} Dateien in einer Nachricht.',
      price: {
        pages:
          'Dein Druckauftrag kostet {count, plural, one {# Seite} other {# Seiten}} deines Kontos.',
        remaining: 'Du hast noch {count, plural, one {# Seite} other {# Seiten}}.',
        money: 'Preis: {amount}.',
        processing: 'Dateien, die noch verarbeitet werden, sind noch nicht mitgezählt.',
      },
      start: {
        account:
          'So druckst du: Melde dich am Drucker {printer} über den Link unten (oder in der Printomat-App) an, bestätige deinen Druckauftrag, wähle „Mit dem Code des Druckers drucken“ und gib den Code ein, den der Drucker zeigt.',
        express:
          'So druckst du: Öffne den Link unten, prüfe die Einstellungen und bezahle; gib dann den Code ein, den der Drucker {printer} zeigt.',
      },
      previews: 'Erste Seiten:',
      preview_alt: '{name}, Seite {page}',
    },
  },
  pl: {
    no_printer_recipient: 'Żaden z odbiorców nie jest adresem drukarki.',
    admin: {
      title: 'Poczta przychodząca',
      intro: 'Poczta wysłana na {address}, od najnowszej (najwyżej {count}).',
      empty: 'Nikt jeszcze nie wysłał e-maila do tej drukarki.',
      received_at: 'Otrzymano',
      from: 'Od',
      subject: 'Temat',
      verdict: 'Nadawca',
      auth: 'DMARC / SPF / DKIM',
      documents: 'Dokumenty',
      outcome: 'Wynik',
      replied_at: 'Odpowiedź',
      link: 'Zlecenie',
      no_subject: '(bez tematu)',
      no_sender: '(brak nadawcy)',
      account: 'konto {email}',
      via_http: 'przez webhook dostawcy',
      auth_value: 'DMARC {dmarc} · SPF {spf} · DKIM {dkim}',
      auth_missing: '—',
      pages: '{count, plural, one {# strona} few {# strony} many {# stron} other {# strony}}',
      document_processing: 'w trakcie przetwarzania',
      too_many_pages: 'dokument ma za dużo stron',
      no_documents: 'brak',
      status_received: 'Czeka na przetworzenie',
      not_replied: 'bez odpowiedzi',
      express_order: 'Zamówienie express #{id}',
      printjob: 'Zlecenie druku #{id}',
    },
    verdict: {
      trusted: 'Posiadacz konta',
      stranger: 'Nieznany nadawca',
      ignored: 'Bez odpowiedzi',
    },
    outcome: {
      added: 'Dodano do zlecenia druku posiadacza konta',
      express_order: 'Utworzono zamówienie express',
      job_locked: 'Nie dodano: zlecenie było potwierdzone lub drukowane',
      no_documents: 'Brak plików do druku',
      printer_unavailable: 'Drukarka nie przyjmuje zleceń',
      auto_reply: 'Automatyczna odpowiedź (bez odpowiedzi)',
      bounce: 'Raport doręczenia (bez odpowiedzi)',
      list: 'Lista mailingowa lub poczta masowa (bez odpowiedzi)',
      no_sender: 'Brak nadawcy (bez odpowiedzi)',
      forged_sender:
        'Nadawca niepotwierdzony: kontrola DMARC jego domeny nie powiodła się (bez odpowiedzi)',
      failed: 'Nie udało się przetworzyć',
    },
    refused: {
      executable: 'Programy i skrypty nie są drukowane.',
      archive: 'Archiwa (ZIP, RAR, …) nie są drukowane: załącz same pliki.',
      too_many_files: 'Za dużo plików: zlecenie druku mieści najwyżej {max}.',
      too_large: 'Plik jest za duży (najwyżej {limit}).',
    },
    reply: {
      no_subject: 'Twoje dokumenty dla drukarki {printer}',
      intro: {
        added: 'To, co wysłano do drukarki {printer}, jest teraz w Twoim zleceniu druku.',
        express_order: 'Z przesłanych plików przygotowaliśmy zamówienie w drukarce {printer}.',
        job_locked: 'Nic nie dodano do Twojego zlecenia druku: {reason}',
        no_documents:
          'W wiadomości nie było nic, co moglibyśmy wydrukować. Załącz same dokumenty (PDF, obrazy, Word, Excel, PowerPoint lub pliki tekstowe) i wyślij ją ponownie.',
        printer_unavailable:
          'Drukarka {printer} nie przyjmuje teraz zleceń, więc nic nie przygotowaliśmy. Wybierz inną drukarkę na mapie:',
        failed:
          'Nie udało się przetworzyć Twojej wiadomości. Spróbuj ponownie później lub prześlij pliki na stronie.',
      },
      files: 'Twoje pliki:',
      file: {
        pages:
          '{name}: {count, plural, one {# strona} few {# strony} many {# stron} other {# strony}}',
        failed: '{name}: {reason}',
        processing: '{name}: wciąż przetwarzany (strona pokaże liczbę stron, gdy skończymy)',
        not_added: '{name}: nie dodano',
        more: '{count, plural, one {# kolejny plik} few {# kolejne pliki} many {# kolejnych plików} other {# kolejnego pliku}}: nie dodano',
      },
      nothing_printable: 'Żadnego z plików nie da się wydrukować.',
      too_many_parts:
        'Twoja wiadomość ma ponad {parts} części, więc nie została odczytana. Wyślij najwyżej {max} plików w jednej wiadomości.',
      price: {
        pages:
          'Twoje zlecenie kosztuje {count, plural, one {# stronę} few {# strony} many {# stron} other {# strony}} z Twojego konta.',
        remaining:
          'Zostało Ci {count, plural, one {# strona} few {# strony} many {# stron} other {# strony}}.',
        money: 'Cena: {amount}.',
        processing: 'Pliki, które wciąż są przetwarzane, nie są jeszcze policzone.',
      },
      start: {
        account:
          'Jak drukować: przy drukarce {printer} zaloguj się przez link poniżej (lub w aplikacji Printomat), zatwierdź zlecenie, wybierz „Drukuj kodem drukarki” i wpisz kod wyświetlony na drukarce.',
        express:
          'Jak drukować: otwórz link poniżej, sprawdź ustawienia i zapłać; potem wpisz kod wyświetlony na drukarce {printer}.',
      },
      previews: 'Pierwsze strony:',
      preview_alt: '{name}, strona {page}',
    },
  },
});
