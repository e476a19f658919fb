import { defineMessages } from '../define';

// Namespace `phone`: adding and verifying a phone number by SMS, and the old-app rule.
// Spec texts (sections 5 and 8), exactly: 'was checked less than 30s ago', 'Invalid code',
// 'Wait at least 30 seconds', 'Unable to send SMS. Try again later.'
export const phone = defineMessages({
  en: {
    field_errors: {
      invalid: 'is invalid',
      not_supported: 'is not supported',
      blacklisted: 'is blacklisted',
      taken: 'has already been taken',
      checked_recently: 'was checked less than 30s ago',
    },
    errors: {
      invalid_code: 'Invalid code',
      wait: 'Wait at least 30 seconds',
      sms_failed: 'Unable to send SMS. Try again later.',
      daily_limit: 'You have asked for too many codes today. Please try again tomorrow.',
      nothing_pending: 'Add your phone number first.',
      old_app:
        'Your phone app is out of date. Verify your account by SMS to a Polish mobile number before printing.',
    },
    sms: {
      code: 'Printomat: your verification code is {code}. It is valid for {minutes} minutes.',
    },
    fields: {
      phone_number: 'Phone number',
      sms_verification_code: 'SMS code',
    },
    card: {
      title: 'Phone number',
      text: 'A verified phone number keeps your account safe.',
      none: 'No phone number yet.',
      verified: 'Verified',
      pending: 'Waiting for the code we sent to {phone}.',
      add: 'Add phone number',
      change: 'Change phone number',
      enter_code: 'Enter the code',
    },
    add: {
      title: 'Add a phone number',
      text: 'We will text a 6-digit code to this number.',
      hint: 'With the country code, e.g. +48 501 234 567.',
      polish_only: 'Only Polish mobile numbers can verify an account that used an outdated app.',
      submit: 'Send code',
    },
    verify: {
      title: 'Verify your phone number',
      text: 'Enter the code we sent to {phone}.',
      hint: '6 digits',
      submit: 'Verify',
      resend: 'Send the code again',
      resend_in:
        'You can ask for a new code in {seconds, plural, one {# second} other {# seconds}}.',
      resent: 'We sent a new code.',
      change_number: 'Use another number',
      done: 'Your phone number {phone} is verified.',
      credited:
        '{count, plural, one {# extra page was} other {# extra pages were}} added to your account.',
    },
    old_app: {
      notice:
        'You signed in with an outdated phone app. Verify your account by SMS to a Polish mobile number to print, and get {count, plural, one {# extra page} other {# extra pages}}.',
    },
  },
  de: {
    field_errors: {
      invalid: 'ist nicht gültig',
      not_supported: 'wird nicht unterstützt',
      blacklisted: 'ist gesperrt',
      taken: 'ist bereits vergeben',
      checked_recently: 'wurde vor weniger als 30 s geprüft',
    },
    errors: {
      invalid_code: 'Ungültiger Code',
      wait: 'Warte mindestens 30 Sekunden',
      sms_failed: 'SMS konnte nicht gesendet werden. Versuche es später noch einmal.',
      daily_limit:
        'Du hast heute zu viele Codes angefordert. Bitte versuche es morgen noch einmal.',
      nothing_pending: 'Gib zuerst deine Telefonnummer ein.',
      old_app:
        'Deine App ist veraltet. Bestätige dein Konto per SMS an eine polnische Mobilfunknummer, bevor du druckst.',
    },
    sms: {
      code: 'Printomat: Dein Bestätigungscode ist {code}. Er ist {minutes} Minuten gültig.',
    },
    fields: {
      phone_number: 'Telefonnummer',
      sms_verification_code: 'SMS-Code',
    },
    card: {
      title: 'Telefonnummer',
      text: 'Eine bestätigte Telefonnummer schützt dein Konto.',
      none: 'Noch keine Telefonnummer.',
      verified: 'Bestätigt',
      pending: 'Wir warten auf den Code, den wir an {phone} gesendet haben.',
      add: 'Telefonnummer hinzufügen',
      change: 'Telefonnummer ändern',
      enter_code: 'Code eingeben',
    },
    add: {
      title: 'Telefonnummer hinzufügen',
      text: 'Wir senden einen 6-stelligen Code per SMS an diese Nummer.',
      hint: 'Mit Ländervorwahl, z. B. +49 151 23456789.',
      polish_only:
        'Ein Konto, das eine veraltete App genutzt hat, lässt sich nur mit einer polnischen Mobilfunknummer bestätigen.',
      submit: 'Code senden',
    },
    verify: {
      title: 'Telefonnummer bestätigen',
      text: 'Gib den Code ein, den wir an {phone} gesendet haben.',
      hint: '6 Ziffern',
      submit: 'Bestätigen',
      resend: 'Code erneut senden',
      resend_in:
        'Einen neuen Code kannst du in {seconds, plural, one {# Sekunde} other {# Sekunden}} anfordern.',
      resent: 'Wir haben einen neuen Code gesendet.',
      change_number: 'Andere Nummer verwenden',
      done: 'Deine Telefonnummer {phone} ist bestätigt.',
      credited:
        '{count, plural, one {# zusätzliche Seite wurde} other {# zusätzliche Seiten wurden}} deinem Konto gutgeschrieben.',
    },
    old_app: {
      notice:
        'Du hast dich mit einer veralteten App angemeldet. Bestätige dein Konto per SMS an eine polnische Mobilfunknummer, um zu drucken, und erhalte {count, plural, one {# zusätzliche Seite} other {# zusätzliche Seiten}}.',
    },
  },
  pl: {
    field_errors: {
      invalid: 'jest nieprawidłowy',
      not_supported: 'nie jest obsługiwany',
      blacklisted: 'jest zablokowany',
      taken: 'jest już zajęty',
      checked_recently: 'był sprawdzany mniej niż 30 s temu',
    },
    errors: {
      invalid_code: 'Nieprawidłowy kod',
      wait: 'Odczekaj co najmniej 30 sekund',
      sms_failed: 'Nie udało się wysłać SMS-a. Spróbuj ponownie później.',
      daily_limit: 'Dziś poproszono już o zbyt wiele kodów. Spróbuj ponownie jutro.',
      nothing_pending: 'Najpierw podaj numer telefonu.',
      old_app:
        'Twoja aplikacja jest nieaktualna. Przed drukowaniem zweryfikuj konto SMS-em na polski numer komórkowy.',
    },
    sms: {
      code: 'Printomat: Twój kod weryfikacyjny to {code}. Jest ważny przez {minutes} minut.',
    },
    fields: {
      phone_number: 'Numer telefonu',
      sms_verification_code: 'Kod SMS',
    },
    card: {
      title: 'Numer telefonu',
      text: 'Zweryfikowany numer telefonu chroni Twoje konto.',
      none: 'Nie podano jeszcze numeru telefonu.',
      verified: 'Zweryfikowany',
      pending: 'Czekamy na kod wysłany na numer {phone}.',
      add: 'Dodaj numer telefonu',
      change: 'Zmień numer telefonu',
      enter_code: 'Wpisz kod',
    },
    add: {
      title: 'Dodaj numer telefonu',
      text: 'Wyślemy SMS-em 6-cyfrowy kod na ten numer.',
      hint: 'Z numerem kierunkowym kraju, np. +48 501 234 567.',
      polish_only:
        'Konto, które korzystało z nieaktualnej aplikacji, można zweryfikować tylko polskim numerem komórkowym.',
      submit: 'Wyślij kod',
    },
    verify: {
      title: 'Zweryfikuj numer telefonu',
      text: 'Wpisz kod, który wysłaliśmy na numer {phone}.',
      hint: '6 cyfr',
      submit: 'Zweryfikuj',
      resend: 'Wyślij kod ponownie',
      resend_in:
        'O nowy kod możesz poprosić za {seconds, plural, one {# sekundę} few {# sekundy} many {# sekund} other {# sekundy}}.',
      resent: 'Wysłaliśmy nowy kod.',
      change_number: 'Użyj innego numeru',
      done: 'Twój numer telefonu {phone} jest zweryfikowany.',
      credited:
        '{count, plural, one {Dodaliśmy # dodatkową stronę} few {Dodaliśmy # dodatkowe strony} many {Dodaliśmy # dodatkowych stron} other {Dodaliśmy # dodatkowej strony}} do Twojego konta.',
    },
    old_app: {
      notice:
        'Zalogowano się nieaktualną aplikacją. Aby drukować, zweryfikuj konto SMS-em na polski numer komórkowy i odbierz {count, plural, one {# dodatkową stronę} few {# dodatkowe strony} many {# dodatkowych stron} other {# dodatkowej strony}}.',
    },
  },
});
