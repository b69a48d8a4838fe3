import { useEffect, useState } from 'react';
import type { Order, OrderActionKind } from '../../shared/domain';
import type { OrderHistory, TimelineEntry } from '../../shared/history';
import { ORDER_DOCUMENTS } from '../../shared/printing';
import type { OrderDocumentKind, PrintDocumentKind } from '../../shared/printing';
import { useApp } from './hooks';
import { formatClockSeconds, formatMoney } from '../ui-kit/format';
import { DELIVERY_TYPE_LABEL, formatDateTime, statusPill } from './history';
import { en } from './messages';
import { Dialog } from '../ui-kit/Dialog';
import { DialogActions } from '../ui-kit/DialogActions';
import { FormMessage } from '../ui-kit/FormMessage';
import type { FormOutcome } from '../ui-kit/FormMessage';
import { ItemOptions } from '../ui-kit/ItemOptions';
import { PlatformText } from '../ui-kit/PlatformText';
import { actionErrorWords } from '../ui-kit/bridge';

const actionLabel = (kind: OrderActionKind): string => en.actions.kinds[kind];

/** One line of the timeline as staff read it, and whether it is bad news. */
export const describeEntry = (entry: TimelineEntry): { text: string; problem: boolean } => {
  const t = en.history.entry;
  switch (entry.kind) {
    case 'received':
      return { text: t.received, problem: false };
    case 'status':
      return { text: t.status(en.order.statuses[entry.status]), problem: false };
    case 'action': {
      const parts = [
        t.action(actionLabel(entry.action), en.history.actors[entry.by], entry.terminal),
        entry.preparationMinutes !== null ? t.prep(entry.preparationMinutes) : null,
        entry.reason ? t.reason(entry.reason) : null,
      ];
      return { text: parts.filter(Boolean).join(' · '), problem: false };
    }
    case 'elsewhere':
      return {
        text:
          entry.terminal === null
            ? t.elsewhereUnnamed(actionLabel(entry.action))
            : t.elsewhere(actionLabel(entry.action), entry.terminal),
        problem: false,
      };
    case 'attempt':
      return {
        text:
          t.attempt(actionLabel(entry.action), en.history.outcomes[entry.outcome]) +
          (entry.error ? ` · ${actionErrorWords(entry.error)}` : ''),
        problem: entry.outcome === 'failed' || entry.outcome === 'retrying',
      };
    case 'print':
      return {
        text:
          t.print(
            en.print.documents[entry.document],
            entry.printerName ?? en.print.printerGone,
            en.history.printStates[entry.state],
          ) + (entry.held ? ` · ${en.history.printHeld}` : ''),
        problem: entry.state === 'waiting',
      };
  }
};

/** What a print request came to: a document no printer takes prints nowhere, and says so. */
export const printOutcome = (jobIds: string[], document: PrintDocumentKind): FormOutcome =>
  jobIds.length > 0
    ? { ok: true, text: en.history.printSent(jobIds.length) }
    : { ok: false, text: en.history.noPrinter(en.print.documentsInSentence[document]) };

/** The status the platform confirmed; an action still on its way shows as changing, not done. */
export const ConfirmedStatus = ({ order }: { order: Order }) => (
  <>
    <span className={`pill ${statusPill(order.platformStatus)}`}>
      {en.order.statuses[order.platformStatus]}
    </span>
    {order.status !== order.platformStatus && <span className="muted"> {en.history.changing}</span>}
  </>
);

const Reprint = ({ orderId }: { orderId: string }) => {
  const print = useApp((s) => s.printOrder);
  const [busy, setBusy] = useState<OrderDocumentKind | null>(null);
  const [message, setMessage] = useState<FormOutcome | null>(null);
  const send = async (document: OrderDocumentKind): Promise<void> => {
    setBusy(document);
    setMessage(null);
    const result = await print(orderId, document);
    setMessage(
      result.ok ? printOutcome(result.value, document) : { ok: false, text: result.error.message },
    );
    setBusy(null);
  };
  return (
    <section aria-label={en.history.reprint}>
      <h3>{en.history.reprint}</h3>
      <DialogActions
        start
        actions={ORDER_DOCUMENTS.map((document) => ({
          label: en.print.documents[document],
          tone: 'quiet',
          disabled: busy !== null,
          onClick: () => void send(document),
        }))}
      />
      <FormMessage message={message} />
    </section>
  );
};

const Details = ({ history }: { history: OrderHistory }) => {
  const { order, timeline } = history;
  return (
    <>
      <p className="history-facts">
        <ConfirmedStatus order={order} /> {DELIVERY_TYPE_LABEL[order.deliveryType]} ·{' '}
        {en.history.received(formatDateTime(order.createdAt))} ·{' '}
        {order.consumerName ? <PlatformText text={order.consumerName} whole /> : en.order.noName}
        {order.type === 'preorder' && order.preorderTime && (
          <> · {en.order.preorderFor(formatDateTime(order.preorderTime))}</>
        )}
      </p>
      <h3>{en.history.items}</h3>
      <ul className="card-items">
        {order.items.map((item) => (
          <li key={item.id}>
            <span className="item-count">{item.count}×</span>{' '}
            <PlatformText className="item-name" text={item.name} whole />{' '}
            <span className="muted">{formatMoney(item.total)}</span>
            <ItemOptions item={item} whole />
          </li>
        ))}
      </ul>
      {order.consumerComment && (
        <p className="card-comment">
          <strong>{en.order.comment}:</strong>{' '}
          <PlatformText note text={order.consumerComment} whole />
        </p>
      )}
      {order.rejectReason && <p>{en.order.rejectReason(order.rejectReason)}</p>}
      <p className="card-total">
        <span>{en.order.total}</span> <strong>{formatMoney(order.total)}</strong>
      </p>
      <Reprint orderId={order.id} />
      <h3>{en.history.timeline}</h3>
      {timeline.length === 0 ? (
        <p className="muted">{en.history.timelineEmpty}</p>
      ) : (
        <ol className="timeline" aria-label={en.history.timeline}>
          {timeline.map((entry, index) => {
            const { text, problem } = describeEntry(entry);
            return (
              <li key={index} className={problem ? 'timeline-problem' : undefined}>
                <time dateTime={entry.at}>{formatClockSeconds(entry.at)}</time>
                <span>{text}</span>
              </li>
            );
          })}
        </ol>
      )}
    </>
  );
};

/** A past (or current) order: what was ordered, everything that happened to it, reprints. */
export const OrderHistoryDialog = ({
  orderId,
  onClose,
}: {
  orderId: string;
  onClose: () => void;
}) => {
  const load = useApp((s) => s.orderHistory);
  const [history, setHistory] = useState<OrderHistory | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Mounted once per order (keyed by it), so nothing from another order needs clearing.
  useEffect(() => {
    let live = true;
    void load(orderId).then((result) => {
      if (!live) return;
      if (result.ok) setHistory(result.value);
      else setError(result.error.message);
    });
    return () => {
      live = false;
    };
  }, [load, orderId]);
  const title = history ? en.history.order(history.order.orderNumber) : en.history.loading;
  return (
    <Dialog title={title} onClose={onClose}>
      {error && <FormMessage message={{ ok: false, text: error }} />}
      {!history && !error && (
        <p className="muted" aria-busy="true">
          {en.history.loading}
        </p>
      )}
      {history && <Details history={history} />}
    </Dialog>
  );
};
