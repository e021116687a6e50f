import type { AppError } from "../http/errors.js";

export interface FairWorkLimits {
  /** Jobs at once. */
  slots: number;
  /** The longest a job waits for its turn before it is refused. */
  deadlineMs: number;
  /** Jobs waiting from every caller together; past it the longest line gives up its newest. */
  maxWaiting: number;
  /** The refusal (a 503 with Retry-After). */
  busy: () => AppError;
}

interface Waiting {
  /** An imitation takes its turn and no slot. */
  imitation: boolean;
  start: () => void;
  refuse: (e: AppError) => void;
  timer: NodeJS.Timeout;
}

/** Durations of this many recent jobs are kept: an imitation lasts as long as one of them. */
const RECENT = 64;

/**
 * Heavy work (password hashing) shared fairly between callers (client addresses): each caller
 * waits in a line of its own and the lines are served in turn, so a flood from one address delays
 * that address and hardly anyone else. A job waits at most `deadlineMs` for its turn; only far
 * beyond normal load is a job refused at once, and then the longest line's newest.
 */
export class FairWork {
  private running = 0;
  private waiting = 0;
  /** Lines by caller; a Map keeps insertion order, so the first line is the one whose turn is next. */
  private readonly lines = new Map<string, Waiting[]>();
  private readonly recent: number[] = [];
  private counts = { worked: 0, imitated: 0, refused: 0 };

  constructor(private readonly limits: FairWorkLimits) {}

  async run<T>(caller: string, job: () => Promise<T>): Promise<T> {
    await this.turn(caller, false);
    const started = performance.now();
    try {
      return await job();
    } finally {
      this.recent[this.counts.worked++ % RECENT] = performance.now() - started;
      this.running--;
      this.dispatch();
    }
  }

  /**
   * Waits as a job would, its turn and then as long as a recent job took, but takes no slot: a
   * timer costs no CPU. Until a job has been timed, `job` runs instead.
   */
  async imitate(caller: string, job: () => Promise<unknown>): Promise<void> {
    if (!this.recent.length) {
      await this.run(caller, job);
      return;
    }
    await this.turn(caller, true);
    this.counts.imitated++;
    const ms = this.recent[Math.floor(Math.random() * this.recent.length)] ?? 0;
    await new Promise((resolve) => setTimeout(resolve, ms));
  }

  get stats() {
    return { running: this.running, waiting: this.waiting, callers: this.lines.size, ...this.counts };
  }

  private turn(caller: string, imitation: boolean): Promise<void> {
    if (this.running < this.limits.slots && !this.waiting) {
      if (!imitation) this.running++;
      return Promise.resolve();
    }
    return new Promise<void>((start, refuse) => {
      const item: Waiting = { imitation, start, refuse, timer: setTimeout(() => this.drop(caller, item), this.limits.deadlineMs) };
      const line = this.lines.get(caller);
      if (line) line.push(item);
      else this.lines.set(caller, [item]);
      if (++this.waiting > this.limits.maxWaiting) this.shed();
    });
  }

  /** Starts waiting jobs, one from each line in turn, while slots are free. */
  private dispatch() {
    while (this.running < this.limits.slots) {
      const next = this.lines.entries().next();
      if (next.done) return;
      const [caller, line] = next.value;
      const item = line.shift() as Waiting;
      // The line goes to the back of the ring, or away when it is empty.
      this.lines.delete(caller);
      if (line.length) this.lines.set(caller, line);
      this.waiting--;
      clearTimeout(item.timer);
      if (!item.imitation) this.running++;
      item.start();
    }
  }

  /** Refuses a waiting job: its deadline passed, or the lines are full. */
  private drop(caller: string, item: Waiting) {
    const line = this.lines.get(caller);
    const at = line?.indexOf(item) ?? -1;
    if (!line || at < 0) return;
    line.splice(at, 1);
    if (!line.length) this.lines.delete(caller);
    this.waiting--;
    clearTimeout(item.timer);
    this.counts.refused++;
    item.refuse(this.limits.busy());
  }

  private shed() {
    let longest: [string, Waiting[]] | undefined;
    for (const entry of this.lines) if (!longest || entry[1].length > longest[1].length) longest = entry;
    if (longest) this.drop(longest[0], longest[1][longest[1].length - 1] as Waiting);
  }
}
