// The words main prints. The kitchen ticket is in the language the kitchen reads: its own setting
// (PrintSettings.kitchenLanguage), so a Finnish counter can send English tickets to its kitchen.
// The pickup label, the receipt and the day summary are in the screen's language (what the
// counter staff read). ICU messages compiled by shared/i18n.ts, as the screen's are; a missing key
// is a type error.
import type { Language, Translation } from '../../shared/i18n';
import { compile, LOCALE_OF, m } from '../../shared/i18n';

export const ticketWords = {
  kitchen: 'KITCHEN',
  type: { takeaway: 'TAKEAWAY', homedelivery: 'DELIVERY', eatin: 'EAT-IN' },
  preorder: 'PRE-ORDER',
  courierAt: m('Courier {time}', 'time'),
  pickupAt: m('Pickup {time}', 'time'),
  asked: m('{time} (asked)', 'time'),
  received: m('Received {when}', 'when'),
  ownCourier: 'OWN COURIER',
  deliverBy: m('Deliver by {time}', 'time'),
  phone: m('Phone {phone}', 'phone'),
  leaveAtDoor: 'Leave at the door',
  allergy: '!! ALLERGY !!',
  note: m('Note: {note}', 'note'),
  items: m('{n, plural, one {# item} other {# items}}', 'n'),
  pickup: 'PICKUP',
  receipt: 'RECEIPT',
  total: 'TOTAL',
  thanks: 'Thank you!',
};

type Words = Translation<typeof ticketWords>;

// Reviewed by a native speaker who has worked a counter before shipping (Finnish, Swedish, German).
export const ticketTranslations: Record<Exclude<Language, 'en'>, Words> = {
  fi: {
    kitchen: 'KEITTIÖ',
    type: { takeaway: 'NOUTO', homedelivery: 'KOTIINKULJETUS', eatin: 'SYÖDÄÄN PAIKALLA' },
    preorder: 'ENNAKKOTILAUS',
    courierAt: 'Kuljettaja {time}',
    pickupAt: 'Nouto {time}',
    asked: '{time} (pyydetty)',
    received: 'Saapui {when}',
    ownCourier: 'OMA KULJETUS',
    deliverBy: 'Perillä klo {time}',
    phone: 'Puh. {phone}',
    leaveAtDoor: 'Jätä oven taakse',
    allergy: '!! ALLERGIA !!',
    note: 'Lisätieto: {note}',
    items: '{n, plural, one {# tuote} other {# tuotetta}}',
    pickup: 'NOUTOLAPPU',
    receipt: 'KUITTI',
    total: 'YHTEENSÄ',
    thanks: 'Kiitos!',
  },
  sv: {
    kitchen: 'KÖK',
    type: { takeaway: 'AVHÄMTNING', homedelivery: 'HEMLEVERANS', eatin: 'ÄTA HÄR' },
    preorder: 'FÖRBESTÄLLNING',
    courierAt: 'Bud {time}',
    pickupAt: 'Hämtas {time}',
    asked: '{time} (begärd)',
    received: 'Mottagen {when}',
    ownCourier: 'EGET BUD',
    deliverBy: 'Leverera senast {time}',
    phone: 'Tel. {phone}',
    leaveAtDoor: 'Lämna vid dörren',
    allergy: '!! ALLERGI !!',
    note: 'Notering: {note}',
    items: '{n, plural, one {# artikel} other {# artiklar}}',
    pickup: 'HÄMTLAPP',
    receipt: 'KVITTO',
    total: 'TOTALT',
    thanks: 'Tack!',
  },
  de: {
    kitchen: 'KÜCHE',
    type: { takeaway: 'ABHOLUNG', homedelivery: 'LIEFERUNG', eatin: 'VOR ORT' },
    preorder: 'VORBESTELLUNG',
    courierAt: 'Fahrer {time}',
    pickupAt: 'Abholung {time}',
    asked: '{time} (angefragt)',
    received: 'Eingegangen {when}',
    ownCourier: 'EIGENER FAHRER',
    deliverBy: 'Liefern bis {time}',
    phone: 'Tel. {phone}',
    leaveAtDoor: 'Vor die Tür stellen',
    allergy: '!! ALLERGIE !!',
    note: 'Hinweis: {note}',
    items: '{n, plural, one {# Artikel} other {# Artikel}}',
    pickup: 'ABHOLZETTEL',
    receipt: 'BELEG',
    total: 'GESAMT',
    thanks: 'Vielen Dank!',
  },
};

/** The ticket's words and the locale its times and dates are written in, for one language. */
export const ticketLanguage = (language: Language) => ({
  locale: LOCALE_OF[language],
  words: compile(
    ticketWords,
    language === 'en' ? ticketWords : ticketTranslations[language],
    LOCALE_OF[language],
  ),
});

export type TicketLanguage = ReturnType<typeof ticketLanguage>;
