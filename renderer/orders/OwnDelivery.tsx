// What the venue's own courier needs of a self-delivery order: the promised time, where, the
// phone (personal data: hidden until tapped) and a doorstep drop-off. One block, placed wherever
// the board shows an order's details; the tickets print the same (main/printing/documents.ts).
import { useState } from 'react';
import type { Order } from '../../shared/domain';
import { fulfilmentOf } from '../../shared/order-actions';
import { deliveryAddressLines } from '../../shared/delivery-address';
import { formatClock } from '../ui-kit/format';
import { PlatformText } from '../ui-kit/PlatformText';
import { en } from './messages';

export const OwnDelivery = ({ order, whole = false }: { order: Order; whole?: boolean }) => {
  const [phoneShown, setPhoneShown] = useState(false);
  if (fulfilmentOf(order) !== 'self-delivery') return null;
  const lines = deliveryAddressLines(order);
  return (
    <section className="own-delivery" aria-label={en.ownDelivery.title} data-testid="own-delivery">
      <p className="own-delivery-head">
        <strong>{en.ownDelivery.title}</strong>
        {order.deliveryTime && (
          <span className="own-delivery-time" data-testid="deliver-by">
            {en.ownDelivery.deliverBy(formatClock(order.deliveryTime))}
          </span>
        )}
        {order.noContactDelivery && (
          <span className="tag tag-courier" data-testid="no-contact">
            {en.ownDelivery.noContact}
          </span>
        )}
      </p>
      {lines.length > 0 && (
        <address className="own-delivery-address" data-testid="delivery-address">
          {lines.map((line, index) => (
            <span key={index}>
              <PlatformText text={line} whole={whole} />
            </span>
          ))}
        </address>
      )}
      {order.consumerPhone && (
        <p className="own-delivery-phone">
          {phoneShown ? (
            <span data-testid="customer-phone">
              {en.ownDelivery.phone}: <PlatformText text={order.consumerPhone} whole />
            </span>
          ) : null}
          <button
            type="button"
            className="btn btn-light btn-small"
            aria-pressed={phoneShown}
            onClick={(e) => {
              e.stopPropagation();
              setPhoneShown((shown) => !shown);
            }}
          >
            {phoneShown ? en.ownDelivery.hidePhone : en.ownDelivery.showPhone}
          </button>
        </p>
      )}
    </section>
  );
};
