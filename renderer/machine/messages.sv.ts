// Swedish words of the machine slice (ICU MessageFormat; the keys and placeholders of messages.ts).
export const machineSv = {
  machine: {
    title: 'Den här kassan',
    language: 'Språk (den här skärmen)',
    kiosk: 'Kioskläge (helskärm, ut bara med personalens PIN)',
    startOnLogin: 'Starta Countertop när datorn startar',
    pin: 'Ny personal-PIN (4–8 siffror)',
    currentPin: 'Nuvarande personal-PIN',
    save: 'Spara',
    saved: 'Sparat.',
    pinNeeded: 'Kioskläget kräver en personal-PIN: ställ in en här först.',
    unlockTitle: 'Lämna kioskläget',
    unlock: 'Lämna kioskläget',
    unlocked: 'Kioskläget är av tills appen startas om.',
    desktopOnly: 'De här inställningarna gäller i skrivbordsappen.',
  },
  terminal: {
    title: 'Den här terminalen',
    name: 'Terminalens namn',
    nameHint:
      'Personalen ser namnet i varje orders historik och på restaurangens andra terminaler. Lämna tomt för att använda datorns namn.',
    save: 'Spara namn',
    saved: 'Namnet sparat.',
    printingTitle: 'Vem skriver ut vad',
    printingHint:
      'För hela restaurangen: varje utskrift skrivs ut en gång, på terminalen som väljs här.',
    anyTerminal: 'Valfri terminal med skrivare för den',
    thisOne: '{name} (den här terminalen)',
    unnamed: 'Terminal utan namn',
    waiting:
      'Sparat här; restaurangens andra terminaler får det när den här terminalen har anslutning igen.',
  },
  clockSkew:
    'Datorns klocka går {minutes} min {direction, select, behind {efter} other {före}} plattformens. Nedräkningarna följer plattformens klocka; ställ datorns datum och tid rätt (automatisk tid) så att inget annat går fel.',
  recovery: {
    title: 'Countertop stannar hela tiden',
    body: 'Skärmen stannade 3 gånger på 10 minuter. Beställningar och väntande åtgärder är säkra: terminalens tjänst har dem och den fortsatte köra. Starta om appen; händer det igen, ring support.',
    restart: 'Starta om Countertop',
  },
};
