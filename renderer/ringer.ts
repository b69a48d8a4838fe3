// The new-order ring: a two-tone beep repeated until stopped, made with Web Audio so it needs no
// sound file and works offline.
export type Ringer = {
  start(): void;
  stop(): void;
  /** False while the browser still blocks sound until the first tap. */
  readonly canPlay: () => boolean;
  unlock(): void;
};

const BEEP_EVERY_MS = 2_000;

type AudioContextConstructor = new () => AudioContext;

export const createWebAudioRinger = (
  AudioCtx: AudioContextConstructor | undefined = (
    globalThis as { AudioContext?: AudioContextConstructor }
  ).AudioContext,
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
    tone(ctx, 880, t, 0.18);
    tone(ctx, 1320, t + 0.22, 0.18);
    tone(ctx, 880, t + 0.44, 0.18);
  };

  return {
    start() {
      if (timer) return;
      beep();
      timer = setInterval(beep, BEEP_EVERY_MS);
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
