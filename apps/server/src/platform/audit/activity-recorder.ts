import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Db } from "../../db/db-types.js";
import { activityLog } from "./audit.tables.js";

type Entry = typeof activityLog.$inferInsert;

/**
 * Records every request for the activity log without slowing it: entries are buffered and
 * written in batches, and the last batch is flushed on shutdown.
 */
export class ActivityRecorder {
  private buffer: Entry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly batchSize = 200,
    private readonly intervalMs = 1000,
  ) {}

  record(entry: Entry) {
    this.buffer.push(entry);
    if (this.buffer.length >= this.batchSize) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.intervalMs).unref();
  }

  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.buffer;
    this.buffer = [];
    if (!batch.length) return this.flushing;
    this.flushing = this.flushing.then(() =>
      this.db
        .insert(activityLog)
        .values(batch)
        .then(
          () => undefined,
          (err) => this.log.error({ err }, "could not write the activity log"),
        ),
    );
    return this.flushing;
  }

  install(app: FastifyInstance) {
    app.addHook("onResponse", async (req, reply) => {
      const p = req.principal;
      this.record({
        tenantId: p?.kind === "user" ? p.tenantId : null,
        userId: p?.kind === "user" ? p.userId : p?.kind === "platform" ? p.adminId : null,
        method: req.method,
        // The route pattern, never the raw URL: a reset link's token must not land in a log.
        route: req.routeOptions.url ?? "(unmatched)",
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime),
        ip: req.ip,
        at: new Date(),
      });
    });
  }
}
