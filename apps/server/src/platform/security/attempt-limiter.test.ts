import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { type AttemptStore, MemoryAttemptStore, RedisAttemptStore } from "./attempt-limiter.js";

const redisUrl = process.env.REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl) : undefined;
afterAll(() => redis?.disconnect());

const stores: [string, () => AttemptStore][] = [["memory", () => new MemoryAttemptStore()]];
if (redis) stores.push(["redis", () => new RedisAttemptStore(redis, `taleem:test:${randomBytes(4).toString("hex")}:`)]);

describe.each(stores)("attempt counting in %s", (_name, make) => {
  it("counts hits within the window and forgets them after it", async () => {
    const store = make();
    expect(await store.hit("a", 1)).toBe(1);
    expect(await store.hit("a", 1)).toBe(2);
    expect(await store.count("a")).toBe(2);
    expect(await store.count("b")).toBe(0);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await store.count("a")).toBe(0);
    expect(await store.hit("a", 1)).toBe(1);
  });

  it("resets a key", async () => {
    const store = make();
    await store.hit("k", 60);
    await store.reset("k");
    expect(await store.count("k")).toBe(0);
  });

  it("tells how long a key's window has left", async () => {
    const store = make();
    expect(await store.secondsLeft("t")).toBe(0);
    await store.hit("t", 60);
    await store.hit("t", 600);
    const left = await store.secondsLeft("t");
    expect(left).toBeGreaterThan(55);
    expect(left).toBeLessThanOrEqual(60);
  });

  it("releases one claimed attempt, never below zero", async () => {
    const store = make();
    await store.hit("r", 60);
    await store.hit("r", 60);
    await store.release("r");
    expect(await store.count("r")).toBe(1);
    await store.release("r");
    await store.release("r");
    expect(await store.count("r")).toBe(0);
  });
});
