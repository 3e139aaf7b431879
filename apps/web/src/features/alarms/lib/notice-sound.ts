import { useEffect, useRef } from 'react';

/** SPEC 4: alarm and offline sounds loop while unread events of their kind exist. */
export type ToneKind = 'alarm' | 'offline';
export const TONE_REPEAT_MS = 2000;

/** Notes of each tone (Hz, start and length in seconds): a sharp triple beep, a falling double. */
const PATTERNS: Record<ToneKind, ReadonlyArray<{ freq: number; start: number; length: number }>> = {
  alarm: [
    { freq: 880, start: 0, length: 0.16 },
    { freq: 660, start: 0.2, length: 0.16 },
    { freq: 880, start: 0.4, length: 0.16 },
  ],
  offline: [
    { freq: 520, start: 0, length: 0.22 },
    { freq: 390, start: 0.28, length: 0.32 },
  ],
};

let context: AudioContext | null = null;

/** One AudioContext for the page, made on first use; none where WebAudio is missing (tests). */
function audioContext(): AudioContext | null {
  const Ctor =
    globalThis.AudioContext ??
    (globalThis as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return null;
  try {
    context ??= new Ctor();
  } catch {
    return null;
  }
  // Browsers start it suspended until the user has interacted with the page; then it plays.
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  return context;
}

/** Plays one tone with WebAudio oscillators (no sound files to ship). Silently does nothing if it cannot. */
export function playTone(kind: ToneKind): void {
  const ctx = audioContext();
  if (!ctx) return;
  const t0 = ctx.currentTime + 0.01;
  for (const note of PATTERNS[kind]) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = kind === 'alarm' ? 'square' : 'sine';
    osc.frequency.value = note.freq;
    const start = t0 + note.start;
    const end = start + note.length;
    // Short ramps avoid the clicks of a hard start and stop.
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.15, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, end);
    osc.connect(gain);
    gain.connect(ctx.destination);
    osc.start(start);
    osc.stop(end + 0.02);
  }
}

/** Plays `kind` now and every TONE_REPEAT_MS while `active`. */
export function useLoopingTone(kind: ToneKind, active: boolean, play: (kind: ToneKind) => void = playTone) {
  const latest = useRef(play);
  latest.current = play;
  useEffect(() => {
    if (!active) return;
    latest.current(kind);
    const timer = setInterval(() => latest.current(kind), TONE_REPEAT_MS);
    return () => clearInterval(timer);
  }, [kind, active]);
}
