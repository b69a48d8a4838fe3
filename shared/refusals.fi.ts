// Finnish words of main's refusals (ICU MessageFormat; the keys and placeholders of refusals.ts).
import { orderStatusSelect } from './refusal-status';

export const refusalsFi = {
  unexpected:
    'Päätteen palvelussa tapahtui odottamaton virhe. Yritä uudelleen; jos se toistuu, käynnistä sovellus uudelleen.',
  'web-session-lost':
    'Tämä näkymä ei ole enää yhteydessä päätteeseen. Avaa se uudelleen päätteen linkistä.',
  'service-no-answer':
    'Päätteen palvelu ei vastannut. Yritä uudelleen; jos se toistuu, käynnistä sovellus uudelleen.',
  'bad-request':
    'Päätteen palvelu ei ymmärtänyt pyyntöä. Yritä uudelleen; jos se toistuu, käynnistä sovellus uudelleen.',
  keychain:
    'Tämän koneen avainnippu ei ole käytettävissä, joten pääte ei voi säilyttää kirjautumista turvallisesti. Kysy koneen ylläpitäjältä.',
  failed:
    '{doing, select, connect {Ravintolan yhdistäminen epäonnistui.} change {Yhteyden muuttaminen epäonnistui.} disconnect {Päätteen irrottaminen epäonnistui.} addVenue {Ravintolan lisääminen epäonnistui.} removeVenue {Ravintolan irrottaminen epäonnistui.} startSignIn {Kirjautumisen aloitus epäonnistui.} signIn {Kirjautuminen alustalle epäonnistui.} handshake {Luovutus-PIN:n haku epäonnistui.} other {Se ei onnistunut.}} {why, select, offline {Palvelu ei vastannut: tarkista nettiyhteys ja yritä uudelleen.} refused {Palvelu ei hyväksynyt tätä päätettä: pyydä esihenkilöä tarkistamaan asetukset.} busy {Palvelussa on nyt ongelma: yritä minuutin päästä uudelleen.} other {Yritä uudelleen.}}',

  'auth-code-used':
    'Alusta kieltäytyi: valtuutuskoodi on jo käytetty. Kutakin koodia voi käyttää vain kerran: hae uusi koodi ja yhdistä uudelleen.',
  'auth-code-invalid':
    'Alusta ei hyväksynyt valtuutuskoodia: se on vanhentunut (koodi on voimassa tunnin) tai se on väärä. Hae uusi koodi ja yhdistä uudelleen.',
  'auth-code-other-client':
    'Alusta kieltäytyi: valtuutuskoodi on tehty eri asiakastunnukselle (client ID). Tarkista asiakastunnus tai hae uusi koodi tälle tunnukselle.',
  'auth-redirect-mismatch':
    'Alusta kieltäytyi: uudelleenohjausosoite (redirect URI) ei ole sama, jolla valtuutuskoodi tehtiin. Tarkista osoite ja yhdistä uudelleen.',

  'sign-in-timeout': 'Alusta ei vastannut ajoissa. Kirjaudu uudelleen.',
  'sign-in-state-mismatch':
    'Palannut vastaus ei kuulunut tähän kirjautumiseen, joten se hylättiin. Kirjaudu uudelleen.',
  'sign-in-denied': 'Countertopia ei sallittu alustan sivulla. Kirjaudu uudelleen tai syötä koodi.',
  'sign-in-no-code': 'Alustan vastauksessa ei ollut koodia. Kirjaudu uudelleen tai syötä koodi.',
  'sign-in-cancelled': 'Kirjautuminen peruttiin.',
  'sign-in-no-page':
    'Alustan sivua ei voitu avata: tarkista käyttöönottosivun osoite tai syötä koodi.',
  'order-unknown': 'Tätä tilausta ei ole tällä päätteellä.',
  'order-failed-action':
    'Tilauksen #{n} toiminto epäonnistui: yritä uudelleen tai hylkää se ensin.',
  'order-past': orderStatusSelect(
    'Alusta kieltäytyi:',
    {
      CREATED: 'Tilaus #{n} odottaa hyväksyntää.',
      PRODUCTION: 'Tilaus #{n} on jo valmistuksessa.',
      READY: 'Tilaus #{n} on jo valmis.',
      DELIVERED: 'Tilaus #{n} on jo luovutettu.',
      REJECTED: 'Tilaus #{n} on hylätty.',
      CANCELED: 'Alusta perui tilauksen #{n}.',
    },
    'Tilaus #{n} on muuttunut.',
  ),
  'order-not-yet': orderStatusSelect(
    'Alusta kieltäytyi:',
    {
      CREATED: 'Tilausta #{n} ei ole vielä hyväksytty.',
      PRODUCTION: 'Tilaus #{n} on vielä valmistuksessa: merkitse se ensin valmiiksi.',
      READY: 'Tilaus #{n} on valmis: luovuta se ensin.',
      DELIVERED: 'Tilaus #{n} on jo luovutettu.',
      REJECTED: 'Tilaus #{n} on hylätty.',
      CANCELED: 'Alusta perui tilauksen #{n}.',
    },
    'Tilaus #{n} on muuttunut.',
  ),
  'order-preorder-waiting': 'Tilaus #{n} on ennakkotilaus: vahvista se.',
  'order-preorder-confirmed': 'Tilaus #{n} on ennakkotilaus, jonka olet jo vahvistanut.',
  'order-not-preorder': 'Tilaus #{n} ei ole ennakkotilaus: hyväksy se.',
  'order-already-confirmed': 'Tilaus #{n} on jo vahvistettu.',
  'order-courier-delivers': 'Tilauksen #{n} vie alustan kuski, joka merkitsee sen toimitetuksi.',
  'order-not-own-courier': 'Tilausta #{n} ei vie oma kuski.',
  'order-picked-up': 'Tilaus #{n} on jo matkalla asiakkaalle.',
  'order-done': 'Tilaus #{n}: se on jo tehty.',
  'reject-sold-out-reason':
    'Tuotteet merkitään loppuneiksi hylkäyksen yhteydessä vain syyllä ”Tuotteita ei ole”. Mitään ei lähetetty: valitse se syy tai hylkää merkitsemättä tuotteita.',
  'prep-no-time':
    'Tilaukselle #{n} ei anneta valmistusaikaa: alusta asettaa ajat. Hyväksy se ilman aikaa.',
  'prep-before-estimate':
    'Tilaus #{n}: alustan arvioima noutoaika on {m} min päästä ({time, time, short}); valitse se tai myöhempi.',
  'prep-after-limit':
    'Tilaus #{n}: alusta sallii enintään {m} min tästä hetkestä (arvio plus 25 min).',
  'delivery-not-self': 'Tilausta #{n} ei vie oma kuski: sille ei anneta toimitusaikaa.',
  'delivery-before-ready':
    'Tilaus #{n} voi olla valmis aikaisintaan {m} min päästä; valitse toimitusaika sen jälkeen.',
  'delivery-after-limit':
    'Tilaus #{n}: alusta hyväksyy toimitusajan enintään {m} min päähän (tunti ruoan valmistumisesta).',

  'connect-first': 'Yhdistä ravintola ensin.',
  'venue-not-connected': 'Tätä ravintolaa ei ole yhdistetty tähän päätteeseen.',
  'terminal-not-connected': 'Tätä päätettä ei ole yhdistetty ravintolaan.',
  'actions-waiting':
    '{n, plural, one {# toiminto ei ole vielä mennyt alustalle. Irrottaminen poistaa sen; vahvista jatkaaksesi.} other {# toimintoa ei ole vielä mennyt alustalle. Irrottaminen poistaa ne; vahvista jatkaaksesi.}}',
  'venue-actions-waiting':
    '{n, plural, one {# tämän ravintolan toiminto ei ole vielä mennyt alustalle. Irrottaminen poistaa sen; vahvista jatkaaksesi.} other {# tämän ravintolan toimintoa ei ole vielä mennyt alustalle. Irrottaminen poistaa ne; vahvista jatkaaksesi.}}',
  'first-venue':
    'Pääte otettiin käyttöön tällä ravintolalla: se irrotetaan kohdasta Irrota tämä pääte.',
  'setup-nothing-spent':
    'Alustalle ei lähetetty vielä mitään, joten valtuutuskoodisi toimii yhä. Korjaa merkityt kentät ja yhdistä uudelleen.',
  'setup-code-held':
    'Alusta hyväksyi valtuutuskoodisi; korjaa merkitty kenttä ja yhdistä uudelleen samalla koodilla (kunnes sovellus käynnistetään uudelleen).',
  'setup-nothing-changed': 'Mitään ei muutettu: pääte pitää yhteytensä. Korjaa merkitty kenttä.',
  'not-this-venues-terminal': 'Se pääte ei kuulu tähän ravintolaan.',

  'setup-https':
    'Käytä https://-osoitetta toiselle koneelle (http:// vain localhostille tai 127.0.0.1:lle)',
  'time-format': 'Kirjoita aika muodossa tunnit:minuutit, esim. 09:30',
  'merchant-key-format': 'Kauppiasavaimessa on 8–500 merkkiä ilman välilyöntejä',
  'printer-host-format': 'Kirjoita laitteen nimi tai IP-osoite',
  'printer-queue-format': 'Kirjoita tulostusjonon nimi niin kuin järjestelmä sen näyttää',
  'setup-relay-not-relay':
    'Osoitteessa vastaa jokin, mutta se ei ole välityspalvelin. Tarkista osoite välityspalvelimen ylläpitäjältä.',
  'setup-relay-no-answer':
    'Tästä osoitteesta ei vastaa mikään. Tarkista palvelimen nimi ja portin numero (esim. https://relay.example.com tai http://127.0.0.1:4020).',
  'setup-key-refused':
    'Välityspalvelin ei hyväksy tätä päätteen avainta: se on kirjoitettu väärin tai peruttu. Kopioi se uudelleen tai pyydä uusi välityspalvelimen ylläpitäjältä.',
  'setup-relay-path':
    'Tämä ei ole välityspalvelimen osoite: palvelin vastaa, mutta ei välityspalvelimena. Kirjoita pelkkä osoite ilman polkua perään (ei …/hooks/marketplace tai …/v1/events).',
  'setup-relay-failing':
    'Välityspalvelimessa on nyt ongelma. Yritä minuutin päästä uudelleen; jos se jatkuu, soita välityspalvelimen ylläpitäjälle.',
  'setup-auth-no-answer':
    'Tästä osoitteesta ei vastaa mikään. Tarkista alustan antama kirjautumisen URL (palvelimen nimi ja portti).',
  'setup-client-refused':
    'Alusta ei hyväksy tätä asiakastunnusta ja salaisuutta. Kopioi molemmat uudelleen alustan kumppanitiedoista.',
  'setup-auth-failing':
    'Alustan kirjautumispalvelussa on nyt ongelma. Yritä minuutin päästä uudelleen.',
  'setup-not-auth':
    'Tämä ei ole alustan kirjautumispalvelu: palvelin vastaa, mutta ei sellaisena. Tarkista alustan antama kirjautumisen URL.',
  'setup-pos-no-answer':
    'Tästä osoitteesta ei vastaa mikään. Tarkista alustan antama tilaus-API:n URL (palvelimen nimi ja portti).',
  'setup-pos-failing': 'Alustan tilauspalvelussa on nyt ongelma. Yritä minuutin päästä uudelleen.',
  'setup-not-pos':
    'Tämä ei ole alustan tilauspalvelu: palvelin vastaa, mutta ei sellaisena. Tarkista alustan antama tilaus-API:n URL.',
  'setup-key-other-venue':
    'Tämä päätteen avain on eri ravintolan kuin se, jolla kirjauduit. Anna tälle ravintolalle tehty avain.',
  'setup-no-key': 'Päätteen avainta ei ole tallennettu: anna tämän päätteen avain.',
  'setup-no-key-change': 'Päätteen avainta ei ole tallennettu: muuta ensin yhteyttä.',
  'setup-code-first-venue':
    'Tämä koodi on sen ravintolan, jolla pääte otettiin käyttöön, ja se on jo yhdistetty. Kirjaudu toisella ravintolalla.',
  'pin-needed': 'Anna henkilökunnan PIN muuttaaksesi tätä.',
  'pin-locked':
    '{minutes, plural, one {Liian monta väärää PIN-koodia. Odota minuutti ja yritä uudelleen.} other {Liian monta väärää PIN-koodia. Odota # minuuttia ja yritä uudelleen.}}',
  'pin-wrong': 'PIN on väärä.',
  'pin-before-kiosk': 'Aseta henkilökunnan PIN ennen kioskitilan käyttöönottoa.',
  'no-pin': 'Henkilökunnan PIN-koodia ei ole asetettu.',
  'restart-desktop-only': 'Vain työpöytäsovellus voi käynnistää itsensä uudelleen.',
  'update-gone': 'Tämä päivitys ei enää odota asennusta.',

  'menu-not-read':
    'Alustan menua ei ole vielä luettu. Odota, että lista näkyy, ja yritä uudelleen.',
  'menu-item-gone': 'Tuotetta ei enää ole alustan menussa: päivitä menu.',
  'menu-item-gone-everywhere': 'Tuotetta ei enää ole minkään ravintolan menussa: päivitä menu.',
  'menu-option-gone': 'Valintaa ei enää ole alustan menussa: päivitä menu.',
  'menu-changed':
    'Alustan menu muuttui tarkistuksen jälkeen: tämä julkaisu ei nyt poista tuotteita. Tarkista menu uudelleen ennen julkaisua.',
  'menu-removes':
    '{n, plural, one {Tämä menu poistaa 1 tuotteen alustan listalta: {names}. Mitään ei lähetetty. Vahvista poisto julkaistaksesi.} other {Tämä menu poistaa # tuotetta alustan listalta: {names}. Mitään ei lähetetty. Vahvista poisto julkaistaksesi.}}',
  'menu-live-unread':
    '{why, select, offline {Alusta ei vastannut.} slow {Alusta ei saanut sitä luettua ajoissa.} other {Alusta ei pystynyt lukemaan sitä.}}',
  'menu-push-not-shown':
    'Alusta otti julkaistun menun vastaan, mutta ei näytä sitä vielä. Tarkista alla oleva menulista: asiakkaat näkevät sen.',
  'menu-file-field':
    '{owner, select, item {Tuote ”{name}”: } category {Kategoria ”{name}”: } itemAt {Tuote {n}: } categoryAt {Kategoria {n}: } other {}}{field, select, price {hinta} enabled {myynnissä (enabled)} external_data {kassakoodi (external_data)} name {nimi} description {kuvaus} type {lisävalinnan tyyppi} selection_range {valintojen määrä} values {lisävalinnan vaihtoehdot} min {vähintään} max {enintään} opening_time {aukeamisaika} closing_time {sulkemisaika} opening_day {aukeamispäivä} closing_day {sulkemispäivä} disabled_until {loppu asti} currency {valuutta} primary_language {menun kieli} categories {kategoriat} items {tuotteet} options {lisävalinnat} other {{key}}} {problem, select, missing {puuttuu} empty {on tyhjä} number {ei ole luku} boolean {ei ole true tai false} text {ei ole tekstiä} list {ei ole lista} time {ei ole muotoa tunnit:minuutit (esim. 09:30)} currency {ei ole valuuttakoodi (esim. EUR)} language {ei ole kielikoodi (esim. fi)} translation {tarvitsee vähintään yhden kielen} oneValue {tarvitsee vähintään yhden vaihtoehdon} oneCategory {tarvitsee vähintään yhden kategorian} maxBelowMin {ei voi olla pienempi kuin vähintään-arvo} negative {ei voi olla alle nollan} day {ei ole viikonpäivä (esim. MONDAY)} other {ei ole oikein}}',
  'menu-file-not-json':
    'Tämä ei ole menutiedosto: se ei ole kelvollista JSONia. Vie menu uudelleen.',
  'menu-file-duplicate':
    'Tuote ”{name}”: sen kassakoodi ”{code}” on jo tuotteella ”{other}”. Jokainen tuote tarvitsee oman koodinsa.',
  'menu-unreadable':
    'Alustan nykyistä menua ei voitu lukea, joten tätä listaa ei voi verrata siihen. Mitään ei lähetetty. Yritä uudelleen, kun alusta vastaa.',
  'sold-out-until-past': 'Loppuunmyynnin päättymisaika on jo mennyt.',
  'back-on-past': 'Takaisin myyntiin -aika on jo mennyt.',
  'not-a-price': 'Tämä ei ole hinta: tarkista summat.',
  'price-missing': 'Kirjoita hinta, esim. 12,50.',
  'price-not-amount': 'Kirjoita hinta euroina ja sentteinä, esim. 12,50.',
  'price-negative': 'Hinta ei voi olla alle nollan.',
  'price-too-high': 'Se on yli {max} €: tarkista luku.',
  'discount-not-amount': 'Kirjoita alennushinta euroina ja sentteinä, esim. 9,90.',
  'discount-not-lower': 'Alennushinnan täytyy olla hintaa pienempi.',
  'discount-zero':
    'Alennushinnan täytyy olla yli nollan: jos tuotetta ei myydä, merkitse se loppuneeksi.',
  'discount-option-none': 'Lisävalinnoille ei voi antaa alennusta alustalla, vain hinnan.',
  'no-draft': 'Julkaistavaa menuluonnosta ei ole.',
  'not-a-draft': 'Menuluonnosta ei voitu lukea: aloita se uudelleen.',

  'action-gone': 'Toiminto ei enää odota: uudelleen yritettävää ei ole.',
  'action-not-discardable': 'Toiminto ei enää odota: hylättävää ei ole.',
  'action-error':
    '{why, select, offline {Ei yhteyttä alustaan.} slow {Alusta ei vastannut ajoissa.} busy {Alustalla on nyt ongelma.} signIn {Alusta ei hyväksynyt ravintolan kirjautumista.} invalid {Alusta ei hyväksynyt tämän toiminnon tietoja (virhe {status}).} refused {Alusta hylkäsi tämän toiminnon (virhe {status}).} reconnect {Ravintola pitää yhdistää uudelleen: toiminto odottaa siihen asti.} notConnected {Ravintolaa ei ole vielä yhdistetty: toiminto odottaa siihen asti.} unreadable {Alustan vastausta ei voitu lukea.} other {Toimintoa ei voitu lähettää.}}',
  'action-unknown':
    'Lähetetty, mutta vastausta ei tullut ({why, select, stopped {pääte pysähtyi kesken lähetyksen} slow {alusta ei vastannut ajoissa} other {yhteys katkesi}}): se on voinut mennä perille, joten sitä ei lähetetä uudelleen. Tarkista se alustalta.',
  'menu-push-waiting': 'Odotetaan, että edellinen menun julkaisu näkyy alustalla.',
  'menu-push-removes-more':
    'Alustan menu muuttui tämän julkaisun vahvistamisen jälkeen: se poistaisi nyt myös {names}. Mitään ei lähetetty: tarkista menutiedosto uudelleen ja julkaise se uudestaan.',

  'courier-setup-first': 'Ota kuljetuspalvelu ensin käyttöön.',
  'delivery-gone': 'Toimitusta ei enää ole tällä päätteellä.',
  'booking-not-waiting': 'Tämä tilaus ei odota päätöstä.',
  'booking-decided': 'Tästä kuskin tilauksesta on jo päätetty.',
  'cancel-on-way': 'Toimituksen peruutus on jo matkalla.',
  'delivery-not-booked': 'Kuskia ei ole vielä tilattu alustalta.',

  // Kuskit: tilaus, peruutus, käyttöönotto ja kuljetuspalvelun vastaukset.
  'courier-offer-unknown': 'Hintatarjousta ei löydy tai se vanheni: hae uusi hinta ja aika.',
  'courier-offer-not-binding':
    'Kuskin voi tilata vain koko osoitteella: lisää katuosoite ja postinumero tai kaupunki, sitten hae uusi hinta.',
  'courier-tip-no-price':
    'Tarjouksessa ei ollut hintaa, joten tippiä ei voi lisätä: jätä tippi tyhjäksi.',
  'courier-entry-lost':
    'Tilauksen tietoja ei enää ole tallessa: tilaa kuski uudelleen lomakkeelta.',
  'courier-still-checking':
    'Tarkistetaan vielä, tilattiinko kuski: odota hetki ennen kuin tilaat uudelleen.',
  'courier-venue-first': 'Yhdistä ravintola ensin: kuskin tiedot tulevat sen kautta.',
  'courier-no-terminal-key': 'Päätteen välitysavain puuttuu: yhdistä ravintola uudelleen.',
  'courier-setup-failed':
    'Kuljetuspalvelun käyttöönotto epäonnistui: {why, select, wrongVenue {välityspalvelimen mukaan pääte ei kuulu tähän ravintolaan.} refused {välityspalvelin ei hyväksynyt asetuksia.} other {välityspalvelin ei vastannut. Yritä uudelleen.}}',
  'delivery-already-cancelled': 'Toimitus on jo peruttu.',
  'courier-has-parcels': 'Kuskilla on jo paketit: vain alustan tuki voi enää perua.',
  'courier-rebook-not-binding':
    'Osoitteelle ei enää saa sitovaa hintaa: tilaa kuski uudelleen lomakkeelta.',
  'courier-never-booked': 'Kuskia ei koskaan tilattu, joten peruttavaa ei ole.',
  'courier-pick-time': 'Valitse toimitusaika',
  'courier-time-too-soon': 'Valitse aika yli tunnin päästä tai ”Niin pian kuin mahdollista”',
  'courier-outside-area': 'Osoite on kuljetusalueen ulkopuolella.',
  'courier-time-refused':
    'Kuljetuspalvelu ei voi toimittaa silloin: valitse aika yli tunnin päästä tai niin pian kuin mahdollista.',
  'courier-offer-expired': 'Hintatarjous vanheni: hae uusi hinta ja aika.',
  'courier-address-needed': 'Anna katuosoite ja postinumero tai kaupunki',
  'courier-address-incomplete':
    'Kuskin voi tilata vain koko osoitteella: lisää katuosoite ja postinumero tai kaupunki.',
  'courier-address-changed': 'Osoite muuttui hintatarjouksen jälkeen: hae uusi hinta ja aika.',
  'courier-cash-off':
    'Käteinen toimituksessa ei ole käytössä tällä tilillä: jätä käteinen tyhjäksi.',
  'courier-venue-closed': 'Kuljetuspalvelun mukaan paikka on nyt kiinni: varaa, kun se on auki.',
  'courier-no-answer': 'Kuljetuspalvelu ei vastannut: tarkista nettiyhteys ja yritä uudelleen.',
  'courier-setup-refused':
    'Kuljetuspalvelu ei hyväksynyt päätteen asetuksia: pyydä esihenkilöä tarkistamaan kuljetusasetukset.',
  'courier-details-refused':
    'Kuljetuspalvelu ei hyväksynyt tietoja: tarkista osoite ja kentät ja yritä uudelleen.',
  'courier-busy': 'Kuljetuspalvelu on kiireinen: yritä minuutin päästä uudelleen.',
  'courier-down': 'Kuljetuspalvelussa on nyt vika: yritä minuutin päästä uudelleen.',
  'courier-failed': 'Kuljetuspalvelulta kysyminen epäonnistui: yritä uudelleen.',
  'courier-not-binding':
    '{missing, select, street {Hinta koskee vain aluetta: lisää katuosoite ja numero.} town {Pelkkä katu ei riitä: lisää postinumero tai kaupunki.} other {Osoite ei ole tarpeeksi tarkka: lisää katuosoite ja postinumero tai kaupunki.}}',
  'field-too-long': 'Enintään {n} merkkiä',
  'courier-number-needed':
    'Anna {what, select, minutes {minuutit} count {määrä} tip {tippi} cash {käteinen} bags {kassien määrä} other {arvo}} numerona',
  'courier-whole-cents':
    'Anna {what, select, tip {tippi} cash {käteinen} other {summa}} tasasentteinä',
  'courier-amount-zero':
    'Anna {what, select, tip {tippi} cash {käteinen} other {summa}} nollaa suurempana, tai jätä tyhjäksi',
  'courier-amount-high':
    '{what, select, tip {Tippi} cash {Käteinen} other {Summa}} on yli {max, number}: tarkista luku',
  'courier-whole-minutes': 'Anna kokonaiset minuutit',
  'courier-minutes-low': 'Vähintään {n, plural, one {# minuutti} other {# minuuttia}}',
  'courier-minutes-high': 'Enintään {n} minuuttia: kuljetuspalvelu ei odota pidempään',
  'courier-lat-lon': 'Anna sekä leveys- että pituusaste, tai ei kumpaakaan',
  'courier-parcel-what': 'Kerro, mitä paketissa on (kuski näkee sen)',
  'whole-number': 'Anna kokonaisluku',
  'number-at-least': 'Vähintään {n}',
  'number-at-least-or-empty': 'Vähintään {n}, tai jätä tyhjäksi',
  'number-at-most': 'Enintään {n}',
  'courier-name-needed': 'Anna asiakkaan nimi',
  'courier-phone-needed': 'Anna puhelinnumero, johon kuski voi soittaa',
  'courier-phone-chars': 'Käytä vain numeroita, välilyöntejä ja +-merkkiä',
  'courier-phone-short': 'Puhelinnumero on liian lyhyt',
  'courier-email': 'Tämä ei ole sähköpostiosoite',
  'courier-parcels-needed': 'Lisää, mitä kuski vie',
  'courier-pin-no-contact': 'PIN-koodi vaatii, että joku on ovella: poista toinen valinnoista',
  'courier-id-no-contact':
    'Henkilöllisyyden tarkistus vaatii, että joku on ovella: poista toinen valinnoista',
  'courier-no-pin': 'Kuski tilattiin ilman PIN-koodia: sitä ei tarvita ovella.',
  'courier-updates-down':
    '{why, select, offline {Kuljetuspäivitykset eivät tule perille: välityspalvelin ei vastannut. Se yrittää itse uudelleen.} refused {Kuljetuspäivitykset eivät tule perille: kuljetuspalvelu ei hyväksynyt asetuksia. Pyydä esihenkilöä tarkistamaan ne.} other {Kuljetuspäivitykset eivät tule perille: kuljetuspalvelussa on ongelma. Se yrittää itse uudelleen.}}',

  'no-printer':
    '{document, select, kitchenTicket {Mikään tulostin ei tulosta keittiölappuja.} pickupLabel {Mikään tulostin ei tulosta noutotarroja.} receipt {Mikään tulostin ei tulosta kuitteja.} daySummary {Mikään tulostin ei tulosta päiväraportteja.} other {Mikään tulostin ei tulosta testisivuja.}} Lisää tulostin kohdassa Ravintola → Tulostimet.',
  'day-needed': 'Mikä päivä? Päiväraportti tarvitsee päivän.',
  'day-summary-failed': 'Päiväraporttia ei voitu tehdä. Yritä uudelleen.',
  'printer-gone': 'Tulostinta ei ole asetettu.',
  'print-job-gone': 'Tulostustyö on poistunut.',
  'print-job-printing': 'Se tulostuu juuri nyt.',
  'print-job-done':
    '{state, select, printed {Tulostustyö on jo tulostettu.} canceled {Tulostustyö on jo peruttu.} other {Tulostustyö on jo lähetetty.}}',

  'history-page-stale': 'Tämä historiasivu ei ole enää voimassa; hae uudelleen.',
  'history-order-gone': 'Tilausta ei ole historiassa.',
  'retention-invalid': 'Säilytä historiaa {min}–{max} päivää.',
};
