import type { JobProgress } from "@taleem/contract";
import { type Job, Queue, Worker } from "bullmq";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { AppError, notFound } from "../http/errors.js";
import { failure, type JobControl, JobRegistry, newJobId } from "./job-registry.js";

/** Work of one kind, given what was enqueued: it reads and writes through its own short transactions. */
export type JobHandler = (payload: Record<string, unknown>, control: JobControl) => Promise<unknown>;

interface QueuedData {
  tenantId: number;
  total: number;
  payload: Record<string, unknown>;
}

/** How long BullMQ keeps a finished job's outcome: as long as the in-process registry does. */
const KEEP_SECONDS = 15 * 60;

/**
 * Long work that waits on the outside (a bulk send to providers) as jobs with a progress bar.
 * Without REDIS_URL they run in this process (a restart loses the bar and the rest of the work;
 * the work is written so what is left can be started again). With REDIS_URL they go on a BullMQ
 * queue, run by this server's worker (unless JOBS_IN_SERVER=false) and by `npm run worker`
 * processes, and any process answers their progress.
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly local = new JobRegistry();
  private readonly queue: Queue | undefined;
  private readonly connection: Redis | undefined;
  private readonly workers: Worker[] = [];

  constructor(
    private readonly opts: { redisUrl?: string; prefix: string },
    private readonly log: FastifyBaseLogger,
  ) {
    if (opts.redisUrl) {
      // BullMQ blocks on its connection: it must retry commands forever, not give up after two.
      this.connection = new Redis(opts.redisUrl, { maxRetriesPerRequest: null });
      this.queue = new Queue("jobs", { connection: this.connection, prefix: `${opts.prefix}bull` });
    }
  }

  get onBullMq(): boolean {
    return !!this.queue;
  }

  /** Declares what a kind of job does; every process that builds the app knows every kind. */
  handle(kind: string, handler: JobHandler) {
    this.handlers.set(kind, handler);
  }

  /** Starts a job of `kind` for a school; answers its id at once. */
  async enqueue(tenantId: number, kind: string, total: number, payload: Record<string, unknown>, id: string = newJobId()): Promise<string> {
    const handler = this.handlers.get(kind);
    if (!handler) throw new Error(`no handler for jobs of kind ${kind}`);
    if (this.queue) {
      await this.queue.add(kind, { tenantId, total, payload } satisfies QueuedData, {
        jobId: id,
        removeOnComplete: { age: KEEP_SECONDS },
        removeOnFail: { age: KEEP_SECONDS },
      });
    } else {
      this.local.run(tenantId, kind, id, total, (control) => handler(payload, control), this.log);
    }
    return id;
  }

  /** A job's progress; another school's job, or one long finished, is a 404. */
  async progress(tenantId: number, kind: string, id: string): Promise<JobProgress> {
    if (!this.queue) return this.local.progress(tenantId, kind, id);
    const job = (await this.queue.getJob(id)) as Job<QueuedData> | undefined;
    if (!job || job.name !== kind || job.data.tenantId !== tenantId) throw notFound("Job");
    const state = await job.getState();
    const total = job.data.total;
    const done = typeof job.progress === "number" ? job.progress : 0;
    // The job may have finished between reading it and reading its state: read its outcome again.
    const ended = state === "completed" || state === "failed" ? ((await this.queue.getJob(id)) as Job<QueuedData> | undefined) : undefined;
    if (state === "completed") return { job: id, state: "done", done: total, total, result: ended?.returnvalue ?? null, error: null };
    if (state === "failed") {
      const error = (() => {
        try {
          return JSON.parse(ended?.failedReason ?? "");
        } catch {
          return failure(new Error(ended?.failedReason));
        }
      })();
      return { job: id, state: "failed", done, total, result: null, error };
    }
    return { job: id, state: "running", done, total, result: null, error: null };
  }

  /**
   * Runs this queue's jobs in this process (the server's own worker, or `npm run worker`).
   * An AppError's code and words survive into the progress reply as a refused call's would.
   */
  startWorker(concurrency = 2): Worker | undefined {
    if (!this.queue || !this.connection) return undefined;
    const worker = new Worker(
      "jobs",
      async (job: Job<QueuedData>) => {
        const handler = this.handlers.get(job.name);
        if (!handler) throw new Error(`no handler for jobs of kind ${job.name}`);
        let last = 0;
        const control: JobControl = {
          progress: (done) => {
            if (done <= last) return;
            last = done;
            void job.updateProgress(done).catch(() => undefined);
          },
        };
        try {
          return await handler(job.data.payload, control);
        } catch (err) {
          if (!(err instanceof AppError)) this.log.error({ err, kind: job.name }, "job failed");
          throw new Error(JSON.stringify(failure(err)));
        }
      },
      { connection: this.connection.duplicate({ maxRetriesPerRequest: null }), prefix: `${this.opts.prefix}bull`, concurrency },
    );
    worker.on("error", (err) => this.log.error({ err }, "job worker error"));
    this.workers.push(worker);
    return worker;
  }

  /** A finished job of this school, for the isolation suite's probe of the progress call. */
  async sample(tenantId: number, kind: string): Promise<string> {
    if (!this.queue) return this.local.run(tenantId, kind, newJobId(), 0, async () => null).job;
    const id = newJobId();
    await this.queue.add(kind, { tenantId, total: 0, payload: { sample: true } } satisfies QueuedData, { jobId: id, removeOnComplete: { age: KEEP_SECONDS } });
    return id;
  }

  /** Waits for in-process jobs, stops this process's workers, closes the queue. */
  async close() {
    await this.local.settled();
    await Promise.all(this.workers.map((w) => w.close()));
    await this.queue?.close();
    this.connection?.disconnect();
  }

  /** Resolves when every in-process job started so far has finished (tests). */
  settled(): Promise<void> {
    return this.local.settled();
  }
}

const queues = new WeakMap<FastifyInstance, JobQueue>();

/**
 * The app's job queue, made on first use: its kinds are the app's (tests build several apps in
 * one process, each on its own database and Redis prefix), and it closes with the app.
 */
export function jobQueueOf(app: FastifyInstance): JobQueue {
  let queue = queues.get(app);
  if (!queue) {
    const { config, log } = app.services;
    const q = new JobQueue({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX }, log);
    queues.set(app, q);
    app.addHook("onReady", async () => {
      if (config.JOBS_IN_SERVER !== false) q.startWorker();
    });
    app.addHook("onClose", () => q.close());
    queue = q;
  }
  return queue;
}
