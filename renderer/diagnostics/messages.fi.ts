// Finnish words of the diagnostics slice (ICU MessageFormat; the keys and placeholders of messages.ts).
export const diagnosticsFi = {
  activity: {
    title: 'Alustalle lähetetyt toiminnot',
    empty: 'Ei vielä toimintoja.',
    states: {
      pending: 'Odottaa',
      sending: 'Lähetetään',
      failed: 'Epäonnistui',
      done: 'Valmis',
    },
    attempts: '{n, plural, one {# yritys} other {# yritystä}}',
    nextAttempt: 'seuraava yritys {time}',
    describe: {
      accept:
        '{auto, select, true {Automaattinen hyväksyntä} other {Hyväksyntä}}{orderNumber, select, none {} other { #{orderNumber}}}{minutes, select, none {} other { ({minutes} min)}}',
      reject: '{label}{orderNumber, select, none {} other { #{orderNumber}}}',
      ready: 'Valmis{orderNumber, select, none {} other { #{orderNumber}}}',
      delivered: '{label}{orderNumber, select, none {} other { #{orderNumber}}}',
      'confirm-preorder': '{label}{orderNumber, select, none {} other { #{orderNumber}}}',
      'picked-up': '{label}{orderNumber, select, none {} other { #{orderNumber}}}',
      'venue-online':
        '{online, select, true {Ravintola auki} other {Ravintola suljettu{until, select, none {} other { klo {until} asti}}}}',
      'venue-opening-times':
        '{count, select, none {Aukioloajat} other {Aukioloajat ({count} jaksoa)}}',
      'menu-push':
        '{count, select, none {Menu} other {Menu ({count} tuotetta)}}{removed, select, none {} other {, poistetaan {removed}}}',
      'item-availability':
        '{enabled, select, true {Taas saatavilla} other {Loppu}}: {name}{enabled, select, true {} other {{until, select, none {} other { klo {until} asti}}}}',
      'option-availability':
        '{enabled, select, true {Lisävalinta päällä} other {Lisävalinta pois}}: {name}{enabled, select, true {} other {{until, select, none {} other { klo {until} asti}}}}',
      'menu-price':
        '{discountedPrice, select, none {Uusi hinta} other {Alennus}}: {name}{priceText, select, none {} other { {priceText}}}',
      'delivery-create': 'Kuskin tilaus{orderNumber, select, none {} other { #{orderNumber}}}',
      'delivery-cancel': 'Kuskin peruutus{orderNumber, select, none {} other { #{orderNumber}}}',
      'sent-to-pos':
        'Ilmoitus alustalle: tilaus{orderNumber, select, none {} other { #{orderNumber}}} on kassalla',
      'venue-settings': 'Ravintolan asetukset kaikille päätteille',
    },
  },
  diagnostics: {
    export: 'Vie vianetsintätiedot tukea varten',
    exported: 'Tallennettu {file}. Siinä ei ole salasanoja, avaimia eikä asiakkaiden tietoja.',
    title: 'Ongelmat ja tuki',
    intro: 'Päätteen lokin varoitukset ja virheet, uusin ensin.',
    none: 'Ei kirjattuja varoituksia tai virheitä.',
    refresh: 'Päivitä',
    exporting: 'Viedään…',
    slow: 'Pääte vastasi hitaasti (jopa {ms} ms)',
    checkpoint:
      'Tallennus levylle ei toiminut tavalliseen tapaan: pääte tallentaa toisella tavalla.',
    otherWarning: 'Varoitus tuelle: vie vianetsintätiedot ja lähetä ne.',
    link: '{link, select, relay {Tilausvirta} platform {Alusta} other {{link}}}: {state, select, connected {taas yhteydessä} connecting {yhdistetään…} disconnected {ei vastaa, tilauksia ei ehkä tule} unconfigured {ei asetettu} reachable {vastaa taas} refused {käyttöoikeus peruttu, tilauksia ei tule} unreachable {ei vastaa, toiminnot odottavat} unknown {tarkistetaan…} other {{state}}}{why, select, offline { (ei yhteyttä)} slow { (ei vastausta ajoissa)} busy { (palvelussa on vikaa)} refused { (pääte torjuttiin)} other {}}',
  },
};
