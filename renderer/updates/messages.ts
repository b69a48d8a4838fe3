// The updates slice's strings; the shared words are the kit's (ui-kit/messages.ts).
import { m } from '../../shared/i18n';
import { sliceLookup } from '../ui-kit/messages';
import { updatesFi } from './messages.fi';
import { updatesSv } from './messages.sv';
import { updatesDe } from './messages.de';

export const updatesMessages = {
  heldUpdate: {
    waiting: m(
      'A big update (version {version}) is waiting for your OK. Install it when the counter is quiet.',
      'version',
    ),
    install: 'Install',
    confirm: m(
      'Install version {version}? It starts when no order is open, and the app restarts.',
      'version',
    ),
    yes: 'Yes, install',
    notNow: 'Not now',
    changed: 'A newer update is waiting now. Read its version and tap Install again.',
    failed: 'The update could not be started. Try again; if it keeps failing, call support.',
  },
};

/** What this slice's components read: the kit's words and the slice's own. */
export const en = sliceLookup(updatesMessages, { fi: updatesFi, sv: updatesSv, de: updatesDe });
