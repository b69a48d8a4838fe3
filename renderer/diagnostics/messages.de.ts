// German words of the diagnostics slice (ICU MessageFormat; the keys and placeholders of messages.ts).
export const diagnosticsDe = {
  activity: {
    title: 'An die Plattform gesendete Aktionen',
    empty: 'Noch keine Aktionen.',
    states: {
      pending: 'Wartet',
      sending: 'Wird gesendet',
      failed: 'Fehlgeschlagen',
      done: 'Erledigt',
    },
    attempts: '{n, plural, one {# Versuch} other {# Versuche}}',
    nextAttempt: 'nächster Versuch {time}',
    describe: {
      accept:
        '{auto, select, true {Automatisch annehmen} other {Annehmen}}{orderNumber, select, none {} other { #{orderNumber}}}{minutes, select, none {} other { ({minutes} Min.)}}',
      reject: '{label}{orderNumber, select, none {} other { #{orderNumber}}}',
      ready: 'Fertig{orderNumber, select, none {} other { #{orderNumber}}}',
      delivered: '{label}{orderNumber, select, none {} other { #{orderNumber}}}',
      'confirm-preorder': '{label}{orderNumber, select, none {} other { #{orderNumber}}}',
      'picked-up': '{label}{orderNumber, select, none {} other { #{orderNumber}}}',
      'venue-online':
        '{online, select, true {Restaurant online} other {Restaurant offline{until, select, none {} other { bis {until}}}}}',
      'venue-opening-times':
        '{count, select, none {Öffnungszeiten} other {Öffnungszeiten ({count} Zeiträume)}}',
      'menu-push':
        '{count, select, none {Speisekarte} other {Speisekarte ({count} Artikel)}}{removed, select, none {} other {, entfernt {removed}}}',
      'item-availability':
        '{enabled, select, true {Wieder verfügbar} other {Ausverkauft}}: {name}{enabled, select, true {} other {{until, select, none {} other { bis {until}}}}}',
      'option-availability':
        '{enabled, select, true {Option an} other {Option aus}}: {name}{enabled, select, true {} other {{until, select, none {} other { bis {until}}}}}',
      'menu-price':
        '{discountedPrice, select, none {Neuer Preis} other {Rabatt}}: {name}{priceText, select, none {} other { {priceText}}}',
      'delivery-create': 'Kurier buchen{orderNumber, select, none {} other { #{orderNumber}}}',
      'delivery-cancel': 'Kurier stornieren{orderNumber, select, none {} other { #{orderNumber}}}',
      'sent-to-pos':
        'Plattform melden: Bestellung{orderNumber, select, none {} other { #{orderNumber}}} ist an der Kasse',
      'venue-settings': 'Restauranteinstellungen für alle Terminals',
    },
  },
  diagnostics: {
    export: 'Diagnose für den Support exportieren',
    exported: '{file} gespeichert. Enthält keine Passwörter, Schlüssel oder Kundendaten.',
    title: 'Probleme und Support',
    intro: 'Warnungen und Fehler aus dem Protokoll des Terminals, neueste zuerst.',
    none: 'Keine Warnungen oder Fehler protokolliert.',
    refresh: 'Aktualisieren',
    exporting: 'Exportiert…',
    slow: 'Das Terminal hat langsam reagiert (bis zu {ms} ms)',
    checkpoint:
      'Speichern auf die Festplatte ging nicht wie sonst: Das Terminal speichert anders weiter.',
    otherWarning: 'Eine Warnung für den Support: Diagnosedaten exportieren und senden.',
    link: '{link, select, relay {Bestellstrom} platform {Plattform} other {{link}}}: {state, select, connected {wieder verbunden} connecting {verbindet…} disconnected {antwortet nicht, Bestellungen kommen vielleicht nicht an} unconfigured {nicht eingerichtet} reachable {antwortet wieder} refused {Zugang entzogen, Bestellungen kommen nicht an} unreachable {antwortet nicht, Aktionen warten} unknown {wird geprüft…} other {{state}}}{why, select, offline { (keine Verbindung)} slow { (Zeitüberschreitung)} busy { (der Dienst hat ein Problem)} refused { (Terminal abgewiesen)} other {}}',
  },
};
