import type { Redis } from "ioredis";

/** Counts events per key in a fixed window; kept in Redis when configured, else in memory. */
export interface AttemptStore {
  /** Adds one and returns the count in the current window. */
  hit(key: string, windowSeconds: number): Promise<number>;
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  /** Takes one back (an attempt claimed before its check that turned out to succeed); never below 0. */
  release(key: string): Promise<void>;
  /** Seconds until the key's window ends (0 when it has no count): a refusal's Retry-After. */
  secondsLeft(key: string): Promise<number>;
}

export class MemoryAttemptStore implements AttemptStore {
  private readonly entries = new Map<string, { n: number; until: number }>();

  async hit(key: string, windowSeconds: number) {
    const now = Date.now();
    const e = this.entries.get(key);
    if (!e || e.until <= now) {
      this.entries.set(key, { n: 1, until: now + windowSeconds * 1000 });
      if (this.entries.size > 100_000) this.sweep(now);
      return 1;
    }
    e.n++;
    return e.n;
  }

  async count(key: string) {
    const e = this.entries.get(key);
    return e && e.until > Date.now() ? e.n : 0;
  }

  async reset(key: string) {
    this.entries.delete(key);
  }

  async release(key: string) {
    const e = this.entries.get(key);
    if (e && e.n > 0) e.n--;
  }

  async secondsLeft(key: string) {
    const e = this.entries.get(key);
    return e ? Math.max(0, Math.ceil((e.until - Date.now()) / 1000)) : 0;
  }

  private sweep(now: number) {
    for (const [k, e] of this.entries) if (e.until <= now) this.entries.delete(k);
  }
}

export class RedisAttemptStore implements AttemptStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = "taleem:attempts:",
  ) {}

  async hit(key: string, windowSeconds: number) {
    const k = this.prefix + key;
    const [[, n]] = (await this.redis.multi().incr(k).expire(k, windowSeconds, "NX").exec()) as [[unknown, number]];
    return n;
  }

  async count(key: string) {
    return Number((await this.redis.get(this.prefix + key)) ?? 0);
  }

  async reset(key: string) {
    await this.redis.del(this.prefix + key);
  }

  async release(key: string) {
    // One round trip, and never below zero even when two releases race.
    await this.redis.eval("local n = redis.call('GET', KEYS[1]) if n and tonumber(n) > 0 then redis.call('DECR', KEYS[1]) end", 1, this.prefix + key);
  }

  async secondsLeft(key: string) {
    return Math.max(0, await this.redis.ttl(this.prefix + key));
  }
}
