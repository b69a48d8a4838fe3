// Swedish words of the setup slice (ICU MessageFormat; the keys and placeholders of messages.ts).
export const setupSv = {
  setup: {
    title: 'Anslut terminalen till din restaurang',
    intro:
      'Fyll i uppgifterna du fick från plattformen och logga sedan in hos plattformen: dess sida öppnas i en ny flik, du godkänner Countertop där och terminalen är ansluten. Countertop kontrollerar reläet och plattformens adresser först, så ett misstag kostar ingenting. Hemligheter sparas i datorns nyckelring, aldrig i en fil.',
    hints: {
      authUrl: 'I plattformens partneruppgifter, till exempel https://auth.platform.example',
      posUrl: 'I plattformens partneruppgifter, till exempel https://pos.platform.example',
      clientId:
        'Integrationens klient-ID, i plattformens partneruppgifter, till exempel countertop-4f2a9c',
      clientSecret:
        'Hemligheten som kom med klient-ID:t: en lång rad bokstäver och siffror, till exempel 9c1f…e07b',
      code: 'Engångskoden plattformen gav när restaurangen aktiverades (gäller en timme), till exempel Xk3q…7Lw',
      redirectUri:
        'Adressen koden gjordes för, exakt som den är registrerad hos plattformen, till exempel http://127.0.0.1/countertop/onboarding/callback',
      onboardingUrl:
        'Där plattformens onboarding börjar för din integration, i plattformens partneruppgifter, till exempel https://platform.example/onboarding?client_id=…',
      relayUrl: 'Reläets adress utan sökväg, till exempel https://relay.example.com',
      terminalKey:
        'Skapad för den här kassan på reläet (admin create-terminal) och visad en gång; den börjar med rtk_',
    },
    platformSection: 'Plattform',
    authUrl: 'Inloggnings-URL',
    posUrl: 'URL för beställnings-API',
    clientId: 'Klient-ID',
    clientSecret: 'Klienthemlighet',
    code: 'Auktoriseringskod',
    redirectUri: 'Omdirigerings-URI',
    relaySection: 'Beställningsflöde (relä)',
    relayUrl: 'Relä-URL',
    terminalKey: 'Terminalnyckel',
    onboardingUrl: 'Onboardingsida',
    signIn: 'Logga in hos plattformen',
    pasteSection: 'Eller klistra in en auktoriseringskod',
    pasteIntro:
      'Om plattformen gav dig en kod i stället (till exempel när restaurangen sattes upp åt dig), skriv in den här tillsammans med adressen den gjordes för.',
    checking: 'Kontrollerar reläet och plattformen…',
    waiting:
      'Väntar på plattformen… Logga in på plattformens sida som öppnades, godkänn Countertop och kom sedan tillbaka hit.',
    openPage: 'Öppna plattformens inloggningssida',
    blocked: 'Webbläsaren öppnade inte plattformens sida själv: tryck nedan för att öppna den.',
    opening: 'Öppnar plattformens inloggningssida…',
    cancelSignIn: 'Avbryt inloggningen',
    connect: 'Anslut restaurang',
    connecting: 'Ansluter…',
    connected: 'Ansluten till {venue}',
    failed: 'Kunde inte ansluta',
    fixFields: 'Kolla de markerade fälten.',
    cancel: 'Tillbaka till beställningar',
  },
  connection: {
    title: 'Anslutning',
    intro:
      'Var terminalen får sina beställningar ifrån. Byt relä här när det flyttar eller dess nyckel byts; restaurangen förblir inloggad, ingen ny kod behövs.',
    keepKey: 'Terminalnyckel (lämna tom för att behålla den nuvarande)',
    newKey: 'Ny terminalnyckel',
    refused:
      'Beställningsflödet godtar inte längre den här terminalens nyckel. Ange den nya nyckeln för den här kassan och tryck på Byt anslutning: restaurangen förblir inloggad.',
    save: 'Byt anslutning',
    saving: 'Kontrollerar…',
    saved: 'Anslutningen bytt: beställningsflödet använder det nya reläet.',
    courier: 'Budinställningar finns under Bud.',
    disconnectTitle: 'Koppla från terminalen',
    disconnectIntro:
      'För en terminal som lämnar restaurangen: restaurangens nycklar tas bort från datorns nyckelring, och dess beställningar, leveranser och kunduppgifter tas bort från terminalen. Skrivare och maskinens inställningar blir kvar. Be den som sköter reläet att dra tillbaka terminalens nyckel också.',
    disconnect: 'Koppla från terminalen…',
    pin: 'Personal-PIN (lämna tom om ingen finns)',
    dropWaiting:
      '{n, plural, one {# åtgärd har inte nått plattformen än. Släng den och koppla från.} other {# åtgärder har inte nått plattformen än. Släng dem och koppla från.}}',
    confirm: 'Koppla från nu',
    keep: 'Behåll anslutningen',
  },
  venues: {
    title: 'Restauranger på den här terminalen',
    intro:
      'Varje restaurang loggar in med sin egen auktoriseringskod från plattformen; allas beställningar kommer till den här tavlan.',
    unnamed: 'Restaurang {n}',
    first: 'Ansluten först: den försvinner bara när hela terminalen kopplas från.',
    add: 'Lägg till en restaurang till',
    addIntro:
      'Ange koden som plattformen gav för den andra restaurangen. Terminalens relä- och plattformsadresser förblir som de är.',
    addNow: 'Lägg till restaurang',
    adding: 'Lägger till…',
    added: 'Restaurangen har lagts till: dess beställningar kommer till den här tavlan.',
    cancel: 'Avbryt',
    remove: 'Koppla från den här restaurangen…',
    removeTitle: 'Koppla från {venue}',
    removeIntro:
      'Bara den här restaurangen försvinner: dess nycklar tas bort ur datorns nyckelring, och dess beställningar, väntande åtgärder och menyutkast tas bort från terminalen. De andra restaurangerna tar emot beställningar som vanligt.',
    dropWaiting: 'Släng restaurangens åtgärder som inte har nått plattformen, och koppla från den.',
    confirm: 'Koppla från restaurangen',
    keep: 'Behåll restaurangen',
    removed: '{venue} har kopplats från den här terminalen.',
  },
};
