// The venue slice's strings; the shared words are the kit's (ui-kit/messages.ts).
import { m } from '../../shared/i18n';
import { kitMessages, sliceLookup } from '../ui-kit/messages';
import { venueFi } from './messages.fi';
import { venueSv } from './messages.sv';
import { venueDe } from './messages.de';

export const venueMessages = {
  venue: {
    ...kitMessages.venue,
    title: 'Venue',
    online: 'Online',
    offline: 'Offline',
    open: 'Open now',
    closed: 'Closed now',
    fetchedAt: m('Platform status read at {time}', 'time'),
    neverFetched: 'Platform status not read yet',
    refresh: 'Refresh',
    goOffline: 'Go offline',
    offlineFor: 'Go offline for',
    durations: {
      m30: '30 min',
      h1: '1 h',
      restOfDay: 'Rest of the day',
      indefinitely: 'Until switched back',
    },
    pending: 'Change waiting for the platform…',
    /** Shown instead of a state staff asked for until the platform confirmed it. */
    changing: 'changing… (waiting for the platform)',
    changingShort: 'changing…',
    goingOffline: m(
      '{until, select, none {Going offline until switched back} other {Going offline until {until}}}',
      'until',
    ),
    goingOnline: 'Going online',
    openingTimesChanging: 'New opening times: changing… (waiting for the platform)',
    unknown: 'The venue status is not known yet.',
    timeZone: m('Times are the venue’s local time ({zone}).', 'zone'),
    draftKept: 'Your changes are kept until you save or discard them.',
    discard: 'Discard changes',
    edit: 'Change opening times',
    noOpeningTimes: 'No opening times: the venue is closed all week.',
    timeFormat: 'Use HH:MM, e.g. 09:30 (24:00 for midnight)',
    closesBeforeOpening:
      'Closes before it opens on the same day: pick the next day as the closing day',
    closesWhenOpening: 'Opens and closes at the same time',
    overlaps: m('Overlaps opening time {n}', 'n'),
    openingTimes: 'Opening times',
    openingDay: 'Opening day',
    openingTime: 'Opening time',
    closingDay: 'Closing day',
    closingTime: 'Closing time',
    addRow: 'Add opening time',
    removeRow: 'Remove',
    saveOpeningTimes: 'Save opening times',
    saved: 'Sent to the platform.',
    /** A terminal of several venues: every venue at once. */
    takeAllOffline: 'Take all venues offline',
    putAllOnline: 'Put all venues online',
    takeOfflineFor: m('Take {venues} offline for', 'venues'),
    allOnline: 'All venues online',
    /** The Venue tab's badge: venues offline of all (its title says it in words). */
    offlineShort: m('{offline}/{total}', 'offline', 'total'),
    venuesUnknown: 'Venue status not read yet',
    allOffline: 'All venues offline',
    offlineCount: m('{offline} of {total} venues offline', 'offline', 'total'),
    venuesChanging: m(
      '{n, plural, one {# venue changing… (waiting for the platform)} other {# venues changing… (waiting for the platform)}}',
      'n',
    ),
  },
};

/** What this slice's components read: the kit's words and the slice's own. */
export const en = sliceLookup(venueMessages, { fi: venueFi, sv: venueSv, de: venueDe });
