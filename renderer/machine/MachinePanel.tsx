import { useState } from 'react';
import type { FormEvent } from 'react';
import { useApp } from './hooks';
import { en } from './messages';
import { Check } from '../ui-kit/Check';
import { DialogActions } from '../ui-kit/DialogActions';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../../shared/i18n';
import { setLanguage, useLanguage } from '../ui-kit/language';
import { FormMessage } from '../ui-kit/FormMessage';
import type { FormOutcome } from '../ui-kit/FormMessage';
import { TerminalPanel } from './TerminalPanel';
import { PinField } from '../ui-kit/PinField';

/** Kiosk mode, start on login and the staff PIN that guards them. */
export const MachinePanel = () => {
  const language = useLanguage((s) => s.language);
  const machine = useApp((s) => s.machine);
  const save = useApp((s) => s.saveMachine);
  const unlock = useApp((s) => s.unlockKiosk);
  const [kiosk, setKiosk] = useState<boolean | null>(null);
  const [startOnLogin, setStartOnLogin] = useState<boolean | null>(null);
  const [pin, setPin] = useState('');
  const [currentPin, setCurrentPin] = useState('');
  const [message, setMessage] = useState<FormOutcome | null>(null);
  if (!machine) return null;

  // The form starts from the confirmed settings; a choice stays a draft until saved.
  const wantKiosk = kiosk ?? machine.kiosk;
  const wantStart = startOnLogin ?? machine.startOnLogin;
  const locked = machine.kiosk && !machine.kioskUnlocked;

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (wantKiosk && !machine.pinSet && pin === '') {
      setMessage({ ok: false, text: en.machine.pinNeeded });
      return;
    }
    const failure = await save({
      kiosk: wantKiosk,
      startOnLogin: wantStart,
      ...(pin ? { pin } : {}),
      ...(machine.pinSet ? { currentPin } : {}),
    });
    if (failure) {
      setMessage({ ok: false, text: failure.message });
      return;
    }
    setKiosk(null);
    setStartOnLogin(null);
    setPin('');
    setCurrentPin('');
    setMessage({ ok: true, text: en.machine.saved });
  };

  const leave = async (): Promise<void> => {
    const failure = await unlock(currentPin);
    if (failure) {
      setMessage({ ok: false, text: failure.message });
      return;
    }
    setCurrentPin('');
    setMessage({ ok: true, text: en.machine.unlocked });
  };

  return (
    <>
      <TerminalPanel />
      <section className="panel-section" aria-label={en.machine.title}>
        <h2>{en.machine.title}</h2>
        <p className="muted">{en.machine.desktopOnly}</p>
        <label className="field">
          {en.machine.language}
          <select
            value={language}
            onChange={(event) => {
              if (isLanguage(event.target.value)) setLanguage(event.target.value);
            }}
          >
            {LANGUAGES.map((l) => (
              // Each language in its own words, said so (a screen reader reads "Suomi" in Finnish).
              <option key={l} value={l} lang={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </label>
        <form onSubmit={(event) => void submit(event)}>
          <Check label={en.machine.kiosk} checked={wantKiosk} onChange={setKiosk} />
          <Check label={en.machine.startOnLogin} checked={wantStart} onChange={setStartOnLogin} />
          <PinField label={en.machine.pin} value={pin} onChange={setPin} />
          {machine.pinSet && (
            <PinField label={en.machine.currentPin} value={currentPin} onChange={setCurrentPin} />
          )}
          <DialogActions
            start
            actions={[
              { label: en.machine.save, tone: 'primary' },
              locked && { label: en.machine.unlock, tone: 'quiet', onClick: () => void leave() },
            ]}
          />
        </form>
        <FormMessage message={message} />
      </section>
    </>
  );
};
