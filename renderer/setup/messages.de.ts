// German words of the setup slice (ICU MessageFormat; the keys and placeholders of messages.ts).
export const setupDe = {
  setup: {
    title: 'Dieses Terminal mit deinem Restaurant verbinden',
    intro:
      'Gib die Daten ein, die du beim Onboarding des Restaurants von der Plattform bekommen hast. Countertop prüft Relay und Plattform-Adressen, bevor es den Autorisierungscode nutzt, damit ein Fehler den Code nicht kostet. Geheimnisse liegen im Schlüsselbund dieses Computers, nie in einer Datei.',
    hints: {
      authUrl: 'In den Partnerdaten der Plattform, zum Beispiel https://auth.platform.example',
      posUrl: 'In den Partnerdaten der Plattform, zum Beispiel https://pos.platform.example',
      clientId: 'Die Client-ID deiner Integration, in den Partnerdaten der Plattform.',
      clientSecret: 'Das Geheimnis zur Client-ID.',
      code: 'Der Einmalcode der Plattform bei der Aktivierung des Restaurants (eine Stunde gültig).',
      redirectUri:
        'Die Adresse, für die der Code erstellt wurde, genau wie bei der Plattform registriert.',
      relayUrl: 'Adresse deines Relays ohne Pfad, zum Beispiel https://relay.example.com',
      terminalKey:
        'Für diese Theke auf dem Relay erstellt (admin create-terminal) und einmal angezeigt.',
    },
    platformSection: 'Plattform',
    authUrl: 'Anmelde-URL',
    posUrl: 'URL der Bestell-API',
    clientId: 'Client-ID',
    clientSecret: 'Client-Geheimnis',
    code: 'Autorisierungscode',
    redirectUri: 'Weiterleitungs-URI',
    relaySection: 'Bestellstrom (Relay)',
    relayUrl: 'Relay-URL',
    terminalKey: 'Terminal-Schlüssel',
    connect: 'Restaurant verbinden',
    connecting: 'Verbinde…',
    connected: 'Verbunden mit {venue}',
    failed: 'Verbindung fehlgeschlagen',
    fixFields: 'Markierte Felder prüfen.',
    cancel: 'Zurück zu den Bestellungen',
  },
  connection: {
    title: 'Verbindung',
    intro:
      'Woher dieses Terminal seine Bestellungen bekommt. Relay hier ändern, wenn es umzieht oder sein Schlüssel ersetzt wird; das Restaurant bleibt angemeldet, kein neuer Code nötig.',
    keepKey: 'Terminal-Schlüssel (leer lassen, um den aktuellen zu behalten)',
    newKey: 'Neuer Terminal-Schlüssel',
    refused:
      'Der Bestellstrom nimmt den Schlüssel dieses Terminals nicht mehr an. Den neuen Schlüssel für diese Theke eingeben und auf Verbindung ändern tippen: Das Restaurant bleibt angemeldet.',
    save: 'Verbindung ändern',
    saving: 'Wird geprüft…',
    saved: 'Verbindung geändert: Der Bestellstrom nutzt das neue Relay.',
    courier: 'Kurier-Einstellungen stehen unter Kuriere.',
    disconnectTitle: 'Dieses Terminal trennen',
    disconnectIntro:
      'Für ein Terminal, das dieses Restaurant verlässt: Die Schlüssel des Restaurants verlassen den Schlüsselbund, seine Bestellungen, Lieferungen und Kundendaten dieses Terminal. Drucker und die Einstellungen dieses Geräts bleiben. Bitte auch den Betreiber des Relays, den Schlüssel dieses Terminals zu sperren.',
    disconnect: 'Dieses Terminal trennen…',
    pin: 'Personal-PIN (leer lassen, wenn keine gesetzt ist)',
    dropWaiting:
      '{n, plural, one {# Aktion hat die Plattform noch nicht erreicht. Verwerfen und trennen.} other {# Aktionen haben die Plattform noch nicht erreicht. Verwerfen und trennen.}}',
    confirm: 'Jetzt trennen',
    keep: 'Verbunden lassen',
  },
};
