// The pure parts of `npm run load`: percentiles, the sliding-window point where p95 first crosses
// a threshold as learners ramp up, and the learners' schedule (ramp, think times, the exam start).
// No I/O here: stats.test.ts covers it.

/** One finished request: when it ended (ms from the run's start), how long it took, how it ended. */
export interface Sample {
  step: string;
  /** Completion time, ms since the run started. */
  at: number;
  ms: number;
  /** HTTP status; 0 when no answer came (refused, reset, timed out). */
  status: number;
  /** Learners active (started, not done) when it completed. */
  active: number;
}

/** Nearest-rank percentile of an ascending list; NaN for an empty one. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export interface Summary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Answers outside 2xx. */
  non2xx: number;
  /** No answer at all. */
  network: number;
}

export function summarize(samples: readonly Sample[]): Summary {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    count: samples.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
    non2xx: samples.filter((s) => s.status !== 0 && (s.status < 200 || s.status > 299)).length,
    network: samples.filter((s) => s.status === 0).length,
  };
}

export interface Crossing {
  /** End of the first window whose p95 is above the threshold, ms since the start. */
  at: number;
  p95: number;
  /** Learners active at the end of that window (the last sample's count). */
  active: number;
  /** Requests in that window. */
  count: number;
}

/**
 * Slides a window of `windowMs` over the samples (by completion time) in steps of `stepMs` and
 * returns the first window with at least `minSamples` requests whose p95 is above `thresholdMs`;
 * null when none is. A window of a few requests says nothing, hence `minSamples`.
 */
export function firstCrossing(
  samples: readonly Sample[],
  options: { windowMs: number; stepMs: number; thresholdMs: number; minSamples: number },
): Crossing | null {
  if (samples.length === 0) return null;
  const byTime = [...samples].sort((a, b) => a.at - b.at);
  const first = byTime[0]!.at;
  const last = byTime[byTime.length - 1]!.at;
  let from = 0;
  let to = 0;
  for (let end = first + options.stepMs; end < last + options.stepMs; end += options.stepMs) {
    while (to < byTime.length && byTime[to]!.at <= end) to++;
    while (from < to && byTime[from]!.at <= end - options.windowMs) from++;
    const window = byTime.slice(from, to);
    if (window.length < options.minSamples) continue;
    const p95 = percentile(window.map((s) => s.ms).sort((a, b) => a - b), 95);
    if (p95 > options.thresholdMs) return { at: end, p95, active: window[window.length - 1]!.active, count: window.length };
  }
  return null;
}

/** The most requests that completed within any window of `windowMs` ending at a sample, per second. */
export function peakRate(samples: readonly Sample[], windowMs: number): number {
  const times = samples.map((s) => s.at).sort((a, b) => a - b);
  let best = 0;
  let from = 0;
  for (let to = 0; to < times.length; to++) {
    while (times[from]! <= times[to]! - windowMs) from++;
    best = Math.max(best, to - from + 1);
  }
  return best / (windowMs / 1000);
}

export interface ThinkTime {
  /** Seconds, before scaling. */
  minS: number;
  maxS: number;
  /** LOAD_THINK_SCALE: 1 for the real pauses, 0.05 for a quick run. */
  scale: number;
}

/** A pause between two steps: uniform in [min, max] seconds, times the scale, in ms. */
export function thinkMs(think: ThinkTime, random: () => number): number {
  return (think.minS + random() * (think.maxS - think.minS)) * 1000 * think.scale;
}

/** When learner `index` (0-based) of `count` begins: evenly spread over the ramp. */
export function rampOffsetMs(index: number, count: number, rampMs: number): number {
  return count <= 1 ? 0 : (index * rampMs) / count;
}

/**
 * The exam variant: the moment everyone is on the test page, after the ramp and the steps before
 * the test at their longest pauses (`stepsBefore` pauses of at most `think.maxS`), plus a margin.
 */
export function examMomentMs(rampMs: number, stepsBefore: number, think: ThinkTime, marginMs = 10_000): number {
  return rampMs + stepsBefore * think.maxS * 1000 * think.scale + marginMs;
}

/** When a learner presses 'Начать тест' in the exam variant: within `windowMs` of the moment. */
export function examPressMs(moment: number, windowMs: number, random: () => number): number {
  return moment + random() * windowMs;
}
