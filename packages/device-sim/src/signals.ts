/**
 * Plausible moving values for simulated points, deterministic for a given seed.
 * Time is passed in (`tick(nowMs)`), never read from a clock.
 */

/** mulberry32: tiny seeded PRNG, uniform in [0, 1). */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Stable 32-bit seed from a string (FNV-1a), e.g. an IMEI plus a point name. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export type SignalSpec =
  /** Random walk inside [min, max]; each tick moves at most `step` (default 2% of the range). */
  | { kind: 'walk'; min: number; max: number; step?: number; start?: number; decimals?: number }
  /** min..max sine with `periodMs`, plus uniform noise of +-noise (clamped to the range). */
  | { kind: 'sine'; min: number; max: number; periodMs: number; noise?: number; decimals?: number }
  /** Monotonic counter (energy): grows by about `ratePerSecond` (0.5x-1.5x, random) per second. */
  | { kind: 'counter'; start?: number; ratePerSecond: number; decimals?: number }
  /** 0/1 (or two given values) that flips with `flipProbability` per tick (default 0.02). */
  | { kind: 'step'; values?: readonly [number, number]; flipProbability?: number; start?: 0 | 1 }
  | { kind: 'constant'; value: number };

export interface Signal {
  readonly spec: SignalSpec;
  /** Current value. */
  readonly value: number;
  /** Advance to `nowMs` and return the new value. Time going backwards changes nothing. */
  tick(nowMs: number): number;
}

function round(x: number, decimals: number | undefined): number {
  if (decimals === undefined) return x;
  const f = 10 ** decimals;
  return Math.round(x * f) / f;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

export function createSignal(spec: SignalSpec, seed: number): Signal {
  const rand = createRandom(seed);
  let last: number | null = null;
  let value: number;
  switch (spec.kind) {
    case 'walk': {
      if (!(spec.max >= spec.min)) throw new RangeError('walk needs min <= max');
      value = clamp(spec.start ?? spec.min + rand() * (spec.max - spec.min), spec.min, spec.max);
      value = clamp(round(value, spec.decimals), spec.min, spec.max);
      break;
    }
    case 'sine':
      if (!(spec.max >= spec.min) || !(spec.periodMs > 0))
        throw new RangeError('sine needs min <= max, period > 0');
      value = (spec.min + spec.max) / 2;
      break;
    case 'counter':
      if (!(spec.ratePerSecond >= 0)) throw new RangeError('counter rate must be >= 0');
      value = spec.start ?? 0;
      break;
    case 'step': {
      const v = spec.values ?? [0, 1];
      value = v[spec.start ?? 0];
      break;
    }
    case 'constant':
      value = spec.value;
      break;
  }
  let stepIndex = spec.kind === 'step' ? (spec.start ?? 0) : 0;

  return {
    spec,
    get value() {
      return value;
    },
    tick(nowMs: number): number {
      const dt = last === null ? 0 : nowMs - last;
      if (last !== null && dt <= 0) return value;
      last = nowMs;
      switch (spec.kind) {
        case 'walk': {
          const step = spec.step ?? (spec.max - spec.min) * 0.02;
          value = clamp(round(value + (rand() * 2 - 1) * step, spec.decimals), spec.min, spec.max);
          break;
        }
        case 'sine': {
          const mid = (spec.min + spec.max) / 2;
          const amp = (spec.max - spec.min) / 2;
          const noise = (spec.noise ?? 0) * (rand() * 2 - 1);
          const raw = mid + amp * Math.sin((2 * Math.PI * nowMs) / spec.periodMs) + noise;
          value = clamp(round(raw, spec.decimals), spec.min, spec.max);
          break;
        }
        case 'counter': {
          const next = round(value + (spec.ratePerSecond * dt * (0.5 + rand())) / 1000, spec.decimals);
          value = Math.max(value, next);
          break;
        }
        case 'step': {
          if (rand() < (spec.flipProbability ?? 0.02)) stepIndex = stepIndex === 0 ? 1 : 0;
          value = (spec.values ?? [0, 1])[stepIndex]!;
          break;
        }
        case 'constant':
          break;
      }
      return value;
    },
  };
}
