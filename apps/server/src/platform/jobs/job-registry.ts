import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { JobError, JobProgress } from "@taleem/contract";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { UserPrincipal } from "../auth/principal.js";
import { AppError, conflict, notFound } from "../http/errors.js";
import type { TenantScope } from "../tenancy/tenant-scope.js";

/** What a job's work is handed besides its transaction: how it tells how far it has got. */
export interface JobControl {
  /** `done` units of the job's total are finished (rows written). */
  progress(done: number): void;
}

interface Job {
  id: string;
  tenantId: number;
  kind: string;
  state: JobProgress;
  finished: Promise<void>;
  /** Who started it, by a digest of their session token: their progress polls need no database (see starterOf). */
  starter?: { tokenDigest: Buffer; principal: UserPrincipal };
}

/** Who starts a job: the signed-in caller and the session token their request carried. */
export interface JobStarter {
  principal: UserPrincipal;
  token: string | undefined;
}

const digest = (token: string) => createHash("sha256").update(token).digest();

/** A job's id: random, so only its own school's screen knows it. */
export const newJobId = () => randomBytes(16).toString("base64url");

/** How long a finished job's outcome stays readable: long enough for a screen that was away. */
const KEEP_MS = 15 * 60_000;

export const failure = (err: unknown): JobError =>
  err instanceof AppError
    ? { code: err.code, message: err.message, params: err.params ?? {} }
    : { code: "job.failed", message: "The work stopped on an unexpected error; nothing was changed. Try again.", params: {} };

/**
 * Jobs run in this process, each in one transaction of its school: the progress a screen polls is
 * kept here, in memory, so it costs no query. A restart loses the progress, never half the work:
 * the transaction of an interrupted job rolls back. One job of a kind runs per school at a time
 * (two imports of the same sheet would only wait on each other's rows).
 */
export class JobRegistry {
  private readonly jobs = new Map<string, Job>();

  /**
   * Starts `work` in a transaction of `scope`'s school and answers at once with the job's
   * progress (running, 0 of `total`). An AppError the work throws is the job's error as a refused
   * call would give it; anything else is logged and reported as job.failed.
   */
  start<R>(
    scope: TenantScope,
    kind: string,
    total: number,
    work: (tx: TenantScope, control: JobControl) => Promise<R>,
    log?: FastifyBaseLogger,
    startedBy?: JobStarter,
  ): JobProgress<R> {
    if (this.running(scope.tenantId, kind)) {
      throw conflict("job.running", "The same work is already running for this school; wait for it to finish.", { kind });
    }
    const starter = startedBy?.token ? { tokenDigest: digest(startedBy.token), principal: startedBy.principal } : undefined;
    const inTransaction = (control: JobControl) =>
      scope.transaction(async (tx) => {
        // A job writes thousands of rows that later rows refer to. The foreign-key checks' cached
        // generic plans were made when those tables were small (a scan, not the index), and a scan
        // per checked row made the import quadratic: plan each statement for the data it meets.
        await tx.db.execute(sql`set local plan_cache_mode = force_custom_plan`);
        return work(tx, control);
      });
    return this.track(scope.tenantId, kind, newJobId(), total, inTransaction, log, starter) as JobProgress<R>;
  }

  /**
   * Runs `work` in this process with no transaction of its own (work that waits on providers
   * must not hold one: it opens short ones as it goes), under a given id, and follows its progress.
   */
  run(tenantId: number, kind: string, id: string, total: number, work: (control: JobControl) => Promise<unknown>, log?: FastifyBaseLogger): JobProgress {
    return this.track(tenantId, kind, id, total, work, log);
  }

  /** Runs `work` and keeps its progress, then its result or error, readable for KEEP_MS. */
  private track(
    tenantId: number,
    kind: string,
    id: string,
    total: number,
    work: (control: JobControl) => Promise<unknown>,
    log: FastifyBaseLogger | undefined,
    starter?: Job["starter"],
  ): JobProgress {
    const state: JobProgress = { job: id, state: "running", done: 0, total, result: null, error: null };
    const control: JobControl = {
      progress: (done) => {
        state.done = Math.min(total, Math.max(state.done, done));
      },
    };
    const finished = Promise.resolve()
      .then(() => work(control))
      .then(
        (result) => {
          Object.assign(state, { state: "done", done: total, result: result ?? null });
        },
        (err: unknown) => {
          if (!(err instanceof AppError)) log?.error({ err, kind }, "job failed");
          Object.assign(state, { state: "failed", error: failure(err) });
        },
      )
      .finally(() => {
        setTimeout(() => this.jobs.delete(id), KEEP_MS).unref();
      });
    this.jobs.set(id, { id, tenantId, kind, state, finished, starter });
    return { ...state };
  }

  /** A job's progress, or 404 when it is not this school's job of this kind (or long finished). */
  progress(tenantId: number, kind: string, id: string): JobProgress {
    const job = this.jobs.get(id);
    if (!job || job.tenantId !== tenantId || job.kind !== kind) throw notFound("Job");
    return { ...job.state };
  }

  /**
   * The caller who started job `id`, when `token` is the very session token that started it;
   * otherwise undefined (the session is then resolved from the database as usual). See
   * docs/decisions.md, "Import progress without the database".
   */
  starterOf(id: string, token: string): UserPrincipal | undefined {
    const starter = this.jobs.get(id)?.starter;
    return starter && timingSafeEqual(starter.tokenDigest, digest(token)) ? starter.principal : undefined;
  }

  running(tenantId: number, kind: string): boolean {
    for (const job of this.jobs.values()) if (job.tenantId === tenantId && job.kind === kind && job.state.state === "running") return true;
    return false;
  }

  /** Resolves when every job started so far has finished (a closing server waits for them). */
  async settled(): Promise<void> {
    await Promise.all([...this.jobs.values()].map((j) => j.finished));
  }
}

/** The process's jobs: every module's long work shares one registry. */
export const jobs = new JobRegistry();
