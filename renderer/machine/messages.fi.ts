// Finnish words of the machine slice (ICU MessageFormat; the keys and placeholders of messages.ts).
export const machineFi = {
  machine: {
    title: 'Tämä kassakone',
    language: 'Kieli (tämä näyttö)',
    kiosk: 'Kioskitila (koko näyttö, pois vain henkilökunnan PIN-koodilla)',
    startOnLogin: 'Käynnistä Countertop, kun tietokone käynnistyy',
    pin: 'Uusi henkilökunnan PIN (4–8 numeroa)',
    currentPin: 'Nykyinen henkilökunnan PIN',
    save: 'Tallenna',
    saved: 'Tallennettu.',
    pinNeeded: 'Kioskitila tarvitsee henkilökunnan PIN-koodin: aseta se ensin tässä.',
    unlockTitle: 'Poistu kioskitilasta',
    unlock: 'Poistu kioskitilasta',
    unlocked: 'Kioskitila on pois, kunnes sovellus käynnistetään uudelleen.',
    desktopOnly: 'Nämä asetukset toimivat työpöytäsovelluksessa.',
  },
  terminal: {
    title: 'Tämä pääte',
    name: 'Päätteen nimi',
    nameHint:
      'Henkilökunta näkee tämän nimen jokaisen tilauksen historiassa ja ravintolan muilla päätteillä. Jätä tyhjäksi, niin käytetään tietokoneen nimeä.',
    save: 'Tallenna nimi',
    saved: 'Nimi tallennettu.',
    printingTitle: 'Kuka tulostaa mitä',
    printingHint:
      'Koko ravintolalle: jokainen tuloste tulostuu kerran, tässä valitulla päätteellä.',
    anyTerminal: 'Mikä tahansa pääte, jolla on sille tulostin',
    thisOne: '{name} (tämä pääte)',
    unnamed: 'Nimetön pääte',
    waiting:
      'Tallennettu tähän; ravintolan muut päätteet saavat sen, kun tämä pääte on taas yhteydessä.',
  },
  clockSkew:
    'Tämän tietokoneen kello on {minutes} min {direction, select, behind {jäljessä} other {edellä}} alustan kellosta. Ajastimet seuraavat alustan kelloa; korjaa tietokoneen päivä ja aika (automaattinen aika), ettei muu mene pieleen.',
  recovery: {
    title: 'Countertop pysähtyy jatkuvasti',
    body: 'Näyttö pysähtyi 3 kertaa 10 minuutissa. Tilaukset ja odottavat toiminnot ovat tallessa päätteen palvelussa, joka pysyi käynnissä. Käynnistä sovellus uudelleen; jos tämä toistuu, soita tukeen.',
    restart: 'Käynnistä Countertop uudelleen',
  },
};
