import { defineMessages } from '../define';

// /privacy and /terms. One paragraph per section; `{email}` is the contact address.
export const legal = defineMessages({
  en: {
    toc: 'Contents',
    privacy: {
      eyebrow: 'Legal',
      title: 'Privacy policy',
      lead: 'This policy explains which personal data Printomat processes when you use the website, the printers and our e-mail service, why we do it and what rights you have.',
      controller: {
        title: 'Who is responsible',
        text: 'The controller of your personal data is the operator of the Printomat printing service. For anything about your data, write to {email}.',
      },
      data: {
        title: 'Data we process',
        text: 'Your account: e-mail address, password (stored only as a secure hash), language and, if you add it, your phone number and the PIN you use at printers. Business accounts also give the company name, address and tax number. When you print: your documents, the print settings, the printer used, the time and the pages charged.',
      },
      documents: {
        title: 'Your documents',
        text: 'We use uploaded and e-mailed documents only to count their pages, show a preview and print them at the printer you choose. Nobody at Printomat reads them. They print only when you start them at the printer, and we delete them automatically once they are no longer needed for printing.',
      },
      payments: {
        title: 'Payments',
        text: 'Card payments are handled by a certified payment provider; we never see or store your full card number. For bank transfers, BLIK and SMS we receive only the confirmation of the payment and its amount.',
      },
      purposes: {
        title: 'Why we process your data',
        text: 'To provide the service you asked for (your account, printing and page packages), to fulfil legal duties such as invoicing and accounting, and, in our legitimate interest, to keep the service secure, prevent abuse and answer your messages. We send marketing e-mails only with your consent.',
      },
      retention: {
        title: 'How long we keep it',
        text: 'Account data for as long as you have an account. Print history and payment records for as long as the tax and accounting rules require. Documents only as long as needed for printing. Security logs for a limited time.',
      },
      recipients: {
        title: 'Who receives data',
        text: 'Providers that work for us under a contract: hosting, e-mail delivery, payment providers and the map service that shows the printers. They process data only on our instructions. We do not sell personal data.',
      },
      rights: {
        title: 'Your rights',
        text: 'You may ask for access to your data, its correction or deletion, restriction of processing and a copy of it (portability), and you may object to processing based on our legitimate interest. You may withdraw a consent at any time. You also have the right to lodge a complaint with a data protection supervisory authority.',
      },
      cookies: {
        title: 'Cookies',
        text: 'We use only the cookies the service needs: one that keeps you signed in, one that protects forms against forgery and one that remembers your language. We use no advertising cookies.',
      },
      contact: {
        title: 'Contact',
        text: 'Questions about this policy or your data: {email}. We answer within one month at the latest.',
      },
    },
    terms: {
      eyebrow: 'Legal',
      title: 'Terms of service',
      lead: 'These terms govern the use of the Printomat printing service: the website, the self-service printers and printing by e-mail.',
      service: {
        title: 'The service',
        text: 'Printomat lets you print documents at self-service printers in public places. You upload documents on the website or e-mail them to a printer’s address and start printing at the printer with your phone or a code. Some printers also print in colour, copy and scan.',
      },
      account: {
        title: 'Your account',
        text: 'Printing requires an account. Give a working e-mail address and keep your password, PIN and codes to yourself: print jobs started with them are charged to your account. You can delete your account at any time.',
      },
      pages: {
        title: 'Pages and packages',
        text: 'Printing is paid in pages. One black-and-white page costs one page; one colour page costs three. Packages contain a number of pages and are valid for the number of days stated at purchase; pages not used by then expire. Free pages (for example for adding a card: 12 pages for 7 days, or for inviting friends) follow the same rules and cannot be exchanged for money.',
      },
      printing: {
        title: 'Printing',
        text: 'Before printing you see the price in pages. Pages are reserved when you start printing and charged for what is actually printed. Please check your documents and settings; we cannot take back a printout that was printed as ordered.',
      },
      payments: {
        title: 'Payments',
        text: 'Packages are paid in advance by card, bank transfer, BLIK or SMS; prices include VAT. You receive a receipt or, on request, an invoice. Special offers (such as 30% off package M) apply for the time and under the conditions stated with them.',
      },
      business: {
        title: 'Business accounts',
        text: 'Businesses can open a free test account. Business packages are paid online by transfer or card, and the business receives one VAT invoice per month. Prices for businesses are stated net.',
      },
      complaints: {
        title: 'Complaints',
        text: 'If a printout failed, was incomplete or you were charged wrongly, write to {email} within 14 days with the printer’s name and the time. We answer within 14 days and return pages that were charged wrongly.',
      },
      conduct: {
        title: 'Acceptable use',
        text: 'Do not print content that is illegal or infringes the rights of others, and do not interfere with the printers or the service. We may suspend accounts that break these rules.',
      },
      liability: {
        title: 'Availability',
        text: 'We do our best to keep the printers and the website available, but a printer may be out of paper, under maintenance or closed with its venue. The map shows which printers are available.',
      },
      changes: {
        title: 'Changes to these terms',
        text: 'We may change these terms for important reasons, such as new features or legal changes. We will inform you by e-mail in advance; pages you have already bought keep their validity.',
      },
    },
  },
  de: {
    toc: 'Inhalt',
    privacy: {
      eyebrow: 'Rechtliches',
      title: 'Datenschutzerklärung',
      lead: 'Diese Erklärung beschreibt, welche personenbezogenen Daten Printomat verarbeitet, wenn du die Website, die Drucker und unseren E-Mail-Dienst nutzt, warum wir das tun und welche Rechte du hast.',
      controller: {
        title: 'Wer verantwortlich ist',
        text: 'Verantwortlich für deine personenbezogenen Daten ist der Betreiber des Druckdienstes Printomat. Bei allen Fragen zu deinen Daten schreib an {email}.',
      },
      data: {
        title: 'Welche Daten wir verarbeiten',
        text: 'Dein Konto: E-Mail-Adresse, Passwort (nur als sicherer Hash gespeichert), Sprache und, falls du sie angibst, deine Telefonnummer und die PIN für die Drucker. Firmenkonten geben zusätzlich Firmennamen, Adresse und Steuernummer an. Beim Drucken: deine Dokumente, die Druckeinstellungen, der genutzte Drucker, die Uhrzeit und die abgebuchten Seiten.',
      },
      documents: {
        title: 'Deine Dokumente',
        text: 'Hochgeladene und gemailte Dokumente nutzen wir nur, um ihre Seiten zu zählen, eine Vorschau zu zeigen und sie am gewählten Drucker zu drucken. Bei Printomat liest sie niemand. Gedruckt wird erst, wenn du den Druck am Drucker startest, und wir löschen die Dokumente automatisch, sobald sie für den Druck nicht mehr gebraucht werden.',
      },
      payments: {
        title: 'Zahlungen',
        text: 'Kartenzahlungen wickelt ein zertifizierter Zahlungsdienstleister ab; deine vollständige Kartennummer sehen und speichern wir nie. Bei Überweisung, BLIK und SMS erhalten wir nur die Bestätigung der Zahlung und ihren Betrag.',
      },
      purposes: {
        title: 'Warum wir deine Daten verarbeiten',
        text: 'Um den gewünschten Dienst zu erbringen (Konto, Drucken und Seitenpakete), um gesetzliche Pflichten wie Rechnungsstellung und Buchführung zu erfüllen und, in unserem berechtigten Interesse, um den Dienst sicher zu halten, Missbrauch zu verhindern und deine Nachrichten zu beantworten. Werbe-E-Mails senden wir nur mit deiner Einwilligung.',
      },
      retention: {
        title: 'Wie lange wir Daten speichern',
        text: 'Kontodaten, solange du ein Konto hast. Druckverlauf und Zahlungsbelege so lange, wie es die Steuer- und Buchführungsvorschriften verlangen. Dokumente nur so lange, wie es für den Druck nötig ist. Sicherheitsprotokolle für begrenzte Zeit.',
      },
      recipients: {
        title: 'Wer Daten erhält',
        text: 'Dienstleister, die vertraglich für uns arbeiten: Hosting, E-Mail-Versand, Zahlungsdienstleister und der Kartendienst, der die Drucker zeigt. Sie verarbeiten Daten nur nach unseren Weisungen. Wir verkaufen keine personenbezogenen Daten.',
      },
      rights: {
        title: 'Deine Rechte',
        text: 'Du kannst Auskunft über deine Daten, ihre Berichtigung oder Löschung, die Einschränkung der Verarbeitung und eine Kopie (Datenübertragbarkeit) verlangen und der Verarbeitung auf Grundlage unseres berechtigten Interesses widersprechen. Eine Einwilligung kannst du jederzeit widerrufen. Außerdem kannst du dich bei einer Datenschutzaufsichtsbehörde beschweren.',
      },
      cookies: {
        title: 'Cookies',
        text: 'Wir verwenden nur Cookies, die der Dienst braucht: eines hält dich angemeldet, eines schützt Formulare vor Fälschung und eines merkt sich deine Sprache. Werbe-Cookies verwenden wir nicht.',
      },
      contact: {
        title: 'Kontakt',
        text: 'Fragen zu dieser Erklärung oder zu deinen Daten: {email}. Wir antworten spätestens innerhalb eines Monats.',
      },
    },
    terms: {
      eyebrow: 'Rechtliches',
      title: 'Allgemeine Geschäftsbedingungen',
      lead: 'Diese Bedingungen regeln die Nutzung des Druckdienstes Printomat: der Website, der Selbstbedienungsdrucker und des Druckens per E-Mail.',
      service: {
        title: 'Der Dienst',
        text: 'Mit Printomat druckst du Dokumente an Selbstbedienungsdruckern an öffentlichen Orten. Du lädst Dokumente auf der Website hoch oder schickst sie per E-Mail an die Adresse eines Druckers und startest den Druck am Drucker mit dem Handy oder einem Code. Manche Drucker drucken auch in Farbe, kopieren und scannen.',
      },
      account: {
        title: 'Dein Konto',
        text: 'Zum Drucken brauchst du ein Konto. Gib eine funktionierende E-Mail-Adresse an und behalte Passwort, PIN und Codes für dich: Damit gestartete Druckaufträge werden deinem Konto belastet. Du kannst dein Konto jederzeit löschen.',
      },
      pages: {
        title: 'Seiten und Pakete',
        text: 'Gedruckt wird mit Seiten. Eine Schwarzweißseite kostet eine Seite, eine Farbseite drei. Pakete enthalten eine Anzahl Seiten und gelten so viele Tage, wie beim Kauf angegeben; danach verfallen ungenutzte Seiten. Gratisseiten (etwa für das Hinzufügen einer Karte: 12 Seiten für 7 Tage, oder für das Einladen von Freunden) folgen denselben Regeln und werden nicht ausgezahlt.',
      },
      printing: {
        title: 'Drucken',
        text: 'Vor dem Drucken siehst du den Preis in Seiten. Beim Start werden die Seiten reserviert und für das tatsächlich Gedruckte abgebucht. Bitte prüfe Dokumente und Einstellungen; einen wie bestellt gedruckten Ausdruck können wir nicht zurücknehmen.',
      },
      payments: {
        title: 'Zahlung',
        text: 'Pakete werden im Voraus per Karte, Überweisung, BLIK oder SMS bezahlt; die Preise enthalten die MwSt. Du erhältst einen Beleg oder auf Wunsch eine Rechnung. Sonderangebote (etwa 30 % Rabatt auf Paket M) gelten für die angegebene Zeit und zu den dort genannten Bedingungen.',
      },
      business: {
        title: 'Firmenkonten',
        text: 'Unternehmen können ein kostenloses Testkonto eröffnen. Pakete für Unternehmen werden online per Überweisung oder Karte bezahlt, und das Unternehmen erhält eine Rechnung mit MwSt. pro Monat. Preise für Unternehmen sind Nettopreise.',
      },
      complaints: {
        title: 'Reklamationen',
        text: 'Wenn ein Ausdruck fehlgeschlagen oder unvollständig ist oder falsch abgebucht wurde, schreib innerhalb von 14 Tagen an {email}, mit dem Namen des Druckers und der Uhrzeit. Wir antworten innerhalb von 14 Tagen und schreiben falsch abgebuchte Seiten wieder gut.',
      },
      conduct: {
        title: 'Zulässige Nutzung',
        text: 'Drucke keine rechtswidrigen Inhalte oder Inhalte, die Rechte anderer verletzen, und störe weder die Drucker noch den Dienst. Konten, die gegen diese Regeln verstoßen, können wir sperren.',
      },
      liability: {
        title: 'Verfügbarkeit',
        text: 'Wir tun alles, damit Drucker und Website verfügbar sind, doch ein Drucker kann ohne Papier, in Wartung oder mit seinem Standort geschlossen sein. Die Karte zeigt, welche Drucker verfügbar sind.',
      },
      changes: {
        title: 'Änderungen dieser Bedingungen',
        text: 'Wir können diese Bedingungen aus wichtigen Gründen ändern, etwa bei neuen Funktionen oder Gesetzesänderungen. Wir informieren dich vorher per E-Mail; bereits gekaufte Seiten behalten ihre Gültigkeit.',
      },
    },
  },
  pl: {
    toc: 'Spis treści',
    privacy: {
      eyebrow: 'Informacje prawne',
      title: 'Polityka prywatności',
      lead: 'Ta polityka wyjaśnia, jakie dane osobowe Printomat przetwarza, gdy korzystasz ze strony, drukarek i naszej usługi e-mail, w jakim celu to robimy i jakie masz prawa.',
      controller: {
        title: 'Kto odpowiada za dane',
        text: 'Administratorem Twoich danych osobowych jest operator usługi drukowania Printomat. We wszystkich sprawach dotyczących danych napisz na adres {email}.',
      },
      data: {
        title: 'Jakie dane przetwarzamy',
        text: 'Twoje konto: adres e-mail, hasło (przechowywane wyłącznie jako bezpieczny skrót), język oraz – jeśli je podasz – numer telefonu i kod PIN używany przy drukarkach. Konta firmowe podają też nazwę firmy, adres i NIP. Przy drukowaniu: Twoje dokumenty, ustawienia druku, użyta drukarka, czas i pobrane strony.',
      },
      documents: {
        title: 'Twoje dokumenty',
        text: 'Wgrane i wysłane e-mailem dokumenty wykorzystujemy tylko do policzenia stron, pokazania podglądu i wydrukowania ich w wybranej drukarce. Nikt w Printomat ich nie czyta. Drukują się dopiero wtedy, gdy uruchomisz je przy drukarce, a usuwamy je automatycznie, gdy nie są już potrzebne do wydruku.',
      },
      payments: {
        title: 'Płatności',
        text: 'Płatności kartą obsługuje certyfikowany operator płatności; nigdy nie widzimy ani nie przechowujemy pełnego numeru Twojej karty. Przy przelewie, BLIK-u i SMS-ie otrzymujemy tylko potwierdzenie płatności i jej kwotę.',
      },
      purposes: {
        title: 'W jakim celu przetwarzamy dane',
        text: 'Aby świadczyć usługę, o którą prosisz (konto, drukowanie i pakiety stron), aby wypełniać obowiązki prawne, takie jak wystawianie faktur i księgowość, oraz – w naszym prawnie uzasadnionym interesie – aby dbać o bezpieczeństwo usługi, zapobiegać nadużyciom i odpowiadać na Twoje wiadomości. E-maile marketingowe wysyłamy tylko za Twoją zgodą.',
      },
      retention: {
        title: 'Jak długo przechowujemy dane',
        text: 'Dane konta – dopóki masz konto. Historię wydruków i dokumenty płatności – tak długo, jak wymagają tego przepisy podatkowe i rachunkowe. Dokumenty – tylko tak długo, jak to potrzebne do wydruku. Logi bezpieczeństwa – przez ograniczony czas.',
      },
      recipients: {
        title: 'Kto otrzymuje dane',
        text: 'Dostawcy, którzy pracują dla nas na podstawie umowy: hosting, wysyłka e-maili, operatorzy płatności i serwis map pokazujący drukarki. Przetwarzają dane wyłącznie na nasze polecenie. Nie sprzedajemy danych osobowych.',
      },
      rights: {
        title: 'Twoje prawa',
        text: 'Możesz żądać dostępu do swoich danych, ich sprostowania lub usunięcia, ograniczenia przetwarzania i kopii danych (przenoszenie), a także wnieść sprzeciw wobec przetwarzania opartego na naszym prawnie uzasadnionym interesie. Zgodę możesz w każdej chwili wycofać. Masz też prawo złożyć skargę do Prezesa Urzędu Ochrony Danych Osobowych.',
      },
      cookies: {
        title: 'Pliki cookie',
        text: 'Używamy tylko plików cookie niezbędnych do działania usługi: jednego, który utrzymuje Twoje logowanie, jednego, który chroni formularze przed podrobieniem, i jednego, który zapamiętuje Twój język. Nie używamy reklamowych plików cookie.',
      },
      contact: {
        title: 'Kontakt',
        text: 'Pytania o tę politykę lub Twoje dane: {email}. Odpowiadamy najpóźniej w ciągu miesiąca.',
      },
    },
    terms: {
      eyebrow: 'Informacje prawne',
      title: 'Regulamin',
      lead: 'Ten regulamin określa zasady korzystania z usługi drukowania Printomat: strony internetowej, samoobsługowych drukarek i drukowania przez e-mail.',
      service: {
        title: 'Usługa',
        text: 'Printomat umożliwia drukowanie dokumentów w samoobsługowych drukarkach w miejscach publicznych. Wgrywasz dokumenty na stronie lub wysyłasz je e-mailem na adres drukarki i uruchamiasz drukowanie przy drukarce telefonem lub kodem. Niektóre drukarki drukują też w kolorze, kopiują i skanują.',
      },
      account: {
        title: 'Twoje konto',
        text: 'Do drukowania potrzebne jest konto. Podaj działający adres e-mail i nie udostępniaj nikomu hasła, kodu PIN ani kodów: zlecenia uruchomione za ich pomocą obciążają Twoje konto. Konto możesz usunąć w każdej chwili.',
      },
      pages: {
        title: 'Strony i pakiety',
        text: 'Za drukowanie płacisz stronami. Jedna strona czarno-biała kosztuje jedną stronę, jedna kolorowa – trzy. Pakiety zawierają określoną liczbę stron i są ważne przez liczbę dni podaną przy zakupie; niewykorzystane strony po tym czasie przepadają. Darmowe strony (np. za dodanie karty: 12 stron na 7 dni, lub za zaproszenie znajomych) podlegają tym samym zasadom i nie podlegają wymianie na pieniądze.',
      },
      printing: {
        title: 'Drukowanie',
        text: 'Przed drukowaniem widzisz cenę w stronach. Po uruchomieniu strony są rezerwowane, a pobierane za to, co faktycznie się wydrukowało. Sprawdź dokumenty i ustawienia; nie możemy przyjąć zwrotu wydruku wykonanego zgodnie ze zleceniem.',
      },
      payments: {
        title: 'Płatności',
        text: 'Pakiety opłacasz z góry kartą, przelewem, BLIK-iem lub SMS-em; ceny zawierają VAT. Otrzymujesz paragon lub, na życzenie, fakturę. Promocje (np. 30% taniej na pakiet M) obowiązują w podanym czasie i na podanych warunkach.',
      },
      business: {
        title: 'Konta firmowe',
        text: 'Firmy mogą założyć darmowe konto testowe. Pakiety dla firm opłaca się online przelewem lub kartą, a firma otrzymuje jedną fakturę VAT miesięcznie. Ceny dla firm podajemy netto.',
      },
      complaints: {
        title: 'Reklamacje',
        text: 'Jeśli wydruk się nie udał, był niekompletny lub pobrano nieprawidłową liczbę stron, napisz w ciągu 14 dni na adres {email}, podając nazwę drukarki i godzinę. Odpowiadamy w ciągu 14 dni i zwracamy nieprawidłowo pobrane strony.',
      },
      conduct: {
        title: 'Zasady korzystania',
        text: 'Nie drukuj treści niezgodnych z prawem ani naruszających prawa innych osób i nie zakłócaj działania drukarek ani usługi. Konta łamiące te zasady możemy zablokować.',
      },
      liability: {
        title: 'Dostępność',
        text: 'Dbamy o to, by drukarki i strona były dostępne, ale drukarce może zabraknąć papieru, może być w serwisie lub zamknięta razem z lokalem. Mapa pokazuje, które drukarki są dostępne.',
      },
      changes: {
        title: 'Zmiany regulaminu',
        text: 'Możemy zmienić regulamin z ważnych powodów, takich jak nowe funkcje lub zmiany przepisów. Poinformujemy Cię o tym wcześniej e-mailem; kupione już strony zachowują swoją ważność.',
      },
    },
  },
});
