// Swedish words of the diagnostics slice (ICU MessageFormat; the keys and placeholders of messages.ts).
export const diagnosticsSv = {
  activity: {
    title: 'Åtgärder skickade till plattformen',
    empty: 'Inga åtgärder än.',
    states: {
      pending: 'Väntar',
      sending: 'Skickar',
      failed: 'Misslyckades',
      done: 'Klar',
    },
    attempts: '{n, plural, one {# försök} other {# försök}}',
    nextAttempt: 'nästa försök {time}',
    describe: {
      accept:
        '{auto, select, true {Automatiskt godkännande} other {Godkännande}}{orderNumber, select, none {} other { #{orderNumber}}}{minutes, select, none {} other { ({minutes} min)}}',
      reject: '{label}{orderNumber, select, none {} other { #{orderNumber}}}',
      ready: 'Klar{orderNumber, select, none {} other { #{orderNumber}}}',
      delivered: '{label}{orderNumber, select, none {} other { #{orderNumber}}}',
      'confirm-preorder': '{label}{orderNumber, select, none {} other { #{orderNumber}}}',
      'picked-up': '{label}{orderNumber, select, none {} other { #{orderNumber}}}',
      'venue-online':
        '{online, select, true {Restaurangen öppen} other {Restaurangen stängd{until, select, none {} other { till {until}}}}}',
      'venue-opening-times':
        '{count, select, none {Öppettider} other {Öppettider ({count} perioder)}}',
      'menu-push':
        '{count, select, none {Meny} other {Meny ({count} artiklar)}}{removed, select, none {} other {, tar bort {removed}}}',
      'item-availability':
        '{enabled, select, true {Finns igen} other {Slut}}: {name}{enabled, select, true {} other {{until, select, none {} other { till {until}}}}}',
      'option-availability':
        '{enabled, select, true {Tillval på} other {Tillval av}}: {name}{enabled, select, true {} other {{until, select, none {} other { till {until}}}}}',
      'menu-price':
        '{discountedPrice, select, none {Nytt pris} other {Rabatt}}: {name}{priceText, select, none {} other { {priceText}}}',
      'delivery-create': 'Boka bud{orderNumber, select, none {} other { #{orderNumber}}}',
      'delivery-cancel': 'Avboka bud{orderNumber, select, none {} other { #{orderNumber}}}',
      'sent-to-pos':
        'Meddela plattformen att beställning{orderNumber, select, none {} other { #{orderNumber}}} finns i kassan',
      'venue-settings': 'Restauranginställningar för alla terminaler',
    },
  },
  diagnostics: {
    export: 'Exportera felsökningsdata till support',
    exported: 'Sparade {file}. Den innehåller inga lösenord, nycklar eller kunduppgifter.',
    title: 'Problem och support',
    intro: 'Varningar och fel från terminalens logg, nyaste först.',
    none: 'Inga varningar eller fel loggade.',
    refresh: 'Uppdatera',
    exporting: 'Exporterar…',
    slow: 'Terminalen svarade långsamt (upp till {ms} ms)',
    checkpoint:
      'Sparandet till disk fungerade inte som vanligt: terminalen sparar på ett annat sätt.',
    otherWarning: 'En varning för supporten: exportera felsökningsdata och skicka dem.',
    link: '{link, select, relay {Beställningsflöde} platform {Plattform} other {{link}}}: {state, select, connected {ansluten igen} connecting {ansluter…} disconnected {svarar inte, beställningar kanske inte kommer} unconfigured {inte inställt} reachable {svarar igen} refused {åtkomsten återkallad, beställningar kan inte komma} unreachable {svarar inte, åtgärder väntar} unknown {kontrollerar…} other {{state}}}{why, select, offline { (ingen anslutning)} slow { (inget svar i tid)} busy { (tjänsten har problem)} refused { (terminalen nekades)} other {}}',
  },
};
