// German words of the updates slice (ICU MessageFormat; the keys and placeholders of messages.ts).
export const updatesDe = {
  heldUpdate: {
    waiting:
      'Ein großes Update (Version {version}) wartet auf dein OK. Installieren, wenn an der Theke wenig los ist.',
    install: 'Installieren',
    confirm:
      'Version {version} installieren? Es startet, wenn keine Bestellung offen ist, und die App startet neu.',
    yes: 'Ja, installieren',
    notNow: 'Nicht jetzt',
    changed: 'Jetzt wartet ein neueres Update. Version lesen und nochmal auf Installieren tippen.',
    failed:
      'Das Update konnte nicht gestartet werden. Nochmal versuchen; klappt es weiter nicht, den Support anrufen.',
  },
};
