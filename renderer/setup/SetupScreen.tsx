import { useEffect, useRef, useState } from 'react';
import type { SetupConnectRequest } from '../../shared/ipc/contract';
import { setupConnectSchema } from '../../shared/ipc/contract';
import { errorOf } from '../ui-kit/bridge';
import { useApp } from './hooks';
import { trimValues, useFormSubmit } from '../ui-kit/form';
import { DialogActions, Refusal } from '../ui-kit/DialogActions';
import { en } from './messages';
import { Form } from '../ui-kit/Form';

type Field = keyof SetupConnectRequest;
type FieldSpec = { name: Field; label: string; secret?: boolean; placeholder?: string };

const PLATFORM_FIELDS: FieldSpec[] = [
  { name: 'authUrl', label: en.setup.authUrl, placeholder: 'https://auth.…' },
  { name: 'posUrl', label: en.setup.posUrl, placeholder: 'https://pos.…' },
  { name: 'clientId', label: en.setup.clientId },
  { name: 'clientSecret', label: en.setup.clientSecret, secret: true },
  { name: 'code', label: en.setup.code },
  { name: 'redirectUri', label: en.setup.redirectUri, placeholder: 'https://…' },
];
const RELAY_FIELDS: FieldSpec[] = [
  { name: 'relayUrl', label: en.setup.relayUrl, placeholder: 'https://relay.…' },
  { name: 'terminalKey', label: en.setup.terminalKey, secret: true },
];

export const SetupScreen = () => {
  const setup = useApp((s) => s.setup);
  const connect = useApp((s) => s.connect);
  const openSetup = useApp((s) => s.openSetup);
  const [values, setValues] = useState<Record<Field, string>>({
    authUrl: setup?.authUrl ?? '',
    posUrl: setup?.posUrl ?? '',
    clientId: setup?.clientId ?? '',
    clientSecret: '',
    code: '',
    redirectUri: setup?.redirectUri ?? '',
    relayUrl: setup?.relayUrl ?? '',
    terminalKey: '',
  });
  const { errors: fieldErrors, error, busy, submit: send } = useFormSubmit();
  // The refusal appears below the button, past the fold of a counter's screen: brought into view.
  const refusalRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (error) refusalRef.current?.scrollIntoView?.({ block: 'center' });
  }, [error]);

  const submit = (): Promise<void> => {
    return send(setupConnectSchema.safeParse(trimValues(values)), en.setup.fixFields, (data) =>
      connect(data).then(errorOf),
    );
  };

  const renderField = (spec: FieldSpec) => (
    <label key={spec.name} className="field">
      <span>{spec.label}</span>
      <input
        name={spec.name}
        type={spec.secret ? 'password' : 'text'}
        autoComplete="off"
        spellCheck={false}
        placeholder={spec.placeholder}
        value={values[spec.name]}
        aria-invalid={Boolean(fieldErrors[spec.name])}
        aria-describedby={
          fieldErrors[spec.name] ? `${spec.name}-error ${spec.name}-hint` : `${spec.name}-hint`
        }
        onChange={(e) => setValues((v) => ({ ...v, [spec.name]: e.target.value }))}
      />
      <span id={`${spec.name}-hint`} className="field-hint muted">
        {en.setup.hints[spec.name]}
      </span>
      {fieldErrors[spec.name] && (
        <span id={`${spec.name}-error`} className="field-error">
          {fieldErrors[spec.name]}
        </span>
      )}
    </label>
  );

  return (
    <main className="setup">
      <Form className="setup-form" label={en.setup.title} onSubmit={submit}>
        <h1>{en.setup.title}</h1>
        <p className="muted">{en.setup.intro}</p>
        <fieldset>
          <legend>{en.setup.platformSection}</legend>
          {PLATFORM_FIELDS.map(renderField)}
        </fieldset>
        <fieldset>
          <legend>{en.setup.relaySection}</legend>
          {RELAY_FIELDS.map(renderField)}
        </fieldset>
        <Refusal text={error} what={en.setup.failed} ref={refusalRef} />
        <DialogActions
          actions={[
            setup?.configured && {
              label: en.setup.cancel,
              tone: 'quiet',
              onClick: () => openSetup(false),
            },
            {
              label: busy ? en.setup.connecting : en.setup.connect,
              tone: 'go',
              large: true,
              disabled: busy,
            },
          ]}
        />
      </Form>
    </main>
  );
};
