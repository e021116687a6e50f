import { Worker } from "node:worker_threads";
import type { LoadRequest, LoadResult } from "./load.worker.js";

export type { LoadResult };

// Node 20 does not hand --import hooks to workers, so the worker registers tsx before loading its TypeScript.
const boot = `
const { register } = await import(${JSON.stringify(import.meta.resolve("tsx/esm/api"))});
register();
await import(${JSON.stringify(new URL("./load.worker.ts", import.meta.url).href)});
`;

/** Runs autocannon against `url` on a worker thread and returns req/s and latency percentiles (ms). */
export function load(request: LoadRequest): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), { workerData: request });
    worker.once("message", (r: LoadResult) => {
      resolve(r);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}
