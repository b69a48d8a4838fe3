// The menu screen: the platform's menu with each item's availability and price, the editor of
// the menu's draft, and the file import; each part in its own file.
import { useState } from 'react';
import type { ReactNode } from 'react';
import { formatClock } from '../ui-kit/format';
import { useApp } from './hooks';
import { MenuEditor } from './MenuEditor';
import { MenuImport } from './MenuImport';
import { en } from './messages';
import { Refusal } from '../ui-kit/DialogActions';
import { keptText } from '../ui-kit/bridge';
import { PriceEditor } from './PriceEditor';
import { AvailabilityPill, itemPill } from './SoldOut';
import { DurationChips } from '../ui-kit/Chips';
import type { ShownMenu } from './MenuVenues';
import { Everywhere, MenuVenuePicker, useEveryMenu, useShownMenu } from './MenuVenues';

/** When the platform's menu was read, why the latest read failed, and a push on its way. */
const LiveMenuStatus = ({ shown: { menu, venueId } }: { shown: ShownMenu }) => {
  const refresh = useApp((s) => s.refreshMenu);
  const [refused, setRefused] = useState<string | null>(null);
  if (!menu) return null;
  return (
    <div className="menu-live" data-testid="menu-live">
      <p className="muted">
        {menu.fetchedAt ? en.menu.readAt(formatClock(menu.fetchedAt)) : en.menu.notRead}{' '}
        <button
          type="button"
          className="btn btn-quiet btn-small"
          onClick={() =>
            void refresh(venueId).then((failure) => setRefused(failure?.message ?? null))
          }
        >
          {en.menu.refresh}
        </button>
      </p>
      {/* The menu's own readError says why a read failed; anything else is said here. */}
      {refused && !menu.readError && (
        <p className="form-error" role="alert">
          {refused}
        </p>
      )}
      {menu.readError && (
        <p className="form-error" role="alert">
          {en.menu.readFailed(keptText(menu.readError))}
        </p>
      )}
      {menu.push && (
        <p className="state-pending" role="status">
          <span className="spinner" aria-hidden="true" />{' '}
          {en.menu.pushChanging(menu.push.itemCount)}
        </p>
      )}
      {menu.pushProblem && (
        <p className="form-error" role="alert">
          {en.menu.pushProblem(keptText(menu.pushProblem))}
        </p>
      )}
    </div>
  );
};

/** One row of the availability lists: the platform's state, and the way to change it. */
const AvailabilityRow = (props: {
  name: string;
  detail: string;
  pill: ReactNode;
  available: boolean;
  changing: boolean;
  offLabel: string;
  onLabel: string;
  chooserLabel: string;
  /** The price and its editor. */
  price?: ReactNode;
  /** The item in every venue whose menu has it. */
  everywhere?: ReactNode;
  onChange: (enabled: boolean, until: string | null) => Promise<void>;
}) => {
  const [choosing, setChoosing] = useState(false);
  return (
    <li className={props.available ? '' : 'item-off'} aria-label={props.name}>
      <span className="item-main">
        <strong>{props.name}</strong>
        <span className="muted">{props.detail}</span>
        {props.price}
      </span>
      {props.pill}
      <button
        type="button"
        className={`btn ${props.available ? 'btn-danger-outline' : 'btn-go'}`}
        disabled={props.changing}
        aria-expanded={props.available ? choosing : undefined}
        onClick={() => (props.available ? setChoosing((c) => !c) : void props.onChange(true, null))}
      >
        {props.available ? props.offLabel : props.onLabel}
      </button>
      {choosing && props.available && !props.changing && (
        <DurationChips
          label={props.chooserLabel}
          words={en.menu.durations}
          onPick={(until) => {
            setChoosing(false);
            void props.onChange(false, until);
          }}
        />
      )}
      {props.everywhere}
    </li>
  );
};

const ItemAvailability = ({ shown }: { shown: ShownMenu }) => {
  const { menu, venueId, marks } = shown;
  const setItem = useApp((s) => s.setItemAvailability);
  const setOption = useApp((s) => s.setOptionAvailability);
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | null>(null);
  const q = query.trim().toLowerCase();
  const matches = (...texts: string[]) => !q || texts.some((t) => t.toLowerCase().includes(q));
  const items = (menu?.items ?? []).filter((i) => matches(i.name, i.category));
  const options = (menu?.options ?? []).filter((o) => matches(o.name, o.option));
  const report = (failure: { message: string } | null) => setError(failure?.message ?? null);

  return (
    <section className="panel-section" aria-label={en.menu.itemsTitle}>
      <h2>{en.menu.itemsTitle}</h2>
      <LiveMenuStatus shown={shown} />
      {!menu?.fetchedAt ? null : menu.items.length === 0 ? (
        <p className="muted">{en.menu.itemsEmpty}</p>
      ) : (
        <>
          <label className="field field-inline">
            <span>{en.menu.search}</span>
            <input value={query} onChange={(e) => setQuery(e.target.value)} />
          </label>
          <Refusal text={error} />
          <ul className="items">
            {items.map((item) => (
              <AvailabilityRow
                key={item.externalData}
                name={item.name}
                detail={item.category}
                pill={itemPill(item)}
                available={item.available}
                changing={item.changing !== null}
                offLabel={en.menu.makeUnavailable}
                onLabel={en.menu.makeAvailable}
                chooserLabel={en.menu.soldOutFor(item.name)}
                price={<PriceEditor target="item" entry={item} venueId={venueId} />}
                everywhere={<Everywhere marks={marks} item={item} onRefused={setError} />}
                onChange={async (enabled, until) =>
                  report(await setItem(item.externalData, enabled, until, venueId))
                }
              />
            ))}
          </ul>
          {options.length > 0 && (
            <details className="menu-options" open={q !== '' || undefined}>
              <summary>{en.menu.optionsSummary(options.length)}</summary>
              <p className="muted">{en.menu.optionsHelp}</p>
              <ul className="items" aria-label={en.menu.optionsTitle}>
                {options.map((option) => (
                  <AvailabilityRow
                    key={option.externalData}
                    name={option.name}
                    detail={
                      option.restoreAt && !option.enabled
                        ? `${option.option} · ${en.menu.restoreAt(formatClock(option.restoreAt))}`
                        : option.option
                    }
                    pill={
                      <AvailabilityPill
                        enabled={option.enabled}
                        until={option.restoreAt}
                        changing={option.changing !== null}
                        off={en.menu.off}
                        offUntil={en.menu.offUntil}
                      />
                    }
                    available={option.enabled}
                    changing={option.changing !== null}
                    offLabel={en.menu.turnOff}
                    onLabel={en.menu.turnOn}
                    chooserLabel={en.menu.offFor(option.name)}
                    price={<PriceEditor target="option" entry={option} venueId={venueId} />}
                    onChange={async (enabled, until) =>
                      report(await setOption(option.externalData, enabled, until, venueId))
                    }
                  />
                ))}
              </ul>
            </details>
          )}
        </>
      )}
    </section>
  );
};

export const MenuPanel = () => {
  const shown = useShownMenu();
  useEveryMenu(shown.marks);
  // Keyed by venue: a venue's check, review or message never shows under another's menu.
  const key = shown.venueId ?? '';
  return (
    <main className="panel" aria-label={en.menu.title}>
      <MenuVenuePicker shown={shown} />
      <ItemAvailability key={`items-${key}`} shown={shown} />
      <MenuEditor key={`editor-${key}`} />
      <MenuImport key={`import-${key}`} venueId={shown.venueId} />
    </main>
  );
};
