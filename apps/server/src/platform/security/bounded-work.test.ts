import { describe, expect, it } from "vitest";
import { AppError } from "../http/errors.js";
import { BoundedWork } from "./bounded-work.js";

const busy = () => new AppError(503, "busy", "Busy", undefined, { retryAfter: 3 });

describe("bounded work", () => {
  it("runs at most `slots` jobs at once, queues `maxWaiting`, and refuses the rest with 503 at once", async () => {
    const work = new BoundedWork(2, 3, busy);
    let concurrent = 0;
    let peak = 0;
    const release: (() => void)[] = [];
    const job = () =>
      work.run(async () => {
        peak = Math.max(peak, ++concurrent);
        await new Promise<void>((r) => release.push(r));
        concurrent--;
        return "done";
      });
    const accepted = Array.from({ length: 5 }, job);
    await expect(job()).rejects.toMatchObject({ status: 503, code: "busy" });
    expect(work.load).toEqual({ running: 2, waiting: 3 });
    while (release.length || work.load.running) {
      release.shift()?.();
      await new Promise((r) => setTimeout(r, 1));
    }
    expect(await Promise.all(accepted)).toEqual(["done", "done", "done", "done", "done"]);
    expect(peak).toBe(2);
    expect(work.load).toEqual({ running: 0, waiting: 0 });
  });

  it("frees the slot when a job fails", async () => {
    const work = new BoundedWork(1, 0, busy);
    await expect(work.run(() => Promise.reject(new Error("x")))).rejects.toThrow("x");
    expect(await work.run(async () => 1)).toBe(1);
  });
});
