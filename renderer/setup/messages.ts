// The setup slice's strings; the shared words are the kit's (ui-kit/messages.ts).
import { m } from '../../shared/i18n';
import { sliceLookup } from '../ui-kit/messages';
import { setupFi } from './messages.fi';
import { setupSv } from './messages.sv';
import { setupDe } from './messages.de';

export const setupMessages = {
  setup: {
    title: 'Connect this terminal to your venue',
    intro:
      'Enter the details you received from the platform, then sign in with the platform: its page opens in a new tab, you allow Countertop there, and this terminal is connected. Countertop checks the relay and the platform’s addresses first, so a mistake costs nothing. Secrets are stored in this computer’s keychain, never in a file.',
    hints: {
      authUrl: 'In the platform’s partner details, for example https://auth.platform.example',
      posUrl: 'In the platform’s partner details, for example https://pos.platform.example',
      clientId:
        'Your integration’s client ID, in the platform’s partner details, for example countertop-4f2a9c',
      clientSecret:
        'The secret given with the client ID: a long run of letters and digits, for example 9c1f…e07b',
      code: 'The one-time code the platform gave when this venue was activated (good for one hour), for example Xk3q…7Lw',
      redirectUri:
        'The address the code was made for, exactly as registered with the platform, for example http://127.0.0.1/countertop/onboarding/callback',
      onboardingUrl:
        'Where the platform’s onboarding starts for your integration, in the platform’s partner details, for example https://platform.example/onboarding?client_id=…',
      relayUrl: 'Your relay’s address without a path, for example https://relay.example.com',
      terminalKey:
        'Made for this counter on the relay (admin create-terminal) and shown once; it starts with rtk_',
    },
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
    onboardingUrl: 'Onboarding page',
    signIn: 'Sign in with the platform',
    pasteSection: 'Or paste an authorization code',
    pasteIntro:
      'If the platform gave you a code instead (for example when your venue was set up for you), enter it here with the address it was made for.',
    checking: 'Checking the relay and the platform…',
    waiting:
      'Waiting for the platform… Sign in on the platform’s page that opened, allow Countertop, then come back here.',
    openPage: 'Open the platform’s sign-in page',
    blocked: 'The browser did not open the platform’s page by itself: tap below to open it.',
    opening: 'Opening the platform’s sign-in page…',
    cancelSignIn: 'Cancel sign-in',
    connect: 'Connect venue',
    connecting: 'Connecting…',
    connected: m('Connected to {venue}', 'venue'),
    failed: 'Could not connect',
    fixFields: 'Check the highlighted fields.',
    cancel: 'Back to orders',
  },
  connection: {
    title: 'Connection',
    intro:
      'Where this terminal gets its orders from. Change the relay here when it moves or its key is replaced; the venue stays signed in, no new code is needed.',
    keepKey: 'Terminal key (leave empty to keep the current one)',
    newKey: 'New terminal key',
    refused:
      'The order stream no longer accepts this terminal’s key. Enter the new key made for this counter and tap Change connection: the venue stays signed in.',
    save: 'Change connection',
    saving: 'Checking…',
    saved: 'Connection changed: the order stream uses the new relay.',
    courier: 'Courier delivery settings are under Couriers.',
    disconnectTitle: 'Disconnect this terminal',
    disconnectIntro:
      'For a terminal that leaves this venue: the venue’s keys leave this computer’s keychain, and its orders, deliveries and customers’ details leave this terminal. Printers and this machine’s settings stay. Ask whoever runs your relay to withdraw this terminal’s key too.',
    disconnect: 'Disconnect this terminal…',
    pin: 'Staff PIN (leave empty if none is set)',
    dropWaiting: m(
      '{n, plural, one {# action has not reached the platform yet. Drop it and disconnect.} other {# actions have not reached the platform yet. Drop them and disconnect.}}',
      'n',
    ),
    confirm: 'Disconnect now',
    keep: 'Keep connected',
  },
  venues: {
    title: 'Venues on this terminal',
    intro:
      'Each venue signs in with its own authorization code from the platform; the orders of all of them come to this one board.',
    unnamed: m('Venue {n}', 'n'),
    first: 'Set up first: it leaves with Disconnect this terminal.',
    add: 'Add another venue',
    addIntro:
      'Enter the code the platform gave for the other venue. This terminal’s relay and platform addresses stay as they are.',
    addNow: 'Add venue',
    adding: 'Adding…',
    added: 'Venue added: its orders come to this board.',
    cancel: 'Cancel',
    remove: 'Disconnect this venue…',
    removeTitle: m('Disconnect {venue}', 'venue'),
    removeIntro:
      'Only this venue leaves: its keys leave this computer’s keychain, and its orders, waiting actions and menu drafts leave this terminal. The other venues keep receiving orders.',
    dropWaiting: 'Drop this venue’s actions that have not reached the platform, and disconnect it.',
    confirm: 'Disconnect venue',
    keep: 'Keep venue',
    removed: m('{venue} was disconnected from this terminal.', 'venue'),
  },
};

/** What this slice's components read: the kit's words and the slice's own. */
export const en = sliceLookup(setupMessages, { fi: setupFi, sv: setupSv, de: setupDe });
