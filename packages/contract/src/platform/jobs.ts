import { z } from "zod";

/**
 * Long work a call starts and the screen follows (an import of thousands of rows): the call
 * answers at once with the job's id, and a progress call answers how far it has got. The job
 * itself runs in one transaction on the server, so a failed or interrupted job changed nothing.
 */

/** A job's id: random, and only its own school's progress call knows it. */
export const JobId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
export const JobParams = z.object({ job: JobId });

export const JobState = z.enum(["running", "done", "failed"]);
export type JobState = z.infer<typeof JobState>;

/** Why a job failed, as a refused call would say it (a code, English words, the fields and rows). */
export const JobError = z.object({ code: z.string(), message: z.string(), params: z.record(z.string(), z.unknown()) });
export type JobError = z.infer<typeof JobError>;

/** What a call that starts a job answers. */
export const JobStarted = z.object({ message: z.string(), job: JobId, total: z.number() });
export type JobStarted = z.infer<typeof JobStarted>;

/** A progress reply: `done` of `total` units of work (rows), then the result or the error. */
export const jobProgress = <R extends z.ZodType>(result: R) =>
  z.object({
    job: JobId,
    state: JobState,
    done: z.number(),
    total: z.number(),
    result: result.nullable(),
    error: JobError.nullable(),
  });
export interface JobProgress<R = unknown> {
  job: string;
  state: JobState;
  done: number;
  total: number;
  result: R | null;
  error: JobError | null;
}
