import { useApp } from './hooks';
import { en } from './messages';

/**
 * The browser keeps sound off until the first tap: a full-width banner says so until the ring can
 * play, because a counter that cannot ring misses orders. Any tap anywhere turns sound on.
 */
export const SoundBanner = () => (
  <div className="banner banner-sound" role="alert" data-testid="sound-banner">
    <strong>{en.ring.soundBlockedTitle}</strong> {en.ring.soundBlocked}
    <button type="button" className="btn btn-light btn-small">
      {en.ring.soundOn}
    </button>
  </div>
);

/** Pre-orders the platform moved into preparation: named until staff say they started. */
export const StartCookingBanner = () => {
  const cooking = useApp((s) => s.startCooking);
  const acknowledge = useApp((s) => s.acknowledgeStartCooking);
  if (cooking.length === 0) return null;
  return (
    <div className="banner banner-cooking" role="alert" data-testid="start-cooking">
      {cooking.map((c) => (
        <p key={c.id}>
          <strong>{en.order.startCooking(c.orderNumber)}</strong> {en.order.startCookingDetail}{' '}
          <button type="button" className="btn btn-go btn-small" onClick={() => acknowledge(c.id)}>
            {en.order.startCookingOk}
          </button>
        </p>
      ))}
    </div>
  );
};
