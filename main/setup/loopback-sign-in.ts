// Sign in with the platform: the platform's onboarding page is opened with a `redirect_uri` on this
// machine's loopback, and the code comes back to a listener that answers once. The token service
// shows no PKCE, so the listener is what protects the code (docs/platform.md, "Sign in"): loopback
// only, an unguessable `state` checked in constant time, one callback, a short life.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SignInFailure } from '../../shared/sign-in';
import { SIGN_IN_CALLBACK_PATH, signInPageUrl } from '../../shared/sign-in';

/** Long enough to read the page and press Allow; a forgotten sign-in does not listen for ever. */
export const SIGN_IN_TIMEOUT_MS = 5 * 60_000;

export type { SignInFailure };

/** A sign-in that ended without a code: its reason is the code main answers (`sign-in-<reason>`). */
export class SignInError extends Error {
  constructor(readonly reason: SignInFailure) {
    super(`The sign-in ended without a code: ${reason}`);
    this.name = 'SignInError';
  }
}

export type LoopbackSignIn = {
  /** The address the platform sends the browser back to (`http://127.0.0.1:<port>` and SIGN_IN_CALLBACK_PATH). */
  redirectUri: string;
  /** The onboarding start URL with `redirect_uri` and `state` added: what the browser opens. */
  startUrl: string;
  /** The code of the one callback whose state matched; rejects with a SignInError. */
  code: Promise<string>;
  cancel(): void;
};

const sameState = (expected: string, got: string | null): boolean => {
  if (got === null) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(got);
  return a.length === b.length && timingSafeEqual(a, b);
};

const PAGE = (title: string): string =>
  `<!doctype html><meta charset="utf-8"><title>Countertop</title><p>${title}</p>`;

/**
 * Whether `page` is the onboarding page staff configured, with only our parameters added: http(s),
 * the same origin and path, every configured parameter kept. What a window is asked to open is
 * checked against it, so a sign-in never sends staff anywhere else.
 */
export const pageFitsOnboarding = (page: string, onboardingUrl: string): boolean => {
  const checked = signInPageUrl(page);
  const wanted = signInPageUrl(onboardingUrl);
  if (!checked || !wanted) return false;
  const got = new URL(checked);
  const start = new URL(wanted);
  if (got.origin !== start.origin || got.pathname !== start.pathname) return false;
  return [...start.searchParams].every(
    ([name, value]) =>
      name === 'redirect_uri' || name === 'state' || got.searchParams.getAll(name).includes(value),
  );
};

/** Starts the one-shot listener and says where to send the browser. */
export const startLoopbackSignIn = async (options: {
  /** The platform's onboarding start URL (a setup field). */
  onboardingUrl: string;
  timeoutMs?: number;
}): Promise<LoopbackSignIn> => {
  const start = new URL(options.onboardingUrl);
  if (start.protocol !== 'https:' && start.protocol !== 'http:') throw new SignInError('no-page');
  const state = randomBytes(32).toString('base64url');
  let settle: { resolve(code: string): void; reject(error: SignInError): void } | null = null;
  const code = new Promise<string>((resolve, reject) => {
    settle = { resolve, reject };
  });
  // Nobody may be waiting yet when it fails early (e.g. a timeout before `await code`).
  code.catch(() => undefined);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== SIGN_IN_CALLBACK_PATH) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const waiting = settle;
    if (!waiting) {
      // One-shot: a second callback (a replay, another tab) gets nothing.
      res.writeHead(410, { 'content-type': 'text/plain' }).end('this sign-in is over');
      return;
    }
    settle = null;
    const params = url.searchParams;
    const failure: SignInFailure | null = !sameState(state, params.get('state'))
      ? 'state-mismatch'
      : params.has('error')
        ? 'denied'
        : !params.get('code')
          ? 'no-code'
          : null;
    res
      .writeHead(failure ? 400 : 200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        // The page must not send the code on to anyone (e.g. in a Referer).
        'referrer-policy': 'no-referrer',
      })
      .end(
        PAGE(
          failure
            ? 'This sign-in was refused. Go back to Countertop and start it again.'
            : 'Signed in. You can close this tab and go back to Countertop.',
        ),
      );
    if (failure) waiting.reject(new SignInError(failure));
    else waiting.resolve(params.get('code')!);
    finish();
  });
  const timer = setTimeout(() => fail('timeout'), options.timeoutMs ?? SIGN_IN_TIMEOUT_MS);
  timer.unref();
  const finish = (): void => {
    clearTimeout(timer);
    server.close();
    server.closeIdleConnections();
  };
  const fail = (reason: SignInFailure): void => {
    const waiting = settle;
    settle = null;
    finish();
    waiting?.reject(new SignInError(reason));
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const redirectUri = `http://127.0.0.1:${port}${SIGN_IN_CALLBACK_PATH}`;
  start.searchParams.set('redirect_uri', redirectUri);
  start.searchParams.set('state', state);
  return { redirectUri, startUrl: start.toString(), code, cancel: () => fail('cancelled') };
};
