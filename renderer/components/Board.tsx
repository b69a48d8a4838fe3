import { useMemo } from 'react';
import { useApp } from '../app-context';
import { COLUMN_IDS, groupOrders, needsAttention } from '../board';
import type { ColumnId } from '../board';
import { en } from '../i18n/en';
import { OrderCard } from './OrderCard';

export const Board = ({ now: machineNow }: { now: number }) => {
  // Order times are the platform's: count against its clock, not a POS clock that may be off.
  const now = machineNow + useApp((s) => s.status?.clockOffsetMs ?? 0);
  const orders = useApp((s) => s.orders);
  const selected = useApp((s) => s.selectedOrderId);
  const columns = useMemo(() => groupOrders(orders, now), [orders, now]);

  return (
    <main className="board" aria-label={en.nav.orders}>
      {COLUMN_IDS.map((id: ColumnId) => (
        <section
          key={id}
          className={`column column-${id} ${columns[id].length === 0 ? 'column-is-empty' : ''}`}
          aria-label={en.columns[id]}
        >
          <h2 className="column-title">
            {en.columns[id]} <span className="column-count">{columns[id].length}</span>
          </h2>
          <div className="column-cards">
            {columns[id].length === 0 && <p className="column-empty">{en.emptyColumn[id]}</p>}
            {columns[id].map((order) => (
              <OrderCard
                key={order.id}
                order={order}
                now={now}
                flashing={needsAttention(order)}
                selected={selected === order.id}
              />
            ))}
          </div>
        </section>
      ))}
    </main>
  );
};
