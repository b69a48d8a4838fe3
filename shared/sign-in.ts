// Sign in with the platform (docs/platform.md, "Sign in"): the one path the terminal's loopback
// listener answers on, and the redirect a partner registers with the platform for it. The
// listener takes whatever port is free, so the registered redirect names none.

/** The path of the terminal's loopback listener, as the platform sends the browser back to it. */
export const SIGN_IN_CALLBACK_PATH = '/countertop/onboarding/callback';

/** The loopback redirect as registered with the platform (the demo client registers this one). */
export const LOOPBACK_REDIRECT_URI = `http://127.0.0.1${SIGN_IN_CALLBACK_PATH}`;

/**
 * Why a sign-in ended without a venue, as main tells the renderer (the refusal
 * `sign-in-<reason>`, shared/refusals.ts), so each window says it in its staff's language.
 */
export const SIGN_IN_FAILURES = [
  'timeout',
  'state-mismatch',
  'denied',
  'no-code',
  'cancelled',
  'no-page',
] as const;
export type SignInFailure = (typeof SIGN_IN_FAILURES)[number];

/**
 * The page a window may open for a sign-in: an http(s) address, as a string, or null. Main
 * checks the page against the onboarding address; the window still opens nothing else.
 */
export const signInPageUrl = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
};
