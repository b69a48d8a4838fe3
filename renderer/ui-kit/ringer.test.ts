import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWebAudioSounds } from './ringer';

/** Just enough of Web Audio to count the tones played and read their loudness. */
const fakeAudio = () => {
  const peaks: number[] = [];
  const made = { contexts: 0, suspends: 0 };
  class FakeContext {
    constructor() {
      made.contexts += 1;
    }
    state = 'running';
    currentTime = 0;
    destination = {};
    createOscillator() {
      return {
        type: '',
        frequency: { value: 0 },
        connect: (node: unknown) => node,
        start: () => undefined,
        stop: () => undefined,
      };
    }
    createGain() {
      const node = {
        gain: {
          setValueAtTime: () => undefined,
          exponentialRampToValueAtTime: (value: number) => {
            if (value > 0.001) peaks.push(value);
          },
        },
        connect: (next: unknown) => next,
      };
      return node;
    }
    suspend() {
      made.suspends += 1;
      this.state = 'suspended';
      return Promise.resolve();
    }
    resume() {
      this.state = 'running';
      return Promise.resolve();
    }
  }
  return { peaks, made, Context: FakeContext as unknown as new () => AudioContext };
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('order ring', () => {
  it('rings every 2 s, and louder every 1 s once escalated', () => {
    const audio = fakeAudio();
    const ringer = createWebAudioSounds(audio.Context).ringer;
    ringer.start('normal');
    vi.advanceTimersByTime(10_000);
    // Three tones a ring: the first ring at once, then one every 2 s.
    expect(audio.peaks.length).toBe(3 * 6);
    const normal = audio.peaks[0] ?? 0;
    audio.peaks.length = 0;

    ringer.start('urgent');
    vi.advanceTimersByTime(10_000);
    expect(audio.peaks.length).toBe(3 * 10);
    expect(Math.min(...audio.peaks)).toBeGreaterThan(normal * 2);

    ringer.stop();
    audio.peaks.length = 0;
    vi.advanceTimersByTime(10_000);
    expect(audio.peaks).toEqual([]);
  });

  it('chimes once for an order that needs no answer, and not over a ring', () => {
    const audio = fakeAudio();
    const ringer = createWebAudioSounds(audio.Context).ringer;
    ringer.chime();
    vi.advanceTimersByTime(10_000);
    expect(audio.peaks.length).toBe(3);
    ringer.start();
    audio.peaks.length = 0;
    ringer.chime();
    expect(audio.peaks).toEqual([]);
    ringer.stop();
  });
});

describe('outage siren', () => {
  it('is at least as loud as the loudest order ring', () => {
    const loudest = (
      start: (ringer: ReturnType<typeof createWebAudioSounds>['ringer']) => void,
    ) => {
      const audio = fakeAudio();
      const ringer = createWebAudioSounds(audio.Context).ringer;
      start(ringer);
      vi.advanceTimersByTime(5_000);
      ringer.stop();
      return Math.max(...audio.peaks);
    };
    const ring = loudest((r) => r.start('urgent'));
    const audio = fakeAudio();
    const siren = createWebAudioSounds(audio.Context).alarm;
    siren.start();
    vi.advanceTimersByTime(5_000);
    siren.stop();
    expect(audio.peaks.length).toBeGreaterThan(0);
    // Every tone of the siren, not just its peak: an outage never sounds quieter than an order.
    expect(Math.min(...audio.peaks)).toBeGreaterThanOrEqual(ring);
  });
});

describe('the sounds together', () => {
  it('play on one audio context, made at the first sound, and each stops on its own', () => {
    const audio = fakeAudio();
    const sounds = createWebAudioSounds(audio.Context);
    expect(audio.made.contexts).toBe(0);
    sounds.ringer.start();
    sounds.alarm.start();
    sounds.printAlarm.start();
    vi.advanceTimersByTime(4_000);
    expect(audio.made.contexts).toBe(1);
    sounds.ringer.stop();
    sounds.alarm.stop();
    audio.peaks.length = 0;
    vi.advanceTimersByTime(8_000);
    // Only the print alarm is left: its three tones every 4 s.
    expect(audio.peaks.length).toBe(3 * 2);
    sounds.printAlarm.stop();
  });
});

describe('the audio output at rest', () => {
  it('rests after 10 s of quiet, still counts as able to play, and wakes for the next ring', async () => {
    const audio = fakeAudio();
    const { ringer, alarm } = createWebAudioSounds(audio.Context);
    ringer.start();
    alarm.start();
    vi.advanceTimersByTime(30_000);
    // Ringing: never at rest.
    expect(audio.made.suspends).toBe(0);
    ringer.stop();
    alarm.stop();
    vi.advanceTimersByTime(9_000);
    expect(audio.made.suspends).toBe(0);
    vi.advanceTimersByTime(2_000);
    expect(audio.made.suspends).toBe(1);
    // Our own rest is not the browser blocking sound: no "sound is off" notice for it.
    expect(ringer.canPlay()).toBe(true);
    audio.peaks.length = 0;
    ringer.chime();
    await vi.advanceTimersByTimeAsync(0);
    expect(audio.peaks.length).toBe(3);
    vi.advanceTimersByTime(11_000);
    expect(audio.made.suspends).toBe(2);
  });

  it('says sound is off while the browser keeps it suspended, until a tap resumes it', async () => {
    const audio = fakeAudio();
    // The browser's lock before the first gesture: the context starts suspended.
    const blocked = createWebAudioSounds(
      class extends audio.Context {
        constructor() {
          super();
          (this as unknown as { state: string }).state = 'suspended';
        }
      },
    );
    expect(blocked.ringer.canPlay()).toBe(false);
    blocked.ringer.chime();
    expect(audio.peaks).toEqual([]);
    blocked.printAlarm.unlock();
    await vi.advanceTimersByTimeAsync(0);
    expect(blocked.ringer.canPlay()).toBe(true);
    blocked.ringer.chime();
    expect(audio.peaks.length).toBe(3);
  });
});
