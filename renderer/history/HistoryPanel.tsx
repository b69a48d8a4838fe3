import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { DELIVERY_TYPES, ORDER_STATUSES } from '../../shared/domain';
import type { DeliveryType, Order, OrderStatus } from '../../shared/domain';
import type { Day, HistoryQuery } from '../../shared/history';
import { useApp } from './hooks';
import { formatMoney } from '../ui-kit/format';
import { DELIVERY_TYPE_LABEL, formatDateTime } from './history';
import { en } from './messages';
import { Form } from '../ui-kit/Form';
import { DaySummaryView } from './DaySummary';
import { FormMessage } from '../ui-kit/FormMessage';
import { PlatformText } from '../ui-kit/PlatformText';
import { ConfirmedStatus, OrderHistoryDialog } from './OrderHistory';
import { useVenueMarks, VenueMark } from '../ui-kit/VenueMark';
import type { VenueMarks } from '../ui-kit/VenueMark';
import { VenueChips } from '../ui-kit/Chips';
import type { VenueMark as VenueMarkOf } from '../ui-kit/venue-marks';

/** One page of results: enough to fill a counter screen, small enough to answer at once. */
export const HISTORY_PAGE_SIZE = 30;
/** Typing pauses this long before the search runs (on-screen keyboards have no Enter habit). */
const TYPING_PAUSE_MS = 300;

type Filters = { text: string; day: Day | ''; statuses: OrderStatus[]; types: DeliveryType[] };
const NO_FILTERS: Filters = { text: '', day: '', statuses: [], types: [] };

const toQuery = (filters: Filters, venueId: string | undefined): HistoryQuery => ({
  limit: HISTORY_PAGE_SIZE,
  ...(venueId ? { venueId } : {}),
  ...(filters.text.trim() ? { text: filters.text.trim() } : {}),
  ...(filters.day ? { day: filters.day } : {}),
  ...(filters.statuses.length > 0 ? { statuses: filters.statuses } : {}),
  ...(filters.types.length > 0 ? { types: filters.types } : {}),
});

const toggle = <T,>(list: T[], value: T): T[] =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

/** A row of toggles, any number on: none on means no filter. */
const ChipFilter = <T extends string>({
  legend,
  values,
  label,
  chosen,
  onToggle,
  children,
}: {
  legend: string;
  values: readonly T[];
  label: (value: T) => string;
  chosen: T[];
  onToggle: (value: T) => void;
  children?: ReactNode;
}) => (
  <fieldset className="picker">
    <legend>{legend}</legend>
    {values.map((value) => (
      <button
        key={value}
        type="button"
        className={`chip ${chosen.includes(value) ? 'chip-on' : ''}`}
        aria-pressed={chosen.includes(value)}
        onClick={() => onToggle(value)}
      >
        {label(value)}
      </button>
    ))}
    {children}
  </fieldset>
);

/** A list and the query it answers: "more" continues that query, whatever was typed since. */
type Results = { query: HistoryQuery; orders: Order[]; nextCursor: string | null };

/** One past order in the results: tapped, its story opens. */
const HistoryRow = ({
  order,
  venue,
  onOpen,
}: {
  order: Order;
  /** The order's venue mark on a terminal of several venues showing all of them; else none. */
  venue: VenueMarkOf | null;
  onOpen: (orderId: string) => void;
}) => (
  <button
    type="button"
    className="history-row"
    aria-label={en.history.row(order.orderNumber)}
    onClick={() => onOpen(order.id)}
  >
    <strong className="history-number">{en.order.number(order.orderNumber)}</strong>
    <span className="history-time">{formatDateTime(order.createdAt)}</span>
    <span>
      <ConfirmedStatus order={order} />
    </span>
    <span className="history-type">{DELIVERY_TYPE_LABEL[order.deliveryType]}</span>
    <span className="history-customer">
      {venue && (
        <>
          <VenueMark mark={venue} className="history-venue" />{' '}
        </>
      )}
      {order.consumerName ? <PlatformText text={order.consumerName} /> : en.order.noName}
    </span>
    <span className="history-total">{formatMoney(order.total)}</span>
  </button>
);

/** The search's words, day and chips; `filtered` when anything narrows the list. */
const SearchForm = ({
  filters,
  filtered,
  onChange,
  onSubmit,
}: {
  filters: Filters;
  filtered: boolean;
  onChange: (filters: Filters) => void;
  onSubmit: () => void;
}) => (
  <Form role="search" onSubmit={onSubmit}>
    <div className="history-find">
      <label className="field history-text">
        <span>{en.history.search}</span>
        <input
          type="search"
          value={filters.text}
          maxLength={100}
          onChange={(e) => onChange({ ...filters, text: e.currentTarget.value })}
        />
      </label>
      <label className="field">
        <span>{en.history.day}</span>
        <input
          type="date"
          value={filters.day}
          onChange={(e) => onChange({ ...filters, day: e.currentTarget.value })}
        />
      </label>
      <button type="submit" className="btn btn-primary">
        {en.history.find}
      </button>
    </div>
    <ChipFilter
      legend={en.history.status}
      values={ORDER_STATUSES}
      label={(status) => en.order.statuses[status]}
      chosen={filters.statuses}
      onToggle={(status) => onChange({ ...filters, statuses: toggle(filters.statuses, status) })}
    />
    <ChipFilter
      legend={en.history.type}
      values={DELIVERY_TYPES}
      label={(type) => DELIVERY_TYPE_LABEL[type]}
      chosen={filters.types}
      onToggle={(type) => onChange({ ...filters, types: toggle(filters.types, type) })}
    >
      {(filtered || filters.day) && (
        <button
          type="button"
          className="btn btn-quiet btn-small"
          onClick={() => onChange(NO_FILTERS)}
        >
          {en.history.clearFilters}
        </button>
      )}
    </ChipFilter>
  </Form>
);

