import { parentPort, workerData } from "node:worker_threads";
import autocannon from "autocannon";

export interface LoadRequest {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
}

export interface LoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function run(req: LoadRequest): Promise<LoadResult> {
  const opts = { url: req.url, method: req.method ?? "GET", headers: req.headers, body: req.body, connections: req.connections };
  if (req.warmupSeconds > 0) await autocannon({ ...opts, duration: req.warmupSeconds });
  const times: number[] = [];
  let non2xx = 0;
  const instance = autocannon({ ...opts, duration: req.seconds });
  instance.on("response", (_client, status, _bytes, responseTime) => {
    times.push(responseTime);
    if (status < 200 || status > 299) non2xx++;
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    perSecond: times.length / (result.duration || req.seconds),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    non2xx,
    errors: result.errors + result.timeouts,
  };
}

// The load runs on its own thread, so the servers under test keep the main one to themselves.
run(workerData as LoadRequest).then((r) => parentPort!.postMessage(r));
