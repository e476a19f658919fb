import { defineMessages } from '../define';

// Public help and company pages: /contact, /faq, /opinion, /partner, /recommend, /tutorial.
// `{email}` arguments are addresses; the pages turn them into mailto links.
export const content = defineMessages({
  en: {
    contact: {
      eyebrow: 'Contact',
      title: 'We are here to help',
      lead: 'Write to us and we will answer on working days, usually the same or the next day.',
      support: {
        title: 'Help with printing',
        text: 'Questions about a document, a payment, your pages or a printer.',
      },
      business: {
        title: 'Business accounts',
        text: 'Test accounts, business packages and monthly VAT invoices.',
      },
      partners: {
        title: 'Host a printer',
        text: 'For shopping malls, campuses, co-working spaces and shops.',
      },
      privacy: {
        title: 'Privacy and your data',
        text: 'Access to your data, corrections and deleting your account.',
      },
      printer: {
        title: 'A problem at the printer?',
        text: 'Tell us the printer’s name (it is on the sticker and on the printer’s screen), the time and what happened. You pay only for what was actually printed, and we sort out the rest.',
      },
      faq: 'Many answers are already in the FAQ.',
      faq_link: 'Read the FAQ',
    },
    faq: {
      eyebrow: 'Help',
      title: 'Frequently asked questions',
      lead: 'Short answers to the questions we hear most. Anything missing? Write to us.',
      contact_link: 'Contact us',
      files: {
        q: 'Which files can I print?',
        a: 'PDF files, Word and other Office documents, and images such as JPG or PNG. You can add up to 6 files to one print job. PDF gives the most faithful result; Office files are converted automatically.',
      },
      how: {
        q: 'How do I print?',
        a: 'Upload your files on the website or e-mail them to the printer’s address, check the settings and the price, then start printing at the printer with your phone or the code shown on its screen. The step-by-step guide shows every step.',
      },
      price: {
        q: 'How much does a printout cost?',
        a: 'You pay in pages from a package. A black-and-white page costs one page, a colour page costs three. Duplex does not change the price, and several pages per sheet make it cheaper. You see the price before you print.',
      },
      color: {
        q: 'Can I print in colour?',
        a: 'Yes, at colour printers; the map shows which printers print in colour. One colour page counts as three mono pages.',
      },
      validity: {
        q: 'How long are my pages valid?',
        a: 'Every package has a validity in days, shown before you buy it. The free pages for adding a card are valid for 7 days.',
      },
      payment: {
        q: 'How can I pay?',
        a: 'By card, bank transfer, BLIK or SMS. Businesses pay online by transfer or card and get monthly VAT invoices.',
      },
      free: {
        q: 'How do I get free pages?',
        a: 'Invite friends with your invitation link, or add a card to your account and get 12 pages for 7 days.',
      },
      code: {
        q: 'I do not have the app. Can I still print?',
        a: 'Yes. Every printer shows a code on its screen: enter it on the website and your documents print at once.',
      },
      email: {
        q: 'How does printing by e-mail work?',
        a: 'Every printer has its own e-mail address, shown on the printer and on its page. Send your documents as attachments from the address of your Printomat account, and they wait in your print job, ready to start.',
      },
      copy_scan: {
        q: 'Can I copy and scan?',
        a: 'Yes, at printers that can copy and scan. You identify yourself at the printer with the PIN and ID you set in your account.',
      },
      failed: {
        q: 'What if something goes wrong at the printer?',
        a: 'You only pay for what was actually printed. If something still went wrong, write to us with the printer’s name and the time.',
      },
      documents: {
        q: 'What happens to my documents?',
        a: 'They print only when you start them at the printer yourself, so nobody else picks them up. We keep them only as long as needed for printing; the privacy policy has the details.',
      },
      business: {
        q: 'Do you have accounts for companies?',
        a: 'Yes: business accounts come with a free test account, prepaid page packages and monthly VAT invoices.',
      },
    },
    opinion: {
      eyebrow: 'Your opinion',
      title: 'Tell us what you think',
      lead: 'Praise, ideas and complaints all help us make Printomat better. We read every message.',
      how: {
        title: 'How to send us your opinion',
        text: 'Write an e-mail to {email}. It helps us most when you tell us:',
        what: 'what you liked or what could be better,',
        where: 'which printer it was about (its name is on the sticker and on the screen),',
        when: 'and roughly when it happened.',
      },
      button: 'Write your opinion',
      subject: 'My opinion about Printomat',
      location: {
        title: 'Missing a printer somewhere?',
        text: 'Suggest a new location on the printer map, or tell the place you have in mind about our partner programme.',
        map: 'Open the printer map',
        partner: 'Partner programme',
      },
      problem: {
        title: 'Need help right now?',
        text: 'For a problem with a printout or a payment, please use the contact page, so that the right person answers quickly.',
        link: 'Contact',
      },
    },
    partner: {
      eyebrow: 'Partner programme',
      title: 'Host a Printomat printer',
      lead: 'Give your visitors a self-service printer that copies and scans too. We install, supply and maintain it; you offer a service people come back for.',
      venues: {
        title: 'Good places for a printer',
        text: 'Shopping malls, university campuses, co-working spaces, convenience stores, libraries and hotels: anywhere people need a quick printout.',
      },
      benefits: {
        title: 'What you get',
        visitors: {
          title: 'More visitors',
          text: 'People come to print, and they stay to shop, eat or work. Your place appears on the Printomat map.',
        },
        no_work: {
          title: 'No work for your staff',
          text: 'Printing, payment and help are self-service. We deliver paper and toner and handle servicing.',
        },
        terms: {
          title: 'Terms that fit your place',
          text: 'We agree the terms for each location, including a share of the revenue where it makes sense.',
        },
      },
      needs: {
        title: 'What we need from you',
        text: 'About one square metre of floor space near a power socket, and opening hours when visitors can reach the printer. We bring our own internet connection if needed.',
      },
      steps: {
        title: 'How it works',
        write: 'Write to us with the address of your place and its opening hours.',
        visit: 'We look at the location together and propose the right printer.',
        install: 'We install and connect the printer and put your place on the map.',
      },
      cta: {
        title: 'Interested?',
        text: 'Write to {email} and we will get back to you within a few working days.',
        button: 'Write to us',
        subject: 'Hosting a Printomat printer',
      },
    },
    recommend: {
      eyebrow: 'Recommend Printomat',
      title: 'Recommend a client',
      lead: 'Know someone who needs to print? Invite friends and get free pages, or point a business our way.',
      friends: {
        title: 'Invite friends, get free pages',
        text: 'Every Printomat account has a personal invitation link. When a friend signs up through your link, confirms their e-mail address and buys their first package, free pages are credited to your account.',
        step1: 'Sign in and copy your invitation link from your account.',
        step2: 'Send it to friends, classmates or colleagues.',
        step3: 'When they buy their first package, free pages land in your account.',
        cta: 'Create a free account',
      },
      business: {
        title: 'Recommend a business',
        text: 'A copy shop, a hotel, a library or a school that could use Printomat? Send us the name and a contact person at {email}, and tell them that you recommended us.',
        button: 'Recommend a business',
        subject: 'Recommendation: a business for Printomat',
        more: 'What businesses get',
      },
      venue: {
        title: 'Recommend a place for a printer',
        text: 'A mall, a campus or a shop that should have a Printomat printer? Point them to our partner programme.',
        link: 'Partner programme',
      },
    },
    tutorial: {
      eyebrow: 'Guide',
      title: 'How to print, step by step',
      lead: 'From your file to paper in a few minutes, with your phone, your computer or just your e-mail.',
      account: {
        title: 'Create an account or sign in',
        text: 'Sign up with your e-mail address or with Facebook. Add a card to get 12 free pages for 7 days, or buy a page package.',
      },
      upload: {
        title: 'Upload your documents',
        text: 'Open Print and add up to 6 files: PDF, Word and other Office documents, or images. Every file is counted at once.',
      },
      email: {
        title: 'Or send them by e-mail',
        text: 'Every printer has its own e-mail address, shown on the printer and on its page. Send your documents as attachments from your account’s address, and they appear in your print job.',
      },
      settings: {
        title: 'Choose the settings and check the price',
        text: 'Colour or black and white, duplex, orientation, pages per sheet and copies. The price is shown in pages; one colour page counts as three. Confirm when everything is right.',
      },
      printer: {
        title: 'Go to a printer',
        text: 'Find the nearest printer on the map. You can start at any Printomat printer, whenever the venue is open.',
      },
      phone: {
        title: 'Start with your phone',
        text: 'Scan the QR code on the printer to open its page and tap “Print here”, or start printing in the Printomat app.',
      },
      code: {
        title: 'Or start with the code',
        text: 'No app and no QR scanner? Choose “Print with the printer’s code” on the website and type in the code shown on the printer’s screen.',
      },
      pickup: {
        title: 'Take your printouts',
        text: 'Your documents print straight away. You pay only for the pages actually printed.',
      },
      tips: {
        title: 'Good to know',
        pdf: 'PDF files print exactly as you see them; Office files are converted automatically.',
        copy_scan:
          'To copy or scan, identify yourself at the printer with the PIN and ID from your account.',
        help: 'Something unclear? The FAQ and our team are there to help.',
      },
      start: 'Start printing',
      faq: 'Read the FAQ',
    },
  },
  de: {
    contact: {
      eyebrow: 'Kontakt',
      title: 'Wir helfen dir gern',
      lead: 'Schreib uns, und wir antworten an Werktagen, meist noch am selben oder am nächsten Tag.',
      support: {
        title: 'Hilfe beim Drucken',
        text: 'Fragen zu einem Dokument, einer Zahlung, deinen Seiten oder einem Drucker.',
      },
      business: {
        title: 'Firmenkonten',
        text: 'Testkonten, Pakete für Unternehmen und monatliche Rechnungen mit MwSt.',
      },
      partners: {
        title: 'Drucker aufstellen',
        text: 'Für Einkaufszentren, Hochschulen, Coworking-Spaces und Läden.',
      },
      privacy: {
        title: 'Datenschutz und deine Daten',
        text: 'Auskunft über deine Daten, Berichtigung und Löschung deines Kontos.',
      },
      printer: {
        title: 'Ein Problem am Drucker?',
        text: 'Nenne uns den Namen des Druckers (er steht auf dem Aufkleber und auf dem Bildschirm), die Uhrzeit und was passiert ist. Du bezahlst nur, was wirklich gedruckt wurde – den Rest klären wir.',
      },
      faq: 'Viele Antworten findest du schon in den FAQ.',
      faq_link: 'Zu den FAQ',
    },
    faq: {
      eyebrow: 'Hilfe',
      title: 'Häufige Fragen',
      lead: 'Kurze Antworten auf die Fragen, die wir am häufigsten hören. Etwas fehlt? Schreib uns.',
      contact_link: 'Kontakt aufnehmen',
      files: {
        q: 'Welche Dateien kann ich drucken?',
        a: 'PDF-Dateien, Word- und andere Office-Dokumente sowie Bilder wie JPG oder PNG. Ein Druckauftrag kann bis zu 6 Dateien enthalten. PDF liefert das genaueste Ergebnis; Office-Dateien werden automatisch umgewandelt.',
      },
      how: {
        q: 'Wie drucke ich?',
        a: 'Lade deine Dateien auf der Website hoch oder schick sie per E-Mail an die Adresse des Druckers, prüfe Einstellungen und Preis und starte den Druck am Drucker mit dem Handy oder dem Code auf seinem Bildschirm. Die Schritt-für-Schritt-Anleitung zeigt jeden Schritt.',
      },
      price: {
        q: 'Was kostet ein Ausdruck?',
        a: 'Du bezahlst mit Seiten aus einem Paket. Eine Schwarzweißseite kostet eine Seite, eine Farbseite drei. Beidseitiger Druck ändert den Preis nicht, mehrere Seiten pro Blatt machen ihn günstiger. Den Preis siehst du vor dem Drucken.',
      },
      color: {
        q: 'Kann ich in Farbe drucken?',
        a: 'Ja, an Farbdruckern; die Karte zeigt, welche Drucker in Farbe drucken. Eine Farbseite zählt wie drei Schwarzweißseiten.',
      },
      validity: {
        q: 'Wie lange sind meine Seiten gültig?',
        a: 'Jedes Paket hat eine Gültigkeit in Tagen, die du vor dem Kauf siehst. Die Gratisseiten für das Hinzufügen einer Karte gelten 7 Tage.',
      },
      payment: {
        q: 'Wie kann ich bezahlen?',
        a: 'Per Karte, Überweisung, BLIK oder SMS. Unternehmen bezahlen online per Überweisung oder Karte und erhalten monatliche Rechnungen mit MwSt.',
      },
      free: {
        q: 'Wie bekomme ich Gratisseiten?',
        a: 'Lade Freunde mit deinem Einladungslink ein oder füge deinem Konto eine Karte hinzu und erhalte 12 Seiten für 7 Tage.',
      },
      code: {
        q: 'Ich habe die App nicht. Kann ich trotzdem drucken?',
        a: 'Ja. Jeder Drucker zeigt einen Code auf seinem Bildschirm: Gib ihn auf der Website ein, und deine Dokumente werden sofort gedruckt.',
      },
      email: {
        q: 'Wie funktioniert Drucken per E-Mail?',
        a: 'Jeder Drucker hat eine eigene E-Mail-Adresse, die am Drucker und auf seiner Seite steht. Schick deine Dokumente als Anhang von der Adresse deines Printomat-Kontos, und sie warten startbereit in deinem Druckauftrag.',
      },
      copy_scan: {
        q: 'Kann ich kopieren und scannen?',
        a: 'Ja, an Druckern, die kopieren und scannen können. Am Drucker meldest du dich mit der PIN und der ID an, die du in deinem Konto festlegst.',
      },
      failed: {
        q: 'Was, wenn am Drucker etwas schiefgeht?',
        a: 'Du bezahlst nur, was wirklich gedruckt wurde. Wenn trotzdem etwas nicht stimmt, schreib uns mit dem Namen des Druckers und der Uhrzeit.',
      },
      documents: {
        q: 'Was passiert mit meinen Dokumenten?',
        a: 'Sie werden erst gedruckt, wenn du sie selbst am Drucker startest, so nimmt sie niemand anderes mit. Wir speichern sie nur so lange, wie es für den Druck nötig ist; Einzelheiten stehen in der Datenschutzerklärung.',
      },
      business: {
        q: 'Gibt es Konten für Unternehmen?',
        a: 'Ja: Firmenkonten bekommen ein kostenloses Testkonto, Seitenpakete im Voraus und monatliche Rechnungen mit MwSt.',
      },
    },
    opinion: {
      eyebrow: 'Deine Meinung',
      title: 'Sag uns, was du denkst',
      lead: 'Lob, Ideen und Kritik helfen uns, Printomat besser zu machen. Wir lesen jede Nachricht.',
      how: {
        title: 'So schickst du uns deine Meinung',
        text: 'Schreib eine E-Mail an {email}. Am meisten hilft uns, wenn du schreibst:',
        what: 'was dir gefallen hat oder was besser sein könnte,',
        where:
          'um welchen Drucker es ging (sein Name steht auf dem Aufkleber und auf dem Bildschirm),',
        when: 'und ungefähr, wann es war.',
      },
      button: 'Meinung schreiben',
      subject: 'Meine Meinung zu Printomat',
      location: {
        title: 'Dir fehlt irgendwo ein Drucker?',
        text: 'Schlag auf der Druckerkarte einen neuen Standort vor oder erzähl dem Ort, an den du denkst, von unserem Partnerprogramm.',
        map: 'Druckerkarte öffnen',
        partner: 'Partnerprogramm',
      },
      problem: {
        title: 'Du brauchst sofort Hilfe?',
        text: 'Bei einem Problem mit einem Ausdruck oder einer Zahlung nutze bitte die Kontaktseite, damit dir schnell die richtige Person antwortet.',
        link: 'Kontakt',
      },
    },
    partner: {
      eyebrow: 'Partnerprogramm',
      title: 'Stell einen Printomat-Drucker auf',
      lead: 'Biete deinen Besucherinnen und Besuchern einen Selbstbedienungsdrucker, der auch kopiert und scannt. Wir installieren, beliefern und warten ihn – du bietest einen Service, für den man wiederkommt.',
      venues: {
        title: 'Gute Orte für einen Drucker',
        text: 'Einkaufszentren, Hochschulen, Coworking-Spaces, Läden, Bibliotheken und Hotels: überall, wo Menschen schnell etwas ausdrucken müssen.',
      },
      benefits: {
        title: 'Was du davon hast',
        visitors: {
          title: 'Mehr Besucher',
          text: 'Die Leute kommen zum Drucken und bleiben zum Einkaufen, Essen oder Arbeiten. Dein Standort erscheint auf der Printomat-Karte.',
        },
        no_work: {
          title: 'Keine Arbeit für dein Personal',
          text: 'Drucken, Bezahlen und Hilfe laufen in Selbstbedienung. Wir liefern Papier und Toner und kümmern uns um die Wartung.',
        },
        terms: {
          title: 'Bedingungen, die passen',
          text: 'Wir vereinbaren die Bedingungen für jeden Standort, auch eine Umsatzbeteiligung, wo es sinnvoll ist.',
        },
      },
      needs: {
        title: 'Was wir von dir brauchen',
        text: 'Etwa einen Quadratmeter Fläche in der Nähe einer Steckdose und Öffnungszeiten, zu denen Besucher den Drucker erreichen. Eine eigene Internetverbindung bringen wir bei Bedarf mit.',
      },
      steps: {
        title: 'So läuft es ab',
        write: 'Schreib uns die Adresse deines Standorts und die Öffnungszeiten.',
        visit: 'Wir sehen uns den Standort gemeinsam an und schlagen den passenden Drucker vor.',
        install:
          'Wir installieren und verbinden den Drucker und setzen deinen Standort auf die Karte.',
      },
      cta: {
        title: 'Interesse?',
        text: 'Schreib an {email}, und wir melden uns innerhalb weniger Werktage.',
        button: 'Schreib uns',
        subject: 'Einen Printomat-Drucker aufstellen',
      },
    },
    recommend: {
      eyebrow: 'Printomat empfehlen',
      title: 'Kunden empfehlen',
      lead: 'Du kennst jemanden, der drucken muss? Lade Freunde ein und erhalte Gratisseiten – oder empfiehl uns ein Unternehmen.',
      friends: {
        title: 'Freunde einladen, Gratisseiten erhalten',
        text: 'Jedes Printomat-Konto hat einen persönlichen Einladungslink. Wenn sich jemand über deinen Link registriert, die E-Mail-Adresse bestätigt und das erste Paket kauft, schreiben wir dir Gratisseiten gut.',
        step1: 'Melde dich an und kopiere deinen Einladungslink aus deinem Konto.',
        step2: 'Schick ihn an Freunde, Kommilitonen oder Kollegen.',
        step3: 'Wenn sie ihr erstes Paket kaufen, landen Gratisseiten in deinem Konto.',
        cta: 'Kostenloses Konto erstellen',
      },
      business: {
        title: 'Ein Unternehmen empfehlen',
        text: 'Ein Copyshop, ein Hotel, eine Bibliothek oder eine Schule, für die Printomat passt? Schick uns den Namen und eine Ansprechperson an {email} und sag ihnen, dass du uns empfohlen hast.',
        button: 'Unternehmen empfehlen',
        subject: 'Empfehlung: ein Unternehmen für Printomat',
        more: 'Was Unternehmen bekommen',
      },
      venue: {
        title: 'Einen Ort für einen Drucker empfehlen',
        text: 'Ein Einkaufszentrum, eine Hochschule oder ein Laden, wo ein Printomat-Drucker stehen sollte? Zeig ihnen unser Partnerprogramm.',
        link: 'Partnerprogramm',
      },
    },
    tutorial: {
      eyebrow: 'Anleitung',
      title: 'So druckst du, Schritt für Schritt',
      lead: 'In wenigen Minuten von der Datei aufs Papier – mit dem Handy, dem Computer oder einfach per E-Mail.',
      account: {
        title: 'Konto erstellen oder anmelden',
        text: 'Registriere dich mit deiner E-Mail-Adresse oder mit Facebook. Füge eine Karte hinzu und erhalte 12 Gratisseiten für 7 Tage, oder kauf ein Seitenpaket.',
      },
      upload: {
        title: 'Dokumente hochladen',
        text: 'Öffne „Drucken“ und füge bis zu 6 Dateien hinzu: PDF, Word- und andere Office-Dokumente oder Bilder. Jede Datei wird sofort gezählt.',
      },
      email: {
        title: 'Oder per E-Mail schicken',
        text: 'Jeder Drucker hat eine eigene E-Mail-Adresse, die am Drucker und auf seiner Seite steht. Schick deine Dokumente als Anhang von der Adresse deines Kontos, und sie erscheinen in deinem Druckauftrag.',
      },
      settings: {
        title: 'Einstellungen wählen und Preis prüfen',
        text: 'Farbe oder Schwarzweiß, beidseitig, Ausrichtung, Seiten pro Blatt und Kopien. Der Preis steht in Seiten da; eine Farbseite zählt wie drei. Bestätige, wenn alles passt.',
      },
      printer: {
        title: 'Zum Drucker gehen',
        text: 'Finde den nächsten Drucker auf der Karte. Du kannst an jedem Printomat-Drucker starten, solange der Standort geöffnet ist.',
      },
      phone: {
        title: 'Mit dem Handy starten',
        text: 'Scanne den QR-Code am Drucker, um seine Seite zu öffnen, und tippe auf „Hier drucken“ – oder starte den Druck in der Printomat-App.',
      },
      code: {
        title: 'Oder mit dem Code starten',
        text: 'Keine App und kein QR-Scanner? Wähle auf der Website „Mit dem Code des Druckers drucken“ und gib den Code vom Bildschirm des Druckers ein.',
      },
      pickup: {
        title: 'Ausdrucke mitnehmen',
        text: 'Deine Dokumente werden sofort gedruckt. Du bezahlst nur die Seiten, die wirklich gedruckt wurden.',
      },
      tips: {
        title: 'Gut zu wissen',
        pdf: 'PDF-Dateien werden genau so gedruckt, wie du sie siehst; Office-Dateien werden automatisch umgewandelt.',
        copy_scan:
          'Zum Kopieren oder Scannen meldest du dich am Drucker mit der PIN und der ID aus deinem Konto an.',
        help: 'Etwas unklar? Die FAQ und unser Team helfen dir weiter.',
      },
      start: 'Jetzt loslegen',
      faq: 'Zu den FAQ',
    },
  },
  pl: {
    contact: {
      eyebrow: 'Kontakt',
      title: 'Chętnie pomożemy',
      lead: 'Napisz do nas – odpowiadamy w dni robocze, zwykle tego samego lub następnego dnia.',
      support: {
        title: 'Pomoc w drukowaniu',
        text: 'Pytania o dokument, płatność, Twoje strony lub drukarkę.',
      },
      business: {
        title: 'Konta firmowe',
        text: 'Konta testowe, pakiety dla firm i comiesięczne faktury VAT.',
      },
      partners: {
        title: 'Postaw drukarkę',
        text: 'Dla centrów handlowych, uczelni, coworkingów i sklepów.',
      },
      privacy: {
        title: 'Prywatność i Twoje dane',
        text: 'Dostęp do danych, ich poprawianie i usunięcie konta.',
      },
      printer: {
        title: 'Problem przy drukarce?',
        text: 'Podaj nazwę drukarki (jest na naklejce i na ekranie drukarki), godzinę i opisz, co się stało. Płacisz tylko za to, co faktycznie się wydrukowało, a resztę wyjaśnimy.',
      },
      faq: 'Wiele odpowiedzi znajdziesz już w FAQ.',
      faq_link: 'Przejdź do FAQ',
    },
    faq: {
      eyebrow: 'Pomoc',
      title: 'Najczęściej zadawane pytania',
      lead: 'Krótkie odpowiedzi na pytania, które słyszymy najczęściej. Czegoś brakuje? Napisz do nas.',
      contact_link: 'Skontaktuj się z nami',
      files: {
        q: 'Jakie pliki mogę wydrukować?',
        a: 'Pliki PDF, dokumenty Word i inne dokumenty Office oraz obrazy, np. JPG lub PNG. Jedno zlecenie może zawierać do 6 plików. PDF daje najwierniejszy wynik; pliki Office konwertujemy automatycznie.',
      },
      how: {
        q: 'Jak drukować?',
        a: 'Wgraj pliki na stronie lub wyślij je e-mailem na adres drukarki, sprawdź ustawienia i cenę, a potem uruchom drukowanie przy drukarce telefonem lub kodem z jej ekranu. Instrukcja krok po kroku pokazuje każdy etap.',
      },
      price: {
        q: 'Ile kosztuje wydruk?',
        a: 'Płacisz stronami z pakietu. Strona czarno-biała kosztuje jedną stronę, kolorowa – trzy. Druk dwustronny nie zmienia ceny, a kilka stron na arkuszu ją obniża. Cenę widzisz przed drukowaniem.',
      },
      color: {
        q: 'Czy mogę drukować w kolorze?',
        a: 'Tak, w drukarkach kolorowych; mapa pokazuje, które drukarki drukują w kolorze. Jedna strona kolorowa liczy się jak trzy czarno-białe.',
      },
      validity: {
        q: 'Jak długo ważne są moje strony?',
        a: 'Każdy pakiet ma ważność w dniach, którą widzisz przed zakupem. Darmowe strony za dodanie karty są ważne 7 dni.',
      },
      payment: {
        q: 'Jak mogę zapłacić?',
        a: 'Kartą, przelewem, BLIK-iem lub SMS-em. Firmy płacą online przelewem lub kartą i dostają comiesięczne faktury VAT.',
      },
      free: {
        q: 'Jak zdobyć darmowe strony?',
        a: 'Zaproś znajomych swoim linkiem z zaproszeniem albo dodaj kartę do konta i odbierz 12 stron na 7 dni.',
      },
      code: {
        q: 'Nie mam aplikacji. Czy mogę drukować?',
        a: 'Tak. Każda drukarka wyświetla kod na ekranie: wpisz go na stronie, a dokumenty od razu się wydrukują.',
      },
      email: {
        q: 'Jak działa drukowanie przez e-mail?',
        a: 'Każda drukarka ma własny adres e-mail, podany na drukarce i na jej stronie. Wyślij dokumenty jako załączniki z adresu swojego konta Printomat, a będą czekać w Twoim zleceniu, gotowe do uruchomienia.',
      },
      copy_scan: {
        q: 'Czy mogę kopiować i skanować?',
        a: 'Tak, w drukarkach, które kopiują i skanują. Przy drukarce potwierdzasz tożsamość kodem PIN i identyfikatorem ustawionymi na Twoim koncie.',
      },
      failed: {
        q: 'Co, jeśli coś pójdzie nie tak przy drukarce?',
        a: 'Płacisz tylko za to, co faktycznie się wydrukowało. Jeśli coś mimo to jest nie tak, napisz do nas, podając nazwę drukarki i godzinę.',
      },
      documents: {
        q: 'Co dzieje się z moimi dokumentami?',
        a: 'Drukują się dopiero wtedy, gdy sam uruchomisz je przy drukarce, więc nikt inny ich nie zabierze. Przechowujemy je tylko tak długo, jak to potrzebne do wydruku; szczegóły znajdziesz w polityce prywatności.',
      },
      business: {
        q: 'Czy macie konta dla firm?',
        a: 'Tak: konta firmowe mają darmowe konto testowe, przedpłacone pakiety stron i comiesięczne faktury VAT.',
      },
    },
    opinion: {
      eyebrow: 'Twoja opinia',
      title: 'Powiedz nam, co myślisz',
      lead: 'Pochwały, pomysły i uwagi pomagają nam ulepszać Printomat. Czytamy każdą wiadomość.',
      how: {
        title: 'Jak przesłać opinię',
        text: 'Napisz e-mail na adres {email}. Najbardziej pomożesz nam, gdy napiszesz:',
        what: 'co Ci się podobało lub co mogłoby działać lepiej,',
        where: 'której drukarki to dotyczy (jej nazwa jest na naklejce i na ekranie),',
        when: 'i mniej więcej kiedy to było.',
      },
      button: 'Napisz opinię',
      subject: 'Moja opinia o Printomat',
      location: {
        title: 'Brakuje Ci gdzieś drukarki?',
        text: 'Zaproponuj nową lokalizację na mapie drukarek albo opowiedz miejscu, o którym myślisz, o naszym programie partnerskim.',
        map: 'Otwórz mapę drukarek',
        partner: 'Program partnerski',
      },
      problem: {
        title: 'Potrzebujesz pomocy od razu?',
        text: 'W sprawie problemu z wydrukiem lub płatnością skorzystaj ze strony kontaktowej – wtedy szybko odpowie Ci właściwa osoba.',
        link: 'Kontakt',
      },
    },
    partner: {
      eyebrow: 'Program partnerski',
      title: 'Postaw u siebie drukarkę Printomat',
      lead: 'Daj swoim gościom samoobsługową drukarkę, która także kopiuje i skanuje. My ją instalujemy, dostarczamy materiały i serwisujemy – Ty oferujesz usługę, po którą ludzie wracają.',
      venues: {
        title: 'Dobre miejsca na drukarkę',
        text: 'Centra handlowe, kampusy uczelni, coworkingi, sklepy osiedlowe, biblioteki i hotele: wszędzie tam, gdzie ktoś potrzebuje szybko coś wydrukować.',
      },
      benefits: {
        title: 'Co zyskujesz',
        visitors: {
          title: 'Więcej odwiedzających',
          text: 'Ludzie przychodzą wydrukować, a zostają na zakupy, posiłek lub pracę. Twoje miejsce pojawia się na mapie Printomat.',
        },
        no_work: {
          title: 'Zero pracy dla personelu',
          text: 'Drukowanie, płatność i pomoc są samoobsługowe. Dostarczamy papier i toner i zajmujemy się serwisem.',
        },
        terms: {
          title: 'Warunki dopasowane do miejsca',
          text: 'Warunki ustalamy dla każdej lokalizacji, także udział w przychodach tam, gdzie ma to sens.',
        },
      },
      needs: {
        title: 'Czego potrzebujemy od Ciebie',
        text: 'Około metra kwadratowego powierzchni przy gniazdku i godzin otwarcia, w których goście mają dostęp do drukarki. W razie potrzeby przywozimy własne łącze internetowe.',
      },
      steps: {
        title: 'Jak to wygląda',
        write: 'Napisz do nas, podając adres miejsca i godziny otwarcia.',
        visit: 'Wspólnie oglądamy lokalizację i proponujemy odpowiednią drukarkę.',
        install: 'Instalujemy i podłączamy drukarkę, a Twoje miejsce trafia na mapę.',
      },
      cta: {
        title: 'Zainteresowany?',
        text: 'Napisz na adres {email}, a odezwiemy się w ciągu kilku dni roboczych.',
        button: 'Napisz do nas',
        subject: 'Drukarka Printomat w mojej lokalizacji',
      },
    },
    recommend: {
      eyebrow: 'Poleć Printomat',
      title: 'Poleć klienta',
      lead: 'Znasz kogoś, kto potrzebuje drukować? Zaproś znajomych i zdobądź darmowe strony albo poleć nam firmę.',
      friends: {
        title: 'Zaproś znajomych, zdobądź darmowe strony',
        text: 'Każde konto Printomat ma osobisty link z zaproszeniem. Gdy ktoś zarejestruje się przez Twój link, potwierdzi adres e-mail i kupi pierwszy pakiet, dopiszemy Ci darmowe strony.',
        step1: 'Zaloguj się i skopiuj swój link z zaproszeniem ze swojego konta.',
        step2: 'Wyślij go znajomym ze studiów, z pracy lub z sąsiedztwa.',
        step3: 'Gdy kupią swój pierwszy pakiet, darmowe strony trafią na Twoje konto.',
        cta: 'Załóż darmowe konto',
      },
      business: {
        title: 'Poleć firmę',
        text: 'Punkt ksero, hotel, biblioteka lub szkoła, którym przydałby się Printomat? Wyślij nam nazwę i osobę kontaktową na adres {email} i powiedz im, że to Ty nas poleciłeś.',
        button: 'Poleć firmę',
        subject: 'Polecenie: firma dla Printomat',
        more: 'Co zyskują firmy',
      },
      venue: {
        title: 'Poleć miejsce na drukarkę',
        text: 'Centrum handlowe, uczelnia lub sklep, w którym powinna stanąć drukarka Printomat? Pokaż im nasz program partnerski.',
        link: 'Program partnerski',
      },
    },
    tutorial: {
      eyebrow: 'Instrukcja',
      title: 'Jak drukować krok po kroku',
      lead: 'Od pliku do kartki w kilka minut – telefonem, z komputera albo po prostu e-mailem.',
      account: {
        title: 'Załóż konto lub zaloguj się',
        text: 'Zarejestruj się adresem e-mail lub przez Facebooka. Dodaj kartę i odbierz 12 darmowych stron na 7 dni albo kup pakiet stron.',
      },
      upload: {
        title: 'Wgraj dokumenty',
        text: 'Otwórz „Drukuj” i dodaj do 6 plików: PDF, dokumenty Word i inne dokumenty Office lub obrazy. Każdy plik liczymy od razu.',
      },
      email: {
        title: 'Albo wyślij je e-mailem',
        text: 'Każda drukarka ma własny adres e-mail, podany na drukarce i na jej stronie. Wyślij dokumenty jako załączniki z adresu swojego konta, a pojawią się w Twoim zleceniu.',
      },
      settings: {
        title: 'Wybierz ustawienia i sprawdź cenę',
        text: 'Kolor lub czerń i biel, druk dwustronny, orientacja, liczba stron na arkuszu i kopie. Cenę pokazujemy w stronach; jedna strona kolorowa liczy się jak trzy. Potwierdź, gdy wszystko się zgadza.',
      },
      printer: {
        title: 'Podejdź do drukarki',
        text: 'Znajdź najbliższą drukarkę na mapie. Drukowanie uruchomisz w każdej drukarce Printomat, gdy lokal jest otwarty.',
      },
      phone: {
        title: 'Uruchom telefonem',
        text: 'Zeskanuj kod QR na drukarce, aby otworzyć jej stronę, i stuknij „Drukuj tutaj” albo uruchom drukowanie w aplikacji Printomat.',
      },
      code: {
        title: 'Albo uruchom kodem',
        text: 'Nie masz aplikacji ani skanera QR? Wybierz na stronie „Drukuj kodem drukarki” i wpisz kod wyświetlony na ekranie drukarki.',
      },
      pickup: {
        title: 'Odbierz wydruki',
        text: 'Dokumenty drukują się od razu. Płacisz tylko za strony, które faktycznie się wydrukowały.',
      },
      tips: {
        title: 'Warto wiedzieć',
        pdf: 'Pliki PDF drukują się dokładnie tak, jak je widzisz; pliki Office konwertujemy automatycznie.',
        copy_scan:
          'Aby kopiować lub skanować, potwierdź tożsamość przy drukarce kodem PIN i identyfikatorem z Twojego konta.',
        help: 'Coś jest niejasne? Pomogą FAQ i nasz zespół.',
      },
      start: 'Zacznij drukować',
      faq: 'Przejdź do FAQ',
    },
  },
});
