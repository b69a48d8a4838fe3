import type { KeyboardEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import type { BridgeError, SetupConnectRequest } from '../../shared/ipc/contract';
import { setupConnectSchema, setupSignInSchema } from '../../shared/ipc/contract';
import type { Result } from '../ui-kit/bridge';
import { errorOf } from '../ui-kit/bridge';
import { useApp } from './hooks';
import { trimValues, useFormSubmit } from '../ui-kit/form';
import { DialogActions, Refusal } from '../ui-kit/DialogActions';
import { en } from './messages';
import { Form } from '../ui-kit/Form';
import { openSignInTab } from './sign-in-tab';

type Field = keyof SetupConnectRequest | 'onboardingUrl';
// No placeholder: the hint under each field gives an example in the screen's language.
type FieldSpec = { name: Field; secret?: boolean };

// Each field's label is the message of its name, worded at render (a switch of language follows).
const PLATFORM_FIELDS: FieldSpec[] = [
  {
    name: 'authUrl',
  },
  {
    name: 'posUrl',
  },
  {
    name: 'clientId',
  },
  {
    name: 'clientSecret',
    secret: true,
  },
  {
    name: 'onboardingUrl',
  },
];
const RELAY_FIELDS: FieldSpec[] = [
  {
    name: 'relayUrl',
  },
  {
    name: 'terminalKey',
    secret: true,
  },
];
/** The fallback: a code the platform gave, with the address it was made for. */
const CODE_FIELDS: FieldSpec[] = [
  {
    name: 'code',
  },
  {
    name: 'redirectUri',
  },
];
const SIGN_IN_FIELDS = [
  'authUrl',
  'posUrl',
  'clientId',
  'clientSecret',
  'onboardingUrl',
  'relayUrl',
  'terminalKey',
] as const satisfies readonly Field[];

/** A sign-in's refusal (worded by its code like any); null when staff cancelled it themselves. */
const signInRefusal = (result: Result<unknown>): BridgeError | null => {
  const error = errorOf(result);
  return error?.refusal?.key === 'sign-in-cancelled' ? null : error;
};

/** While a sign-in runs: what it waits for, the page if staff must open it, and the way out. */
const SignInWait = () => {
  const signIn = useApp((s) => s.signIn);
  const cancel = useApp((s) => s.cancelSignIn);
  if (!signIn) return null;
  return (
    <div className="sign-in-wait" role="status">
      <p>{signIn.phase === 'checking' ? en.setup.checking : en.setup.waiting}</p>
      {signIn.pageUrl && (
        <>
          <p className="muted">{en.setup.blocked}</p>
          <a
            className="btn btn-go btn-large"
            href={signIn.pageUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            {en.setup.openPage}
          </a>
        </>
      )}
      <DialogActions
        start
        actions={[{ label: en.setup.cancelSignIn, tone: 'quiet', onClick: () => void cancel() }]}
      />
    </div>
  );
};

export const SetupScreen = () => {
  const setup = useApp((s) => s.setup);
  const connect = useApp((s) => s.connect);
  const signInWithPlatform = useApp((s) => s.signInWithPlatform);
  const signingIn = useApp((s) => s.signIn !== null);
  const openSetup = useApp((s) => s.openSetup);
  const [values, setValues] = useState<Record<Field, string>>({
    authUrl: setup?.authUrl ?? '',
    posUrl: setup?.posUrl ?? '',
    clientId: setup?.clientId ?? '',
    clientSecret: '',
    onboardingUrl: setup?.onboardingUrl ?? '',
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

  const connectWithCode = (): Promise<void> =>
    send(setupConnectSchema.safeParse(trimValues(values)), en.setup.fixFields, (data) =>
      connect(data).then(errorOf),
    );

  const signIn = (): Promise<void> => {
    const typed = trimValues(values);
    const parsed = setupSignInSchema.safeParse(
      Object.fromEntries(SIGN_IN_FIELDS.map((name) => [name, typed[name]])),
    );
    // Opened by this tap, before anything is awaited: a browser blocks a tab opened later.
    const tab = parsed.success ? openSignInTab(en.setup.opening) : null;
    return send(parsed, en.setup.fixFields, (data) =>
      signInWithPlatform(data, tab).then(signInRefusal),
    );
  };

  /** Enter in the code's fields connects with the code; anywhere else it signs in. */
  const codeEnter = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void connectWithCode();
  };

  const renderField = (spec: FieldSpec) => (
    <label key={spec.name} className="field">
      <span>{en.setup[spec.name]}</span>
      <input
        name={spec.name}
        type={spec.secret ? 'password' : 'text'}
        autoComplete="off"
        spellCheck={false}
        value={values[spec.name]}
        aria-invalid={Boolean(fieldErrors[spec.name])}
        aria-describedby={
          fieldErrors[spec.name] ? `${spec.name}-error ${spec.name}-hint` : `${spec.name}-hint`
        }
        onChange={(e) => setValues((v) => ({ ...v, [spec.name]: e.target.value }))}
        onKeyDown={spec.name === 'code' || spec.name === 'redirectUri' ? codeEnter : undefined}
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
      <Form className="setup-form" label={en.setup.title} onSubmit={signIn}>
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
        <SignInWait />
        <Refusal text={error} what={en.setup.failed} ref={refusalRef} />
        <DialogActions
          actions={[
            setup?.configured && {
              label: en.setup.cancel,
              tone: 'quiet',
              onClick: () => openSetup(false),
            },
            {
              label: en.setup.signIn,
              tone: 'go',
              large: true,
              disabled: busy,
            },
          ]}
        />
        <fieldset>
          <legend>{en.setup.pasteSection}</legend>
          <p className="muted">{en.setup.pasteIntro}</p>
          {CODE_FIELDS.map(renderField)}
          <DialogActions
            start
            actions={[
              {
                label: busy && !signingIn ? en.setup.connecting : en.setup.connect,
                tone: 'primary',
                disabled: busy,
                onClick: () => void connectWithCode(),
              },
            ]}
          />
        </fieldset>
      </Form>
    </main>
  );
};
