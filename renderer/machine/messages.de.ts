// German words of the machine slice (ICU MessageFormat; the keys and placeholders of messages.ts).
export const machineDe = {
  machine: {
    title: 'Dieses Kassengerät',
    language: 'Sprache (dieser Bildschirm)',
    kiosk: 'Kioskmodus (Vollbild, raus nur mit der Personal-PIN)',
    startOnLogin: 'Countertop beim Hochfahren starten',
    pin: 'Neue Personal-PIN (4–8 Ziffern)',
    currentPin: 'Aktuelle Personal-PIN',
    save: 'Speichern',
    saved: 'Gespeichert.',
    pinNeeded: 'Der Kioskmodus braucht eine Personal-PIN: hier zuerst eine festlegen.',
    unlockTitle: 'Kioskmodus verlassen',
    unlock: 'Kioskmodus verlassen',
    unlocked: 'Der Kioskmodus ist aus, bis die App neu startet.',
    desktopOnly: 'Diese Einstellungen gelten in der Desktop-App.',
  },
  terminal: {
    title: 'Dieses Terminal',
    name: 'Name dieses Terminals',
    nameHint:
      'Das Personal sieht diesen Namen im Verlauf jeder Bestellung und auf den anderen Terminals des Restaurants. Leer lassen, um den Namen des Computers zu verwenden.',
    save: 'Namen speichern',
    saved: 'Name gespeichert.',
    printingTitle: 'Wer druckt was',
    printingHint:
      'Für das ganze Restaurant: Jedes Dokument wird einmal gedruckt, auf dem hier gewählten Terminal.',
    anyTerminal: 'Jedes Terminal mit passendem Drucker',
    thisOne: '{name} (dieses Terminal)',
    unnamed: 'Terminal ohne Namen',
    waiting:
      'Hier gespeichert; die anderen Terminals erhalten es, sobald dieses Terminal wieder verbunden ist.',
  },
  clockSkew:
    'Die Uhr dieses Computers geht {minutes} Min. {direction, select, behind {nach} other {vor}} gegenüber der Plattform. Countdowns folgen der Uhr der Plattform; Datum und Uhrzeit des Computers richtig stellen (automatische Zeit), damit sonst nichts schiefgeht.',
  recovery: {
    title: 'Countertop stoppt immer wieder',
    body: 'Die Anzeige ist 3-mal in 10 Minuten stehen geblieben. Bestellungen und offene Aktionen sind sicher: Der Terminal-Dienst hat sie und lief weiter. App neu starten; passiert es wieder, den Support anrufen.',
    restart: 'Countertop neu starten',
  },
};
