import { render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FLASH_STEP_MS, useFlashPhase } from './flash-phase';

const Board = ({ active }: { active: boolean }) => {
  const board = useRef<HTMLElement>(null);
  useFlashPhase(board, active);
  return <main ref={board} data-testid="board" />;
};

/** The board's two marks after each step: [fresh flash on, escalated flash on]. */
const steps = (board: HTMLElement, count: number): Array<[boolean, boolean]> =>
  Array.from({ length: count }, () => {
    vi.advanceTimersByTime(FLASH_STEP_MS);
    return [board.hasAttribute('data-flash'), board.hasAttribute('data-flash-fast')];
  });

describe('the board’s one flash clock', () => {
  afterEach(() => vi.useRealTimers());

  it('turns the fresh flash on and off every two steps, the escalated one every step', () => {
    vi.useFakeTimers();
    const { getByTestId } = render(<Board active />);
    const board = getByTestId('board');
    expect(board.hasAttribute('data-flash')).toBe(false);
    expect(steps(board, 4)).toEqual([
      [false, true],
      [true, false],
      [true, true],
      [false, false],
    ]);
  });

  it('stops and leaves the board unmarked when nothing flashes any more', () => {
    vi.useFakeTimers();
    const { getByTestId, rerender } = render(<Board active />);
    const board = getByTestId('board');
    steps(board, 3);
    expect(board.hasAttribute('data-flash')).toBe(true);
    rerender(<Board active={false} />);
    expect(board.hasAttribute('data-flash')).toBe(false);
    expect(board.hasAttribute('data-flash-fast')).toBe(false);
    expect(steps(board, 4)).toEqual(Array(4).fill([false, false]));
    expect(vi.getTimerCount()).toBe(0);
  });
});
