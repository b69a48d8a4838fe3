// The machine slice: how the counter's POS box runs the app (kiosk mode, start on login) and the
// staff PIN that guards kiosk mode. It only decides and stores; the Electron glue (main/app/)
// applies the settings to the window and the OS, listening to machine:changed. The PIN lives in
// the keychain as a salted scrypt hash, never in the database or a file.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { MachineSettings } from '../../shared/domain';
import type { MachineSetRequest, ServiceApi } from '../../shared/ipc/contract';
import type { AuditLog } from '../audit/audit-log';
import type { EventHub } from '../host/event-hub';
import type { SecretStore } from '../secrets/secret-store';
import { ServiceError } from '../service-error';
import { refusal } from '../../shared/refusals';
import type { Database } from '../storage/database';
import type { Settings } from '../storage/settings';
import { createPinGuard } from './pin-guard';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  length: number,
) => Promise<Buffer>;

const SETTINGS_KEY = 'machine';
const HASH_LENGTH = 32;

type Stored = { kiosk: boolean; startOnLogin: boolean };
type MachineChannels = 'machine:get' | 'machine:set' | 'machine:unlock' | 'machine:restart';

export type MachineSlice = {
  handlers: Pick<ServiceApi, MachineChannels>;
  /** The settings as the glue applies them at start. */
  current(): Promise<MachineSettings>;
  /**
   * Throws unless `pin` is the staff PIN (with the same lockout as every PIN check); resolves
   * whether a PIN is set (none set: anything passes).
   */
  checkPin(pin: string | undefined, doing: string): Promise<boolean>;
};

export type MachineHost = {
  /** Restarts the app; absent where there is no app to restart (the web host). */
  restart?: () => void;
};

const hashPin = async (pin: string, salt = randomBytes(16)): Promise<string> =>
  `scrypt:${salt.toString('base64')}:${(await scrypt(pin, salt, HASH_LENGTH)).toString('base64')}`;

const pinMatches = async (pin: string, stored: string): Promise<boolean> => {
  const [scheme, salt, hash] = stored.split(':');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(pin, Buffer.from(salt, 'base64'), expected.length);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
};

/** "Wait a minute" / "Wait 4 minutes": how long a locked PIN stays locked, in staff words. */
export const createMachineSlice = (deps: {
  db: Database;
  settings: Settings;
  secrets: SecretStore;
  audit: AuditLog;
  hub: EventHub;
  now: () => Date;
  host?: MachineHost;
}): MachineSlice => {
  const { settings, secrets, audit, hub, now } = deps;
  let kioskUnlocked = false;
  const guard = createPinGuard(deps.db);
  // One PIN check at a time on this machine: a guess waits for the one before it.
  let checking: Promise<unknown> = Promise.resolve();

  const stored = (): Stored => ({
    kiosk: false,
    startOnLogin: false,
    ...settings.get<Stored>(SETTINGS_KEY),
  });
  const current = async (): Promise<MachineSettings> => {
    const { kiosk, startOnLogin } = stored();
    const pinSet = (await secrets.get('staff-pin')) !== null;
    return { kiosk, startOnLogin, pinSet, kioskUnlocked: kiosk && kioskUnlocked };
  };

  /**
   * Throws unless `pin` is the staff PIN (any PIN passes while none is set). Each try is reserved
   * in the database before its hash is computed (pin-guard.ts); 5 wrong tries in a row lock the
   * PIN for a minute, each further one twice as long. Resolves whether a PIN is set.
   */
  const checkPinNow = async (pin: string | undefined, doing: string): Promise<boolean> => {
    const stored = await secrets.get('staff-pin');
    if (stored === null) return false;
    if (pin === undefined) throw new ServiceError('invalid-request', refusal('pin-needed'));
    const locked = guard.reserve(now().getTime());
    if (locked)
      throw new ServiceError(
        'conflict',
        refusal('pin-locked', Math.max(1, Math.ceil(locked.lockedForMs / 60_000))),
      );
    if (await pinMatches(pin, stored)) {
      guard.right();
      return true;
    }
    audit.record({ action: 'machine/pin', subject: doing, outcome: 'refused' });
    throw new ServiceError('invalid-request', refusal('pin-wrong'));
  };
  const checkPin = (pin: string | undefined, doing: string): Promise<boolean> => {
    const result = checking.then(() => checkPinNow(pin, doing));
    checking = result.catch(() => undefined);
    return result;
  };

  const changed = async (): Promise<MachineSettings> => {
    const settingsNow = await current();
    hub.emit('machine:changed', settingsNow);
    return settingsNow;
  };

  const set = async (request: MachineSetRequest): Promise<MachineSettings> => {
    const hadPin = await checkPin(request.currentPin, 'settings');
    const before = stored();
    const pinSet = request.pin !== undefined || hadPin;
    const next: Stored = {
      kiosk: request.kiosk ?? before.kiosk,
      startOnLogin: request.startOnLogin ?? before.startOnLogin,
    };
    // Kiosk mode without a PIN would have no way out but the OS.
    if (next.kiosk && !pinSet)
      throw new ServiceError('invalid-request', refusal('pin-before-kiosk'));
    if (request.pin !== undefined) await secrets.set('staff-pin', await hashPin(request.pin));
    settings.set(SETTINGS_KEY, next);
    if (next.kiosk && !before.kiosk) kioskUnlocked = false;
    const what = [
      request.pin !== undefined ? 'pin' : null,
      next.kiosk !== before.kiosk ? `kiosk ${next.kiosk ? 'on' : 'off'}` : null,
      next.startOnLogin !== before.startOnLogin
        ? `start on login ${next.startOnLogin ? 'on' : 'off'}`
        : null,
    ].filter((part): part is string => part !== null);
    if (what.length > 0)
      audit.record({ action: 'machine/settings', subject: what.join(', '), outcome: 'saved' });
    return changed();
  };

  return {
    current,
    checkPin,
    handlers: {
      'machine:get': () => current(),
      'machine:set': set,
      'machine:unlock': async ({ pin }) => {
        if (!(await checkPin(pin, 'kiosk'))) throw new ServiceError('conflict', refusal('no-pin'));
        kioskUnlocked = true;
        audit.record({ action: 'machine/kiosk', subject: 'kiosk', outcome: 'unlocked' });
        return changed();
      },
      'machine:restart': async () => {
        if (!deps.host?.restart) throw new ServiceError('failed', refusal('restart-desktop-only'));
        audit.record({ action: 'machine/restart', subject: 'app', outcome: 'requested' });
        deps.host.restart();
      },
    },
  };
};
