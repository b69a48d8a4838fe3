// The shell slice's strings; the shared words are the kit's (ui-kit/messages.ts).
import { sliceLookup } from '../ui-kit/messages';
import { shellFi } from './messages.fi';
import { shellSv } from './messages.sv';
import { shellDe } from './messages.de';

export const shellMessages = {
  /** The strip under the top bar that holds banners and notices. */
  notices: 'Notices',
  theme: {
    toDark: 'Dark',
    toLight: 'Light',
    /** The switch's face on a narrow screen. */
    sign: '◐',
  },
  shortcuts: {
    title: 'Keyboard shortcuts',
    open: 'Shortcuts',
    /** The button's face: the key that opens the help, so the top bar keeps to one row at 1600 px. */
    openKey: '?',
    // The order actions' keys come between these, from their declarations.
    navigate: [
      ['1 – 6', 'Orders, Venue, Menu, Activity, Couriers, History'],
      ['← → ↑ ↓', 'Select an order'],
    ] as ReadonlyArray<readonly [string, string]>,
    other: [
      ['M', 'Mute the ring for 2 minutes'],
      ['T', 'Switch light / dark'],
      ['Esc', 'Close a dialog'],
      ['?', 'This help'],
    ] as ReadonlyArray<readonly [string, string]>,
  },
};

/** What this slice's components read: the kit's words and the slice's own. */
export const en = sliceLookup(shellMessages, { fi: shellFi, sv: shellSv, de: shellDe });
