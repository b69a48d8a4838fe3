// The updates slice's strings; the shared words are the kit's (ui-kit/messages.ts).
import { kitMessages } from '../ui-kit/messages';

export const updatesMessages = {
  heldUpdate: {
    waiting: (version: string) =>
      `A big update (version ${version}) is waiting for your OK. Install it when the counter is quiet.`,
    install: 'Install',
    confirm: (version: string) =>
      `Install version ${version}? It starts when no order is open, and the app restarts.`,
    yes: 'Yes, install',
    notNow: 'Not now',
    changed: 'A newer update is waiting now. Read its version and tap Install again.',
    failed: 'The update could not be started. Try again; if it keeps failing, call support.',
  },
};

/** What this slice's components read: the kit's words and the slice's own. */
export const en = { ...kitMessages, ...updatesMessages };
