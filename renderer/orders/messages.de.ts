// German words of the orders slice (ICU MessageFormat; the keys and placeholders of messages.ts).
export const ordersDe = {
  columns: {
    new: 'Neu',
    preparation: 'In Zubereitung',
    ready: 'Fertig',
    scheduled: 'Vorbestellt',
    done: 'Heute erledigt',
  },
  emptyColumn: {
    new: 'Keine neuen Bestellungen',
    preparation: 'Nichts in Zubereitung',
    ready: 'Nichts wartet',
    scheduled: 'Keine Vorbestellungen',
    done: 'Heute noch nichts',
  },
  board: {
    doneShown: 'Die neuesten {shown} von {total}.',
    allDay: 'Ganzer Tag',
    allDayNone: 'Nichts in Zubereitung',
    detailTitle: 'Details · #{n}',
    notSent: 'Nicht gesendet · öffnen',
    awaitingCourier: 'Wartet auf den Kurier',
    tileNew: 'neu',
    tileLate: '{duration} zu spät',
    arrivedLate: 'Zu spät angekommen (bestellt {placed})',
    arrivedLateShort: 'Zu spät angekommen',
    cancelledMark: 'Storniert',
    cancelledOk: 'OK, gestoppt',
    itemLine: '{count}× {name}',
    waiting: '{kind}…',
  },
  accept: {
    title: 'Bestellung #{n} annehmen',
    prepTime: 'Fertig um',
    minutes: '{m} Min.',
    later: '{m} Min. · {time}',
    estimate:
      '{m, plural, =0 {Plattform-Zeit · {time} (jetzt)} other {Plattform-Zeit · {time} (# Min.)}}',
    estimateLabel: 'fertig {time}',
    rule: 'Die Plattform nimmt ihre Abholzeit ({from}) oder bis zu 25 Min. später (spätestens {to}). Mehr Zeit nötig? Ablehnen oder den Kunden anrufen.',
    ruleClosed:
      'Die Abholzeit der Plattform {estimate} ist über 25 Min. vorbei: Eine spätere Zeit geht nicht. Annehmen, um sie zu behalten.',
    noTime: 'Die Plattform legt die Zeiten dieser Bestellung fest (sie gab keine Abholzeit).',
    confirm: 'Annehmen · {label}',
    deliveryTime: 'Beim Kunden bis',
    deliveryChoice: '{time} · {m} Min.',
    deliveryLabel: 'beim Kunden {time}',
    deliveryRule:
      'Die Plattform nimmt eine Lieferzeit ab Fertigstellung ({from}) bis zu einer Stunde später ({to}).',
    deliveryClosed:
      'Im Zeitraum der Plattform ist keine Lieferzeit mehr frei: annehmen, um die Standardzeiten des Restaurants zu behalten.',
    confirmPlain: 'Annehmen · Zeiten der Plattform',
  },
  reject: {
    title: 'Bestellung #{n} ablehnen',
    reasonLabel: 'Grund (der Kunde sieht ihn)',
    presets: {
      ITEMS_UNAVAILABLE: 'Artikel nicht verfügbar',
      VENUE_CLOSING_SOON: 'Wir schließen bald',
      GENERIC: 'Gerade zu viel los',
    },
    confirm: 'Bestellung ablehnen',
    reasonRequired: 'Bitte erst einen Grund angeben.',
    whichItems: 'Welche Artikel fehlen?',
    notOnMenu: 'nicht auf der Karte',
    soldOutFor: 'Ausverkauft für',
    durations: {
      h1: '1 Stunde',
      restOfDay: 'Rest des Tages',
      indefinitely: 'Bis zum Zurückschalten',
    },
    itemsReason:
      '{namesCount, plural, one {Leider ist {names} ausverkauft.} other {Leider sind {names} ausverkauft.}}',
    confirmSoldOut:
      '{n, plural, one {Ablehnen und # Artikel als ausverkauft markieren} other {Ablehnen und # Artikel als ausverkauft markieren}}',
  },
  ownDelivery: {
    title: 'Eigener Kurier',
    deliverBy: 'Liefern bis {time}',
    noContact: 'An der Tür abstellen',
    phone: 'Telefon',
    showPhone: 'Telefon zeigen',
    hidePhone: 'Telefon verbergen',
    bookInstead: 'Stattdessen Kurier der Plattform buchen',
  },
  unclaimedAlert:
    '#{n} {name}: fertig, nicht übergeben (Abholung {pickup}). Übergeben, dann markieren.',
  allergy: {
    note: 'Allergie',
    flag: '⚠ Allergie',
  },
  venueFilter: {
    title: 'Bestellungen zeigen von',
    waiting: '{n} neu',
  },
  ring: {
    newOrder: '{n, plural, one {Neue Bestellung!} other {# neue Bestellungen!}}',
    preorders:
      '{n, plural, one {# Vorbestellung zu bestätigen} other {# Vorbestellungen zu bestätigen}}',
    mute: '2 Min. stumm',
    muted: 'Stumm · {left}',
    unmute: 'Ton an',
    soundBlocked: 'Irgendwo tippen, um den Bestellton einzuschalten',
    soundBlockedTitle: 'Der Bestellton ist aus.',
    soundOn: 'Ton einschalten',
  },
  shift: {
    title: 'Diese Schicht',
    unclaimed:
      '{n, plural, =0 {Keine fertige Abholung, die nicht übergeben wurde (geprüft {after} Min. nach Abholzeit).} one {# Abholung fertig, aber nie übergeben: als übergeben markieren, sobald abgeholt, sonst kassiert die Plattform nicht.} other {# Abholungen fertig, aber nie übergeben: jede als übergeben markieren, sobald abgeholt, sonst kassiert die Plattform nicht.}}',
  },
  orderSettings: {
    title: 'Bestellungen',
    autoAccept: 'Neue Bestellungen automatisch annehmen',
    autoAcceptHelp:
      'Sofort mit der Zubereitungszeit des Restaurants angenommen, der Ton kommt trotzdem einmal. Vorbestellungen, große Bestellungen und Bestellungen bei Problemen der Plattform oder des Bestellstroms warten auf einen Menschen.',
    maxItems: 'Automatisch annehmen bis zu so vielen Artikeln',
    unclaimedAfter: 'Fertige Abholung so viele Minuten nach der Abholzeit markieren',
    changedElsewhere:
      'An einem anderen Terminal auf {value} geändert. Feld verlassen, um die eigene Eingabe zu behalten.',
    changedInAnotherWindow:
      'In einem anderen Fenster auf {value} geändert. Feld verlassen, um die eigene Eingabe zu behalten.',
  },
};
