// Swedish words of main's refusals (ICU MessageFormat; the keys and placeholders of refusals.ts).
import { orderStatusSelect } from './refusal-status';

export const refusalsSv = {
  unexpected:
    'Terminalens tjänst fick ett oväntat fel. Försök igen; om det fortsätter, starta om appen.',
  'web-session-lost':
    'Den här skärmen är inte längre ansluten till terminalen. Öppna den igen från terminalens länk.',
  'service-no-answer':
    'Terminalens tjänst svarade inte. Försök igen; om det fortsätter, starta om appen.',
  'bad-request':
    'Terminalens tjänst förstod inte det. Försök igen; om det fortsätter, starta om appen.',
  keychain:
    'Datorns nyckelring är inte tillgänglig, så terminalen kan inte spara inloggningen säkert. Fråga den som sköter datorn.',
  failed:
    '{doing, select, connect {Det gick inte att ansluta restaurangen.} change {Det gick inte att ändra anslutningen.} disconnect {Det gick inte att koppla från terminalen.} addVenue {Det gick inte att lägga till restaurangen.} removeVenue {Det gick inte att koppla från restaurangen.} startSignIn {Det gick inte att starta inloggningen.} signIn {Det gick inte att logga in hos plattformen.} handshake {Det gick inte att hämta överlämnings-PIN.} other {Det gick inte.}} {why, select, offline {Tjänsten svarade inte: kontrollera internetanslutningen och försök igen.} refused {Tjänsten godkände inte den här terminalen: be en chef kontrollera inställningarna.} busy {Tjänsten har problem just nu: försök igen om en minut.} other {Försök igen.}}',

  'auth-code-used':
    'Plattformen nekade: auktoriseringskoden har redan använts. Varje kod fungerar en gång: hämta en ny kod och anslut igen.',
  'auth-code-invalid':
    'Plattformen godtog inte auktoriseringskoden: den har gått ut (en kod gäller en timme) eller är fel. Hämta en ny kod och anslut igen.',
  'auth-code-other-client':
    'Plattformen nekade: auktoriseringskoden gjordes för ett annat klient-ID. Kontrollera klient-ID:t eller hämta en ny kod för det här.',
  'auth-redirect-mismatch':
    'Plattformen nekade: omdirigeringsadressen (redirect URI) är inte den som auktoriseringskoden gjordes med. Kontrollera adressen och anslut igen.',

  'sign-in-timeout': 'Plattformen svarade inte i tid. Logga in igen.',
  'sign-in-state-mismatch':
    'Svaret som kom tillbaka hörde inte till den här inloggningen och avvisades. Logga in igen.',
  'sign-in-denied':
    'Countertop godkändes inte på plattformens sida. Logga in igen eller klistra in en kod.',
  'sign-in-no-code': 'Plattformens svar innehöll ingen kod. Logga in igen eller klistra in en kod.',
  'sign-in-cancelled': 'Inloggningen avbröts.',
  'sign-in-no-page':
    'Plattformens sida kunde inte öppnas: kontrollera onboardingsidans adress eller klistra in en kod.',
  'order-unknown': 'Den här beställningen finns inte på terminalen.',
  'order-failed-action':
    'En åtgärd på beställning #{n} misslyckades: försök igen eller ta bort den först.',
  'order-past': orderStatusSelect(
    'Plattformen nekade:',
    {
      CREATED: 'Beställning #{n} väntar på att godkännas.',
      PRODUCTION: 'Beställning #{n} tillagas redan.',
      READY: 'Beställning #{n} är redan klar.',
      DELIVERED: 'Beställning #{n} är redan utlämnad.',
      REJECTED: 'Beställning #{n} har avvisats.',
      CANCELED: 'Beställning #{n} avbröts av plattformen.',
    },
    'Beställning #{n} har ändrats.',
  ),
  'order-not-yet': orderStatusSelect(
    'Plattformen nekade:',
    {
      CREATED: 'Beställning #{n} är inte godkänd än.',
      PRODUCTION: 'Beställning #{n} tillagas fortfarande: markera den som klar först.',
      READY: 'Beställning #{n} är klar: lämna ut den först.',
      DELIVERED: 'Beställning #{n} är redan utlämnad.',
      REJECTED: 'Beställning #{n} har avvisats.',
      CANCELED: 'Beställning #{n} avbröts av plattformen.',
    },
    'Beställning #{n} har ändrats.',
  ),
  'order-preorder-waiting': 'Beställning #{n} är en förbeställning: bekräfta den i stället.',
  'order-preorder-confirmed': 'Beställning #{n} är en förbeställning som du redan har bekräftat.',
  'order-not-preorder': 'Beställning #{n} är ingen förbeställning: godkänn den i stället.',
  'order-already-confirmed': 'Beställning #{n} är redan bekräftad.',
  'order-courier-delivers':
    'Beställning #{n} körs av plattformens bud, som markerar den som levererad.',
  'order-not-own-courier': 'Beställning #{n} körs inte av ert eget bud.',
  'order-picked-up': 'Beställning #{n} är redan på väg till kunden.',
  'order-done': 'Beställning #{n}: det är redan gjort.',
  'reject-sold-out-reason':
    'Varor markeras som slut vid ett avvisande bara med orsaken ”Varor slut”. Inget skickades: välj den orsaken, eller avvisa utan att markera varor.',
  'prep-no-time':
    'Beställning #{n} tar ingen tillagningstid: plattformen sätter tiderna. Godkänn den utan tid.',
  'prep-before-estimate':
    'Beställning #{n}: plattformens uppskattade upphämtning är om {m} min ({time, time, short}); välj den eller senare.',
  'prep-after-limit':
    'Beställning #{n}: plattformen tillåter högst {m} min från nu (uppskattningen plus 25 min).',
  'delivery-not-self': 'Beställning #{n} körs inte av ert eget bud: den tar ingen leveranstid.',
  'delivery-before-ready':
    'Beställning #{n} kan vara klar tidigast om {m} min; välj en leveranstid då eller senare.',
  'delivery-after-limit':
    'Beställning #{n}: plattformen tar en leveranstid högst {m} min från nu (en timme efter att maten är klar).',

  'connect-first': 'Anslut restaurangen först.',
  'venue-not-connected': 'Den här restaurangen är inte ansluten till terminalen.',
  'terminal-not-connected': 'Den här terminalen är inte ansluten till någon restaurang.',
  'actions-waiting':
    '{n, plural, one {# åtgärd har inte nått plattformen. Att koppla från tar bort den; bekräfta för att fortsätta.} other {# åtgärder har inte nått plattformen. Att koppla från tar bort dem; bekräfta för att fortsätta.}}',
  'venue-actions-waiting':
    '{n, plural, one {# åtgärd för den här restaurangen har inte nått plattformen. Att koppla från den tar bort åtgärden; bekräfta för att fortsätta.} other {# åtgärder för den här restaurangen har inte nått plattformen. Att koppla från den tar bort dem; bekräfta för att fortsätta.}}',
  'first-venue':
    'Terminalen sattes upp med den här restaurangen: den kopplas från med Koppla från terminalen.',
  'setup-nothing-spent':
    'Inget har skickats till plattformen än, så din auktoriseringskod fungerar fortfarande. Rätta de markerade fälten och anslut igen.',
  'setup-code-held':
    'Plattformen godkände din auktoriseringskod; rätta det markerade fältet och anslut igen med samma kod (tills appen startas om).',
  'setup-nothing-changed':
    'Inget ändrades: terminalen behåller sin anslutning. Rätta det markerade fältet.',
  'not-this-venues-terminal': 'Den terminalen hör inte till den här restaurangen.',

  'setup-https': 'Använd https:// för en annan dator (http:// bara för localhost eller 127.0.0.1)',
  'time-format': 'Skriv tiden som timmar:minuter, t.ex. 09:30',
  'merchant-key-format': 'En handlarnyckel har 8 till 500 tecken, utan mellanslag',
  'printer-host-format': 'Skriv ett värdnamn eller en IP-adress',
  'printer-queue-format': 'Skriv skrivarköns namn så som systemet visar det',
  'setup-relay-not-relay':
    'Något svarar på adressen, men det är inte reläet. Kontrollera adressen med den som driver ert relä.',
  'setup-relay-no-answer':
    'Inget svarar på den här adressen. Kontrollera värdnamnet och portnumret (till exempel https://relay.example.com eller http://127.0.0.1:4020).',
  'setup-key-refused':
    'Reläet godtar inte terminalnyckeln: den är felskriven eller återkallad. Kopiera den igen, eller be den som driver ert relä om en ny.',
  'setup-relay-path':
    'Det här är inte reläets adress: en server svarar, men inte som ett relä. Skriv bara adressen, utan sökväg efter (inte …/hooks/marketplace eller …/v1/events).',
  'setup-relay-failing':
    'Reläet har ett problem just nu. Försök igen om en minut; om det består, ring den som driver ert relä.',
  'setup-auth-no-answer':
    'Inget svarar på den här adressen. Kontrollera inloggnings-URL:en som plattformen gav er (värdnamn och port).',
  'setup-client-refused':
    'Plattformen godtar inte detta klient-ID och hemlighet. Kopiera båda igen från plattformens partneruppgifter.',
  'setup-auth-failing':
    'Plattformens inloggningstjänst har ett problem just nu. Försök igen om en minut.',
  'setup-not-auth':
    'Det här är inte plattformens inloggningstjänst: en server svarar, men inte som en sådan. Kontrollera inloggnings-URL:en som plattformen gav er.',
  'setup-pos-no-answer':
    'Inget svarar på den här adressen. Kontrollera URL:en för beställnings-API som plattformen gav er (värdnamn och port).',
  'setup-pos-failing': 'Plattformens ordertjänst har ett problem just nu. Försök igen om en minut.',
  'setup-not-pos':
    'Det här är inte plattformens beställningstjänst: en server svarar, men inte som en sådan. Kontrollera URL:en för beställnings-API som plattformen gav er.',
  'setup-key-other-venue':
    'Terminalnyckeln hör till en annan restaurang än den du loggade in med. Ange nyckeln som gjordes för den här restaurangen.',
  'setup-no-key': 'Ingen terminalnyckel är sparad: ange den här kassans nyckel.',
  'setup-no-key-change': 'Ingen terminalnyckel är sparad: ändra anslutningen först.',
  'setup-code-first-venue':
    'Koden hör till restaurangen som terminalen ställdes in med, och den är redan ansluten. Logga in med den andra restaurangen.',
  'pin-needed': 'Ange personalens PIN för att ändra det här.',
  'pin-locked':
    '{minutes, plural, one {För många fel PIN. Vänta en minut och försök igen.} other {För många fel PIN. Vänta # minuter och försök igen.}}',
  'pin-wrong': 'Fel PIN.',
  'pin-before-kiosk': 'Sätt en PIN för personalen innan du slår på kioskläget.',
  'no-pin': 'Ingen PIN för personalen är satt.',
  'restart-desktop-only': 'Bara datorappen kan starta om sig själv.',
  'update-gone': 'Den här uppdateringen väntar inte längre på att installeras.',

  'menu-not-read':
    'Plattformens meny har inte lästs än. Vänta tills menylistan visas och försök igen.',
  'menu-item-gone': 'Artikeln finns inte längre på plattformens meny: uppdatera menyn.',
  'menu-item-gone-everywhere':
    'Artikeln finns inte längre på någon restaurangs meny: uppdatera menyn.',
  'menu-option-gone': 'Tillvalet finns inte längre på plattformens meny: uppdatera menyn.',
  'menu-changed':
    'Plattformens meny har ändrats sedan kontrollen: den här publiceringen tar inte bort några artiklar nu. Kontrollera menyn igen innan du publicerar.',
  'menu-removes':
    '{n, plural, one {Den här menyn tar bort 1 artikel från plattformens meny: {names}. Inget skickades. Bekräfta borttagningen för att publicera.} other {Den här menyn tar bort # artiklar från plattformens meny: {names}. Inget skickades. Bekräfta borttagningen för att publicera.}}',
  'menu-live-unread':
    '{why, select, offline {Plattformen svarade inte.} slow {Plattformen blev inte klar med läsningen i tid.} other {Plattformen kunde inte läsa den.}}',
  'menu-push-not-shown':
    'Plattformen tog emot den publicerade menyn men visar den inte ännu. Kontrollera menylistan nedan: det är den kunderna ser.',
  'menu-file-field':
    '{owner, select, item {Artikel ”{name}”: } category {Kategori ”{name}”: } itemAt {Artikel {n}: } categoryAt {Kategori {n}: } other {}}{field, select, price {pris} enabled {till salu (enabled)} external_data {kassakod (external_data)} name {namn} description {beskrivning} type {tillvalstyp} selection_range {antal val} values {tillvalets alternativ} min {minst} max {högst} opening_time {öppningstid} closing_time {stängningstid} opening_day {öppningsdag} closing_day {stängningsdag} disabled_until {slut till} currency {valuta} primary_language {menyns språk} categories {kategorier} items {artiklar} options {tillval} other {{key}}} {problem, select, missing {saknas} empty {är tom} number {måste vara ett tal} boolean {måste vara true eller false} text {måste vara text} list {måste vara en lista} time {måste vara timmar:minuter, t.ex. 09:30} currency {måste vara en valutakod, t.ex. EUR} language {måste vara en språkkod, t.ex. sv} translation {behöver minst ett språk} oneValue {behöver minst ett alternativ} oneCategory {behöver minst en kategori} maxBelowMin {kan inte vara lägre än minst} negative {kan inte vara under noll} day {måste vara en veckodag, t.ex. MONDAY} other {är inte rätt}}',
  'menu-file-not-json': 'Det här är ingen menyfil: den är inte giltig JSON. Exportera menyn igen.',
  'menu-file-duplicate':
    'Artikel ”{name}”: dess kassakod ”{code}” används redan av ”{other}”. Varje artikel behöver en egen kod.',
  'menu-unreadable':
    'Plattformens nuvarande meny gick inte att läsa, så den här menyn kan inte kontrolleras mot den. Inget skickades. Försök igen när plattformen svarar.',
  'sold-out-until-past': 'Tiden den är slutsåld till har redan passerat.',
  'back-on-past': 'Tiden att slå på den igen har redan passerat.',
  'not-a-price': 'Det är inget pris: kontrollera beloppen.',
  'price-missing': 'Skriv ett pris, t.ex. 12,50.',
  'price-not-amount': 'Skriv priset i euro och cent, t.ex. 12,50.',
  'price-negative': 'Ett pris kan inte vara under noll.',
  'price-too-high': 'Det är mer än {max} €: kontrollera siffran.',
  'discount-not-amount': 'Skriv rabattpriset i euro och cent, t.ex. 9,90.',
  'discount-not-lower': 'Rabattpriset måste vara lägre än priset.',
  'discount-zero':
    'Ett rabattpris måste vara över noll: vill du sluta sälja den, markera den som slutsåld.',
  'discount-option-none': 'Tillval kan inte ha rabatt på plattformen, bara ett pris.',
  'no-draft': 'Det finns inget menyutkast att publicera.',
  'not-a-draft': 'Menyutkastet gick inte att läsa: börja om.',

  'action-gone': 'Åtgärden väntar inte längre: det finns inget att försöka igen.',
  'action-not-discardable': 'Åtgärden väntar inte längre: det finns inget att ta bort.',
  'action-error':
    '{why, select, offline {Ingen anslutning till plattformen.} slow {Plattformen svarade inte i tid.} busy {Plattformen har ett problem just nu.} signIn {Plattformen godtog inte restaurangens inloggning.} invalid {Plattformen godtog inte uppgifterna i den här åtgärden (fel {status}).} refused {Plattformen nekade den här åtgärden (fel {status}).} reconnect {Restaurangen måste anslutas igen: åtgärden väntar tills dess.} notConnected {Restaurangen är inte ansluten än: åtgärden väntar tills den är det.} unreadable {Plattformens svar gick inte att läsa.} other {Åtgärden kunde inte skickas.}}',
  'action-unknown':
    'Skickat, men inget svar kom tillbaka ({why, select, stopped {terminalen stannade mitt i sändningen} slow {plattformen svarade inte i tid} other {anslutningen bröts}}): den kan ha kommit fram, så den skickas inte igen. Kontrollera den på plattformen.',
  'menu-push-waiting': 'Väntar tills den förra menypubliceringen syns på plattformen.',
  'menu-push-removes-more':
    'Plattformens meny har ändrats sedan publiceringen bekräftades: den skulle nu också ta bort {names}. Inget skickades: kontrollera menyfilen igen och publicera den på nytt.',

  'courier-setup-first': 'Ställ in budleverans först.',
  'delivery-gone': 'Leveransen finns inte längre på terminalen.',
  'booking-not-waiting': 'Bokningen väntar inte på något beslut.',
  'booking-decided': 'Bokningen är redan avgjord.',
  'cancel-on-way': 'En avbokning av leveransen är redan på väg.',
  'delivery-not-booked': 'Leveransen är inte bokad hos plattformen än.',

  // Bud: bokning, avbokning, inställning och budtjänstens svar.
  'courier-offer-unknown': 'Prisförslaget finns inte eller har gått ut: hämta nytt pris och tid.',
  'courier-offer-not-binding':
    'Ett bud kan bara bokas med hela adressen: lägg till gata och postnummer eller ort, hämta sedan nytt pris.',
  'courier-tip-no-price':
    'Förslaget saknade pris, så dricks går inte att lägga till: lämna dricks tomt.',
  'courier-entry-lost':
    'Uppgifterna för bokningen finns inte kvar: boka budet på nytt i formuläret.',
  'courier-still-checking':
    'Kollar fortfarande om budet bokades: vänta en stund innan du bokar igen.',
  'courier-venue-first': 'Anslut restaurangen först: budets händelser kommer via den.',
  'courier-no-terminal-key': 'Terminalens relänyckel saknas: anslut restaurangen igen.',
  'courier-setup-failed':
    'Budleveransen kunde inte ställas in: {why, select, wrongVenue {reläet säger att terminalen inte hör till restaurangen.} refused {reläet godtog inte uppgifterna.} other {reläet svarade inte. Försök igen.}}',
  'delivery-already-cancelled': 'Leveransen är redan avbokad.',
  'courier-has-parcels': 'Budet har redan paketen: bara plattformens support kan avboka nu.',
  'courier-rebook-not-binding':
    'Adressen ger inte längre ett bindande pris: boka budet på nytt i formuläret.',
  'courier-never-booked': 'Leveransen bokades aldrig, så det finns inget att avboka.',
  'courier-pick-time': 'Välj en leveranstid',
  'courier-time-too-soon': 'Välj en tid mer än en timme fram, eller ”Så snart som möjligt”',
  'courier-outside-area': 'Adressen ligger utanför budets leveransområde.',
  'courier-time-refused':
    'Budtjänsten kan inte leverera då: välj en tid mer än en timme fram, eller så snart som möjligt.',
  'courier-offer-expired': 'Prisförslaget har gått ut: hämta nytt pris och tid.',
  'courier-address-needed': 'Fyll i gatuadress och postnummer eller ort',
  'courier-address-incomplete':
    'Ett bud kan bara bokas med hela adressen: lägg till gata och postnummer eller ort.',
  'courier-address-changed': 'Adressen har ändrats sedan prisförslaget: hämta nytt pris och tid.',
  'courier-cash-off': 'Kontant vid leverans är inte på för kontot: lämna kontant tomt.',
  'courier-venue-closed': 'Budtjänsten säger att stället är stängt nu: boka när det är öppet.',
  'courier-no-answer': 'Budtjänsten svarade inte: kolla internetanslutningen och försök igen.',
  'courier-setup-refused':
    'Budtjänsten godtog inte terminalens inställning: be en chef kolla budinställningen.',
  'courier-details-refused':
    'Budtjänsten godtog inte uppgifterna: kolla adressen och fälten och försök igen.',
  'courier-busy': 'Budtjänsten är upptagen: försök igen om en minut.',
  'courier-down': 'Budtjänsten har problem just nu: försök igen om en minut.',
  'courier-failed': 'Något gick fel mot budtjänsten: försök igen.',
  'courier-not-binding':
    '{missing, select, street {Priset gäller bara området: lägg till gata och nummer.} town {Bara gatan räcker inte: lägg till postnummer eller ort.} other {Adressen är inte exakt nog: lägg till gata och postnummer eller ort.}}',
  'field-too-long': 'Högst {n} tecken',
  'courier-number-needed':
    'Ange {what, select, minutes {minuterna} count {antalet} tip {dricksen} cash {kontantbeloppet} bags {antalet kassar} other {värdet}} som ett tal',
  'courier-whole-cents':
    'Ange {what, select, tip {dricksen} cash {kontantbeloppet} other {beloppet}} i hela cent',
  'courier-amount-zero':
    'Ange {what, select, tip {dricksen} cash {kontantbeloppet} other {beloppet}} över noll, eller lämna tomt',
  'courier-amount-high':
    'Det är mer än {max, number} för {what, select, tip {dricksen} cash {kontantbeloppet} other {beloppet}}',
  'courier-whole-minutes': 'Ange hela minuter',
  'courier-minutes-low': 'Minst {n, plural, one {# minut} other {# minuter}}',
  'courier-minutes-high': 'Högst {n} minuter: budtjänsten väntar inte längre',
  'courier-lat-lon': 'Ange både latitud och longitud, eller ingen av dem',
  'courier-parcel-what': 'Skriv vad paketet innehåller (budet ser det)',
  'whole-number': 'Ange ett heltal',
  'number-at-least': 'Minst {n}',
  'number-at-least-or-empty': 'Minst {n}, eller lämna tomt',
  'number-at-most': 'Högst {n}',
  'courier-name-needed': 'Fyll i kundens namn',
  'courier-phone-needed': 'Fyll i ett telefonnummer som budet kan ringa',
  'courier-phone-chars': 'Använd bara siffror, mellanslag och +',
  'courier-phone-short': 'Telefonnumret är för kort',
  'courier-email': 'Det här är inte en e-postadress',
  'courier-parcels-needed': 'Lägg till vad budet ska ta med',
  'courier-pin-no-contact': 'En PIN-kod kräver att någon möter vid dörren: bocka ur ett av de två',
  'courier-id-no-contact':
    'En ID-kontroll kräver att någon möter vid dörren: bocka ur ett av de två',
  'courier-no-pin': 'Leveransen bokades utan PIN-kod: budet behöver ingen vid dörren.',
  'courier-updates-down':
    '{why, select, offline {Leveransuppdateringar kommer inte fram: reläet svarade inte. Det försöker igen av sig självt.} refused {Leveransuppdateringar kommer inte fram: budtjänsten godtog inte inställningen. Be en chef kontrollera den.} other {Leveransuppdateringar kommer inte fram: budtjänsten har ett problem. Det försöker igen av sig självt.}}',

  'no-printer':
    '{document, select, kitchenTicket {Ingen skrivare skriver ut köksbongar.} pickupLabel {Ingen skrivare skriver ut upphämtningsetiketter.} receipt {Ingen skrivare skriver ut kvitton.} daySummary {Ingen skrivare skriver ut dagsrapporter.} other {Ingen skrivare skriver ut testsidor.}} Lägg till en under Restaurang → Skrivare.',
  'day-needed': 'Vilken dag? En dagsrapport behöver en dag.',
  'day-summary-failed': 'Dagsrapporten gick inte att göra. Försök igen.',
  'printer-gone': 'Den skrivaren är inte inställd.',
  'print-job-gone': 'Utskriften finns inte längre.',
  'print-job-printing': 'Den skrivs ut just nu.',
  'print-job-done':
    '{state, select, printed {Utskriften är redan utskriven.} canceled {Utskriften är redan avbruten.} other {Utskriften är redan skickad.}}',

  'history-page-stale': 'Den här historiksidan gäller inte längre; sök igen.',
  'history-order-gone': 'Beställningen finns inte i historiken.',
  'retention-invalid': 'Spara historiken i {min} till {max} dagar.',
};
