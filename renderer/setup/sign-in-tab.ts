// The browser tab the platform's sign-in page opens in, where the host cannot show it (the web
// host). It is opened blank by the tap that starts the sign-in, since a browser blocks a tab a
// page opens later, and sent to the page once main hands it over; it never learns who opened it.
// Where the host shows the page itself (the desktop), opening one is refused and nothing shows.
import { signInPageUrl } from '../../shared/sign-in';

export type SignInTab = {
  /** Sends the tab to the page (http(s) only); false if it cannot (closed, or not a page). */
  show(url: string): boolean;
  /** Closes the tab if it is still ours (blank: the sign-in ended before the page was shown). */
  close(): void;
};

/** Opens a blank tab saying `waiting`, or null where the browser or the host refuses one. */
export const openSignInTab = (waiting: string, scope: Window = window): SignInTab | null => {
  let tab: Window | null = null;
  try {
    tab = scope.open('', '_blank');
  } catch {
    return null;
  }
  if (!tab) return null;
  const opened = tab;
  try {
    // The platform's page must not reach back into the terminal's window.
    opened.opener = null;
    opened.document.title = waiting;
    opened.document.body.textContent = waiting;
  } catch {
    // Not ours to write into: it still opens the page.
  }
  return {
    show(url) {
      const page = signInPageUrl(url);
      if (!page || opened.closed) return false;
      try {
        opened.location.replace(page);
        return true;
      } catch {
        return false;
      }
    },
    close() {
      try {
        if (!opened.closed) opened.close();
      } catch {
        // Already the platform's: staff close it.
      }
    },
  };
};
