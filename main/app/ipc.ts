// One ipcMain.handle per channel of the contract. Each checks that the call comes from the app
// window's top frame showing our page, then validates and dispatches through dispatch.ts.
import type { BrowserWindow, IpcMain, IpcMainInvokeEvent } from 'electron';
import { refusal } from '../../shared/refusals';
import { CHANNEL_NAMES, EVENT_CHANNEL } from '../../shared/ipc/contract';
import type { InvokeResult, ServiceHost } from '../host/dispatch';
import { invokeChannel } from '../host/dispatch';
import { forwardEventBatches } from '../host/event-batches';
import { isAppUrl } from '../host/security';

export const isTrustedSender = (
  event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>,
  window: BrowserWindow | null,
  appUrl: string,
): boolean => {
  if (!window || window.isDestroyed()) return false;
  const frame = event.senderFrame;
  return (
    frame !== null &&
    event.sender === window.webContents &&
    frame === window.webContents.mainFrame &&
    isAppUrl(frame.url, appUrl)
  );
};

const REFUSED: InvokeResult = {
  ok: false,
  error: {
    code: 'invalid-request',
    message: 'Refused: the request did not come from the app window.',
    refusal: refusal('bad-request'),
  },
};

export const registerIpcHandlers = (
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>,
  api: ServiceHost['api'],
  getWindow: () => BrowserWindow | null,
  appUrl: string,
): (() => void) => {
  for (const channel of CHANNEL_NAMES) {
    ipcMain.handle(channel, (event, args: unknown) =>
      isTrustedSender(event, getWindow(), appUrl)
        ? invokeChannel(api, channel, args)
        : Promise.resolve(REFUSED),
    );
  }
  return () => {
    for (const channel of CHANNEL_NAMES) ipcMain.removeHandler(channel);
  };
};

/** Pushes every service event to the window (and nowhere else), in batches. */
export const forwardEvents = (
  core: Pick<ServiceHost, 'on'>,
  getWindow: () => BrowserWindow | null,
): (() => void) =>
  forwardEventBatches(core, (batch) => {
    const window = getWindow();
    if (window && !window.isDestroyed()) window.webContents.send(EVENT_CHANNEL, batch);
  });
