// The counter machine's part of the store: how this machine runs the app (kiosk, start on login).
import type { MachineSettings } from '../../shared/domain';
import type { BridgeError, MachineSetRequest } from '../../shared/ipc/contract';
import { tryCall } from '../ui-kit/bridge';
import { currentLanguage, useLanguage } from '../ui-kit/language';
import type { Language } from '../../shared/i18n';
import type { SliceContext, SliceParts } from '../ui-kit/slice';
import type { TerminalState } from '../../shared/venue-settings';

export type MachineSlice = {
  /** How this machine runs the app (kiosk, start on login); null until read. */
  machine: MachineSettings | null;
  /** Machine settings: the refusal comes back so the form can show it next to the PIN. */
  saveMachine(request: MachineSetRequest): Promise<BridgeError | null>;
  unlockKiosk(pin: string): Promise<BridgeError | null>;
  restartApp(): Promise<BridgeError | null>;
  /** This terminal's name and who prints what, among the venue's terminals; null until read. */
  terminal: TerminalState | null;
  /** The venue `terminal` shows the terminals and printing of (null: the venue set up first). */
  terminalVenue: string | null;
  loadTerminal(venueId?: string): Promise<BridgeError | null>;
  renameTerminal(name: string | null): Promise<BridgeError | null>;
  /** Who prints what for a venue (absent: the venue set up first). */
  assignPrinting(
    printedBy: TerminalState['printedBy'],
    venueId?: string,
  ): Promise<BridgeError | null>;
};

export const createMachineSlice = ({
  bridge,
  set,
}: SliceContext<MachineSlice>): SliceParts<MachineSlice> => {
  let told: Language | null = null;
  return {
    initial: {
      machine: null,
      saveMachine: (request) =>
        tryCall(async () => set({ machine: await bridge['machine:set'](request) })),
      unlockKiosk: (pin) =>
        tryCall(async () => set({ machine: await bridge['machine:unlock']({ pin }) })),
      restartApp: () => tryCall(() => bridge['machine:restart']({})),
      terminal: null,
      terminalVenue: null,
      loadTerminal: (venueId) =>
        tryCall(async () =>
          set({
            terminal: await bridge['terminal:get'](venueId ? { venueId } : {}),
            terminalVenue: venueId ?? null,
          }),
        ),
      // The name is the terminal's, the same for every venue: the venue shown stays.
      renameTerminal: (name) =>
        tryCall(async () => {
          const { name: named } = await bridge['terminal:rename']({ name });
          set((s) => ({ terminal: s.terminal && { ...s.terminal, name: named } }));
        }),
      assignPrinting: (printedBy, venueId) =>
        tryCall(async () =>
          set({
            terminal: await bridge['terminal:assignPrinting']({
              ...(venueId ? { venueId } : {}),
              printedBy: printedBy ?? {},
            }),
            terminalVenue: venueId ?? null,
          }),
        ),
    },
    listen: () => {
      // Main hears the screen's language at load and at each switch: it writes what it says to
      // staff in it, and the kitchen's tickets until staff choose the kitchen's own.
      // (A reload of the shell listens again: main keeps what it was told, so it is told once.)
      const tell = (language: Language): void => {
        if (language === told) return;
        told = language;
        void tryCall(() => bridge['language:set']({ language })).then((error) => {
          if (error) told = null;
        });
      };
      tell(currentLanguage());
      // Who prints what, changed on another terminal: shown if it is the venue shown.
      const followed = bridge.on('venueSettings:changed', ({ venueId, first, printedBy }) =>
        set((s) =>
          s.terminal && (s.terminalVenue === venueId || (first && s.terminalVenue === null))
            ? { terminal: { ...s.terminal, printedBy } }
            : {},
        ),
      );
      return [
        followed,
        bridge.on('machine:changed', (machine) => set({ machine })),
        useLanguage.subscribe((now, before) => {
          if (now.language !== before.language) tell(now.language);
        }),
      ];
    },
  };
};
