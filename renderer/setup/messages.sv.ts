// Swedish words of the setup slice (ICU MessageFormat; the keys and placeholders of messages.ts).
export const setupSv = {
  setup: {
    title: 'Anslut terminalen till din restaurang',
    intro:
      'Fyll i uppgifterna du fick från plattformen när restaurangen anslöts. Countertop kontrollerar reläet och plattformens adresser innan den använder auktoriseringskoden, så ett misstag kostar dig inte koden. Hemligheter sparas i datorns nyckelring, aldrig i en fil.',
    hints: {
      authUrl: 'I plattformens partneruppgifter, till exempel https://auth.platform.example',
      posUrl: 'I plattformens partneruppgifter, till exempel https://pos.platform.example',
      clientId: 'Integrationens klient-ID, i plattformens partneruppgifter.',
      clientSecret: 'Hemligheten som kom med klient-ID:t.',
      code: 'Engångskoden plattformen gav när restaurangen aktiverades (gäller en timme).',
      redirectUri: 'Adressen koden gjordes för, exakt som den är registrerad hos plattformen.',
      relayUrl: 'Reläets adress utan sökväg, till exempel https://relay.example.com',
      terminalKey: 'Skapad för den här kassan på reläet (admin create-terminal) och visad en gång.',
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
};
