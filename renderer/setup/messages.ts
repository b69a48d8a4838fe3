// The setup slice's strings; the shared words are the kit's (ui-kit/messages.ts).
import { kitMessages } from '../ui-kit/messages';

export const setupMessages = {
  setup: {
    title: 'Connect this terminal to your venue',
    intro:
      'Enter the details you received from the platform when your venue was onboarded. Secrets are stored in this computer’s keychain, never in a file.',
    platformSection: 'Platform',
    authUrl: 'Auth URL',
    posUrl: 'Order API URL',
    clientId: 'Client ID',
    clientSecret: 'Client secret',
    code: 'Authorization code',
    redirectUri: 'Redirect URI',
    relaySection: 'Order stream (relay)',
    relayUrl: 'Relay URL',
    terminalKey: 'Terminal key',
    connect: 'Connect venue',
    connecting: 'Connecting…',
    connected: (venue: string) => `Connected to ${venue}`,
    failed: 'Could not connect',
    fixFields: 'Check the highlighted fields.',
    cancel: 'Back to orders',
  },
};

/** What this slice's components read: the kit's words and the slice's own. */
export const en = { ...kitMessages, ...setupMessages };
