// The menu slice's strings; the shared words are the kit's (ui-kit/messages.ts).
import type { MenuChangeKind } from '../../shared/domain';
import { m } from '../../shared/i18n';
import { sliceLookup } from '../ui-kit/messages';
import { menuFi } from './messages.fi';
import { menuSv } from './messages.sv';
import { menuDe } from './messages.de';

export const menuMessages = {
  menu: {
    title: 'Menu',
    changePrice: 'Change price',
    priceLabel: 'Price (€)',
    discountLabel: 'Discounted price (€, empty: no discount)',
    savePrice: 'Send to the platform',
    cancelPrice: 'Cancel',
    priceFormFor: m('Price of {name}', 'name'),
    priceWas: m('was {price}', 'price'),
    priceChanging: m('Changing to {price}… (waiting for the platform)', 'price'),
    importTitle: 'Replace the menu',
    importFile: 'Import menu JSON file',
    checking: 'Checking…',
    issuesTitle: m(
      '{n, plural, one {# problem in this menu} other {# problems in this menu}}',
      'n',
    ),
    okTitle: m('This menu is valid: {n} items', 'n'),
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
    changedItem: m('{name}: {kinds}', 'name', 'kinds'),
    diffCounts: m('Items: {before} → {after}', 'before', 'after'),
    diffCategories: m('Categories: {before} → {after}', 'before', 'after'),
    none: 'none',
    warning:
      'Pushing replaces the WHOLE menu on the platform. Items missing from this file disappear for customers.',
    confirmReplace: 'I understand this replaces the whole menu',
    push: 'Push menu',
    pushed: 'Menu sent. It will show for customers once the platform has processed it.',
    itemsTitle: 'Item availability',
    itemsEmpty: 'The platform’s menu has no items.',
    notRead: 'Reading the platform’s menu…',
    readAt: m('Platform menu read at {time}', 'time'),
    readFailed: m('The platform’s menu could not be read: {reason}', 'reason'),
    refresh: 'Read again',
    available: 'Available',
    unavailable: 'Unavailable',
    soldOut: 'Sold out',
    soldOutUntil: m('Sold out until {time}', 'time'),
    off: 'Off',
    offUntil: m('Off until {time}', 'time'),
    makeUnavailable: 'Sold out…',
    makeAvailable: 'Available again',
    turnOff: 'Off…',
    turnOn: 'On again',
    changing: 'changing… (waiting for the platform)',
    soldOutFor: m('{name} sold out for', 'name'),
    offFor: m('{name} off for', 'name'),
    durations: {
      h1: '1 hour',
      restOfDay: 'Rest of the day',
      indefinitely: 'Until switched back',
    },
    disabledUntil: m('until {time}', 'time'),
    optionsTitle: 'Options',
    optionsSummary: m('Options ({n})', 'n'),
    optionsHelp: 'Turning an option off hides it on every item that offers it.',
    restoreAt: m('this terminal turns it on at {time}', 'time'),
    lineSoldOut: 'Sold out',
    lineSoldOutLabel: m('Mark {name} sold out', 'name'),
    lineNotOnMenu: 'Not on the platform’s menu',
    pushChanging: m('Menu push ({n} items): changing… (waiting for the platform)', 'n'),
    pushProblem: m('{text}', 'text'),
    liveUnknown: m(
      'The platform’s current menu could not be read ({reason}). Nothing can be pushed until it can: a push replaces whatever the platform has.',
      'reason',
    ),
    removesTitle: m(
      '{n, plural, one {This push removes # item from the platform’s menu} other {This push removes # items from the platform’s menu}}',
      'n',
    ),
    removesHelp: 'Customers can no longer order these. Push only if that is what you want.',
    confirmRemove: m(
      '{n, plural, one {Remove # item and push} other {Remove # items and push}}',
      'n',
    ),
    back: 'Back',
    search: 'Find item',
    file: m('File: {name}', 'name'),
  },
};

/** What this slice's components read: the kit's words and the slice's own. */
export const en = sliceLookup(menuMessages, { fi: menuFi, sv: menuSv, de: menuDe });
