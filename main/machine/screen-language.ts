// The language this terminal's screen speaks, as the renderer tells it (`language:set`, at load
// and at each switch). Main writes what it says to staff in it, and kitchen tickets follow it
// until staff choose the kitchen's own. Kept in the settings, so what main prints before a
// window opens after a restart is in the language staff last chose; English until told.
import type { Language } from '../../shared/i18n';
import type { ServiceApi } from '../../shared/ipc/contract';
import type { Settings } from '../storage/settings';
import { isLanguage } from '../../shared/i18n';

const SETTINGS_KEY = 'screen-language';

export type ScreenLanguage = {
  handlers: Pick<ServiceApi, 'language:set'>;
  /** The screen's language now. */
  current(): Language;
  /** Calls `listener` after each change of language; returns the unsubscriber. */
  onChange(listener: (language: Language) => void): () => void;
};

export const createScreenLanguage = (deps: { settings: Settings }): ScreenLanguage => {
  const listeners = new Set<(language: Language) => void>();
  const current = (): Language => {
    const stored = deps.settings.get<unknown>(SETTINGS_KEY);
    return isLanguage(stored) ? stored : 'en';
  };
  return {
    current,
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    handlers: {
      'language:set': async ({ language }) => {
        if (language !== current()) {
          deps.settings.set(SETTINGS_KEY, language);
          for (const listener of listeners) listener(language);
        }
        return { language };
      },
    },
  };
};
