import { afterEach, describe, expect, it, vi } from "vitest";
import { AppError } from "../http/errors.js";
import { FairWork } from "./fair-work.js";

const busy = () => new AppError(503, "busy", "Busy", undefined, { retryAfter: 3 });
const limits = { slots: 1, deadlineMs: 60_000, maxWaiting: 100, busy };

/** Jobs that note when they start and finish only when told: the order of work, without a clock. */
function jobs(work: FairWork) {
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const settled = () => new Promise((resolve) => setImmediate(resolve));
  return {
    started,
    start: (caller: string, name: string) =>
      work.run(caller, async () => {
        started.push(name);
        await new Promise<void>((resolve) => finish.set(name, resolve));
        return name;
      }),
    /** Finishes a running job and lets the next start. */
    async finish(name: string) {
      finish.get(name)?.();
      await settled();
    },
    settled,
  };
}

describe("fair work", () => {
  afterEach(() => vi.useRealTimers());

  it("serves the callers' lines in turn, so one caller's flood does not hold back another", async () => {
    const work = new FairWork(limits);
    const j = jobs(work);
    const all = [j.start("flood", "f1"), ...["f2", "f3", "f4", "f5"].map((n) => j.start("flood", n)), j.start("user", "u1"), j.start("user", "u2")];
    all.push(j.start("other", "o1"));
    await j.settled();
    expect(work.stats).toMatchObject({ running: 1, waiting: 7, callers: 3 });
    for (const name of ["f1", "f2", "u1", "o1", "f3", "u2", "f4", "f5"]) await j.finish(name);
    expect(j.started).toEqual(["f1", "f2", "u1", "o1", "f3", "u2", "f4", "f5"]);
    expect(await Promise.all(all)).toHaveLength(8);
    expect(work.stats).toMatchObject({ running: 0, waiting: 0, callers: 0, worked: 8, refused: 0 });
  });

  it("runs at most `slots` jobs at once", async () => {
    const work = new FairWork({ ...limits, slots: 2 });
    const j = jobs(work);
    const all = ["a", "b", "c"].map((n) => j.start(n, n));
    await j.settled();
    expect(j.started).toEqual(["a", "b"]);
    await j.finish("a");
    expect(j.started).toEqual(["a", "b", "c"]);
    await j.finish("b");
    await j.finish("c");
    await Promise.all(all);
  });

  it("refuses a job still waiting at its deadline with 503", async () => {
    vi.useFakeTimers();
    const work = new FairWork({ ...limits, deadlineMs: 20_000 });
    const j = jobs(work);
    const first = j.start("a", "a1");
    const late = expect(j.start("b", "b1")).rejects.toMatchObject({ status: 503, code: "busy" });
    await vi.advanceTimersByTimeAsync(20_000);
    await late;
    expect(work.stats).toMatchObject({ running: 1, waiting: 0, refused: 1 });
    vi.useRealTimers();
    await j.finish("a1");
    expect(await first).toBe("a1");
    expect(j.started).toEqual(["a1"]);
  });

  it("past the bound on waiting jobs, refuses the newest of the longest line, not a newcomer", async () => {
    const work = new FairWork({ ...limits, maxWaiting: 3 });
    const j = jobs(work);
    const running = j.start("flood", "f0");
    const flood = ["f1", "f2", "f3"].map((n) => j.start("flood", n));
    const user = j.start("user", "u1");
    await expect(flood[2]).rejects.toMatchObject({ status: 503 });
    expect(work.stats).toMatchObject({ waiting: 3, refused: 1 });
    for (const name of ["f0", "f1", "u1", "f2"]) await j.finish(name);
    expect(await Promise.all([running, flood[0], flood[1], user])).toEqual(["f0", "f1", "f2", "u1"]);
  });

  it("an imitation waits for its turn as a job would, then takes no slot", async () => {
    const work = new FairWork(limits);
    const j = jobs(work);
    // Until a job has been timed, an imitation runs the job it is given.
    await work.imitate("stranger", async () => undefined);
    expect(work.stats).toMatchObject({ worked: 1, imitated: 0 });

    const held = j.start("user", "u1");
    let imitated = false;
    const imitation = work.imitate("stranger", async () => {
      throw new Error("an imitation runs no job once one was timed");
    });
    void imitation.then(() => {
      imitated = true;
    });
    const next = j.start("other", "o1");
    await j.settled();
    expect(work.stats).toMatchObject({ running: 1, waiting: 2 });
    await j.finish("u1");
    // The imitation's turn came first and took no slot: the job behind it started at once.
    expect(j.started).toEqual(["u1", "o1"]);
    expect(work.stats).toMatchObject({ running: 1, waiting: 0, imitated: 1 });
    await imitation;
    expect(imitated).toBe(true);
    await j.finish("o1");
    await Promise.all([held, next]);
    expect(work.stats).toMatchObject({ running: 0, worked: 3, imitated: 1 });
  });

  it("frees the slot when a job fails", async () => {
    const work = new FairWork(limits);
    await expect(work.run("a", () => Promise.reject(new Error("x")))).rejects.toThrow("x");
    expect(await work.run("a", async () => 1)).toBe(1);
  });
});
