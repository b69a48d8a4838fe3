import { useCallback, useRef } from 'react';

export type OffScreenMarker = (element: HTMLElement | null) => (() => void) | undefined;

/**
 * A ref callback that keeps `data-off-screen` on each element while none of it is in view,
 * clipping by the columns' scrolling included (one IntersectionObserver for every element).
 * Chromium animates on the compositor only what it paints: a flashing card below its column's
 * fold was animated by the page's main thread on every frame instead, 80 of them at a rush, which
 * delayed every update of the board by a frame's work.
 */
export const useOffScreenMarker = (): OffScreenMarker => {
  // Created on first use: jsdom (the unit tests) has no IntersectionObserver, and a page without
  // one keeps every card marked as in view, so it flashes.
  const observer = useRef<IntersectionObserver | null>(null);
  return useCallback((element: HTMLElement | null) => {
    if (!element || typeof IntersectionObserver === 'undefined') return undefined;
    observer.current ??= new IntersectionObserver((entries) => {
      for (const entry of entries)
        entry.target.toggleAttribute('data-off-screen', !entry.isIntersecting);
    });
    const watching = observer.current;
    watching.observe(element);
    return () => watching.unobserve(element);
  }, []);
};
