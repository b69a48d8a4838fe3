// German words of the shell slice (ICU MessageFormat; the keys and placeholders of messages.ts).
export const shellDe = {
  notices: 'Hinweise',
  theme: {
    toDark: 'Dunkel',
    toLight: 'Hell',
    sign: '◐',
  },
  shortcuts: {
    title: 'Tastenkürzel',
    open: 'Tastenkürzel',
    openKey: '?',
    navigate: [
      ['1 – 6', 'Bestellungen, Restaurant, Speisekarte, Aktivität, Kuriere, Verlauf'],
      ['← → ↑ ↓', 'Bestellung wählen'],
    ],
    other: [
      ['M', 'Klingel 2 Minuten stumm'],
      ['T', 'Hell / dunkel'],
      ['Esc', 'Dialog schließen'],
      ['?', 'Diese Hilfe'],
    ],
  },
};
