import { defineMessages } from '../define';

// Namespace `express_page`: the web's express pages (issue 13): a guest prints at one printer
// without an account and pays money for that one job. The server's own express texts (refusals,
// receipt) are in `express`; they arrive already translated.
export const express_page = defineMessages({
  en: {
    title: 'Print at {printer}',
    lead: 'No account needed: upload up to {max} documents, pay for this one job and print it here.',
    loading: 'Loading…',
    load_failed: 'This page could not be loaded. Please reload it.',
    not_found: {
      title: 'Printer not found',
      text: 'This printer does not exist (any more). Choose another one on the map.',
      map: 'Printer map',
    },
    printer: {
      colour: 'Colour and black & white',
      black_white: 'Black & white only',
      prices: 'Black & white page: {mono} · colour page: {colour}',
      closed: 'The printer is closed right now. You can prepare and pay; print when it is open.',
    },
    price: {
      title: 'Price',
      pending: 'The price shows once your documents are processed.',
      faces: 'Pages',
      colour_faces: 'of which in colour',
      list: 'Price',
      discount: 'Discount {code} (−{percent} %)',
      total: 'To pay',
      paid: 'Paid',
    },
    discount: {
      label: 'Discount code',
      apply: 'Apply',
      applied: 'Code {code}: {percent} % off',
    },
    email: {
      label: 'E-mail for the receipt (optional)',
      hint: 'We send the receipt and the link to this order here. Nothing else.',
    },
    pay: {
      button: 'Pay {amount}',
      free: 'Confirm (free)',
      redirecting: 'Taking you to the payment…',
      no_documents: 'Upload at least one document first.',
      processing: 'Wait until your documents are processed.',
      choose_method: 'Choose how you want to pay.',
    },
    order: {
      title: 'Your order at {printer}',
      private_link:
        'Keep this page: its address is your private link to the order (also in the receipt e-mail).',
      statuses: {
        draft: 'Not paid yet',
        awaiting_payment: 'Waiting for the payment to be confirmed…',
        created: 'Paid – ready to print',
        scheduled: 'Sent to the printer',
        printing: 'Printing…',
        printed: 'Printed. Take your pages from the printer.',
        failed: 'The printer could not print this order.',
        refunded: 'Refunded',
        abandoned: 'Cancelled: it was not paid in time',
      },
      documents_title: 'Documents',
      paid_at: 'Paid on {date}',
      print_by:
        'Print it by {time}; if it is not printed by then, the money is refunded automatically.',
      print_now: 'Print now',
      code: {
        title: 'Or type the code shown on the printer',
        label: 'Printer code',
        submit: 'Print with this code',
      },
      pay_again: 'Go back to payment',
      refund: {
        title: 'Refund',
        amount: '{amount} back to your payment method',
        pending: 'The refund is on its way.',
        succeeded: 'The refund was sent.',
        failed: 'The refund could not be sent automatically; our support will contact you.',
        reasons: {
          not_printed_in_time: 'The order was not printed in time.',
          printer_failed: 'The printer failed before everything was printed.',
          admin_failed: 'The order was cancelled by our staff.',
        },
      },
      documents_delete_at: 'Your documents will be deleted on {date}.',
      documents_deleted: 'Your documents were deleted.',
      new_order: 'Print something else here',
      not_found: {
        title: 'Order not found',
        text: 'This link does not lead to an order. Check the address in your e-mail.',
      },
    },
    errors: {
      generic: 'Something went wrong. Please try again.',
    },
  },
  de: {
    title: 'Drucken an {printer}',
    lead: 'Ohne Konto: Lade bis zu {max} Dokumente hoch, bezahle diesen einen Auftrag und drucke ihn hier.',
    loading: 'Wird geladen…',
    load_failed: 'Diese Seite konnte nicht geladen werden. Bitte lade sie neu.',
    not_found: {
      title: 'Drucker nicht gefunden',
      text: 'Diesen Drucker gibt es (nicht mehr). Wähle auf der Karte einen anderen.',
      map: 'Druckerkarte',
    },
    printer: {
      colour: 'Farbe und Schwarzweiß',
      black_white: 'Nur Schwarzweiß',
      prices: 'Schwarzweiß-Seite: {mono} · Farbseite: {colour}',
      closed:
        'Der Drucker ist gerade geschlossen. Du kannst schon vorbereiten und bezahlen; drucke, wenn er geöffnet ist.',
    },
    price: {
      title: 'Preis',
      pending: 'Der Preis erscheint, sobald deine Dokumente verarbeitet sind.',
      faces: 'Seiten',
      colour_faces: 'davon in Farbe',
      list: 'Preis',
      discount: 'Rabatt {code} (−{percent} %)',
      total: 'Zu zahlen',
      paid: 'Bezahlt',
    },
    discount: {
      label: 'Rabattcode',
      apply: 'Anwenden',
      applied: 'Code {code}: {percent} % Rabatt',
    },
    email: {
      label: 'E-Mail für den Beleg (optional)',
      hint: 'Wir senden nur den Beleg und den Link zu diesem Auftrag an diese Adresse.',
    },
    pay: {
      button: '{amount} bezahlen',
      free: 'Bestätigen (kostenlos)',
      redirecting: 'Weiter zur Zahlung…',
      no_documents: 'Lade zuerst mindestens ein Dokument hoch.',
      processing: 'Warte, bis deine Dokumente verarbeitet sind.',
      choose_method: 'Wähle, wie du bezahlen möchtest.',
    },
    order: {
      title: 'Dein Auftrag an {printer}',
      private_link:
        'Bewahre diese Seite auf: Ihre Adresse ist dein privater Link zum Auftrag (auch in der Beleg-E-Mail).',
      statuses: {
        draft: 'Noch nicht bezahlt',
        awaiting_payment: 'Die Zahlung wird bestätigt…',
        created: 'Bezahlt – bereit zum Drucken',
        scheduled: 'An den Drucker gesendet',
        printing: 'Wird gedruckt…',
        printed: 'Gedruckt. Nimm deine Seiten aus dem Drucker.',
        failed: 'Der Drucker konnte diesen Auftrag nicht drucken.',
        refunded: 'Erstattet',
        abandoned: 'Abgebrochen: nicht rechtzeitig bezahlt',
      },
      documents_title: 'Dokumente',
      paid_at: 'Bezahlt am {date}',
      print_by:
        'Drucke bis {time}; wird bis dahin nicht gedruckt, wird das Geld automatisch erstattet.',
      print_now: 'Jetzt drucken',
      code: {
        title: 'Oder gib den Code ein, den der Drucker anzeigt',
        label: 'Druckercode',
        submit: 'Mit diesem Code drucken',
      },
      pay_again: 'Zurück zur Zahlung',
      refund: {
        title: 'Erstattung',
        amount: '{amount} zurück auf dein Zahlungsmittel',
        pending: 'Die Erstattung ist unterwegs.',
        succeeded: 'Die Erstattung wurde gesendet.',
        failed:
          'Die Erstattung konnte nicht automatisch gesendet werden; unser Support meldet sich bei dir.',
        reasons: {
          not_printed_in_time: 'Der Auftrag wurde nicht rechtzeitig gedruckt.',
          printer_failed: 'Der Drucker ist ausgefallen, bevor alles gedruckt war.',
          admin_failed: 'Der Auftrag wurde von unserem Team abgebrochen.',
        },
      },
      documents_delete_at: 'Deine Dokumente werden am {date} gelöscht.',
      documents_deleted: 'Deine Dokumente wurden gelöscht.',
      new_order: 'Hier noch etwas drucken',
      not_found: {
        title: 'Auftrag nicht gefunden',
        text: 'Dieser Link führt zu keinem Auftrag. Prüfe die Adresse in deiner E-Mail.',
      },
    },
    errors: {
      generic: 'Etwas ist schiefgelaufen. Bitte versuche es noch einmal.',
    },
  },
  pl: {
    title: 'Drukuj na {printer}',
    lead: 'Bez konta: prześlij do {max} dokumentów, zapłać za to jedno zlecenie i wydrukuj je tutaj.',
    loading: 'Ładowanie…',
    load_failed: 'Nie udało się wczytać tej strony. Odśwież ją.',
    not_found: {
      title: 'Nie znaleziono drukarki',
      text: 'Ta drukarka nie istnieje (już). Wybierz inną na mapie.',
      map: 'Mapa drukarek',
    },
    printer: {
      colour: 'Kolor i czarno-biały',
      black_white: 'Tylko czarno-biały',
      prices: 'Strona czarno-biała: {mono} · strona kolorowa: {colour}',
      closed:
        'Drukarka jest teraz zamknięta. Możesz już przygotować i zapłacić; wydrukuj, gdy będzie otwarta.',
    },
    price: {
      title: 'Cena',
      pending: 'Cena pojawi się, gdy dokumenty zostaną przetworzone.',
      faces: 'Strony',
      colour_faces: 'w tym kolorowe',
      list: 'Cena',
      discount: 'Rabat {code} (−{percent} %)',
      total: 'Do zapłaty',
      paid: 'Zapłacono',
    },
    discount: {
      label: 'Kod rabatowy',
      apply: 'Zastosuj',
      applied: 'Kod {code}: {percent} % zniżki',
    },
    email: {
      label: 'E-mail do potwierdzenia (opcjonalnie)',
      hint: 'Wyślemy tu tylko potwierdzenie i link do tego zlecenia.',
    },
    pay: {
      button: 'Zapłać {amount}',
      free: 'Potwierdź (bezpłatnie)',
      redirecting: 'Przechodzimy do płatności…',
      no_documents: 'Najpierw prześlij co najmniej jeden dokument.',
      processing: 'Poczekaj, aż dokumenty zostaną przetworzone.',
      choose_method: 'Wybierz sposób płatności.',
    },
    order: {
      title: 'Twoje zlecenie na {printer}',
      private_link:
        'Zachowaj tę stronę: jej adres to Twój prywatny link do zlecenia (jest też w e-mailu z potwierdzeniem).',
      statuses: {
        draft: 'Jeszcze nie opłacone',
        awaiting_payment: 'Czekamy na potwierdzenie płatności…',
        created: 'Opłacone – gotowe do druku',
        scheduled: 'Wysłane do drukarki',
        printing: 'Drukowanie…',
        printed: 'Wydrukowane. Odbierz wydruki z drukarki.',
        failed: 'Drukarka nie mogła wydrukować tego zlecenia.',
        refunded: 'Zwrócone',
        abandoned: 'Anulowane: nie zostało opłacone na czas',
      },
      documents_title: 'Dokumenty',
      paid_at: 'Zapłacono {date}',
      print_by:
        'Wydrukuj do {time}; jeśli do tego czasu nie wydrukujesz, pieniądze wrócą automatycznie.',
      print_now: 'Drukuj teraz',
      code: {
        title: 'Albo wpisz kod wyświetlony na drukarce',
        label: 'Kod drukarki',
        submit: 'Drukuj z tym kodem',
      },
      pay_again: 'Wróć do płatności',
      refund: {
        title: 'Zwrot',
        amount: '{amount} wraca na Twoją metodę płatności',
        pending: 'Zwrot jest w drodze.',
        succeeded: 'Zwrot został wysłany.',
        failed: 'Nie udało się automatycznie wysłać zwrotu; skontaktuje się z Tobą nasze wsparcie.',
        reasons: {
          not_printed_in_time: 'Zlecenie nie zostało wydrukowane na czas.',
          printer_failed: 'Drukarka przestała działać, zanim wszystko się wydrukowało.',
          admin_failed: 'Zlecenie zostało anulowane przez nasz zespół.',
        },
      },
      documents_delete_at: 'Twoje dokumenty zostaną usunięte {date}.',
      documents_deleted: 'Twoje dokumenty zostały usunięte.',
      new_order: 'Wydrukuj tu coś jeszcze',
      not_found: {
        title: 'Nie znaleziono zlecenia',
        text: 'Ten link nie prowadzi do żadnego zlecenia. Sprawdź adres w e-mailu.',
      },
    },
    errors: {
      generic: 'Coś poszło nie tak. Spróbuj ponownie.',
    },
  },
});
