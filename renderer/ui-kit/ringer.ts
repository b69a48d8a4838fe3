// The new-order ring (a bright two-tone beep) and the outage alarm (a low siren, unlike any ring,
// so staff know at once it is not an order), each repeated until stopped, made with Web Audio so
// they need no sound file and work offline. An order left unanswered escalates the ring: louder
// and twice as often (shared/order-timing.ts decides when). A ticket that did not print has a
// third sound, a falling three-note call: quieter and slower than the siren (orders still arrive,
// one ticket is missing), repeated until it prints, is dropped or staff silence it.
export type RingLevel = 'normal' | 'urgent';

export type Ringer = {
  /** Starts repeating, or changes the level of a sound already repeating. */
  start(level?: RingLevel): void;
  stop(): void;
  /** One ring, not repeated: an order staff should see that needs no answer (auto-accepted). */
  chime(): void;
  /** False while the browser still blocks sound until the first tap. */
  readonly canPlay: () => boolean;
  unlock(): void;
};

/** A sound: its tones (frequency in Hz, start and length in seconds) and how often it repeats. */
type Pattern = { tones: ReadonlyArray<[number, number, number]>; everyMs: number; gain: number };

/** Louder (gain) and faster (period) than the normal ring, same tones so staff know the sound. */
const URGENT = { gainFactor: 2.2, periodFactor: 0.5 };

const ORDER_RING: Pattern = {
  tones: [
    [880, 0, 0.18],
    [1320, 0.22, 0.18],
    [880, 0.44, 0.18],
  ],
  everyMs: 2_000,
  gain: 0.35,
};

const OUTAGE_ALARM: Pattern = {
  tones: [
    [392, 0, 0.4],
    [523, 0.45, 0.4],
    [392, 0.9, 0.4],
    [523, 1.35, 0.4],
  ],
  everyMs: 2_500,
  // Never quieter than the loudest order ring (an escalated one): a stream that is down is worse
  // than an order waiting, and staff who hear rings must hear it too.
  gain: Math.min(1, ORDER_RING.gain * URGENT.gainFactor),
};

const PRINT_ALARM: Pattern = {
  tones: [
    [1175, 0, 0.16],
    [880, 0.2, 0.16],
    [659, 0.4, 0.3],
  ],
  everyMs: 4_000,
  gain: 0.3,
};

type AudioContextConstructor = new () => AudioContext;

const defaultAudioContext = (): AudioContextConstructor | undefined =>
  (globalThis as { AudioContext?: AudioContextConstructor }).AudioContext;

/** Silence after the last tone before the output rests (longer than any sound's period). */
const REST_AFTER_MS = 10_000;

/**
 * The one audio context every sound plays on. A running context keeps the machine's audio output
 * mixing silence, so after `REST_AFTER_MS` of quiet it is suspended, and resumed by the next
 * sound. A rest of our own is not the browser blocking sound: staff are told sound is off only
 * when the browser suspended it (before the first tap).
 */
type Output = {
  /** Runs `play` on the running context (resumed from a rest first); nothing if sound is blocked. */
  play(play: (ctx: AudioContext) => void): void;
  canPlay(): boolean;
  unlock(): void;
};

const createOutput = (AudioCtx: AudioContextConstructor | undefined): Output => {
  let context: AudioContext | null = null;
  let resting = false;
  let quiet: ReturnType<typeof setTimeout> | null = null;
  const ensureContext = (): AudioContext | null => {
    if (!AudioCtx) return null;
    context ??= new AudioCtx();
    return context;
  };
  const rest = (ctx: AudioContext): void => {
    quiet = null;
    if (ctx.state !== 'running') return;
    resting = true;
    void ctx.suspend();
  };
  return {
    play(play) {
      const ctx = ensureContext();
      if (!ctx) return;
      if (quiet) clearTimeout(quiet);
      quiet = setTimeout(() => rest(ctx), REST_AFTER_MS);
      if (resting) {
        resting = false;
        void ctx.resume().then(() => play(ctx));
      } else if (ctx.state === 'running') play(ctx);
    },
    canPlay: () => {
      const ctx = ensureContext();
      return ctx !== null && (resting || ctx.state === 'running');
    },
    unlock() {
      const ctx = ensureContext();
      if (ctx && !resting && ctx.state === 'suspended') void ctx.resume();
    },
  };
};

const createWebAudioPattern = (pattern: Pattern, output: Output): Ringer => {
  let timer: ReturnType<typeof setInterval> | null = null;
  let current: RingLevel = 'normal';
  let lastBeep = -Infinity;

  const tone = (
    ctx: AudioContext,
    frequency: number,
    at: number,
    length: number,
    peak: number,
  ): void => {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = 'square';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(peak, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(at);
    oscillator.stop(at + length + 0.05);
  };

  const beep = (): void => {
    lastBeep = Date.now();
    const peak = Math.min(1, pattern.gain * (current === 'urgent' ? URGENT.gainFactor : 1));
    output.play((ctx) => {
      const t = ctx.currentTime;
      for (const [frequency, at, length] of pattern.tones)
        tone(ctx, frequency, t + at, length, peak);
    });
  };

  const period = (): number => pattern.everyMs * (current === 'urgent' ? URGENT.periodFactor : 1);

  return {
    start(level = 'normal') {
      if (timer && level === current) return;
      const changed = timer !== null;
      if (timer) clearInterval(timer);
      current = level;
      // A ring just played (a chime, or the level changed mid-ring): no double beep.
      if (!changed && Date.now() - lastBeep > 1_000) beep();
      timer = setInterval(beep, period());
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      current = 'normal';
    },
    chime() {
      if (!timer) beep();
    },
    canPlay: () => output.canPlay(),
    unlock: () => output.unlock(),
  };
};

export type Sounds = { ringer: Ringer; alarm: Ringer; printAlarm: Ringer };

/**
 * The ring, the outage siren and the print alarm, on one audio context made at first use. A
 * running context keeps the machine's audio output busy even while it plays nothing: three of
 * them kept three outputs mixing silence for as long as the app ran (on the counter's PC and in
 * every end-to-end page). One is enough for all three sounds, it rests while all are quiet, and
 * one tap unlocks them all.
 */
export const createWebAudioSounds = (AudioCtx = defaultAudioContext()): Sounds => {
  const output = createOutput(AudioCtx);
  return {
    ringer: createWebAudioPattern(ORDER_RING, output),
    alarm: createWebAudioPattern(OUTAGE_ALARM, output),
    printAlarm: createWebAudioPattern(PRINT_ALARM, output),
  };
};
