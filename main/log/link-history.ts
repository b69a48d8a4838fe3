// The order stream's and the platform's link history, as support reads it from the log (and the
// diagnostics bundle's links.jsonl): one line per change, with the reason when it went down: its
// why as a code the screen words, and the error's own text for support.
import type { AppStatus } from '../../shared/domain';
import type { Logger } from './logger';

export const logLinkChanges = (log: Logger): ((status: AppStatus) => void) => {
  let relay: AppStatus['relay'] | null = null;
  let platform: AppStatus['platform'] | null = null;
  return (status) => {
    if (status.relay !== relay) {
      relay = status.relay;
      const level = relay === 'disconnected' || relay === 'refused' ? 'warn' : 'info';
      log[level]('link', {
        link: 'relay',
        state: relay,
        why: status.relayWhy,
        error: status.relayError,
      });
    }
    if (status.platform !== platform) {
      platform = status.platform;
      const level = platform === 'unreachable' ? 'warn' : 'info';
      log[level]('link', {
        link: 'platform',
        state: platform,
        why: status.platformWhy,
        error: status.platformError,
      });
    }
  };
};
