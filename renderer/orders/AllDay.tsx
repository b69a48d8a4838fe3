import { useMemo } from 'react';
import { allDayCounts } from './board';
import { useApp } from './hooks';
import { en } from './messages';

/**
 * Item totals of everything in preparation, most first, in one line: what kitchen displays call
 * all-day counts. The shell shows it in the notice strip while no notice needs the room.
 */
export const AllDay = () => {
  const orders = useApp((s) => s.orders);
  const counts = useMemo(() => allDayCounts(orders), [orders]);
  return (
    <section className="all-day" aria-label={en.board.allDay}>
      <strong className="all-day-title">{en.board.allDay}</strong>
      {counts.length === 0 ? (
        <span className="muted">{en.board.allDayNone}</span>
      ) : (
        <ul className="all-day-items">
          {counts.map(({ name, count }) => (
            <li key={name}>
              <span className="item-count">{count}×</span> {name}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};