const OrderSearch = ({
  venueId,
  marks,
  onOpen,
}: {
  marks: VenueMarks;
  /** One venue's orders; every venue's when absent. */
  venueId: string | undefined;
  onOpen: (orderId: string) => void;
}) => {
  const search = useApp((s) => s.searchHistory);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [results, setResults] = useState<Results | null>(null);
  // The first search starts on mount (after the typing pause): loading until it answers.
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  // Only the newest search may fill the list: an answer to an older one arrives to nobody.
  const latest = useRef(0);

  const run = useCallback(
    async (query: HistoryQuery, append: boolean): Promise<void> => {
      const ticket = ++latest.current;
      setLoading(true);
      setError(null);
      const result = await search(query);
      if (ticket !== latest.current) return;
      setLoading(false);
      if (!result.ok) {
        setError(result.error.message);
        return;
      }
      const page = result.value;
      setResults((before) => ({
        query,
        orders: append && before ? [...before.orders, ...page.orders] : page.orders,
        nextCursor: page.nextCursor,
      }));
    },
    [search],
  );

  useEffect(() => {
    const timer = setTimeout(() => void run(toQuery(filters, venueId), false), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [filters, venueId, run]);

  const filtered =
    filters.text.trim() !== '' || filters.statuses.length > 0 || filters.types.length > 0;
  const empty = filtered
    ? en.history.noMatch
    : filters.day
      ? en.history.noOrdersOnDay
      : en.history.noOrdersYet;

  return (
    <>
      <section className="panel-section history-search" aria-label={en.history.searchTitle}>
        <h2>{en.history.searchTitle}</h2>
        <SearchForm
          filters={filters}
          filtered={filtered}
          onChange={setFilters}
          onSubmit={() => void run(toQuery(filters, venueId), false)}
        />
      </section>
      <section
        className="panel-section"
        aria-label={en.history.results}
        aria-busy={loading || undefined}
      >
        <h2>{en.history.results}</h2>
        <FormMessage message={error ? { ok: false, text: error } : null} />
        {results && results.orders.length === 0 && !loading && !error && (
          <p className="muted">{empty}</p>
        )}
        {results && results.orders.length > 0 && (
          <ul className="history-list">
            {results.orders.map((order) => (
              <li key={order.id}>
                <HistoryRow
                  order={order}
                  venue={venueId ? null : (marks.byId.get(order.venueId) ?? null)}
                  onOpen={onOpen}
                />
              </li>
            ))}
          </ul>
        )}
        {loading && <p className="muted">{en.history.loading}</p>}
        {results?.nextCursor && !loading && (
          <button
            type="button"
            className="btn btn-quiet history-more"
            onClick={() =>
              void run({ ...results.query, cursor: results.nextCursor ?? undefined }, true)
            }
          >
            {en.history.more}
          </button>
        )}
      </section>
    </>
  );
};

type Tab = 'orders' | 'day';

/** Past orders (search, an order's story, reprints) and the end-of-day summary. */
export const HistoryPanel = () => {
  const [tab, setTab] = useState<Tab>('orders');
  const [openOrder, setOpenOrder] = useState<string | null>(null);
  const [day, setDay] = useState<Day | null>(null);
  const marks = useVenueMarks();
  const [picked, setPicked] = useState<string | null>(null);
  // A venue this terminal no longer serves (or a terminal of one venue): every venue's.
  const venueId = picked && marks.byId.has(picked) ? picked : undefined;
  const tabs: Array<[Tab, string]> = [
    ['orders', en.history.orders],
    ['day', en.history.endOfDay],
  ];
  return (
    <main className="panel" aria-label={en.nav.history}>
      {/* Whose orders, day and CSV the screen shows: only on a terminal of several venues. */}
      {marks.list.length > 1 && (
        <VenueChips
          className="history-venues"
          legend={en.history.venuePicker}
          all={en.venues.all}
          marks={marks.list}
          chosen={venueId ?? null}
          onChoose={setPicked}
        />
      )}
      <div className="history-tabs">
        {tabs.map(([id, label]) => (
          <button
            key={id}
            type="button"
            className={`chip chip-wide ${tab === id ? 'chip-on' : ''}`}
            aria-pressed={tab === id}
            onClick={() => setTab(id)}
          >
            {label}
          </button>
        ))}
      </div>
      {/* The search stays mounted, so it survives a look at the day and back; the day is read
          afresh each time it is shown (the day chosen is kept). */}
      <div className="panel-stack" hidden={tab !== 'orders'}>
        <OrderSearch venueId={venueId} marks={marks} onOpen={setOpenOrder} />
      </div>
      {tab === 'day' && (
        <DaySummaryView chosen={day} venueId={venueId} onChoose={setDay} onOpen={setOpenOrder} />
      )}
      {openOrder && (
        <OrderHistoryDialog
          key={openOrder}
          orderId={openOrder}
          onClose={() => setOpenOrder(null)}
        />
      )}
    </main>
  );
};
