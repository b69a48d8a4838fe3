// The words staff see for an order's status and type, in every language: one declaration for the
// screen (the kit's catalogs take them), for paper and for what leaves the terminal in staff hands
// (the CSV export). Each language is typed against English's keys: a missing word does not compile.
import type { Language } from './i18n';
import type { DeliveryType, OrderStatus } from './order-status';

export const STATUS_WORDS: Record<OrderStatus, string> = {
  CREATED: 'New',
  PRODUCTION: 'In preparation',
  READY: 'Ready',
  DELIVERED: 'Handed over',
  REJECTED: 'Rejected',
  CANCELED: 'Cancelled by platform',
};

export const TYPE_WORDS = {
  takeaway: 'Takeaway',
  delivery: 'Delivery',
  selfDelivery: 'Own delivery',
  eatin: 'Eat in',
} as const;

export type TypeKey = keyof typeof TYPE_WORDS;

export type OrderWords = {
  readonly status: Record<OrderStatus, string>;
  readonly type: Record<TypeKey, string>;
};

// Reviewed by a native speaker who has worked a counter before shipping (Finnish, Swedish, German).
export const ORDER_WORDS: Record<Language, OrderWords> = {
  en: { status: STATUS_WORDS, type: TYPE_WORDS },
  fi: {
    status: {
      CREATED: 'Uusi',
      PRODUCTION: 'Valmistuksessa',
      READY: 'Valmis',
      DELIVERED: 'Luovutettu',
      REJECTED: 'Hylätty',
      CANCELED: 'Alusta perui',
    },
    type: {
      takeaway: 'Nouto',
      delivery: 'Kotiinkuljetus',
      selfDelivery: 'Oma kuljetus',
      eatin: 'Syödään täällä',
    },
  },
  sv: {
    status: {
      CREATED: 'Ny',
      PRODUCTION: 'Tillagas',
      READY: 'Klar',
      DELIVERED: 'Utlämnad',
      REJECTED: 'Avvisad',
      CANCELED: 'Avbruten av plattformen',
    },
    type: {
      takeaway: 'Avhämtning',
      delivery: 'Leverans',
      selfDelivery: 'Egen leverans',
      eatin: 'Äta här',
    },
  },
  de: {
    status: {
      CREATED: 'Neu',
      PRODUCTION: 'In Zubereitung',
      READY: 'Fertig',
      DELIVERED: 'Übergeben',
      REJECTED: 'Abgelehnt',
      CANCELED: 'Von der Plattform storniert',
    },
    type: {
      takeaway: 'Abholung',
      delivery: 'Lieferung',
      selfDelivery: 'Eigene Lieferung',
      eatin: 'Vor Ort',
    },
  },
};

/** Which of the type words an order's tag says. */
export const typeKey = (order: { deliveryType: DeliveryType; selfDelivery: boolean }): TypeKey =>
  order.deliveryType === 'takeaway'
    ? 'takeaway'
    : order.deliveryType === 'eatin'
      ? 'eatin'
      : order.selfDelivery
        ? 'selfDelivery'
        : 'delivery';

/** An order's type as the card's tag says it, in a language (always named: no English default). */
export const typeWord = (
  order: { deliveryType: DeliveryType; selfDelivery: boolean },
  language: Language,
): string => ORDER_WORDS[language].type[typeKey(order)];
