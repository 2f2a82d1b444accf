import { describe, expect, it } from 'vitest';
import { INT4_MAX } from '@crema/contract';
import { AnswerIds, REMEMBERED_ATTEMPTS } from './answer-ids.ts';

describe('answer ids a learner sees', () => {
  const ids = new AnswerIds('a-test-secret-key-of-enough-length-0123456789');

  it('are distinct within an attempt, above every database id and within int4', () => {
    const seen = new Set<number>();
    for (const answerId of [0, 1, 2, 3, 32_767, 32_768, 2 ** 30 - 1, ...Array.from({ length: 20_000 }, (_, i) => 1000 + i * 7)]) {
      const shown = ids.of(42, answerId);
      expect(shown).toBeGreaterThanOrEqual(2 ** 30);
      expect(shown).toBeLessThanOrEqual(INT4_MAX);
      seen.add(shown);
    }
    expect(seen.size).toBe(20_007);
  });

  it('change from attempt to attempt and with the key, and stay for one attempt', () => {
    expect(ids.of(1, 500)).toBe(ids.of(1, 500));
    expect(ids.of(1, 500)).not.toBe(ids.of(2, 500));
    expect(new AnswerIds('another-secret-key-of-enough-length-987654321').of(1, 500)).not.toBe(ids.of(1, 500));
  });

  it('are remembered for the newest attempts only, each as worked out afresh', () => {
    const kept = new AnswerIds('a-test-secret-key-of-enough-length-0123456789');
    const first = kept.of(7, 500);
    for (let attempt = 1000; attempt < 1000 + REMEMBERED_ATTEMPTS + 100; attempt++) {
      kept.of(attempt, 500);
      // Attempt 7 is used all along: the newest used stays.
      expect(kept.of(7, 500)).toBe(first);
    }
    expect(kept.rememberedAttempts).toBe(REMEMBERED_ATTEMPTS);
    const fresh = new AnswerIds('a-test-secret-key-of-enough-length-0123456789');
    for (const attempt of [7, 1000, 1000 + REMEMBERED_ATTEMPTS + 99]) expect(kept.of(attempt, 500)).toBe(fresh.of(attempt, 500));
    expect(ids.of(7, 500)).toBe(first);
  });
});
