// The machine slice's strings; the shared words are the kit's (ui-kit/messages.ts).
import { m } from '../../shared/i18n';
import { sliceLookup } from '../ui-kit/messages';
import { machineFi } from './messages.fi';
import { machineSv } from './messages.sv';
import { machineDe } from './messages.de';

export const machineMessages = {
  machine: {
    title: 'This counter machine',
    language: 'Language (this screen)',
    kiosk: 'Kiosk mode (full screen, no way out without the staff PIN)',
    startOnLogin: 'Start Countertop when the computer starts',
    pin: 'New staff PIN (4–8 digits)',
    currentPin: 'Current staff PIN',
    save: 'Save',
    saved: 'Saved.',
    pinNeeded: 'Kiosk mode needs a staff PIN: set one here first.',
    unlockTitle: 'Leave kiosk mode',
    unlock: 'Leave kiosk mode',
    unlocked: 'Kiosk mode is off until the app restarts.',
    desktopOnly: 'These settings take effect in the desktop app.',
  },
  terminal: {
    title: 'This terminal',
    name: 'Name of this terminal',
    nameHint:
      'Staff see this name in each order’s history and on the venue’s other terminals. Leave it empty to use the computer’s name.',
    save: 'Save name',
    saved: 'Name saved.',
    printingTitle: 'Who prints what',
    printingHint: 'For the whole venue: each document prints once, on the terminal chosen here.',
    anyTerminal: 'Any terminal with a printer for it',
    thisOne: m('{name} (this terminal)', 'name'),
    unnamed: 'Terminal without a name',
    waiting:
      'Saved here; the venue’s other terminals get it once this terminal is connected again.',
  },
  clockSkew: m(
    'This computer’s clock is {minutes} min {direction, select, behind {behind} other {ahead of}} the platform’s. Countdowns here follow the platform’s clock; set the computer’s date and time right (automatic time) so nothing else goes wrong.',
    'minutes',
    'direction',
  ),
  recovery: {
    title: 'Countertop keeps stopping',
    body: 'The screen stopped 3 times in 10 minutes. Orders and pending actions are safe: they are kept by the terminal’s service, which kept running. Restart the app; if this happens again, call support.',
    restart: 'Restart Countertop',
  },
};

/** What this slice's components read: the kit's words and the slice's own. */
export const en = sliceLookup(machineMessages, { fi: machineFi, sv: machineSv, de: machineDe });
