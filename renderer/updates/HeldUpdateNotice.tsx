import { useState } from 'react';
import { useApp } from './hooks';
import { en } from './messages';

/**
 * A signed update more than one major version ahead waits for staff: a calm notice in the
 * notices strip, one tap to ask, one to confirm. A refusal is said in staff words: the service's
 * message is for the log, not the counter.
 */
export const HeldUpdateNotice = () => {
  const held = useApp((s) => s.heldUpdate);
  const install = useApp((s) => s.installUpdate);
  // The version staff were asked about: a confirm shown for one version never installs another.
  const [asking, setAsking] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!held) return null;
  const confirming = asking === held.version;
  const confirm = async (version: string) => {
    setBusy(true);
    const failure = await install(version);
    setBusy(false);
    setAsking(null);
    // A conflict: another version is held now, and the notice already names it.
    if (failure)
      setRefusal(failure.code === 'conflict' ? en.heldUpdate.changed : en.heldUpdate.failed);
  };
  return (
    <div className="banner banner-update" role="status" data-testid="held-update">
      <p>
        {confirming ? en.heldUpdate.confirm(held.version) : en.heldUpdate.waiting(held.version)}
        {refusal && !confirming && (
          <>
            {' '}
            <strong role="alert">{refusal}</strong>
          </>
        )}
      </p>
      {confirming ? (
        <span className="banner-actions">
          <button
            type="button"
            className="btn btn-light"
            disabled={busy}
            onClick={() => void confirm(held.version)}
          >
            {en.heldUpdate.yes}
          </button>
          <button type="button" className="btn btn-light" onClick={() => setAsking(null)}>
            {en.heldUpdate.notNow}
          </button>
        </span>
      ) : (
        <button
          type="button"
          className="btn btn-light"
          onClick={() => {
            setRefusal(null);
            setAsking(held.version);
          }}
        >
          {en.heldUpdate.install}
        </button>
      )}
    </div>
  );
};
