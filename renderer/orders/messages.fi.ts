// Finnish words of the orders slice (ICU MessageFormat; the keys and placeholders of messages.ts).
export const ordersFi = {
  columns: {
    new: 'Uudet',
    preparation: 'Valmistuksessa',
    ready: 'Valmiit',
    scheduled: 'Ennakkotilaukset',
    done: 'Tänään käsitellyt',
  },
  emptyColumn: {
    new: 'Ei uusia tilauksia',
    preparation: 'Ei mitään tekeillä',
    ready: 'Ei mitään odottamassa',
    scheduled: 'Ei ennakkotilauksia',
    done: 'Ei vielä mitään tänään',
  },
  board: {
    doneShown: 'Näytetään uusimmat {shown}/{total}.',
    allDay: 'Koko päivä',
    allDayNone: 'Ei mitään valmistuksessa',
    detailTitle: 'Tiedot · #{n}',
    notSent: 'Ei lähetetty · avaa',
    awaitingCourier: 'Odottaa kuskia',
    tileNew: 'uusi',
    tileLate: '{duration} myöhässä',
    arrivedLate: 'Tuli myöhässä (tehty {placed})',
    arrivedLateShort: 'Tuli myöhässä',
    cancelledMark: 'Peruttu',
    cancelledOk: 'OK, lopetettu',
    itemLine: '{count}× {name}',
    waiting: '{kind}…',
  },
  accept: {
    title: 'Hyväksy tilaus #{n}',
    prepTime: 'Valmis klo',
    minutes: '{m} min',
    later: '{m} min · {time}',
    estimate: '{m, plural, =0 {Alustan aika · {time} (nyt)} other {Alustan aika · {time} (# min)}}',
    estimateLabel: 'valmis {time}',
    rule: 'Alusta hyväksyy sen noutoajan ({from}) tai enintään 25 min myöhemmän (viimeistään {to}). Tarvitsetko enemmän aikaa? Hylkää tai soita asiakkaalle.',
    ruleClosed:
      'Alustan noutoaika {estimate} on yli 25 min mennyt: myöhempää aikaa ei voi antaa. Hyväksy, niin aika pysyy.',
    noTime: 'Alusta päättää tämän tilauksen ajat (se ei antanut noutoarviota).',
    confirm: 'Hyväksy · {label}',
    deliveryTime: 'Asiakkaalla klo',
    deliveryChoice: '{time} · {m} min',
    deliveryLabel: 'asiakkaalla {time}',
    deliveryRule:
      'Alusta hyväksyy toimitusajan siitä, kun ruoka on valmis ({from}), enintään tuntia myöhempään ({to}).',
    deliveryClosed:
      'Alustan aikaväliä ei ole enää jäljellä: hyväksy, niin ravintolan oletusajat pysyvät.',
    confirmPlain: 'Hyväksy · alustan ajat',
  },
  reject: {
    title: 'Hylkää tilaus #{n}',
    reasonLabel: 'Syy (asiakas näkee tämän)',
    presets: {
      ITEMS_UNAVAILABLE: 'Tuotteita ei ole',
      VENUE_CLOSING_SOON: 'Suljemme pian',
      GENERIC: 'Liian kiire juuri nyt',
    },
    confirm: 'Hylkää tilaus',
    reasonRequired: 'Anna syy ennen hylkäämistä.',
    whichItems: 'Mitkä tuotteet puuttuvat?',
    notOnMenu: 'ei menussa',
    soldOutFor: 'Loppu ajaksi',
    durations: {
      h1: '1 tunti',
      restOfDay: 'Loppupäivä',
      indefinitely: 'Kunnes palautetaan',
    },
    itemsReason:
      '{namesCount, plural, one {Valitettavasti {names} on loppu.} other {Valitettavasti {names} ovat loppu.}}',
    confirmSoldOut:
      '{n, plural, one {Hylkää ja merkitse # tuote loppuneeksi} other {Hylkää ja merkitse # tuotetta loppuneeksi}}',
  },
  ownDelivery: {
    title: 'Oma kuski',
    deliverBy: 'Toimitus viimeistään {time}',
    noContact: 'Jätä ovelle',
    phone: 'Puhelin',
    showPhone: 'Näytä puhelin',
    hidePhone: 'Piilota puhelin',
    bookInstead: 'Tilaa alustan kuski sen sijaan',
  },
  unclaimedAlert: '#{n} {name}: valmis, ei luovutettu (nouto {pickup}). Luovuta ja merkitse.',
  allergy: {
    note: 'Allergia',
    flag: '⚠ Allergia',
  },
  venueFilter: {
    title: 'Näytä tilaukset',
    waiting: '{n} uutta',
  },
  ring: {
    newOrder: '{n, plural, one {Uusi tilaus!} other {# uutta tilausta!}}',
    preorders:
      '{n, plural, one {# ennakkotilaus vahvistettavana} other {# ennakkotilausta vahvistettavana}}',
    mute: 'Hiljennä 2 min',
    muted: 'Hiljennetty · {left}',
    unmute: 'Äänet päälle',
    soundBlocked: 'Napauta mitä tahansa kohtaa, niin tilausääni toimii',
    soundBlockedTitle: 'Tilausääni on pois päältä.',
    soundOn: 'Ääni päälle',
  },
  shift: {
    title: 'Tämä vuoro',
    unclaimed:
      '{n, plural, =0 {Ei valmiita noutotilauksia luovuttamatta (tarkistettu {after} min noutoajan jälkeen).} one {# noutotilaus valmis mutta ei luovutettu: merkitse luovutetuksi, kun haettu, muuten alusta ei peri maksua.} other {# noutotilausta valmiina mutta ei luovutettu: merkitse jokainen luovutetuksi, kun haettu, muuten alusta ei peri maksua.}}',
  },
  orderSettings: {
    title: 'Tilaukset',
    autoAccept: 'Hyväksy uudet tilaukset automaattisesti',
    autoAcceptHelp:
      'Hyväksytään heti ravintolan valmistusajalla, ja ääni kuuluu silti kerran. Ennakkotilaukset, isot tilaukset ja tilaukset alustan tai tilausvirran ongelmien aikana odottavat ihmistä.',
    maxItems: 'Hyväksy automaattisesti enintään näin monta tuotetta',
    unclaimedAfter: 'Merkitse valmis noutotilaus näin monta minuuttia noutoajan jälkeen',
    changedElsewhere:
      'Toisella päätteellä muutettu arvoon {value}. Kun poistut kentästä, kirjoittamasi arvo jää voimaan.',
    changedInAnotherWindow:
      'Toisessa ikkunassa muutettu arvoon {value}. Kun poistut kentästä, kirjoittamasi arvo jää voimaan.',
  },
};
