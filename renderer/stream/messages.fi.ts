// Finnish words of the stream slice (ICU MessageFormat; the keys and placeholders of messages.ts).
export const streamFi = {
  status: {
    title: 'Tila',
    relay: 'Tilausvirta',
    relayStates: {
      unconfigured: 'ei asetettu',
      connecting: 'yhdistetään…',
      connected: 'yhdistetty',
      disconnected: 'katkennut',
      refused: 'käyttöoikeus peruttu',
    },
    platform: 'Alusta',
    platformStates: {
      unknown: 'tarkistetaan…',
      reachable: 'tavoitettavissa',
      unreachable: 'ei tavoitettavissa',
    },
    outbox: '{n, plural, =0 {Kaikki toiminnot lähetetty} other {# odottaa lähetystä}}',
    outboxFailed: '{n} epäonnistui',
    outboxOnlyFailed: '{n, plural, one {# toiminto epäonnistui} other {# toimintoa epäonnistui}}',
    relayProblem: {
      disconnected:
        'Tilausvirta ei vastaa. Tilauksia ei ehkä tule. Tarkista verkko; lisätiedot Tapahtumat-sivulla.',
      unconfigured: 'Tilausvirtaa ei ole asetettu: tilauksia ei voi tulla. Viimeistele asetukset.',
      refused:
        'Tämän päätteen käyttöoikeus tilausvirtaan on peruttu: tilauksia ei voi tulla. Syötä uusi päätteen avain Ravintola-sivulla.',
    },
    platformProblem:
      'Alusta ei vastaa. Hyväksynnät ja muut toiminnot odottavat ja lähtevät, kun se vastaa.',
    reconnect:
      '{why, select, lost {Ravintola pitää yhdistää uudelleen: kirjautumisen uusimisen vastaus katosi, joten kirjautuminen ei ehkä enää toimi.} keychain {Ravintola pitää yhdistää uudelleen: sen kirjautumistiedot puuttuvat tältä koneelta.} other {Ravintola pitää yhdistää uudelleen: alusta ei enää hyväksy sen kirjautumista.}}',
    reconnectButton: 'Yhdistä ravintola uudelleen',
    offline: 'Ravintola suljettu',
    venuesOffline:
      '{venuesCount, plural, one {{venues} on suljettu, kunnes se avataan.} other {{venues} ovat suljettuja, kunnes ne avataan.}}',
    venuesOfflineUntil:
      '{venuesCount, plural, one {{venues} on suljettu klo {time} asti.} other {{venues} ovat suljettuja klo {time} asti.}}',
    venuesPaused:
      '{venuesCount, plural, one {Countertop sulki ravintolan {venues}, koska tilauksia ei voinut tulla. Se aukeaa itsestään, kun tilausvirta palaa.} other {Countertop sulki ravintolat {venues}, koska tilauksia ei voinut tulla. Ne aukeavat itsestään, kun tilausvirta palaa.}}',
    allOffline: 'Kaikki ravintolat suljettu, kunnes ne avataan.',
    allOfflineUntil: 'Kaikki ravintolat suljettu klo {time} asti.',
    allPaused:
      'Countertop sulki kaikki ravintolat, koska tilauksia ei voinut tulla. Ne aukeavat itsestään, kun tilausvirta palaa.',
    ordersDown:
      'Tilaukset eivät pääse tähän päätteeseen: tilausvirta on ollut poikki klo {since} lähtien. Uusia tilauksia voi kadota; tarkista verkko tai soita tukeen.',
    ordersRefused:
      'Tilaukset eivät pääse tähän päätteeseen klo {since} lähtien: sen käyttöoikeus tilausvirtaan on peruttu. Pyydä tilausvirran ylläpitäjältä uusi päätteen avain ja syötä se.',
    refusedButton: 'Syötä uusi avain',
    othersReceiving:
      'Tämä pääte ei saa tilauksia. {namesCount, plural, =0 {Toinen tämän ravintolan pääte saa.} one {{names} saa.} other {{names} saavat.}}',
    otherDown:
      '{namesCount, plural, =0 {Toinen tämän ravintolan pääte ei saa tilauksia.} one {{names} ei saa tilauksia.} other {{names} eivät saa tilauksia.}}',
    notReceiving: 'Tämä pääte ei saa tilauksia.',
    venueReceiving:
      '{venue}: {namesCount, plural, =0 {toinen pääte saa.} one {{names} saa.} other {{names} saavat.}}',
    venuePaused: '{venue}: Countertop sulki sen; se aukeaa itsestään, kun tilaukset taas tulevat.',
    venueAlone: '{venue}: mikään muu pääte ei saa. Uusia tilauksia voi kadota.',
    unnamedVenue: 'Päätteen toinen ravintola',
    actionsDown:
      'Alusta ei ole vastannut klo {since} jälkeen: hyväksynnät ja muut toiminnot odottavat, eivätkä asiakkaat näe niitä vielä.',
  },
  stream: {
    paused: 'Countertop sulki ravintolan, koska tilauksia ei voinut tulla',
    pausedReturn: 'Se aukeaa itsestään, kun tilausvirta palaa.',
    gap: 'Klo {from}–{to} tehdyt tilaukset eivät ehkä tulleet tähän päätteeseen.',
    unknownOrders:
      '{n, plural, one {Alustalla on # tuore tilaus, jota tämä pääte ei saanut: katso se alustan kauppiasportaalista.} other {Alustalla on # tuoretta tilausta, joita tämä pääte ei saanut: katso ne alustan kauppiasportaalista.}}',
    gapOk: 'OK, tarkistettu',
    lateOrders: 'Tuli myöhässä: {orders}. Tarkista, että jokainen on työn alla.',
    lateOrder: '#{n} (tehty {placed})',
    placedAbout: 'tehty noin {at}',
    placedBetween: 'tehty {from}–{to}',
    placedBefore: 'tehty ennen {at}',
    missed: 'Tilaus ei ehkä tullut tähän päätteeseen ({placed}).',
    missedStatus: {
      CREATED: 'Alustalla se on uusi ja odottaa hyväksyntää.',
      PRODUCTION: 'Alustalla se on hyväksytty.',
      READY: 'Alustalla se on valmis.',
      DELIVERED: 'Alustalla se on luovutettu.',
      REJECTED: 'Alustalla se on hylätty.',
      other: 'Alustalla se on peruttu tai suljettu.',
    },
    missedStep:
      'Etsi se alustan kauppiasportaalista tai soita kumppanituelle: asiakas voi odottaa.',
    missedMore:
      'Myös sen jälkeen klo {until} asti tehtyjä tilauksia voi puuttua: alusta näyttää vain kolme viimeisintä.',
    missedNamed:
      'Tilaus #{orderNumber} ({placed}) tuli tähän päätteeseen myöhässä: se on nyt taululla.',
    missedVenue: '{venue}:',
    missedOk: 'OK, tarkistettu',
    noOrdersArriving:
      'Tilauksia ei tule: alustalta ei ole tullut mitään {minutes} minuuttiin, vaikka ravintola on auki (yleensä {usual} min sisällä). Tilauksia voi kadota: tarkista alustan kauppiasportaali ja soita esihenkilölle.',
    alarmTest: 'Hälytystesti: tämän näet ja kuulet, kun tilaukset eivät pääse tähän päätteeseen.',
    settingsTitle: 'Tilausvirran hälytys',
    settingsIntro:
      'Kun tilausvirta on poikki 10 sekuntia ravintolan ollessa auki, punainen palkki ja sireeni varoittavat. Katkon aikana tehtyjä tilauksia voi kadota.',
    autoPause: 'Sulje ravintola, kun tilauksia ei voi tulla',
    pauseAfter: 'Sekunnit ilman tilausvirtaa ennen sulkemista',
    pauseAfterError: 'Anna sekunnit väliltä {min}–{max}.',
    save: 'Tallenna hälytysasetukset',
    saved: 'Tallennettu.',
    testAlarm: 'Testaa hälytys',
  },
};
