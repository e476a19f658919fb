import { defineMessages } from '../define';

// Namespace `express` (issue 13): what the server says to a guest printing without an account:
// refused discount codes, an order that cannot be paid yet, and the receipt e-mail. The web's
// express pages have their own namespace, `express_page`.
export const express = defineMessages({
  en: {
    errors: {
      discount_code: {
        unknown: 'This discount code does not exist.',
        inactive: 'This discount code is no longer active.',
        expired: 'This discount code has expired.',
        used_up: 'This discount code has been used up.',
      },
      no_documents: 'Add a document to print first.',
      processing: 'Please wait until your documents are ready.',
      method_required: 'Choose how you want to pay.',
    },
    receipt_mail: {
      subject: 'Your Printomat express order at {printer}',
      body: 'Thank you: your express order at {printer} is paid. Open your order to print it at the printer:',
      details:
        '{count, plural, one {# page} other {# pages}} ({documents, plural, one {# document} other {# documents}})\nPrice: {list}\nPaid: {total}\nReference: {reference}\nPaid on: {paid_at}',
      discount: 'Discount code {code} ({percent} %): −{discount}',
      print_by:
        'Print it before {print_by}. If it is not printed by then, you get your money back.',
    },
  },
  de: {
    errors: {
      discount_code: {
        unknown: 'Diesen Rabattcode gibt es nicht.',
        inactive: 'Dieser Rabattcode ist nicht mehr aktiv.',
        expired: 'Dieser Rabattcode ist abgelaufen.',
        used_up: 'Dieser Rabattcode ist aufgebraucht.',
      },
      no_documents: 'Füge zuerst ein Dokument zum Drucken hinzu.',
      processing: 'Bitte warte, bis deine Dokumente bereit sind.',
      method_required: 'Wähle, wie du bezahlen möchtest.',
    },
    receipt_mail: {
      subject: 'Deine Printomat-Expressbestellung bei {printer}',
      body: 'Danke: Deine Expressbestellung bei {printer} ist bezahlt. Öffne deine Bestellung, um sie am Drucker zu drucken:',
      details:
        '{count, plural, one {# Seite} other {# Seiten}} ({documents, plural, one {# Dokument} other {# Dokumente}})\nPreis: {list}\nBezahlt: {total}\nReferenz: {reference}\nBezahlt am: {paid_at}',
      discount: 'Rabattcode {code} ({percent} %): −{discount}',
      print_by:
        'Drucke sie vor {print_by}. Ist sie bis dahin nicht gedruckt, bekommst du dein Geld zurück.',
    },
  },
  pl: {
    errors: {
      discount_code: {
        unknown: 'Taki kod rabatowy nie istnieje.',
        inactive: 'Ten kod rabatowy nie jest już aktywny.',
        expired: 'Ten kod rabatowy wygasł.',
        used_up: 'Ten kod rabatowy został już wykorzystany.',
      },
      no_documents: 'Najpierw dodaj dokument do wydruku.',
      processing: 'Poczekaj, aż Twoje dokumenty będą gotowe.',
      method_required: 'Wybierz sposób płatności.',
    },
    receipt_mail: {
      subject: 'Twoje zamówienie express Printomat w {printer}',
      body: 'Dziękujemy: Twoje zamówienie express w {printer} jest opłacone. Otwórz zamówienie, aby wydrukować je na drukarce:',
      details:
        '{count, plural, one {# strona} few {# strony} many {# stron} other {# strony}} ({documents, plural, one {# dokument} few {# dokumenty} many {# dokumentów} other {# dokumentu}})\nCena: {list}\nZapłacono: {total}\nNumer referencyjny: {reference}\nData płatności: {paid_at}',
      discount: 'Kod rabatowy {code} ({percent} %): −{discount}',
      print_by:
        'Wydrukuj je przed {print_by}. Jeśli do tego czasu nie zostanie wydrukowane, zwrócimy Ci pieniądze.',
    },
  },
});
