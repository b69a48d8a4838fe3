// The app's security rules as plain functions, so each can be tested without Electron.

/** The renderer loads only its own files; no eval, no inline script, no remote anything. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Where "open in browser" may lead: only the platform's own help and merchant pages. */
export const EXTERNAL_ALLOW_LIST: readonly string[] = [
  'merchant.platform.example',
  'help.platform.example',
];

export const isAllowedExternalUrl = (
  url: string,
  allowList: readonly string[] = EXTERNAL_ALLOW_LIST,
): boolean => {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    parsed.protocol === 'https:' &&
    !parsed.username &&
    !parsed.password &&
    allowList.includes(parsed.hostname)
  );
};

/** True when `url` is a page of the app itself (same file or same origin as the app's URL). */
export const isAppUrl = (url: string, appUrl: string): boolean => {
  try {
    const target = new URL(url);
    const app = new URL(appUrl);
    if (app.protocol === 'file:')
      return target.protocol === 'file:' && target.pathname === app.pathname;
    // Not URL.origin: it is "null" for every custom scheme, app:// included.
    return target.protocol === app.protocol && target.host === app.host;
  } catch {
    return false;
  }
};

type Headers = Record<string, string[] | string>;

/** Adds our CSP and hardening headers to a response, replacing any the response had. */
export const withSecurityHeaders = (headers: Headers | undefined): Record<string, string[]> => {
  const result: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const lower = name.toLowerCase();
    if (lower === 'content-security-policy' || lower === 'x-content-type-options') continue;
    result[name] = Array.isArray(value) ? value : [value];
  }
  result['Content-Security-Policy'] = [CONTENT_SECURITY_POLICY];
  result['X-Content-Type-Options'] = ['nosniff'];
  return result;
};
