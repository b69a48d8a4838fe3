// German words of the stream slice (ICU MessageFormat; the keys and placeholders of messages.ts).
export const streamDe = {
  status: {
    title: 'Status',
    relay: 'Bestellstrom',
    relayStates: {
      unconfigured: 'nicht eingerichtet',
      connecting: 'verbindet…',
      connected: 'verbunden',
      disconnected: 'getrennt',
      refused: 'Zugang entzogen',
    },
    platform: 'Plattform',
    platformStates: {
      unknown: 'wird geprüft…',
      reachable: 'erreichbar',
      unreachable: 'nicht erreichbar',
    },
    outbox: '{n, plural, =0 {Alles gesendet} other {# warten auf Senden}}',
    outboxFailed: '{n} fehlgeschlagen',
    outboxOnlyFailed:
      '{n, plural, one {# Aktion fehlgeschlagen} other {# Aktionen fehlgeschlagen}}',
    relayProblem: {
      disconnected:
        'Der Bestellstrom antwortet nicht. Bestellungen kommen vielleicht nicht an. Netzwerk prüfen; Details unter Aktivität.',
      unconfigured:
        'Der Bestellstrom ist nicht eingerichtet: Bestellungen können nicht ankommen. Einrichtung abschließen.',
      refused:
        'Der Zugang dieses Terminals zum Bestellstrom wurde entzogen: Bestellungen können nicht ankommen. Neuen Terminal-Schlüssel unter Restaurant eingeben.',
    },
    platformProblem:
      'Die Plattform antwortet nicht. Annahmen und andere Aktionen warten und gehen raus, sobald sie antwortet.',
    reconnect:
      '{why, select, lost {Das Restaurant muss neu verbunden werden: Die Antwort beim Erneuern der Anmeldung ging verloren, die Anmeldung geht vielleicht nicht mehr.} keychain {Das Restaurant muss neu verbunden werden: Seine Anmeldung fehlt auf diesem Computer.} other {Das Restaurant muss neu verbunden werden: Die Plattform akzeptiert seine Anmeldung nicht mehr.}}',
    reconnectButton: 'Restaurant neu verbinden',
    offline: 'Restaurant offline',
    venuesOffline:
      '{venuesCount, plural, one {{venues} ist offline, bis es wieder eingeschaltet wird.} other {{venues} sind offline, bis sie wieder eingeschaltet werden.}}',
    venuesOfflineUntil:
      '{venuesCount, plural, one {{venues} ist offline bis {time}.} other {{venues} sind offline bis {time}.}}',
    venuesPaused:
      '{venuesCount, plural, one {{venues} ist von Countertop pausiert, weil keine Bestellungen ankommen konnten. Es geht von selbst wieder online, wenn der Bestellstrom zurück ist.} other {{venues} sind von Countertop pausiert, weil keine Bestellungen ankommen konnten. Sie gehen von selbst wieder online, wenn der Bestellstrom zurück ist.}}',
    allOffline: 'Alle Restaurants offline, bis sie wieder eingeschaltet werden.',
    allOfflineUntil: 'Alle Restaurants offline bis {time}.',
    allPaused:
      'Alle Restaurants von Countertop pausiert, weil keine Bestellungen ankommen konnten. Sie gehen von selbst wieder online, wenn der Bestellstrom zurück ist.',
    ordersDown:
      'Bestellungen erreichen dieses Terminal nicht: Der Bestellstrom ist seit {since} unterbrochen. Neue Bestellungen können verloren gehen; Netzwerk prüfen oder den Support anrufen.',
    ordersRefused:
      'Bestellungen erreichen dieses Terminal seit {since} nicht: Sein Zugang zum Bestellstrom wurde entzogen. Beim Betreiber des Bestellstroms einen neuen Terminal-Schlüssel holen und eingeben.',
    refusedButton: 'Neuen Schlüssel eingeben',
    othersReceiving:
      'Dieses Terminal bekommt keine Bestellungen. {namesCount, plural, =0 {Ein anderes Terminal dieses Restaurants schon.} one {{names} schon.} other {{names} schon.}}',
    otherDown:
      '{namesCount, plural, =0 {Ein anderes Terminal dieses Restaurants bekommt keine Bestellungen.} one {{names} bekommt keine Bestellungen.} other {{names} bekommen keine Bestellungen.}}',
    notReceiving: 'Dieses Terminal bekommt keine Bestellungen.',
    venueReceiving:
      '{venue}: {namesCount, plural, =0 {ein anderes Terminal schon.} one {{names} schon.} other {{names} schon.}}',
    venuePaused:
      '{venue}: von Countertop pausiert; geht von selbst wieder online, sobald Bestellungen wieder ankommen.',
    venueAlone: '{venue}: kein anderes Terminal. Neue Bestellungen können verloren gehen.',
    unnamedVenue: 'Ein anderes Restaurant dieses Terminals',
    actionsDown:
      'Die Plattform antwortet seit {since} nicht: Annahmen und andere Aktionen warten, Kunden sehen sie noch nicht.',
  },
  stream: {
    paused: 'Von Countertop pausiert, weil keine Bestellungen ankommen konnten',
    pausedReturn: 'Es geht von selbst wieder online, wenn der Bestellstrom zurück ist.',
    gap: 'Bestellungen von {from}–{to} haben dieses Terminal vielleicht nicht erreicht.',
    unknownOrders:
      '{n, plural, one {Die Plattform zeigt # neue Bestellung, die dieses Terminal nie bekam: im Händlerportal der Plattform nachsehen.} other {Die Plattform zeigt # neue Bestellungen, die dieses Terminal nie bekam: im Händlerportal der Plattform nachsehen.}}',
    gapOk: 'OK, geprüft',
    lateOrders: 'Zu spät angekommen: {orders}. Prüfen, dass jede bearbeitet wird.',
    lateOrder: '#{n} (bestellt {placed})',
    placedAbout: 'bestellt gegen {at}',
    placedBetween: 'bestellt zwischen {from} und {to}',
    placedBefore: 'bestellt vor {at}',
    missed: 'Eine Bestellung hat dieses Terminal vielleicht nicht erreicht ({placed}).',
    missedStatus: {
      CREATED: 'Die Plattform zeigt sie als neu, sie wartet auf Annahme.',
      PRODUCTION: 'Die Plattform zeigt sie als angenommen.',
      READY: 'Die Plattform zeigt sie als fertig.',
      DELIVERED: 'Die Plattform zeigt sie als geliefert.',
      REJECTED: 'Die Plattform zeigt sie als abgelehnt.',
      other: 'Die Plattform zeigt sie als storniert oder abgeschlossen.',
    },
    missedStep:
      'Im Händlerportal der Plattform suchen oder den Partner-Support anrufen: Der Kunde wartet vielleicht.',
    missedMore:
      'Auch Bestellungen danach, bis {until}, können fehlen: Die Plattform zeigt nur die letzten drei.',
    missedNamed:
      'Bestellung #{orderNumber} ({placed}) kam zu spät an: sie ist jetzt auf der Tafel.',
    missedVenue: '{venue}:',
    missedOk: 'OK, geprüft',
    noOrdersArriving:
      'Keine Bestellungen: Seit {minutes} Min. kam nichts von der Plattform, obwohl das Restaurant offen ist (sonst innerhalb von {usual} Min.). Bestellungen gehen vielleicht verloren: Händlerportal der Plattform prüfen und die Schichtleitung anrufen.',
    alarmTest:
      'Alarmtest: So sieht und hört es sich an, wenn Bestellungen dieses Terminal nicht erreichen.',
    settingsTitle: 'Alarm für den Bestellstrom',
    settingsIntro:
      'Ist der Bestellstrom 10 Sekunden weg, während das Restaurant online ist, warnen ein rotes Banner und eine Sirene. Bestellungen in dieser Zeit können verloren gehen.',
    autoPause: 'Restaurant offline schalten, wenn keine Bestellungen ankommen können',
    pauseAfter: 'Sekunden ohne Bestellstrom bis offline',
    pauseAfterError: 'Sekunden von {min} bis {max} eingeben.',
    save: 'Alarm-Einstellungen speichern',
    saved: 'Gespeichert.',
    testAlarm: 'Alarm testen',
  },
};
