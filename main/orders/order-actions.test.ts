import { describe, expect, it } from 'vitest';
import { adjustedPickupTime } from '../../shared/order-timing';
import { laterStatus } from '../../shared/domain';
import { mapOrderV2, toOrderStatus } from '../marketplace/order-mapping';
import { orderV2Schema } from '../marketplace/schemas';

const now = Date.parse('2026-11-23T10:00:00.000Z');

describe('accept preparation time', () => {
  it('keeps the platform estimate when the food is ready before it', () => {
    expect(adjustedPickupTime('2026-11-23T10:20:00.000Z', 15, now)).toBeNull();
    expect(adjustedPickupTime('2026-11-23T10:20:00.000Z', null, now)).toBeNull();
  });
  it('moves the pickup to when the food is ready', () => {
    expect(adjustedPickupTime('2026-11-23T10:20:00.000Z', 30, now)).toBe(
      '2026-11-23T10:30:00.000Z',
    );
  });
  it('caps the move at 25 minutes after the estimate, as the API requires', () => {
    expect(adjustedPickupTime('2026-11-23T10:20:00.000Z', 120, now)).toBe(
      '2026-11-23T10:45:00.000Z',
    );
  });
});

describe('order mapping', () => {
  it('maps every spelling of a status and never goes backwards', () => {
    expect(
      [
        'received',
        'fetched',
        'acknowledged',
        'production',
        'READY',
        'delivered',
        'rejected',
        'CANCELED',
        'other',
      ].map(toOrderStatus),
    ).toEqual([
      'CREATED',
      'CREATED',
      'CREATED',
      'PRODUCTION',
      'READY',
      'DELIVERED',
      'REJECTED',
      'CANCELED',
      null,
    ]);
    expect(laterStatus('READY', 'PRODUCTION')).toBe('READY');
    expect(laterStatus('PRODUCTION', 'READY')).toBe('READY');
    expect(laterStatus('CANCELED', 'DELIVERED')).toBe('CANCELED');
  });

  it('maps an OrderV2 to the app order', () => {
    const v2 = orderV2Schema.parse({
      id: 'o1',
      order_number: '042',
      venue: { id: 'v1', name: 'Kitchen' },
      order_status: 'fetched',
      type: 'preorder',
      pre_order: { preorder_time: '2026-11-23T12:00:00Z', pre_order_status: 'waiting' },
      delivery: {
        type: 'homedelivery',
        self_delivery: true,
        time: null,
        location: {
          street_address: 'Bulevardi 5',
          apartment: 'A 12',
          city: 'Helsinki',
          zip_code: '00120',
          country: 'FIN',
          coordinates: { lon: 24.94, lat: 60.165 },
          formatted_address: 'Bulevardi 5 A 12\n00120 Helsinki',
        },
      },
      items: [
        {
          id: 'i1',
          name: 'Burger',
          count: 2,
          pos_id: null,
          sku: 'SKU1',
          gtin: null,
          category: null,
          deposit: null,
          options: [
            {
              id: 'x',
              name: 'Sauce',
              value: 'Mayo',
              price: { amount: 50, currency: 'EUR' },
              count: 1,
            },
          ],
          item_price: {
            total: { amount: 2100, currency: 'EUR' },
            unit_price: { amount: 1050, currency: 'EUR' },
          },
        },
      ],
      basket_price: { total: { amount: 2100, currency: 'EUR' } },
      consumer_name: 'Ann B.',
      consumer_phone_number: null,
      consumer_comment: 'No onions',
      pickup_eta: '2026-11-23T11:40:00Z',
      created_at: '2026-11-23T10:00:00Z',
      unknown_future_field: true,
    });
    expect(mapOrderV2(v2, 'CREATED', new Date(now).toISOString())).toEqual({
      id: 'o1',
      orderNumber: '042',
      venueId: 'v1',
      venueName: 'Kitchen',
      platformStatus: 'CREATED',
      type: 'preorder',
      preorderTime: '2026-11-23T12:00:00Z',
      preorderStatus: 'waiting',
      deliveryType: 'homedelivery',
      selfDelivery: true,
      items: [
        {
          id: 'i1',
          name: 'Burger',
          count: 2,
          posId: 'SKU1',
          total: { amount: 2100, currency: 'EUR' },
          options: [
            { name: 'Sauce', value: 'Mayo', count: 1, price: { amount: 50, currency: 'EUR' } },
          ],
        },
      ],
      total: { amount: 2100, currency: 'EUR' },
      consumerName: 'Ann B.',
      consumerPhone: null,
      consumerComment: 'No onions',
      deliveryAddress: {
        street: 'Bulevardi 5',
        apartment: 'A 12',
        postCode: '00120',
        city: 'Helsinki',
        formatted: 'Bulevardi 5 A 12\n00120 Helsinki',
        lat: 60.165,
        lon: 24.94,
      },
      pickupEta: '2026-11-23T11:40:00Z',
      deliveryTime: null,
      noContactDelivery: false,
      venuePreparationSeconds: null,
      createdAt: '2026-11-23T10:00:00Z',
    });
  });

  it('shapes the platform’s text: no bidi overrides or control characters, a note’s lines kept', () => {
    const v2 = orderV2Schema.parse({
      id: 'o2',
      order_number: '043',
      venue: { id: 'v1', name: 'Kitchen' },
      order_status: 'received',
      type: 'instant',
      delivery: { type: 'takeaway', time: null },
      items: [
        {
          id: 'i1',
          name: 'Pizza \u202Eazzip\u202C\u0007 XL',
          count: 1,
          options: [
            {
              id: 'x',
              name: 'Sauce\u0000',
              value: '\u2066Mayo\u2069',
              count: 1,
              price: { amount: 0, currency: 'EUR' },
            },
          ],
          item_price: {
            total: { amount: 900, currency: 'EUR' },
            unit_price: { amount: 900, currency: 'EUR' },
          },
        },
        {
          id: 'i2',
          name: '\u202E\u0001',
          count: 1,
          item_price: {
            total: { amount: 100, currency: 'EUR' },
            unit_price: { amount: 100, currency: 'EUR' },
          },
        },
      ],
      basket_price: { total: { amount: 1000, currency: 'EUR' } },
      consumer_name: '\u202EAnn\tB.',
      consumer_comment: 'No onions\r\nRing\u0000 twice',
      created_at: '2026-11-23T10:00:00Z',
    });
    const order = mapOrderV2(v2, 'CREATED', new Date(now).toISOString());
    expect(order.items.map((item) => item.name)).toEqual(['Pizza azzip XL', 'Item']);
    expect(order.items[0]?.options[0]).toMatchObject({ name: 'Sauce', value: 'Mayo' });
    expect(order.consumerName).toBe('Ann B.');
    expect(order.consumerComment).toBe('No onions\nRing twice');
  });
});
