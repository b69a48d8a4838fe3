// Swedish words of the shell slice (ICU MessageFormat; the keys and placeholders of messages.ts).
export const shellSv = {
  notices: 'Meddelanden',
  theme: {
    toDark: 'Mörkt',
    toLight: 'Ljust',
    sign: '◐',
  },
  shortcuts: {
    title: 'Kortkommandon',
    open: 'Kortkommandon',
    openKey: '?',
    navigate: [
      ['1 – 6', 'Beställningar, Restaurang, Meny, Händelser, Bud, Historik'],
      ['← → ↑ ↓', 'Välj en beställning'],
    ],
    other: [
      ['M', 'Tysta signalen i 2 minuter'],
      ['T', 'Ljust / mörkt'],
      ['Esc', 'Stäng en dialog'],
      ['?', 'Den här hjälpen'],
    ],
  },
};
