// The menu slice's strings; the shared words are the kit's (ui-kit/messages.ts).
import type { MenuChangeKind } from '../../shared/domain';
import { kitMessages } from '../ui-kit/messages';

export const menuMessages = {
  menu: {
    title: 'Menu',
    changePrice: 'Change price',
    priceLabel: 'Price (€)',
    discountLabel: 'Discounted price (€, empty: no discount)',
    savePrice: 'Send to the platform',
    cancelPrice: 'Cancel',
    priceFormFor: (name: string) => `Price of ${name}`,
    priceWas: (price: string) => `was ${price}`,
    priceChanging: (price: string) => `Changing to ${price}… (waiting for the platform)`,
    importTitle: 'Replace the menu',
    importFile: 'Import menu JSON file',
    checking: 'Checking…',
    issuesTitle: (n: number) => (n === 1 ? '1 problem in this menu' : `${n} problems in this menu`),
    okTitle: (n: number) => `This menu is valid: ${n} items`,
    diffAdded: 'Added',
    diffRemoved: 'Removed',
    diffChanged: 'Changed',
    changeKinds: {
      name: 'name',
      price: 'price',
      availability: 'availability',
      options: 'options',
      details: 'description or details',
    } satisfies Record<MenuChangeKind, string>,
    changedItem: (name: string, kinds: string[]) => `${name}: ${kinds.join(', ')}`,
    diffCounts: (before: number, after: number) => `Items: ${before} → ${after}`,
    diffCategories: (before: number, after: number) => `Categories: ${before} → ${after}`,
    none: 'none',
    warning:
      'Pushing replaces the WHOLE menu on the platform. Items missing from this file disappear for customers.',
    confirmReplace: 'I understand this replaces the whole menu',
    push: 'Push menu',
    pushed: 'Menu sent. It will show for customers once the platform has processed it.',
    itemsTitle: 'Item availability',
    itemsEmpty: 'The platform’s menu has no items.',
    notRead: 'Reading the platform’s menu…',
    readAt: (time: string) => `Platform menu read at ${time}`,
    readFailed: (reason: string) => `The platform’s menu could not be read: ${reason}`,
    refresh: 'Read again',
    available: 'Available',
    unavailable: 'Unavailable',
    soldOut: 'Sold out',
    soldOutUntil: (time: string) => `Sold out until ${time}`,
    off: 'Off',
    offUntil: (time: string) => `Off until ${time}`,
    makeUnavailable: 'Sold out…',
    makeAvailable: 'Available again',
    turnOff: 'Off…',
    turnOn: 'On again',
    changing: 'changing… (waiting for the platform)',
    soldOutFor: (name: string) => `${name} sold out for`,
    offFor: (name: string) => `${name} off for`,
    durations: {
      h1: '1 hour',
      restOfDay: 'Rest of the day',
      indefinitely: 'Until switched back',
    },
    disabledUntil: (time: string) => `until ${time}`,
    optionsTitle: 'Options',
    optionsSummary: (n: number) => `Options (${n})`,
    optionsHelp: 'Turning an option off hides it on every item that offers it.',
    restoreAt: (time: string) => `this terminal turns it on at ${time}`,
    lineSoldOut: 'Sold out',
    lineSoldOutLabel: (name: string) => `Mark ${name} sold out`,
    lineNotOnMenu: 'Not on the platform’s menu',
    pushChanging: (n: number) => `Menu push (${n} items): changing… (waiting for the platform)`,
    pushProblem: (text: string) => text,
    liveUnknown: (reason: string) =>
      `The platform’s current menu could not be read (${reason}). Nothing can be pushed until it can: a push replaces whatever the platform has.`,
    removesTitle: (n: number) =>
      n === 1
        ? 'This push removes 1 item from the platform’s menu'
        : `This push removes ${n} items from the platform’s menu`,
    removesHelp: 'Customers can no longer order these. Push only if that is what you want.',
    confirmRemove: (n: number) =>
      n === 1 ? 'Remove 1 item and push' : `Remove ${n} items and push`,
    back: 'Back',
    search: 'Find item',
    file: (name: string) => `File: ${name}`,
  },
};

/** What this slice's components read: the kit's words and the slice's own. */
export const en = { ...kitMessages, ...menuMessages };
