// Every string staff see, as one typed lookup: the kit's shared words and each slice's own
// (its folder's messages.ts), so the UI can be translated without touching components.
import { kitMessages } from '../ui-kit/messages';
import { shellMessages } from '../shell/messages';
import { setupMessages } from '../setup/messages';
import { ordersMessages } from '../orders/messages';
import { streamMessages } from '../stream/messages';
import { venueMessages } from '../venue/messages';
import { menuMessages } from '../menu/messages';
import { printingMessages } from '../printing/messages';
import { historyMessages } from '../history/messages';
import { diagnosticsMessages } from '../diagnostics/messages';
import { deliveryMessages } from '../delivery/messages';
import { machineMessages } from '../machine/messages';
import { updatesMessages } from '../updates/messages';

export const en = {
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

export type Strings = typeof en;
