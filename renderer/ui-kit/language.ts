// The language this terminal's screen speaks: chosen on the machine screen and kept on this
// computer, else the OS locale's, else English. Every slice's lookup (`en` in its messages.ts)
// reads it at each use, so a switch shows at the next render, with no restart.
import { create } from 'zustand';
import { isLanguage, languageOf } from '../../shared/i18n';
import type { Language } from '../../shared/i18n';

const KEY = 'countertop.language';

const stored = (): Language | null => {
  try {
    const value = globalThis.localStorage?.getItem(KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
};

const systemLanguage = (): Language =>
  languageOf(typeof navigator === 'undefined' ? null : navigator.language);

export const useLanguage = create<{ language: Language }>(() => ({
  language: stored() ?? systemLanguage(),
}));

export const currentLanguage = (): Language => useLanguage.getState().language;

/** Switches the screen's language now and keeps the choice on this computer. */
export const setLanguage = (language: Language): void => {
  try {
    globalThis.localStorage?.setItem(KEY, language);
  } catch {
    // A screen without storage still switches; it only forgets the choice at restart.
  }
  useLanguage.setState({ language });
};

// A test-only switch, read once at load: the pseudo-locale (shared/i18n.ts pseudoText) in place
// of English, for the layout check at 1024×768 (test/e2e/pseudo-locale.test.ts). Staff never set
// it; nothing on screen does.
const PSEUDO_KEY = 'countertop.pseudo-locale';
const PSEUDO = ((): boolean => {
  try {
    return globalThis.localStorage?.getItem(PSEUDO_KEY) === 'on';
  } catch {
    return false;
  }
})();
export const pseudoLocale = (): boolean => PSEUDO;
