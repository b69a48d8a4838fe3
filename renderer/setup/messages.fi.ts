// Finnish words of the setup slice (ICU MessageFormat; the keys and placeholders of messages.ts).
export const setupFi = {
  setup: {
    title: 'Yhdistä tämä pääte ravintolaasi',
    intro:
      'Anna alustalta saamasi tiedot ja kirjaudu alustalla: sen sivu aukeaa uuteen välilehteen, sallit siellä Countertopin, ja pääte on yhdistetty. Countertop tarkistaa ensin välityspalvelimen ja alustan osoitteet, joten virhe ei maksa mitään. Salaisuudet tallennetaan tämän tietokoneen avainnippuun, ei koskaan tiedostoon.',
    hints: {
      authUrl: 'Alustan kumppanitiedoissa, esimerkiksi https://auth.platform.example',
      posUrl: 'Alustan kumppanitiedoissa, esimerkiksi https://pos.platform.example',
      clientId:
        'Integraatiosi asiakastunnus, alustan kumppanitiedoissa, esimerkiksi countertop-4f2a9c',
      clientSecret:
        'Asiakastunnuksen mukana annettu salaisuus: pitkä jono kirjaimia ja numeroita, esimerkiksi 9c1f…e07b',
      code: 'Kertakäyttöinen koodi, jonka alusta antoi, kun ravintola aktivoitiin (voimassa tunnin), esimerkiksi Xk3q…7Lw',
      redirectUri:
        'Osoite, jolle koodi tehtiin, täsmälleen alustalle rekisteröitynä, esimerkiksi http://127.0.0.1/countertop/onboarding/callback',
      onboardingUrl:
        'Mistä alustan käyttöönotto alkaa integraatiollesi, alustan kumppanitiedoissa, esimerkiksi https://platform.example/onboarding?client_id=…',
      relayUrl: 'Välityspalvelimesi osoite ilman polkua, esimerkiksi https://relay.example.com',
      terminalKey:
        'Tehty tälle tiskille välityspalvelimella (admin create-terminal) ja näytetty kerran; alkaa rtk_',
    },
    platformSection: 'Alusta',
    authUrl: 'Kirjautumisen URL',
    posUrl: 'Tilaus-API:n URL',
    clientId: 'Asiakastunnus',
    clientSecret: 'Asiakassalaisuus',
    code: 'Valtuutuskoodi',
    redirectUri: 'Paluuosoite (redirect URI)',
    relaySection: 'Tilausvirta (välityspalvelin)',
    relayUrl: 'Välityspalvelimen URL',
    terminalKey: 'Päätteen avain',
    onboardingUrl: 'Käyttöönottosivu',
    signIn: 'Kirjaudu alustalla',
    pasteSection: 'Tai syötä valtuutuskoodi',
    pasteIntro:
      'Jos alusta antoi sinulle koodin (esimerkiksi kun ravintolasi otettiin käyttöön puolestasi), syötä se tähän yhdessä osoitteen kanssa, jolle se tehtiin.',
    checking: 'Tarkistetaan välityspalvelin ja alusta…',
    waiting:
      'Odotetaan alustaa… Kirjaudu avautuneella alustan sivulla, salli Countertop ja palaa sitten tänne.',
    openPage: 'Avaa alustan kirjautumissivu',
    blocked: 'Selain ei avannut alustan sivua itse: avaa se napauttamalla alta.',
    opening: 'Avataan alustan kirjautumissivua…',
    cancelSignIn: 'Peruuta kirjautuminen',
    connect: 'Yhdistä ravintola',
    connecting: 'Yhdistetään…',
    connected: 'Yhdistetty: {venue}',
    failed: 'Yhdistäminen ei onnistunut',
    fixFields: 'Tarkista korostetut kentät.',
    cancel: 'Takaisin tilauksiin',
  },
  connection: {
    title: 'Yhteys',
    intro:
      'Mistä tämä pääte saa tilauksensa. Vaihda välityspalvelin tässä, kun se muuttaa tai sen avain vaihtuu; ravintola pysyy kirjautuneena, uutta koodia ei tarvita.',
    keepKey: 'Päätteen avain (jätä tyhjäksi, niin nykyinen säilyy)',
    newKey: 'Uusi päätteen avain',
    refused:
      'Tilausvirta ei enää hyväksy tämän päätteen avainta. Syötä tälle kassalle tehty uusi avain ja napauta Vaihda yhteys: ravintola pysyy kirjautuneena.',
    save: 'Vaihda yhteys',
    saving: 'Tarkistetaan…',
    saved: 'Yhteys vaihdettu: tilausvirta käyttää uutta välityspalvelinta.',
    courier: 'Kuljetusasetukset ovat kohdassa Kuskit.',
    disconnectTitle: 'Irrota tämä pääte',
    disconnectIntro:
      'Päätteelle, joka lähtee tästä ravintolasta: ravintolan avaimet poistuvat tietokoneen avainnipusta, ja sen tilaukset, kuljetukset ja asiakastiedot poistuvat päätteeltä. Tulostimet ja koneen asetukset jäävät. Pyydä välityspalvelimen ylläpitäjää poistamaan myös tämän päätteen avain.',
    disconnect: 'Irrota tämä pääte…',
    pin: 'Henkilökunnan PIN (tyhjä, jos sitä ei ole)',
    dropWaiting:
      '{n, plural, one {# toiminto ei ole vielä mennyt alustalle. Poista se ja irrota.} other {# toimintoa ei ole vielä mennyt alustalle. Poista ne ja irrota.}}',
    confirm: 'Irrota nyt',
    keep: 'Pidä yhdistettynä',
  },
  venues: {
    title: 'Tämän päätteen ravintolat',
    intro:
      'Jokainen ravintola kirjautuu omalla alustan valtuutuskoodillaan; kaikkien tilaukset tulevat tälle samalle taululle.',
    unnamed: 'Ravintola {n}',
    first: 'Yhdistetty ensimmäisenä: poistuu vain, kun koko pääte irrotetaan.',
    add: 'Lisää toinen ravintola',
    addIntro:
      'Anna koodi, jonka alusta antoi toiselle ravintolalle. Päätteen välityspalvelimen ja alustan osoitteet pysyvät ennallaan.',
    addNow: 'Lisää ravintola',
    adding: 'Lisätään…',
    added: 'Ravintola lisätty: sen tilaukset tulevat tälle taululle.',
    cancel: 'Peruuta',
    remove: 'Irrota tämä ravintola…',
    removeTitle: 'Irrota {venue}',
    removeIntro:
      'Vain tämä ravintola poistuu: sen avaimet poistetaan tämän tietokoneen avainnipusta, ja sen tilaukset, odottavat toiminnot ja menuluonnokset poistetaan tältä päätteeltä. Muut ravintolat saavat tilauksia kuten ennenkin.',
    dropWaiting:
      'Poista tämän ravintolan toiminnot, jotka eivät ole vielä menneet alustalle, ja irrota se.',
    confirm: 'Irrota ravintola',
    keep: 'Pidä ravintola',
    removed: '{venue} irrotettiin tästä päätteestä.',
  },
};
