// Every string staff see, as one typed lookup in the terminal's language: the kit's shared words
// and each slice's own (its folder's messages.ts, with messages.fi/sv/de.ts beside it). Also the
// list of every slice's catalog, for the message check (catalogs.test.ts).
import { localized } from '../../shared/i18n';
import type { Translations } from '../../shared/i18n';
import { currentLanguage, pseudoLocale } from '../ui-kit/language';
import { kitMessages, kitTranslations } from '../ui-kit/messages';
import { shellMessages } from '../shell/messages';
import { shellFi } from '../shell/messages.fi';
import { shellSv } from '../shell/messages.sv';
import { shellDe } from '../shell/messages.de';
import { setupMessages } from '../setup/messages';
import { setupFi } from '../setup/messages.fi';
import { setupSv } from '../setup/messages.sv';
import { setupDe } from '../setup/messages.de';
import { ordersMessages } from '../orders/messages';
import { ordersFi } from '../orders/messages.fi';
import { ordersSv } from '../orders/messages.sv';
import { ordersDe } from '../orders/messages.de';
import { streamMessages } from '../stream/messages';
import { streamFi } from '../stream/messages.fi';
import { streamSv } from '../stream/messages.sv';
import { streamDe } from '../stream/messages.de';
import { venueMessages } from '../venue/messages';
import { venueFi } from '../venue/messages.fi';
import { venueSv } from '../venue/messages.sv';
import { venueDe } from '../venue/messages.de';
import { menuMessages } from '../menu/messages';
import { menuFi } from '../menu/messages.fi';
import { menuSv } from '../menu/messages.sv';
import { menuDe } from '../menu/messages.de';
import { printingMessages } from '../printing/messages';
import { printingFi } from '../printing/messages.fi';
import { printingSv } from '../printing/messages.sv';
import { printingDe } from '../printing/messages.de';
import { historyMessages } from '../history/messages';
import { historyFi } from '../history/messages.fi';
import { historySv } from '../history/messages.sv';
import { historyDe } from '../history/messages.de';
import { diagnosticsMessages } from '../diagnostics/messages';
import { diagnosticsFi } from '../diagnostics/messages.fi';
import { diagnosticsSv } from '../diagnostics/messages.sv';
import { diagnosticsDe } from '../diagnostics/messages.de';
import { deliveryMessages } from '../delivery/messages';
import { deliveryFi } from '../delivery/messages.fi';
import { deliverySv } from '../delivery/messages.sv';
import { deliveryDe } from '../delivery/messages.de';
import { machineMessages } from '../machine/messages';
import { machineFi } from '../machine/messages.fi';
import { machineSv } from '../machine/messages.sv';
import { machineDe } from '../machine/messages.de';
import { updatesMessages } from '../updates/messages';
import { updatesFi } from '../updates/messages.fi';
import { updatesSv } from '../updates/messages.sv';
import { updatesDe } from '../updates/messages.de';

type Catalog = { folder: string; source: object; translations: Translations<object> };

const catalog = <T extends object>(
  folder: string,
  source: T,
  translations: Translations<T>,
): Catalog => ({ folder, source, translations: translations as Translations<object> });

/** Each slice's English source and its translations, by the folder that holds them. */
export const CATALOGS: readonly Catalog[] = [
  catalog('ui-kit', kitMessages, kitTranslations),
  catalog('shell', shellMessages, { fi: shellFi, sv: shellSv, de: shellDe }),
  catalog('setup', setupMessages, { fi: setupFi, sv: setupSv, de: setupDe }),
  catalog('orders', ordersMessages, { fi: ordersFi, sv: ordersSv, de: ordersDe }),
  catalog('stream', streamMessages, { fi: streamFi, sv: streamSv, de: streamDe }),
  catalog('venue', venueMessages, { fi: venueFi, sv: venueSv, de: venueDe }),
  catalog('menu', menuMessages, { fi: menuFi, sv: menuSv, de: menuDe }),
  catalog('printing', printingMessages, { fi: printingFi, sv: printingSv, de: printingDe }),
  catalog('history', historyMessages, { fi: historyFi, sv: historySv, de: historyDe }),
  catalog('diagnostics', diagnosticsMessages, {
    fi: diagnosticsFi,
    sv: diagnosticsSv,
    de: diagnosticsDe,
  }),
  catalog('delivery', deliveryMessages, { fi: deliveryFi, sv: deliverySv, de: deliveryDe }),
  catalog('machine', machineMessages, { fi: machineFi, sv: machineSv, de: machineDe }),
  catalog('updates', updatesMessages, { fi: updatesFi, sv: updatesSv, de: updatesDe }),
];

const source = {
  ...kitMessages,
  ...shellMessages,
  ...setupMessages,
  ...ordersMessages,
  ...streamMessages,
  ...venueMessages,
  ...menuMessages,
  ...printingMessages,
  ...historyMessages,
  ...diagnosticsMessages,
  ...deliveryMessages,
  ...machineMessages,
  ...updatesMessages,
};

const merged = (language: 'fi' | 'sv' | 'de') =>
  Object.assign({}, ...CATALOGS.map((c) => c.translations[language])) as object;

export const en = localized(
  source,
  { fi: merged('fi'), sv: merged('sv'), de: merged('de') } as Translations<typeof source>,
  currentLanguage,
  pseudoLocale,
);

export type Strings = typeof en;
