// Finnish words of the updates slice (ICU MessageFormat; the keys and placeholders of messages.ts).
export const updatesFi = {
  heldUpdate: {
    waiting:
      'Iso päivitys (versio {version}) odottaa lupaasi. Asenna se, kun tiskillä on hiljaista.',
    install: 'Asenna',
    confirm:
      'Asennetaanko versio {version}? Se alkaa, kun avoimia tilauksia ei ole, ja sovellus käynnistyy uudelleen.',
    yes: 'Kyllä, asenna',
    notNow: 'Ei nyt',
    changed: 'Uudempi päivitys odottaa nyt. Katso sen versio ja napauta Asenna uudelleen.',
    failed: 'Päivitystä ei voitu aloittaa. Yritä uudelleen; jos se ei onnistu, soita tukeen.',
  },
};
