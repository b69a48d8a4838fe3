// The two rows of chips several screens share: which venue a screen shows (by each venue's mark,
// never its id) and for how long staff take something away. One markup, so that every picker
// reads, sounds and is pressed the same way.
import type { VenueMark as Mark } from './venue-marks';
import { VenueMark } from './VenueMark';
import type { Duration } from './format';
import { untilFor } from './format';
import { en } from './messages';

/**
 * A venue picker: one chip per venue, the chosen one pressed; with `all`, a first chip for every
 * venue (chosen when `chosen` is null). Callers decide when it takes no room at all.
 */
export const VenueChips = ({
  legend,
  marks,
  chosen,
  onChoose,
  all,
  className,
}: {
  legend: string;
  marks: readonly Mark[];
  /** The chosen venue's id; null: every venue (the `all` chip). */
  chosen: string | null;
  /** The venue's id, or null for the `all` chip. */
  onChoose: (venueId: string | null) => void;
  /** The label of an "every venue" chip shown first; none without it. */
  all?: string;
  className?: string;
}) => (
  <fieldset className={className ? `picker ${className}` : 'picker'}>
    <legend>{legend}</legend>
    {all !== undefined && (
      <button
        type="button"
        className={`chip chip-wide ${chosen === null ? 'chip-on' : ''}`}
        aria-pressed={chosen === null}
        onClick={() => onChoose(null)}
      >
        {all}
      </button>
    )}
    {marks.map((mark) => (
      <button
        key={mark.venueId}
        type="button"
        className={`chip chip-wide ${mark.venueId === chosen ? 'chip-on' : ''}`}
        aria-pressed={mark.venueId === chosen}
        aria-label={mark.name}
        onClick={() => onChoose(mark.venueId)}
      >
        <VenueMark mark={mark} />
      </button>
    ))}
  </fieldset>
);

/** The order the durations are offered in, shortest first; each screen offers those it words. */
const DURATIONS: readonly Duration[] = ['m30', 'h1', 'restOfDay', 'indefinitely'];

/**
 * "For how long?": a chip per duration the screen has words for; each answers the time it ends
 * (null: until switched back). With `onCancel`, a last chip that takes nothing away.
 */
export const DurationChips = ({
  label,
  words,
  onPick,
  onCancel,
}: {
  label: string;
  /** The screen's words for the durations it offers (a sold-out item has no half hour). */
  words: Readonly<Partial<Record<Duration, string>>>;
  onPick: (until: string | null) => void;
  onCancel?: () => void;
}) => (
  <div className="picker" role="group" aria-label={label}>
    <span className="picker-label">{label}</span>
    {DURATIONS.flatMap((d) => {
      const word = words[d];
      return word === undefined
        ? []
        : [
            <button
              key={d}
              type="button"
              className="chip chip-wide"
              onClick={() => onPick(untilFor(d, Date.now()))}
            >
              {word}
            </button>,
          ];
    })}
    {onCancel && (
      <button type="button" className="chip chip-wide" onClick={onCancel}>
        {en.actions.cancel}
      </button>
    )}
  </div>
);
