import { describe, expect, it, vi } from 'vitest';
import { guardKiosk, isEscapeKey } from './kiosk';

type Listener = (...args: unknown[]) => void;
const fakeWindow = () => {
  const events = new Map<string, Listener>();
  const contents = new Map<string, Listener>();
  return {
    events,
    contents,
    on: (event: string, listener: Listener) => events.set(event, listener),
    setKiosk: vi.fn(),
    setMenuBarVisibility: vi.fn(),
    webContents: { on: (event: string, listener: Listener) => contents.set(event, listener) },
  };
};
const key = (input: Partial<{ key: string; control: boolean; alt: boolean; shift: boolean }>) => ({
  type: 'keyDown',
  key: 'a',
  control: false,
  meta: false,
  alt: false,
  shift: false,
  ...input,
});

describe('kiosk mode', () => {
  it('knows the keys that leave, close or reload the window, and lets staff type', () => {
    expect(isEscapeKey(key({ key: 'F4', alt: true }))).toBe(true);
    expect(isEscapeKey(key({ key: 'w', control: true }))).toBe(true);
    expect(isEscapeKey(key({ key: 'R', control: true }))).toBe(true);
    expect(isEscapeKey(key({ key: 'I', control: true, shift: true }))).toBe(true);
    expect(isEscapeKey(key({ key: 'F11' }))).toBe(true);
    expect(isEscapeKey(key({ key: 'a' }))).toBe(false);
    expect(isEscapeKey(key({ key: 'Escape' }))).toBe(false);
    expect(isEscapeKey(key({ key: 'Enter' }))).toBe(false);
  });

  it('while locked refuses those keys and closing; unlocked, lets both through', () => {
    const window = fakeWindow();
    const guard = guardKiosk(window as never);
    guard.set(true);
    expect(window.setKiosk).toHaveBeenLastCalledWith(true);
    expect(window.setMenuBarVisibility).toHaveBeenLastCalledWith(false);
    const press = (input: ReturnType<typeof key>) => {
      const event = { preventDefault: vi.fn() };
      window.contents.get('before-input-event')!(event, input);
      return event.preventDefault.mock.calls.length > 0;
    };
    const close = () => {
      const event = { preventDefault: vi.fn() };
      window.events.get('close')!(event);
      return event.preventDefault.mock.calls.length > 0;
    };
    expect(press(key({ key: 'F4', alt: true }))).toBe(true);
    expect(press(key({ key: '7' }))).toBe(false);
    expect(close()).toBe(true);
    guard.set(false);
    expect(window.setKiosk).toHaveBeenLastCalledWith(false);
    expect(press(key({ key: 'F4', alt: true }))).toBe(false);
    expect(close()).toBe(false);
  });

  it('lets the window go when the app itself quits (the OS shuts down)', () => {
    const window = fakeWindow();
    const guard = guardKiosk(window as never);
    guard.set(true);
    guard.release();
    const event = { preventDefault: vi.fn() };
    window.events.get('close')!(event);
    expect(event.preventDefault).not.toHaveBeenCalled();
  });
});
