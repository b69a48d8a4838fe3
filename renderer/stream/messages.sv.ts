// Swedish words of the stream slice (ICU MessageFormat; the keys and placeholders of messages.ts).
export const streamSv = {
  status: {
    title: 'Status',
    relay: 'Beställningsflöde',
    relayStates: {
      unconfigured: 'inte inställt',
      connecting: 'ansluter…',
      connected: 'anslutet',
      disconnected: 'frånkopplat',
      refused: 'åtkomst återkallad',
    },
    platform: 'Plattform',
    platformStates: {
      unknown: 'kontrollerar…',
      reachable: 'nåbar',
      unreachable: 'svarar inte',
    },
    outbox: '{n, plural, =0 {Allt skickat} other {# väntar på att skickas}}',
    outboxFailed: '{n} misslyckades',
    outboxOnlyFailed: '{n, plural, one {# åtgärd misslyckades} other {# åtgärder misslyckades}}',
    relayProblem: {
      disconnected:
        'Beställningsflödet svarar inte. Beställningar kanske inte kommer fram. Kolla nätverket; detaljer under Händelser.',
      unconfigured:
        'Beställningsflödet är inte inställt: beställningar kan inte komma fram. Gör klart inställningen.',
      refused:
        'Terminalens åtkomst till beställningsflödet har återkallats: inga beställningar kan komma in. Ange en ny terminalnyckel under Restaurang.',
    },
    platformProblem:
      'Plattformen svarar inte. Godkännanden och andra åtgärder väntar och skickas när den svarar.',
    reconnect:
      '{why, select, lost {Restaurangen måste anslutas igen: svaret när inloggningen förnyades kom bort, så inloggningen fungerar kanske inte längre.} keychain {Restaurangen måste anslutas igen: dess inloggning saknas på den här datorn.} other {Restaurangen måste anslutas igen: plattformen godtar inte längre dess inloggning.}}',
    reconnectButton: 'Anslut restaurangen igen',
    offline: 'Restaurangen stängd',
    venuesOffline:
      '{venuesCount, plural, one {{venues} är stängd tills den öppnas igen.} other {{venues} är stängda tills de öppnas igen.}}',
    venuesOfflineUntil:
      '{venuesCount, plural, one {{venues} är stängd till {time}.} other {{venues} är stängda till {time}.}}',
    venuesPaused:
      '{venuesCount, plural, one {{venues} är stängd av Countertop eftersom beställningar inte kunde komma fram. Den öppnar av sig själv när beställningsflödet är tillbaka.} other {{venues} är stängda av Countertop eftersom beställningar inte kunde komma fram. De öppnar av sig själva när beställningsflödet är tillbaka.}}',
    allOffline: 'Alla restauranger stängda tills de öppnas igen.',
    allOfflineUntil: 'Alla restauranger stängda till {time}.',
    allPaused:
      'Alla restauranger stängda av Countertop eftersom beställningar inte kunde komma fram. De öppnar av sig själva när beställningsflödet är tillbaka.',
    ordersDown:
      'Beställningar når inte den här terminalen: beställningsflödet har legat nere sedan {since}. Nya beställningar kan gå förlorade; kolla nätverket eller ring support.',
    ordersRefused:
      'Beställningar når inte den här terminalen sedan {since}: dess åtkomst till beställningsflödet har återkallats. Be den som driver ert beställningsflöde om en ny terminalnyckel och ange den.',
    refusedButton: 'Ange ny nyckel',
    othersReceiving:
      'Den här terminalen får inga beställningar. {namesCount, plural, =0 {En annan terminal i restaurangen får.} one {{names} får.} other {{names} får.}}',
    otherDown:
      '{namesCount, plural, =0 {En annan terminal i restaurangen får inga beställningar.} one {{names} får inga beställningar.} other {{names} får inga beställningar.}}',
    notReceiving: 'Den här terminalen får inga beställningar.',
    venueReceiving:
      '{venue}: {namesCount, plural, =0 {en annan terminal får.} one {{names} får.} other {{names} får.}}',
    venuePaused:
      '{venue}: stängd av Countertop; den öppnar av sig själv när beställningarna kommer fram igen.',
    venueAlone: '{venue}: ingen annan terminal får. Nya beställningar kan gå förlorade.',
    unnamedVenue: 'En annan restaurang på terminalen',
    actionsDown:
      'Plattformen har inte svarat sedan {since}: godkännanden och andra åtgärder väntar och kunderna ser dem inte än.',
  },
  stream: {
    paused: 'Stängd av Countertop eftersom beställningar inte kunde komma fram',
    pausedReturn: 'Den öppnar av sig själv när beställningsflödet är tillbaka.',
    gap: 'Beställningar lagda {from}–{to} kanske inte nådde den här terminalen.',
    unknownOrders:
      '{n, plural, one {Plattformen visar # ny beställning som terminalen aldrig fick: leta upp den i plattformens handlarportal.} other {Plattformen visar # nya beställningar som terminalen aldrig fick: leta upp dem i plattformens handlarportal.}}',
    gapOk: 'OK, kollat',
    lateOrders: 'Kom sent: {orders}. Kolla att var och en tas om hand.',
    lateOrder: '#{n} (lagd {placed})',
    placedAbout: 'lagd ca {at}',
    placedBetween: 'lagd mellan {from} och {to}',
    placedBefore: 'lagd före {at}',
    missed: 'En beställning kanske inte nådde den här terminalen ({placed}).',
    missedStatus: {
      CREATED: 'Plattformen visar den som ny, väntar på godkännande.',
      PRODUCTION: 'Plattformen visar den som godkänd.',
      READY: 'Plattformen visar den som klar.',
      DELIVERED: 'Plattformen visar den som levererad.',
      REJECTED: 'Plattformen visar den som avvisad.',
      other: 'Plattformen visar den som avbruten eller stängd.',
    },
    missedStep:
      'Leta upp den i plattformens handlarportal eller ring partnersupport: kunden kan vänta.',
    missedMore:
      'Beställningar lagda efter den, fram till {until}, kan också saknas: plattformen visar bara de tre senaste.',
    missedNamed:
      'Beställning #{orderNumber} ({placed}) kom sent till terminalen: den ligger på tavlan nu.',
    missedVenue: '{venue}:',
    missedOk: 'OK, kollat',
    noOrdersArriving:
      'Inga beställningar kommer: inget har kommit från plattformen på {minutes} min fast restaurangen är öppen (brukar vara inom {usual} min). Beställningar kan gå förlorade: kolla plattformens handlarportal och ring din chef.',
    alarmTest: 'Larmtest: så här ser och hör du det när beställningar inte når terminalen.',
    settingsTitle: 'Larm för beställningsflödet',
    settingsIntro:
      'När beställningsflödet är nere i 10 sekunder medan restaurangen är öppen varnar en röd banner och en siren. Beställningar under avbrottet kan gå förlorade.',
    autoPause: 'Stäng restaurangen när beställningar inte kan komma fram',
    pauseAfter: 'Sekunder utan beställningsflöde innan den stängs',
    pauseAfterError: 'Ange sekunder från {min} till {max}.',
    save: 'Spara larminställningar',
    saved: 'Sparat.',
    testAlarm: 'Testa larmet',
  },
};
