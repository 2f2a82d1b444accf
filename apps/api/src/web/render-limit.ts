/** Thrown (and answered 503) when every render slot is busy and the wait queue is full. */
export class Overloaded extends Error {
  constructor() {
    super('render queue full');
    this.name = 'Overloaded';
  }
}

/**
 * At most `concurrency` page renders at a time and at most `queue` more waiting in order; a
 * render beyond that is refused at once (`Overloaded`), so a burst costs some visitors a quick
 * 503 instead of everyone a ten-second wait. Renders are CPU work on the one main thread: more
 * of them at once only makes each one slower.
 */
export class RenderLimit {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly queue: number,
  ) {}

  /** Renders running and waiting now (for tests and diagnostics). */
  get load() {
    return { active: this.active, waiting: this.waiting.length };
  }

  /** True when a render asked for now would be refused: callers shed before doing other work. */
  get full(): boolean {
    return this.active >= this.concurrency && this.waiting.length >= this.queue;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) {
      if (this.waiting.length >= this.queue) throw new Overloaded();
      // The slot is handed over by the render that finishes (release), so `active` stays exact.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.active -= 1;
  }
}
