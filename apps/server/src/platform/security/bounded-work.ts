import type { AppError } from "../http/errors.js";

/**
 * At most `slots` jobs at once and `maxWaiting` in line; past that a job is refused at once with
 * 503 and Retry-After, so a flood of one kind of heavy work (password hashing) cannot starve
 * every other call of the CPU.
 */
export class BoundedWork {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly slots: number,
    private readonly maxWaiting: number,
    private readonly busy: () => AppError,
  ) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running < this.slots) this.running++;
    else if (this.waiting.length < this.maxWaiting) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else throw this.busy();
    try {
      return await job();
    } finally {
      // A waiting job takes the slot over directly, so a newcomer cannot slip in between.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  get load() {
    return { running: this.running, waiting: this.waiting.length };
  }
}
