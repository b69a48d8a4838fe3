// German words of the setup slice (ICU MessageFormat; the keys and placeholders of messages.ts).
export const setupDe = {
  setup: {
    title: 'Dieses Terminal mit deinem Restaurant verbinden',
    intro:
      'Gib die Daten ein, die du von der Plattform bekommen hast, und melde dich dann bei der Plattform an: Ihre Seite öffnet sich in einem neuen Tab, du erlaubst Countertop dort, und das Terminal ist verbunden. Countertop prüft zuerst Relay und Plattform-Adressen, ein Fehler kostet also nichts. Geheimnisse liegen im Schlüsselbund dieses Computers, nie in einer Datei.',
    hints: {
      authUrl: 'In den Partnerdaten der Plattform, zum Beispiel https://auth.platform.example',
      posUrl: 'In den Partnerdaten der Plattform, zum Beispiel https://pos.platform.example',
      clientId:
        'Die Client-ID deiner Integration, in den Partnerdaten der Plattform, zum Beispiel countertop-4f2a9c',
      clientSecret:
        'Das Geheimnis zur Client-ID: eine lange Folge aus Buchstaben und Ziffern, zum Beispiel 9c1f…e07b',
      code: 'Der Einmalcode der Plattform bei der Aktivierung des Restaurants (eine Stunde gültig), zum Beispiel Xk3q…7Lw',
      redirectUri:
        'Die Adresse, für die der Code erstellt wurde, genau wie bei der Plattform registriert, zum Beispiel http://127.0.0.1/countertop/onboarding/callback',
      onboardingUrl:
        'Wo das Onboarding der Plattform für deine Integration beginnt, in den Partnerdaten der Plattform, zum Beispiel https://platform.example/onboarding?client_id=…',
      relayUrl: 'Adresse deines Relays ohne Pfad, zum Beispiel https://relay.example.com',
      terminalKey:
        'Für diese Theke auf dem Relay erstellt (admin create-terminal) und einmal angezeigt; er beginnt mit rtk_',
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
    onboardingUrl: 'Onboarding-Seite',
    signIn: 'Bei der Plattform anmelden',
    pasteSection: 'Oder Autorisierungscode eingeben',
    pasteIntro:
      'Wenn dir die Plattform stattdessen einen Code gegeben hat (zum Beispiel, wenn das Restaurant für dich eingerichtet wurde), gib ihn hier mit der Adresse ein, für die er erstellt wurde.',
    checking: 'Relay und Plattform werden geprüft…',
    waiting:
      'Warte auf die Plattform… Melde dich auf der geöffneten Seite der Plattform an, erlaube Countertop und komm dann hierher zurück.',
    openPage: 'Anmeldeseite der Plattform öffnen',
    blocked:
      'Der Browser hat die Seite der Plattform nicht selbst geöffnet: Tippe unten, um sie zu öffnen.',
    opening: 'Anmeldeseite der Plattform wird geöffnet…',
    cancelSignIn: 'Anmeldung abbrechen',
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
  venues: {
    title: 'Restaurants an diesem Terminal',
    intro:
      'Jedes Restaurant meldet sich mit seinem eigenen Autorisierungscode der Plattform an; die Bestellungen aller kommen auf diese eine Tafel.',
    unnamed: 'Restaurant {n}',
    first: 'Zuerst eingerichtet: Es geht nur, wenn das ganze Terminal getrennt wird.',
    add: 'Weiteres Restaurant hinzufügen',
    addIntro:
      'Gib den Code ein, den die Plattform für das andere Restaurant ausgegeben hat. Die Relay- und Plattformadressen des Terminals bleiben, wie sie sind.',
    addNow: 'Restaurant hinzufügen',
    adding: 'Wird hinzugefügt…',
    added: 'Restaurant hinzugefügt: Seine Bestellungen kommen auf diese Tafel.',
    cancel: 'Abbrechen',
    remove: 'Dieses Restaurant trennen…',
    removeTitle: '{venue} trennen',
    removeIntro:
      'Nur dieses Restaurant geht: Seine Schlüssel werden aus dem Schlüsselbund dieses Computers entfernt, seine Bestellungen, wartenden Aktionen und Speisekarten-Entwürfe von diesem Terminal. Die anderen Restaurants bekommen weiter Bestellungen.',
    dropWaiting:
      'Aktionen dieses Restaurants, die die Plattform noch nicht erreicht haben, verwerfen und trennen.',
    confirm: 'Restaurant trennen',
    keep: 'Restaurant behalten',
    removed: '{venue} wurde von diesem Terminal getrennt.',
  },
};
