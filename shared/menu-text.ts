// Which language of a menu text staff read (docs/i18n.md#menus-in-the-screens-language). The
// platform writes every menu name and description as a list of {lang, value} and names the
// menu's primary language: the screen's language is shown when the menu has it, else the
// primary, else the first value given. The one rule for every menu name main shows.

/** One language's value of a menu text, as the platform writes it (read leniently). */
export type MenuTextValue = { lang?: unknown; value?: unknown };

/** The language a menu is read in: the screen's, and the menu's own primary as the fallback. */
export type MenuReading = { language?: string | null; primary?: string | null };

/** "fi", "FI" and "fi-FI" are the same language; the platform writes ISO 639-1 codes. */
const baseLanguage = (code: unknown): string | null =>
  typeof code === 'string' && code.trim() !== ''
    ? (code.trim().toLowerCase().split(/[-_]/)[0] ?? null)
    : null;

/**
 * The value to show of a menu text, or null when it has none. A blank value counts as missing,
 * so a translation left empty never blanks a name on screen.
 */
export const pickMenuText = (
  texts: ReadonlyArray<MenuTextValue> | null | undefined,
  reading: MenuReading = {},
): string | null => {
  const given = (texts ?? []).flatMap((t) =>
    t && typeof t.value === 'string' && t.value.trim() !== ''
      ? [{ lang: baseLanguage(t.lang), value: t.value }]
      : [],
  );
  const inLanguage = (code: string | null | undefined): string | undefined => {
    const wanted = baseLanguage(code);
    return wanted === null ? undefined : given.find((t) => t.lang === wanted)?.value;
  };
  return inLanguage(reading.language) ?? inLanguage(reading.primary) ?? given[0]?.value ?? null;
};
