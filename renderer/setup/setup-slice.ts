// First-run setup: whether a venue is connected, and connecting one.
import type {
  BridgeError,
  RequestOf,
  SetupChangeRequest,
  SetupConnectRequest,
  SetupSignInRequest,
  SetupState,
} from '../../shared/ipc/contract';
import { signInPageUrl } from '../../shared/sign-in';
import type { Result } from '../ui-kit/bridge';
import { tryCall, tryRead } from '../ui-kit/bridge';
import type { SliceContext, SliceParts } from '../ui-kit/slice';
import type { SignInTab } from './sign-in-tab';

/**
 * A sign-in with the platform this window started: checking the relay and the platform, then
 * waiting while staff sign in on the platform's page. `pageUrl`: the page staff open themselves
 * (the browser blocked the tab); null when it is open.
 */
export type SignInProgress = { phase: 'checking' | 'waiting'; pageUrl: string | null };

export type SetupSlice = {
  setup: SetupState | null;
  /** Staff asked to (re)connect even though a venue is configured. */
  setupOpen: boolean;
  connect(request: SetupConnectRequest): Promise<Result<{ venueId: string }>>;
  signIn: SignInProgress | null;
  /**
   * Connects by signing in on the platform's page, shown in `tab` (opened by the tap that asked:
   * a browser blocks a tab opened later) when main hands this window the page.
   */
  signInWithPlatform(
    request: SetupSignInRequest,
    tab: SignInTab | null,
  ): Promise<Result<{ venueId: string }>>;
  /** Staff stop waiting for the platform: the sign-in ends as cancelled. */
  cancelSignIn(): Promise<BridgeError | null>;
  /** The relay link changed without a new code (the service checks it first). */
  changeConnection(request: SetupChangeRequest): Promise<BridgeError | null>;
  /** Resets the terminal (staff PIN); the setup screen follows. */
  disconnect(request: RequestOf<'setup:disconnect'>): Promise<BridgeError | null>;
  /** Another venue signed in with its own code; the board reads everything again. */
  addVenue(request: RequestOf<'setup:addVenue'>): Promise<BridgeError | null>;
  /** One venue leaves (staff PIN); its orders leave the board, the other venues stay. */
  removeVenue(request: RequestOf<'setup:removeVenue'>): Promise<BridgeError | null>;
  openSetup(open: boolean): void;
  /** Staff asked for the connection form (the relay refused the key): counts each ask. */
  connectionAsked: number;
  askConnection(): void;
};

/** What the slice needs of the shell: a venue connected, everything is read for it. */
export type SetupPorts = { loadConfigured(): Promise<void> };

export const createSetupSlice = (
  { bridge, get, set }: SliceContext<SetupSlice>,
  ports: SetupPorts,
): SliceParts<SetupSlice> => {
  /** The tab this window opened for its sign-in, until the sign-in ends. */
  let tab: SignInTab | null = null;
  const connected = async (
    call: () => Promise<{ venueId: string }>,
  ): Promise<Result<{ venueId: string }>> => {
    // A refusal comes back: the setup screen shows it next to the form.
    const result = await tryRead(async () => {
      const venue = await call();
      set({ setup: await bridge['setup:get']({}), setupOpen: false });
      return venue;
    });
    // What loading fails to read, each panel says (the status bar: the platform is down).
    if (result.ok) await ports.loadConfigured().catch(() => undefined);
    return result;
  };
  /** Main hands this window the page to show (null: the host showed it). */
  const pageShown = ({ pageUrl }: { pageUrl: string | null }): void => {
    // Another window's sign-in (the web host tells every window): not this one's to open.
    if (!get().signIn) return;
    if (pageUrl === null) {
      set({ signIn: { phase: 'waiting', pageUrl: null } });
      return;
    }
    const page = signInPageUrl(pageUrl);
    if (!page) {
      // Only an http(s) page is ever opened: anything else ends the sign-in.
      void bridge['setup:cancelSignIn']({}).catch(() => undefined);
      return;
    }
    const shown = tab?.show(page) ?? false;
    // The platform's page is staff's now: it stays when the sign-in ends.
    if (shown) tab = null;
    set({ signIn: { phase: 'waiting', pageUrl: shown ? null : page } });
  };
  return {
    initial: {
      setup: null,
      setupOpen: false,
      connect: (request) => connected(() => bridge['setup:connect'](request)),
      signIn: null,
      async signInWithPlatform(request, opened) {
        tab?.close();
        tab = opened;
        set({ signIn: { phase: 'checking', pageUrl: null } });
        try {
          return await connected(() => bridge['setup:signIn'](request));
        } finally {
          // A tab still blank (refused before the page was shown) goes; the platform's page stays.
          if (tab === opened) {
            tab?.close();
            tab = null;
          }
          set({ signIn: null });
        }
      },
      cancelSignIn: () => tryCall(() => bridge['setup:cancelSignIn']({})),
      changeConnection: (request) =>
        tryCall(async () => set({ setup: await bridge['setup:change'](request) })),
      disconnect: (request) =>
        tryCall(async () => {
          await bridge['setup:disconnect'](request);
          set({ setup: await bridge['setup:get']({}), setupOpen: false });
        }),
      async addVenue(request) {
        const failure = await tryCall(async () => {
          await bridge['setup:addVenue'](request);
          set({ setup: await bridge['setup:get']({}) });
        });
        if (!failure) await ports.loadConfigured().catch(() => undefined);
        return failure;
      },
      async removeVenue(request) {
        const failure = await tryCall(async () => {
          set({ setup: await bridge['setup:removeVenue'](request) });
        });
        // The removed venue's orders are gone from main: the board reads its orders again.
        if (!failure) await ports.loadConfigured().catch(() => undefined);
        return failure;
      },
      openSetup(open) {
        set({ setupOpen: open });
      },
      connectionAsked: 0,
      askConnection() {
        set((state) => ({ connectionAsked: state.connectionAsked + 1 }));
      },
    },
    listen: () => [bridge.on('setup:signInPage', pageShown)],
  };
};
