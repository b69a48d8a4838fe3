import { useApp } from './hooks';
import { CLOCK_SKEW_WARNING_MS } from '../../shared/domain';
import { en } from './messages';

/**
 * A POS clock minutes off makes every "ready in" and pickup countdown lie, and can make tokens
 * look expired. The board already counts on the platform's clock; this says the machine's is off.
 */
export const ClockSkewWarning = () => {
  const offset = useApp((s) => s.status?.clockOffsetMs ?? null);
  if (offset === null || Math.abs(offset) <= CLOCK_SKEW_WARNING_MS) return null;
  return (
    <div className="banner banner-warning" role="alert" data-testid="clock-skew">
      {en.clockSkew(Math.round(Math.abs(offset) / 60_000), offset > 0 ? 'behind' : 'ahead')}
    </div>
  );
};
