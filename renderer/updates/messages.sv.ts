// Swedish words of the updates slice (ICU MessageFormat; the keys and placeholders of messages.ts).
export const updatesSv = {
  heldUpdate: {
    waiting:
      'En stor uppdatering (version {version}) väntar på ditt OK. Installera den när det är lugnt i kassan.',
    install: 'Installera',
    confirm:
      'Installera version {version}? Den startar när ingen beställning är öppen, och appen startas om.',
    yes: 'Ja, installera',
    notNow: 'Inte nu',
    changed: 'En nyare uppdatering väntar nu. Läs dess version och tryck på Installera igen.',
    failed:
      'Uppdateringen kunde inte startas. Försök igen; om det fortsätter misslyckas, ring support.',
  },
};
