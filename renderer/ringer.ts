// The new-order ring (a bright two-tone beep) and the outage alarm (a low siren, unlike any ring,
// so staff know at once it is not an order), each repeated until stopped, made with Web Audio so
// they need no sound file and work offline.
export type Ringer = {
  start(): void;
  stop(): void;
  /** False while the browser still blocks sound until the first tap. */
  readonly canPlay: () => boolean;
  unlock(): void;
};

/** A sound: its tones (frequency in Hz, start and length in seconds) and how often it repeats. */
type Pattern = { tones: ReadonlyArray<[number, number, number]>; everyMs: number };

const ORDER_RING: Pattern = {
  tones: [
    [880, 0, 0.18],
    [1320, 0.22, 0.18],
    [880, 0.44, 0.18],
  ],
  everyMs: 2_000,
};

const OUTAGE_ALARM: Pattern = {
  tones: [
    [392, 0, 0.4],
    [523, 0.45, 0.4],
    [392, 0.9, 0.4],
    [523, 1.35, 0.4],
  ],
  everyMs: 2_500,
};

type AudioContextConstructor = new () => AudioContext;

const defaultAudioContext = (): AudioContextConstructor | undefined =>
  (globalThis as { AudioContext?: AudioContextConstructor }).AudioContext;

const createWebAudioPattern = (
  pattern: Pattern,
  AudioCtx: AudioContextConstructor | undefined,
): Ringer => {
  let context: AudioContext | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;

  const ensureContext = (): AudioContext | null => {
    if (!AudioCtx) return null;
    context ??= new AudioCtx();
    return context;
  };

  const tone = (ctx: AudioContext, frequency: number, at: number, length: number): void => {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = 'square';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.35, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(at);
    oscillator.stop(at + length + 0.05);
  };

  const beep = (): void => {
    const ctx = ensureContext();
    if (!ctx || ctx.state !== 'running') return;
    const t = ctx.currentTime;
    for (const [frequency, at, length] of pattern.tones) tone(ctx, frequency, t + at, length);
  };

  return {
    start() {
      if (timer) return;
      beep();
      timer = setInterval(beep, pattern.everyMs);
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    canPlay: () => {
      const ctx = ensureContext();
      return ctx !== null && ctx.state === 'running';
    },
    unlock() {
      const ctx = ensureContext();
      if (ctx && ctx.state === 'suspended') void ctx.resume();
    },
  };
};

export const createWebAudioRinger = (AudioCtx = defaultAudioContext()): Ringer =>
  createWebAudioPattern(ORDER_RING, AudioCtx);

export const createWebAudioAlarm = (AudioCtx = defaultAudioContext()): Ringer =>
  createWebAudioPattern(OUTAGE_ALARM, AudioCtx);
