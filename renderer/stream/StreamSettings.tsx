import { useState } from 'react';
import type { StreamGuardSettings } from '../../shared/stream-guard';
import {
  AUTO_PAUSE_MAX_SECONDS,
  AUTO_PAUSE_MIN_SECONDS,
  DEFAULT_STREAM_GUARD_SETTINGS,
} from '../../shared/stream-guard';
import { useApp } from './hooks';
import { en } from './messages';
import { Check } from '../ui-kit/Check';
import { DialogActions } from '../ui-kit/DialogActions';
import { FormMessage } from '../ui-kit/FormMessage';
import { useSettingsVenue } from '../ui-kit/SettingsVenuePicker';

/**
 * The order stream alarm's settings: whether Countertop takes the venue offline when orders
 * cannot arrive, after how long, and a button to hear the siren before the day it matters. They
 * are the venue's (every terminal of it follows them): on a terminal of several venues, those of
 * the venue the settings page's picker shows.
 */
export const StreamSettings = () => {
  const venueId = useSettingsVenue();
  const saved = useApp(
    (s) =>
      (venueId
        ? s.stream?.venues.find((v) => v.venueId === venueId)?.settings
        : s.stream?.settings) ?? DEFAULT_STREAM_GUARD_SETTINGS,
  );
  // Kept out here: a save remounts the form below, and its confirmation must stay.
  const [message, setMessage] = useState<Message | null>(null);
  // Another window, terminal or venue may change them: the form starts again from what main holds
  // (a confirmation stays with the venue it was saved for).
  return (
    <SettingsForm
      key={`${venueId ?? ''}:${saved.autoPause}:${saved.pauseAfterSeconds}`}
      venueId={venueId}
      saved={saved}
      message={message?.venueId === venueId ? message : null}
      setMessage={(next) => setMessage(next && { ...next, venueId })}
    />
  );
};

type Message = { ok: boolean; text: string; venueId?: string | undefined };

const SettingsForm = ({
  venueId,
  saved,
  message,
  setMessage,
}: {
  venueId: string | undefined;
  saved: StreamGuardSettings;
  message: Message | null;
  setMessage: (message: Message | null) => void;
}) => {
  const configure = useApp((s) => s.configureStream);
  const testAlarm = useApp((s) => s.testAlarm);
  const [autoPause, setAutoPause] = useState(saved.autoPause);
  const [seconds, setSeconds] = useState(String(saved.pauseAfterSeconds));

  const value = Number(seconds);
  const valid =
    /^\d+$/.test(seconds.trim()) &&
    value >= AUTO_PAUSE_MIN_SECONDS &&
    value <= AUTO_PAUSE_MAX_SECONDS;

  return (
    <section className="panel-section" aria-label={en.stream.settingsTitle}>
      <h2>{en.stream.settingsTitle}</h2>
      <p className="muted">{en.stream.settingsIntro}</p>
      <Check
        label={en.stream.autoPause}
        checked={autoPause}
        onChange={(checked) => {
          setAutoPause(checked);
          setMessage(null);
        }}
      />
      <label className="field">
        <span>{en.stream.pauseAfter}</span>
        <input
          inputMode="numeric"
          value={seconds}
          disabled={!autoPause}
          aria-invalid={!valid}
          onChange={(e) => {
            setSeconds(e.target.value);
            setMessage(null);
          }}
        />
        {!valid && (
          <span className="field-error">
            {en.stream.pauseAfterError(AUTO_PAUSE_MIN_SECONDS, AUTO_PAUSE_MAX_SECONDS)}
          </span>
        )}
      </label>
      <DialogActions
        start
        actions={[
          {
            label: en.stream.save,
            tone: 'primary',
            disabled: !valid,
            onClick: async () => {
              const error = await configure({ autoPause, pauseAfterSeconds: value }, venueId);
              setMessage(
                error ? { ok: false, text: error.message } : { ok: true, text: en.stream.saved },
              );
            },
          },
          { label: en.stream.testAlarm, tone: 'quiet', onClick: testAlarm },
        ]}
      />
      <FormMessage message={message} />
    </section>
  );
};
