import { useState } from 'react';
import type { ConnectedVenue } from '../../shared/ipc/contract';
import { setupAddVenueSchema } from '../../shared/ipc/contract';
import { Check } from '../ui-kit/Check';
import { PinField } from '../ui-kit/PinField';
import { DialogActions, Refusal } from '../ui-kit/DialogActions';
import { Form } from '../ui-kit/Form';
import { FormMessage } from '../ui-kit/FormMessage';
import type { FormOutcome } from '../ui-kit/FormMessage';
import { trimValues, useFormSubmit } from '../ui-kit/form';
import { useApp } from './hooks';
import { en } from './messages';

/** Staff know a venue by the name its orders carry; before the first one, by its place here. */
const venueLabel = (venue: ConnectedVenue, index: number): string =>
  venue.name ?? en.venues.unnamed({ n: index + 1 });

/**
 * The venues this terminal serves: another one added with its own authorization code, and each
 * added one disconnected alone (the staff PIN; its waiting actions dropped only when staff tick it).
 */
export const VenuesSection = () => {
  const venues = useApp((s) => s.setup?.venues ?? []);
  const [adding, setAdding] = useState(false);
  const [message, setMessage] = useState<FormOutcome | null>(null);
  return (
    <section className="panel-section" aria-label={en.venues.title}>
      <h2>{en.venues.title}</h2>
      <p className="muted">{en.venues.intro}</p>
      <ul className="venue-list">
        {venues.map((venue, index) => (
          <VenueRow
            key={venue.venueId}
            venue={venue}
            label={venueLabel(venue, index)}
            removed={(text) => setMessage({ ok: true, text })}
          />
        ))}
      </ul>
      <FormMessage message={message} />
      {adding ? (
        <AddVenueForm
          close={(text) => {
            setAdding(false);
            setMessage(text ? { ok: true, text } : null);
          }}
        />
      ) : (
        <DialogActions
          start
          actions={[
            {
              label: en.venues.add,
              tone: 'primary',
              onClick: () => {
                setMessage(null);
                setAdding(true);
              },
            },
          ]}
        />
      )}
    </section>
  );
};

const VenueRow = ({
  venue,
  label,
  removed,
}: {
  venue: ConnectedVenue;
  label: string;
  removed: (text: string) => void;
}) => {
  const [open, setOpen] = useState(false);
  return (
    <li>
      <strong>{label}</strong>
      {venue.first ? (
        <p className="muted">{en.venues.first}</p>
      ) : open ? (
        <RemoveVenueForm
          venueId={venue.venueId}
          label={label}
          close={() => setOpen(false)}
          removed={removed}
        />
      ) : (
        <DialogActions
          start
          actions={[
            { label: en.venues.remove, tone: 'danger-outline', onClick: () => setOpen(true) },
          ]}
        />
      )}
    </li>
  );
};

type AddField = 'clientId' | 'clientSecret' | 'code' | 'redirectUri';

const AddVenueForm = ({ close }: { close: (done: string | null) => void }) => {
  const add = useApp((s) => s.addVenue);
  const setup = useApp((s) => s.setup);
  const [values, setValues] = useState<Record<AddField, string>>({
    clientId: setup?.clientId ?? '',
    clientSecret: '',
    code: '',
    redirectUri: setup?.redirectUri ?? '',
  });
  const { errors, error, busy, submit } = useFormSubmit();

  const send = async (): Promise<void> => {
    let ok = false;
    await submit(
      setupAddVenueSchema.safeParse(trimValues(values)),
      en.setup.fixFields,
      async (d) => {
        const failure = await add(d);
        ok = failure === null;
        return failure;
      },
    );
    if (ok) close(en.venues.added);
  };

  const field = (name: AddField, label: string, secret = false) => (
    <label className="field">
      <span>{label}</span>
      <input
        name={`add-venue-${name}`}
        type={secret ? 'password' : 'text'}
        autoComplete="off"
        spellCheck={false}
        value={values[name]}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={`add-venue-${name}-hint${errors[name] ? ` add-venue-${name}-error` : ''}`}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      />
      <span id={`add-venue-${name}-hint`} className="field-hint muted">
        {en.setup.hints[name]}
      </span>
      {errors[name] && (
        <span id={`add-venue-${name}-error`} className="field-error">
          {errors[name]}
        </span>
      )}
    </label>
  );
  // The relay's refusals name the terminal's own fields, which this form does not show.
  const terminalProblem = errors.terminalKey ?? errors.relayUrl ?? errors.authUrl ?? null;

  return (
    <Form label={en.venues.add} onSubmit={send}>
      <h3>{en.venues.add}</h3>
      <p>{en.venues.addIntro}</p>
      {field('code', en.setup.code)}
      {field('clientId', en.setup.clientId)}
      {field('clientSecret', en.setup.clientSecret, true)}
      {field('redirectUri', en.setup.redirectUri)}
      <Refusal text={error} />
      {terminalProblem && <p className="form-error">{terminalProblem}</p>}
      <DialogActions
        start
        actions={[
          { label: busy ? en.venues.adding : en.venues.addNow, tone: 'primary', disabled: busy },
          { label: en.venues.cancel, tone: 'quiet', onClick: () => close(null) },
        ]}
      />
    </Form>
  );
};

const RemoveVenueForm = ({
  venueId,
  label,
  close,
  removed,
}: {
  venueId: string;
  label: string;
  close: () => void;
  removed: (text: string) => void;
}) => {
  const remove = useApp((s) => s.removeVenue);
  const [pin, setPin] = useState('');
  // Offered once main said this venue's actions still wait: staff drop them knowingly.
  const [waiting, setWaiting] = useState(false);
  const [dropWaiting, setDropWaiting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<FormOutcome | null>(null);
  const title = en.venues.removeTitle({ venue: label });

  const confirm = async (): Promise<void> => {
    setBusy(true);
    setMessage(null);
    const failure = await remove({
      venueId,
      ...(pin ? { pin } : {}),
      ...(dropWaiting ? { discardWaiting: true } : {}),
    });
    setBusy(false);
    if (!failure) {
      removed(en.venues.removed({ venue: label }));
      return;
    }
    if (failure.code === 'conflict') setWaiting(true);
    setMessage({ ok: false, text: failure.message });
  };

  return (
    <Form label={title} onSubmit={confirm}>
      <h3>{title}</h3>
      <p>{en.venues.removeIntro}</p>
      <PinField name="remove-venue-pin" label={en.connection.pin} value={pin} onChange={setPin} />
      {waiting && (
        <Check label={en.venues.dropWaiting} checked={dropWaiting} onChange={setDropWaiting} />
      )}
      <FormMessage message={message} />
      <DialogActions
        start
        actions={[
          { label: en.venues.confirm, tone: 'danger', disabled: busy || (waiting && !dropWaiting) },
          { label: en.venues.keep, tone: 'quiet', onClick: close },
        ]}
      />
    </Form>
  );
};
