import { describe, expect, it } from 'vitest';
import { Overloaded, RenderLimit } from './render-limit.ts';

/** A render that finishes when the test says so. */
function held<T>(value: T) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  let started = false;
  return {
    work: async () => {
      started = true;
      await done;
      return value;
    },
    finish,
    get started() {
      return started;
    },
  };
}

describe('RenderLimit', () => {
  it('runs at most `concurrency` renders, queues `queue` more in order and refuses the rest at once', async () => {
    const limit = new RenderLimit(1, 1);
    const first = held('first');
    const second = held('second');
    const running = limit.run(first.work);
    const queued = limit.run(second.work);
    expect(first.started).toBe(true);
    expect(second.started).toBe(false);
    expect(limit.load).toEqual({ active: 1, waiting: 1 });

    expect(limit.full).toBe(true);
    await expect(limit.run(async () => 'third')).rejects.toBeInstanceOf(Overloaded);

    first.finish();
    await expect(running).resolves.toBe('first');
    await expect.poll(() => second.started).toBe(true);
    expect(limit.load).toEqual({ active: 1, waiting: 0 });
    expect(limit.full).toBe(false);
    second.finish();
    await expect(queued).resolves.toBe('second');
    expect(limit.load).toEqual({ active: 0, waiting: 0 });
  });

  it('frees the slot of a render that fails', async () => {
    const limit = new RenderLimit(1, 0);
    await expect(limit.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(limit.load).toEqual({ active: 0, waiting: 0 });
    await expect(limit.run(async () => 'next')).resolves.toBe('next');
  });

  it('with no queue refuses anything beyond the running renders', async () => {
    const limit = new RenderLimit(2, 0);
    const a = held('a');
    const b = held('b');
    const runs = [limit.run(a.work), limit.run(b.work)];
    await expect(limit.run(async () => 'c')).rejects.toBeInstanceOf(Overloaded);
    a.finish();
    b.finish();
    await expect(Promise.all(runs)).resolves.toEqual(['a', 'b']);
  });
});
