// Finnish words of the shell slice (ICU MessageFormat; the keys and placeholders of messages.ts).
export const shellFi = {
  notices: 'Ilmoitukset',
  theme: {
    toDark: 'Tumma',
    toLight: 'Vaalea',
    sign: '◐',
  },
  shortcuts: {
    title: 'Pikanäppäimet',
    open: 'Pikanäppäimet',
    openKey: '?',
    navigate: [
      ['1 – 6', 'Tilaukset, Ravintola, Menu, Tapahtumat, Kuskit, Historia'],
      ['← → ↑ ↓', 'Valitse tilaus'],
    ],
    other: [
      ['M', 'Hiljennä soitto 2 minuutiksi'],
      ['T', 'Vaalea / tumma'],
      ['Esc', 'Sulje ikkuna'],
      ['?', 'Tämä ohje'],
    ],
  },
};
