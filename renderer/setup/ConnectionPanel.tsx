import { useEffect, useRef, useState } from 'react';
import { setupChangeSchema } from '../../shared/ipc/contract';
import { FormMessage } from '../ui-kit/FormMessage';
import type { FormOutcome } from '../ui-kit/FormMessage';
import { trimValues, useFormSubmit } from '../ui-kit/form';
import { useApp } from './hooks';
import { en } from './messages';
import { Form } from '../ui-kit/Form';
import { Check } from '../ui-kit/Check';
import { PinField } from '../ui-kit/PinField';
import { DialogActions, Refusal } from '../ui-kit/DialogActions';
import { VenuesSection } from './VenuesSection';

/**
 * After setup: the relay link changed without a new code, and the terminal reset (the staff PIN;
 * what still waits to be sent is dropped only when staff tick it).
 */
export const ConnectionPanel = () => {
  const setup = useApp((s) => s.setup);
  if (!setup?.configured) return null;
  return (
    <>
      <VenuesSection />
      <section className="panel-section" aria-label={en.connection.title}>
        <h2>{en.connection.title}</h2>
        <p className="muted">{en.connection.intro}</p>
        <ChangeForm relayUrl={setup.relayUrl ?? ''} />
        <p className="muted">{en.connection.courier}</p>
        <DisconnectForm />
      </section>
    </>
  );
};

const ChangeForm = ({ relayUrl: saved }: { relayUrl: string }) => {
  const change = useApp((s) => s.changeConnection);
  const refused = useApp((s) => s.status?.relay === 'refused');
  const asked = useApp((s) => s.connectionAsked);
  const keyInput = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState({ relayUrl: saved, terminalKey: '' });
  // Staff came here for a new key (the alarm's button): the key field, in view and ready.
  useEffect(() => {
    if (asked === 0) return;
    keyInput.current?.scrollIntoView?.({ block: 'center' });
    keyInput.current?.focus({ preventScroll: true });
  }, [asked]);
  const [done, setDone] = useState<FormOutcome | null>(null);
  const { errors, error, busy, submit } = useFormSubmit();

  const send = async (): Promise<void> => {
    setDone(null);
    const typed = trimValues(values);
    const parsed = setupChangeSchema.safeParse({
      relayUrl: typed.relayUrl,
      ...(typed.terminalKey ? { terminalKey: typed.terminalKey } : {}),
    });
    let ok = false;
    await submit(parsed, en.setup.fixFields, async (data) => {
      const failure = await change(data);
      ok = failure === null;
      return failure;
    });
    if (ok) {
      setValues((v) => ({ ...v, terminalKey: '' }));
      setDone({ ok: true, text: en.connection.saved });
    }
  };

  const field = (name: 'relayUrl' | 'terminalKey', label: string, secret = false) => (
    <label className="field">
      <span>{label}</span>
      <input
        ref={name === 'terminalKey' ? keyInput : undefined}
        name={`connection-${name}`}
        type={secret ? 'password' : 'text'}
        autoComplete="off"
        spellCheck={false}
        value={values[name]}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={`connection-${name}-hint${errors[name] ? ` connection-${name}-error` : ''}`}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      />
      <span id={`connection-${name}-hint`} className="field-hint muted">
        {en.setup.hints[name]}
      </span>
      {errors[name] && (
        <span id={`connection-${name}-error`} className="field-error">
          {errors[name]}
        </span>
      )}
    </label>
  );

  return (
    <Form label={en.connection.save} onSubmit={send}>
      {refused && (
        <p className="form-error" role="status">
          {en.connection.refused}
        </p>
      )}
      {field('relayUrl', en.setup.relayUrl)}
      {field('terminalKey', refused ? en.connection.newKey : en.connection.keepKey, true)}
      <Refusal text={error} />
      <FormMessage message={done} />
      <DialogActions
        start
        actions={[
          {
            label: busy ? en.connection.saving : en.connection.save,
            tone: 'primary',
            disabled: busy,
          },
        ]}
      />
    </Form>
  );
};

const DisconnectForm = () => {
  const disconnect = useApp((s) => s.disconnect);
  const waiting = useApp((s) => (s.status ? s.status.outboxWaiting + s.status.outboxFailed : 0));
  const [open, setOpen] = useState(false);
  const [pin, setPin] = useState('');
  const [dropWaiting, setDropWaiting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<FormOutcome | null>(null);

  if (!open)
    return (
      <DialogActions
        start
        actions={[
          { label: en.connection.disconnect, tone: 'danger-outline', onClick: () => setOpen(true) },
        ]}
      />
    );

  const confirm = async (): Promise<void> => {
    setBusy(true);
    setMessage(null);
    const failure = await disconnect({
      ...(pin ? { pin } : {}),
      ...(dropWaiting ? { discardWaiting: true } : {}),
    });
    setBusy(false);
    if (failure) setMessage({ ok: false, text: failure.message });
  };

  return (
    <Form label={en.connection.disconnectTitle} onSubmit={confirm}>
      <h3>{en.connection.disconnectTitle}</h3>
      <p>{en.connection.disconnectIntro}</p>
      <PinField name="disconnect-pin" label={en.connection.pin} value={pin} onChange={setPin} />
      {waiting > 0 && (
        <Check
          label={en.connection.dropWaiting(waiting)}
          checked={dropWaiting}
          onChange={setDropWaiting}
        />
      )}
      <FormMessage message={message} />
      <DialogActions
        start
        actions={[
          {
            label: en.connection.confirm,
            tone: 'danger',
            disabled: busy || (waiting > 0 && !dropWaiting),
          },
          { label: en.connection.keep, tone: 'quiet', onClick: () => setOpen(false) },
        ]}
      />
    </Form>
  );
};
