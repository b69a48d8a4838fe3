// Text from the outside (terminal names, venue ids, error messages) on the way to a terminal's
// screen or a log line: control characters could move the cursor, rewrite earlier lines or hide
// text, so each one is shown as an escape instead; and a PostgreSQL URL never shows its password.

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** The text with every control character (C0, DEL, C1, line separators, bidi overrides) escaped. */
export function escapeControl(text: string): string {
  return text.replace(CONTROL, (char) => {
    if (char === '\n') return '\\n';
    if (char === '\r') return '\\r';
    if (char === '\t') return '\\t';
    const code = char.charCodeAt(0);
    return code <= 0xff
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

// Parameters of a connection string that hold a secret (libpq's and node-postgres's names).
const SECRET_PARAMS = /([?&](?:password|sslpassword|sslkey|sslcert)=)[^&#\s]*/gi;
// postgres://user:password@host/… — up to the last @ before the host's end, since a password
// may itself hold an unescaped @.
const USERINFO = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#\s]*)@/i;

/** The URL with its password (in the user info or in a parameter) replaced by ***. */
export function redactUrl(url: string): string {
  return url
    .replace(USERINFO, (_all, scheme: string, userinfo: string) => {
      const colon = userinfo.indexOf(':');
      return colon === -1 ? `${scheme}${userinfo}@` : `${scheme}${userinfo.slice(0, colon)}:***@`;
    })
    .replace(SECRET_PARAMS, '$1***');
}

// A URL in running text ends before trailing punctuation ("…/relay: refused").
const POSTGRES_URL = /postgres(?:ql)?:\/\/[^\s'"`<>]*[^\s'"`<>:,.;)]/gi;

/** Any text (an error message, a log line) with the password of every PostgreSQL URL in it redacted. */
export function redactUrls(text: string): string {
  return text.replace(POSTGRES_URL, (url) => redactUrl(url));
}

/** What may be printed of outside text: passwords redacted, control characters escaped. */
export function printable(text: string): string {
  return escapeControl(redactUrls(text));
}
