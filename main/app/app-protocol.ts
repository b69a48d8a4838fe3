// The renderer's origin in the desktop app: app://countertop/, a standard and secure scheme
// answered by serveRendererFile. A module script from file:// needs the privileges the
// grantFileProtocolExtraPrivileges fuse takes away; a custom scheme needs none of them.
import type { Protocol } from 'electron';
import { serveRendererFile } from '../host/renderer-files';

export const APP_SCHEME = 'app';
export const APP_HOST = 'countertop';
export const APP_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;
/** The same renderer showing only the recovery screen (no board) after repeated crashes. */
export const RECOVERY_URL = `${APP_URL}#recovery`;

/** Must run before the app is ready: Electron fixes scheme privileges at start-up. */
export const registerAppScheme = (protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void =>
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);

const plain = (status: number, text: string, headers: Record<string, string> = {}): Response =>
  new Response(text, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers },
  });

/** The app:// handler: GET and HEAD of the renderer's files under the app's own host only. */
export const appProtocolHandler =
  (rendererDir: string) =>
  async (request: Request): Promise<Response> => {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return plain(405, 'Method not allowed', { Allow: 'GET, HEAD' });
    const url = new URL(request.url);
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return plain(404, 'Not found');
    const file = await serveRendererFile(rendererDir, url.pathname);
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(file.body), {
      status: file.status,
      headers: file.headers,
    });
  };

/** Answers app:// from the built renderer; call once the app is ready. */
export const handleAppProtocol = (protocol: Pick<Protocol, 'handle'>, rendererDir: string): void =>
  protocol.handle(APP_SCHEME, appProtocolHandler(rendererDir));
