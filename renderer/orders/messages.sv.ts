// Swedish words of the orders slice (ICU MessageFormat; the keys and placeholders of messages.ts).
export const ordersSv = {
  columns: {
    new: 'Nya',
    preparation: 'Tillagas',
    ready: 'Klara',
    scheduled: 'Förbeställda',
    done: 'Avslutade i dag',
  },
  emptyColumn: {
    new: 'Inga nya beställningar',
    preparation: 'Inget lagas',
    ready: 'Inget väntar',
    scheduled: 'Inga förbeställningar',
    done: 'Inget än i dag',
  },
  board: {
    doneShown: 'De senaste {shown} av {total} visas.',
    allDay: 'Hela dagen',
    allDayNone: 'Inget tillagas',
    detailTitle: 'Detaljer · #{n}',
    notSent: 'Inte skickad · öppna',
    awaitingCourier: 'Väntar på budet',
    tileNew: 'ny',
    tileLate: '{duration} sen',
    arrivedLate: 'Kom sent (lagd {placed})',
    arrivedLateShort: 'Kom sent',
    cancelledMark: 'Avbruten',
    cancelledOk: 'OK, slutat',
    itemLine: '{count}× {name}',
    waiting: '{kind}…',
  },
  accept: {
    title: 'Godkänn beställning #{n}',
    prepTime: 'Klar',
    minutes: '{m} min',
    later: '{m} min · {time}',
    estimate:
      '{m, plural, =0 {Plattformens tid · {time} (nu)} other {Plattformens tid · {time} (# min)}}',
    estimateLabel: 'klar {time}',
    rule: 'Plattformen tar sin upphämtningstid ({from}) eller upp till 25 min senare (senast {to}). Behöver du mer tid? Avvisa eller ring kunden.',
    ruleClosed:
      'Plattformens upphämtningstid {estimate} är mer än 25 min passerad: den tar ingen senare tid. Godkänn för att behålla den.',
    noTime: 'Plattformen sätter tiderna för den här beställningen (den gav ingen upphämtningstid).',
    confirm: 'Godkänn · {label}',
    deliveryTime: 'Hos kunden senast',
    deliveryChoice: '{time} · {m} min',
    deliveryLabel: 'hos kunden {time}',
    deliveryRule:
      'Plattformen tar en leveranstid från när maten är klar ({from}) upp till en timme senare ({to}).',
    deliveryClosed:
      'Ingen leveranstid finns kvar i plattformens intervall: godkänn för att behålla restaurangens standardtider.',
    confirmPlain: 'Godkänn · plattformens tider',
  },
  reject: {
    title: 'Avvisa beställning #{n}',
    reasonLabel: 'Orsak (kunden ser den)',
    presets: {
      ITEMS_UNAVAILABLE: 'Varor slut',
      VENUE_CLOSING_SOON: 'Stänger snart',
      GENERIC: 'För mycket att göra just nu',
    },
    confirm: 'Avvisa beställning',
    reasonRequired: 'Ange en orsak innan du avvisar.',
    whichItems: 'Vilka varor är slut?',
    notOnMenu: 'finns inte på menyn',
    soldOutFor: 'Slut i',
    durations: {
      h1: '1 timme',
      restOfDay: 'Resten av dagen',
      indefinitely: 'Tills vidare',
    },
    itemsReason:
      '{namesCount, plural, one {Tyvärr är {names} slut.} other {Tyvärr är {names} slut.}}',
    confirmSoldOut:
      '{n, plural, one {Avvisa och markera # vara som slut} other {Avvisa och markera # varor som slut}}',
  },
  ownDelivery: {
    title: 'Eget bud',
    deliverBy: 'Leverera senast {time}',
    noContact: 'Lämna vid dörren',
    phone: 'Telefon',
    showPhone: 'Visa telefon',
    hidePhone: 'Dölj telefon',
    bookInstead: 'Boka plattformens bud i stället',
  },
  unclaimedAlert:
    '#{n} {name}: klar, inte utlämnad (upphämtning {pickup}). Lämna ut den och markera den.',
  allergy: {
    note: 'Allergi',
    flag: '⚠ Allergi',
  },
  venueFilter: {
    title: 'Visa beställningar för',
    waiting: '{n} nya',
  },
  ring: {
    newOrder: '{n, plural, one {Ny beställning!} other {# nya beställningar!}}',
    preorders:
      '{n, plural, one {# förbeställning att bekräfta} other {# förbeställningar att bekräfta}}',
    mute: 'Tyst 2 min',
    muted: 'Tyst · {left}',
    unmute: 'Ljud på',
    soundBlocked: 'Tryck var som helst för att slå på beställningsljudet',
    soundBlockedTitle: 'Beställningsljudet är av.',
    soundOn: 'Slå på ljudet',
  },
  shift: {
    title: 'Det här passet',
    unclaimed:
      '{n, plural, =0 {Ingen avhämtning ligger klar utan att ha lämnats ut (kollat {after} min efter upphämtning).} one {# avhämtning klar men aldrig utlämnad: markera den utlämnad när den hämtats, annars tar plattformen inte betalt.} other {# avhämtningar klara men aldrig utlämnade: markera var och en utlämnad när den hämtats, annars tar plattformen inte betalt.}}',
  },
  orderSettings: {
    title: 'Beställningar',
    autoAccept: 'Godkänn nya beställningar automatiskt',
    autoAcceptHelp:
      'Godkänns direkt med restaurangens tillagningstid och hörs ändå en gång. Förbeställningar, stora beställningar och beställningar när plattformen eller beställningsflödet krånglar väntar på en person.',
    maxItems: 'Godkänn automatiskt upp till så här många varor',
    unclaimedAfter: 'Flagga en klar avhämtning så här många minuter efter upphämtningstiden',
    changedElsewhere:
      'Ändrat till {value} på en annan terminal. Lämna fältet för att behålla det du skrev.',
    changedInAnotherWindow:
      'Ändrat till {value} i ett annat fönster. Lämna fältet för att behålla det du skrev.',
  },
};
