// Sign in with the platform (docs/platform.md, "Sign in"): the one path the terminal's loopback
// listener answers on, and the redirect a partner registers with the platform for it. The
// listener takes whatever port is free, so the registered redirect names none.

/** The path of the terminal's loopback listener, as the platform sends the browser back to it. */
export const SIGN_IN_CALLBACK_PATH = '/countertop/onboarding/callback';

/** The loopback redirect as registered with the platform (the demo client registers this one). */
export const LOOPBACK_REDIRECT_URI = `http://127.0.0.1${SIGN_IN_CALLBACK_PATH}`;
