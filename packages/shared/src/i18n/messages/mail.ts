import { defineMessages } from '../define';

export const mail = defineMessages({
  en: {
    location_suggestion: {
      subject: 'New printer location suggested: {place}, {city}',
      body: 'Someone suggested a place for a Printomat printer.',
      details:
        'Place: {place}\nAddress: {address}\nCity: {city}\nComment: {comment}\nReply to: {email}',
    },
    greeting: 'Hello,',
    signature: 'The Printomat team',
    confirm: {
      subject: 'Confirm your e-mail address at Printomat',
      body: 'Thank you for signing up. Confirm your e-mail address by opening this link:',
      expiry:
        'The link is valid for {hours, plural, one {# hour} other {# hours}}. If you did not sign up, ignore this message.',
    },
    password_changed: {
      subject: 'Your Printomat password was changed',
      body: 'The password of your account was just changed. If it was not you, choose a new one at once on this page and write to us:',
    },
    password_reset: {
      subject: 'Choose a new Printomat password',
      body: 'Someone (we hope you) asked to reset the password of your Printomat account. Choose a new password by opening this link:',
      expiry:
        'The link works once and for {minutes, plural, one {# minute} other {# minutes}}. If you did not ask for it, ignore this message: your password stays as it is.',
    },
    express_refund: {
      subject: 'Printomat: {amount} is on its way back to you',
      body: 'We are paying back {amount} for your express order at the printer {printer}.',
      reason: {
        not_printed_in_time: 'Your order was paid but not printed in time.',
        printer_failed:
          'The printer could not print your order (or not all of it). You pay only for the pages that came out.',
        admin_failed: 'We cancelled your order because it could not be printed.',
      },
      details:
        'Refund reference: {reference}. The money goes back the way you paid; depending on your bank this can take a few days.',
    },
    purchase_refund: {
      subject: 'Printomat: {amount} is on its way back to you',
      body: 'We are paying back {amount} for your purchase of package {package} ({reference}). Its pages you had not used yet are no longer available.',
      details:
        'Refund reference: {refund}. The money goes back the way you paid; depending on your bank this can take a few days.',
    },
  },
  de: {
    location_suggestion: {
      subject: 'Neuer Druckerstandort vorgeschlagen: {place}, {city}',
      body: 'Jemand hat einen Ort für einen Printomat-Drucker vorgeschlagen.',
      details:
        'Ort: {place}\nAdresse: {address}\nStadt: {city}\nKommentar: {comment}\nAntwort an: {email}',
    },
    greeting: 'Hallo,',
    signature: 'Dein Printomat-Team',
    confirm: {
      subject: 'Bestätige deine E-Mail-Adresse bei Printomat',
      body: 'Danke für deine Registrierung. Bestätige deine E-Mail-Adresse über diesen Link:',
      expiry:
        'Der Link ist {hours, plural, one {# Stunde} other {# Stunden}} gültig. Wenn du dich nicht registriert hast, ignoriere diese Nachricht.',
    },
    password_changed: {
      subject: 'Dein Printomat-Passwort wurde geändert',
      body: 'Das Passwort deines Kontos wurde soeben geändert. Warst du das nicht, wähle auf dieser Seite sofort ein neues und schreib uns:',
    },
    password_reset: {
      subject: 'Wähle ein neues Printomat-Passwort',
      body: 'Jemand (hoffentlich du) möchte das Passwort deines Printomat-Kontos zurücksetzen. Wähle über diesen Link ein neues Passwort:',
      expiry:
        'Der Link funktioniert einmal und {minutes, plural, one {# Minute} other {# Minuten}} lang. Wenn du das nicht angefordert hast, ignoriere diese Nachricht: Dein Passwort bleibt unverändert.',
    },
    express_refund: {
      subject: 'Printomat: {amount} gehen an dich zurück',
      body: 'Wir erstatten dir {amount} für deine Expressbestellung am Drucker {printer}.',
      reason: {
        not_printed_in_time: 'Deine Bestellung wurde bezahlt, aber nicht rechtzeitig gedruckt.',
        printer_failed:
          'Der Drucker konnte deine Bestellung nicht (oder nicht vollständig) drucken. Du zahlst nur die gedruckten Seiten.',
        admin_failed:
          'Wir haben deine Bestellung storniert, weil sie nicht gedruckt werden konnte.',
      },
      details:
        'Erstattungsnummer: {reference}. Das Geld geht auf dem Weg zurück, auf dem du bezahlt hast; je nach Bank kann das einige Tage dauern.',
    },
    purchase_refund: {
      subject: 'Printomat: {amount} gehen an dich zurück',
      body: 'Wir erstatten dir {amount} für deinen Kauf des Pakets {package} ({reference}). Seine Seiten, die du noch nicht genutzt hattest, stehen nicht mehr zur Verfügung.',
      details:
        'Erstattungsnummer: {refund}. Das Geld geht auf dem Weg zurück, auf dem du bezahlt hast; je nach Bank kann das einige Tage dauern.',
    },
  },
  pl: {
    location_suggestion: {
      subject: 'Nowa propozycja lokalizacji drukarki: {place}, {city}',
      body: 'Ktoś zaproponował miejsce na drukarkę Printomat.',
      details:
        'Miejsce: {place}\nAdres: {address}\nMiasto: {city}\nKomentarz: {comment}\nOdpowiedź na: {email}',
    },
    greeting: 'Dzień dobry,',
    signature: 'Zespół Printomat',
    confirm: {
      subject: 'Potwierdź swój adres e-mail w Printomat',
      body: 'Dziękujemy za rejestrację. Potwierdź swój adres e-mail, otwierając ten link:',
      expiry:
        'Link jest ważny {hours, plural, one {# godzinę} few {# godziny} many {# godzin} other {# godziny}}. Jeśli to nie Ty się rejestrowałeś, zignoruj tę wiadomość.',
    },
    password_changed: {
      subject: 'Twoje hasło w Printomat zostało zmienione',
      body: 'Hasło do Twojego konta zostało właśnie zmienione. Jeśli to nie Ty, natychmiast ustaw nowe na tej stronie i napisz do nas:',
    },
    password_reset: {
      subject: 'Ustaw nowe hasło w Printomat',
      body: 'Ktoś (mamy nadzieję, że Ty) poprosił o zresetowanie hasła do Twojego konta Printomat. Ustaw nowe hasło, otwierając ten link:',
      expiry:
        'Link działa jeden raz przez {minutes, plural, one {# minutę} few {# minuty} many {# minut} other {# minuty}}. Jeśli to nie Ty, zignoruj tę wiadomość: Twoje hasło pozostanie bez zmian.',
    },
    express_refund: {
      subject: 'Printomat: zwracamy Ci {amount}',
      body: 'Zwracamy Ci {amount} za zamówienie ekspresowe na drukarce {printer}.',
      reason: {
        not_printed_in_time:
          'Twoje zamówienie zostało opłacone, ale nie zostało wydrukowane na czas.',
        printer_failed:
          'Drukarka nie mogła wydrukować Twojego zamówienia (lub jego części). Płacisz tylko za wydrukowane strony.',
        admin_failed: 'Anulowaliśmy Twoje zamówienie, ponieważ nie mogło zostać wydrukowane.',
      },
      details:
        'Numer zwrotu: {reference}. Pieniądze wracają tą samą drogą, którą zapłacono; w zależności od banku może to potrwać kilka dni.',
    },
    purchase_refund: {
      subject: 'Printomat: zwracamy Ci {amount}',
      body: 'Zwracamy Ci {amount} za zakup pakietu {package} ({reference}). Niewykorzystane strony z tego pakietu nie są już dostępne.',
      details:
        'Numer zwrotu: {refund}. Pieniądze wracają tą samą drogą, którą zapłacono; w zależności od banku może to potrwać kilka dni.',
    },
  },
});
