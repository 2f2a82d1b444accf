import { describe, expect, it } from 'vitest';
import { reviewWarning } from './TestSettings.tsx';

// The test editor's warning (decision 0050): right answers after every attempt help the next one.
describe('reviewWarning', () => {
  it('warns about right answers after every attempt when another attempt is possible', () => {
    expect(reviewWarning('answers', '')).toContain('попыток сколько угодно');
    expect(reviewWarning('answers', ' 3 ')).toContain('попыток 3');
  });

  it('stays silent with one attempt or when the key waits for the end', () => {
    expect(reviewWarning('answers', '1')).toBeNull();
    for (const review of ['score', 'correctness', 'answers_when_done'] as const) {
      expect(reviewWarning(review, ''), review).toBeNull();
    }
  });
});
