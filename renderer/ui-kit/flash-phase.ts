import { useEffect } from 'react';
import type { RefObject } from 'react';

/** Each step of the flash: a fresh card's flash is on for two steps, then off for two. */
export const FLASH_STEP_MS = 450;
/** With reduced motion both flashes turn on and off only every two seconds. */
export const REDUCED_FLASH_STEP_MS = 2_000;

/**
 * A clock that sets marks on an element while `active`: every step it asks `marks` which marks are
 * on (by step count, and whether staff asked for reduced motion), and it takes them all off when
 * it stops. Both flashes below run on one.
 */
const useMarkClock = (
  target: RefObject<HTMLElement | null>,
  active: boolean,
  steps: { ms: number; reducedMs: number },
  marks: (step: number, reduced: boolean) => Record<string, boolean>,
): void =>
  useEffect(() => {
    const element = target.current;
    if (!active || !element) return undefined;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
    let step = 0;
    let shown: Record<string, boolean> = {};
    const timer = window.setInterval(
      () => {
        step += 1;
        shown = marks(step, reduced);
        for (const [mark, on] of Object.entries<boolean>(shown)) element.toggleAttribute(mark, on);
      },
      reduced ? steps.reducedMs : steps.ms,
    );
    return () => {
      window.clearInterval(timer);
      for (const mark of Object.keys(shown)) element.removeAttribute(mark);
    };
  }, [target, active, steps, marks]);

/**
 * One clock for every flashing card: it marks the element (the board) with `data-flash` (a fresh
 * order's flash is on) and `data-flash-fast` (an escalated one's), and the cards' flash layers take
 * their opacity from those marks (styles.css), so every card flashes in step and none is animated
 * on its own. An animated opacity per card made each visible card a compositor layer of its own
 * (with its text as another above it): at 300 active orders, 100 of them new, every frame the
 * board changed spent 30–50 ms deciding those layers (Chromium's Layerize), which is what the UI
 * benchmark's rare slow changes were. Two marks flipped a few times a second restyle and repaint
 * only the flashing cards in sight (content-visibility skips the rest) and leave no layer behind.
 */
export const useFlashPhase = (target: RefObject<HTMLElement | null>, active: boolean): void =>
  useMarkClock(target, active, CARD_STEPS, cardMarks);

const CARD_STEPS = { ms: FLASH_STEP_MS, reducedMs: REDUCED_FLASH_STEP_MS };
const cardMarks = (step: number, reduced: boolean) => ({
  'data-flash-fast': step % 2 === 1,
  'data-flash': reduced ? step % 2 === 1 : Math.floor(step / 2) % 2 === 1,
});

/** Each phase of the ringing top bar's flash: on for one step, off for the next. */
export const BAR_FLASH_STEP_MS = 500;
/** With reduced motion the bar turns on and off only every second. */
export const REDUCED_BAR_FLASH_STEP_MS = 1_000;

/**
 * The ringing top bar's flash: it marks the bar with `data-flash` every other step, and styles.css
 * colours the marked bar. Not a CSS animation: a stepped background animation kept Chromium
 * restyling the bar on every frame while it rang, though the colour changed twice a second (an
 * idle ringing board: about 0.1 of a core; 0.05 with the bar on this clock).
 */
export const useBarFlash = (target: RefObject<HTMLElement | null>, active: boolean): void =>
  useMarkClock(target, active, BAR_STEPS, barMarks);

const BAR_STEPS = { ms: BAR_FLASH_STEP_MS, reducedMs: REDUCED_BAR_FLASH_STEP_MS };
const barMarks = (step: number) => ({ 'data-flash': step % 2 === 1 });
