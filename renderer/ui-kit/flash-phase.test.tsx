import { render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BAR_FLASH_STEP_MS, FLASH_STEP_MS, useBarFlash, useFlashPhase } from './flash-phase';

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

const Bar = ({ active }: { active: boolean }) => {
  const bar = useRef<HTMLElement>(null);
  useBarFlash(bar, active);
  return <header ref={bar} data-testid="bar" />;
};

/** Whether the bar's flash is on after each step. */
const barSteps = (bar: HTMLElement, count: number): boolean[] =>
  Array.from({ length: count }, () => {
    vi.advanceTimersByTime(BAR_FLASH_STEP_MS);
    return bar.hasAttribute('data-flash');
  });

describe('the ringing top bar’s flash', () => {
  afterEach(() => vi.useRealTimers());

  it('turns on and off every step while ringing, and leaves the bar unmarked and still after', () => {
    vi.useFakeTimers();
    const { getByTestId, rerender } = render(<Bar active />);
    const bar = getByTestId('bar');
    expect(bar.hasAttribute('data-flash')).toBe(false);
    expect(barSteps(bar, 5)).toEqual([true, false, true, false, true]);
    rerender(<Bar active={false} />);
    expect(bar.hasAttribute('data-flash')).toBe(false);
    expect(barSteps(bar, 4)).toEqual(Array(4).fill(false));
    expect(vi.getTimerCount()).toBe(0);
  });
});
