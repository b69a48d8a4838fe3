import { useEffect } from 'react';
import type { RefObject } from 'react';

/** Each step of the flash: a fresh card's flash is on for two steps, then off for two. */
export const FLASH_STEP_MS = 450;
/** With reduced motion both flashes turn on and off only every two seconds. */
export const REDUCED_FLASH_STEP_MS = 2_000;

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
  useEffect(() => {
    const element = target.current;
    if (!active || !element) return undefined;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
    let step = 0;
    const show = (): void => {
      const fast = step % 2 === 1;
      element.toggleAttribute('data-flash-fast', fast);
      element.toggleAttribute('data-flash', reduced ? fast : Math.floor(step / 2) % 2 === 1);
    };
    const timer = window.setInterval(
      () => {
        step += 1;
        show();
      },
      reduced ? REDUCED_FLASH_STEP_MS : FLASH_STEP_MS,
    );
    return () => {
      window.clearInterval(timer);
      element.removeAttribute('data-flash');
      element.removeAttribute('data-flash-fast');
    };
  }, [target, active]);
