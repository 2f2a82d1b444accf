import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../apps/api/src/lib/seeded-random.ts';
import {
  examMomentMs,
  examPressMs,
  firstCrossing,
  peakRate,
  percentile,
  rampOffsetMs,
  summarize,
  thinkMs,
  type Sample,
} from './stats.ts';

const sample = (at: number, ms: number, active = 1, status = 200): Sample => ({ step: 'x', at, ms, status, active });

describe('percentile', () => {
  it('takes the nearest rank', () => {
    const list = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(list, 50)).toBe(50);
    expect(percentile(list, 95)).toBe(95);
    expect(percentile(list, 99)).toBe(99);
    expect(percentile(list, 100)).toBe(100);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([1, 2, 3], 0)).toBe(1);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('summarize', () => {
  it('counts non-2xx answers and requests without an answer apart', () => {
    const s = summarize([sample(1, 30), sample(2, 10), sample(3, 20, 1, 503), sample(4, 5000, 1, 0), sample(5, 40, 1, 201)]);
    expect(s).toMatchObject({ count: 5, p50: 30, max: 5000, non2xx: 1, network: 1 });
  });
});

describe('firstCrossing', () => {
  const options = { windowMs: 10_000, stepMs: 1000, thresholdMs: 250, minSamples: 5 };

  it('finds the first window whose p95 is over the threshold, with the learners active then', () => {
    const samples: Sample[] = [];
    // 100 ms for 30 s with 10 → 300 learners, then 400 ms from 30 s on.
    for (let t = 0; t < 60_000; t += 100) samples.push(sample(t, t < 30_000 ? 100 : 400, 10 + Math.floor(t / 100)));
    const crossing = firstCrossing(samples, options)!;
    // p95 of a 10 s window (100 samples) is over 250 once more than 5 slow ones are in it.
    expect(crossing.at).toBe(31_000);
    expect(crossing.p95).toBe(400);
    expect(crossing.active).toBe(10 + 310);
  });

  it('is null when no window is slow, and ignores windows with too few requests', () => {
    expect(firstCrossing([sample(0, 100), sample(500, 120)], options)).toBeNull();
    expect(firstCrossing([sample(0, 900), sample(20_000, 900)], options)).toBeNull();
    expect(firstCrossing([], options)).toBeNull();
  });

  it('forgets slow requests that left the window', () => {
    const samples = [1, 2, 3, 4, 5].map((i) => sample(i * 10, 900));
    for (let t = 20_000; t < 30_000; t += 100) samples.push(sample(t, 50));
    // Only the first window (the five slow ones) crosses.
    expect(firstCrossing(samples, options)?.at).toBe(1010);
    expect(firstCrossing(samples.slice(5), options)).toBeNull();
  });
});

describe('peakRate', () => {
  it('is the busiest window per second', () => {
    const samples = [0, 100, 200, 300, 5000].map((t) => sample(t, 1));
    expect(peakRate(samples, 1000)).toBe(4);
    expect(peakRate([], 1000)).toBe(0);
  });
});

describe('schedule', () => {
  it('spreads learners evenly over the ramp', () => {
    expect(rampOffsetMs(0, 4, 120_000)).toBe(0);
    expect(rampOffsetMs(2, 4, 120_000)).toBe(60_000);
    expect(rampOffsetMs(3, 4, 120_000)).toBe(90_000);
    expect(rampOffsetMs(0, 1, 120_000)).toBe(0);
  });

  it('draws think times uniformly within the range, scaled', () => {
    const random = seededRandom(42);
    const think = { minS: 30, maxS: 90, scale: 1 };
    const draws = Array.from({ length: 5000 }, () => thinkMs(think, random));
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(30_000);
    expect(Math.max(...draws)).toBeLessThanOrEqual(90_000);
    const mean = draws.reduce((a, b) => a + b, 0) / draws.length;
    expect(mean).toBeGreaterThan(58_000);
    expect(mean).toBeLessThan(62_000);
    expect(thinkMs({ ...think, scale: 0.05 }, () => 0)).toBe(1500);
    expect(thinkMs({ ...think, scale: 0.05 }, () => 0.5)).toBe(3000);
  });

  it('repeats the same draws for the same seed', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });

  it('puts the exam moment after everyone could reach the test page, and every press within its window', () => {
    const think = { minS: 30, maxS: 90, scale: 0.1 };
    const moment = examMomentMs(60_000, 4, think);
    expect(moment).toBe(60_000 + 4 * 9000 + 10_000);
    const random = seededRandom(1);
    const presses = Array.from({ length: 1000 }, () => examPressMs(moment, 10_000, random));
    expect(Math.min(...presses)).toBeGreaterThanOrEqual(moment);
    expect(Math.max(...presses)).toBeLessThan(moment + 10_000);
  });
});
