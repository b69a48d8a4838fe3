// The setup slice's relay link: started from the stored connection and the keychain's terminal
// key, stopped on a change or a disconnect; a key the relay refused leaves the keychain.
import type { RelayClient } from '../relay-client/relay-client';
import { startRelayClient } from '../relay-client/relay-client';
import type { SetupContext } from './setup-context';
import { RELAY_REFUSED_KEY } from './setup-context';

const REFUSED_AT_START =
  'The relay refused this terminal’s key earlier; enter a new key under Venue → Connection.';

/** The relay refused the key: it is worthless now, so it leaves the keychain (once). */
const keyRefused = async (ctx: SetupContext, key: string, error: string | null): Promise<void> => {
  const { settings, secrets, audit } = ctx.deps;
  settings.set(RELAY_REFUSED_KEY, ctx.deps.now().toISOString());
  let removed = false;
  try {
    // Only the key that was refused: a new one set meanwhile (Change connection) stays.
    if ((await secrets.get('terminal-key')) === key) {
      await secrets.delete('terminal-key');
      removed = true;
    }
  } catch {
    // A keychain that does not answer keeps the key; the client asks with it no more.
  }
  audit.record({
    action: 'relay',
    subject: ctx.connection()?.venueId ?? '-',
    outcome: 'key-refused',
    detail: `${error ?? 'The relay refused the terminal key.'}${removed ? ' The key was removed from the keychain.' : ''}`,
  });
};

/** Starts the relay link of the stored connection (nothing when none or already running). */
export const startRelay = async (ctx: SetupContext): Promise<void> => {
  const { deps, link } = ctx;
  const conn = ctx.connection();
  if (!conn || link.client) return;
  const terminalKey = await deps.secrets.get('terminal-key');
  if (!terminalKey && deps.settings.get<string>(RELAY_REFUSED_KEY) !== null) {
    link.state = 'refused';
    link.error = REFUSED_AT_START;
    link.why = null;
    deps.relay.onState?.('refused', link.error);
    ctx.statusChanged();
    return;
  }
  if (!terminalKey) {
    link.state = 'unconfigured';
    link.error = 'No relay terminal key is stored; reconnect the venue.';
    link.why = null;
    ctx.statusChanged();
    return;
  }
  const { onState: reportState, ...hooks } = deps.relay;
  // Null while the client starts (a refusal is told after it started).
  let client: RelayClient | null = null;
  client = startRelayClient({
    db: deps.db,
    relayUrl: conn.relayUrl,
    terminalKey,
    waitSeconds: deps.relayWaitSeconds,
    ...(deps.relayBackoff ? { backoff: deps.relayBackoff } : {}),
    onState: (state, error, downForMs, why = null) => {
      const report = (): void => {
        reportState?.(state, error, downForMs, why);
        if (state === link.state && error === link.error && why === link.why) return;
        link.state = state;
        link.error = error;
        link.why = why;
        ctx.statusChanged();
      };
      // Staff are told only once the refused key has left the keychain, so what the alarm
      // says (enter a new key) is already true when they read it.
      // A refusal told after the link was stopped or replaced is no longer this link's state.
      if (state === 'refused') {
        link.forgetting = keyRefused(ctx, terminalKey, error).then(() => {
          if (client === null || link.client === client) report();
        });
      } else report();
    },
    onRejected: (reason, detail) =>
      deps.audit.record({
        action: 'notification',
        subject: detail,
        outcome: 'rejected',
        detail: reason,
      }),
    onLogChanged: ({ previousLogId, logId, cursor }) =>
      deps.audit.record({
        action: 'relay',
        subject: logId,
        outcome: 'log-changed',
        detail: `The relay's event log changed (was ${previousLogId} at seq ${cursor}); reading it again from the start.`,
      }),
    ...hooks,
  });
  link.client = client;
};

export const stopRelay = async (ctx: SetupContext): Promise<void> => {
  const current = ctx.link.client;
  ctx.link.client = null;
  if (current) await current.stop();
  ctx.link.state = 'unconfigured';
  ctx.link.error = null;
  ctx.link.why = null;
};

/**
 * Before a new terminal key is written: the old link stops, and a refusal it was still handling
 * has finished with the keychain. Its "remove the refused key" reads the key and then deletes it;
 * a new key written between the two would be the one deleted, leaving the terminal with no key.
 */
export const quietRelay = async (ctx: SetupContext): Promise<void> => {
  await stopRelay(ctx);
  await ctx.link.forgetting;
};

/** Stops the old link and starts the stored connection's (after a connect or a change). */
export const restartRelay = async (ctx: SetupContext): Promise<void> => {
  await stopRelay(ctx);
  await startRelay(ctx);
};
