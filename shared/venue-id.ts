// What a venue id may be, declared once for every door of the relay (the platform's webhooks,
// the terminals' calls, the delivery webhook's path, the admin commands) and for the terminal.
// The platform's venue ids are opaque short strings of letters, digits and a few separators; a
// narrow rule keeps an id safe to print, to log and to put in a URL path or a metric label.

/** The longest venue id accepted. */
export const VENUE_ID_MAX_LENGTH = 128;

// Not starting with a dot: `.` and `..` are path segments a proxy may resolve.
const VENUE_ID = /^[A-Za-z0-9_-][A-Za-z0-9._:~-]*$/;

export const VENUE_ID_RULE = `1 to ${VENUE_ID_MAX_LENGTH} characters: letters, digits and . _ : ~ - (not starting with a dot)`;

export function isVenueId(value: unknown): value is string {
  return typeof value === 'string' && value.length <= VENUE_ID_MAX_LENGTH && VENUE_ID.test(value);
}
