#!/usr/bin/env node
// `npm run dev`: the API with reload on port 3001 and Vite on 5173, proxying API calls to it.
import { spawn } from "node:child_process";

const root = new URL("..", import.meta.url).pathname;
const procs = [
  spawn("npm", ["run", "dev", "-w", "apps/server"], { cwd: root, stdio: "inherit" }),
  spawn("npm", ["run", "dev", "-w", "apps/web"], { cwd: root, stdio: "inherit" }),
];
const stop = (sig) => {
  for (const p of procs) p.kill(sig);
};
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
for (const p of procs)
  p.on("exit", (code) => {
    stop("SIGTERM");
    process.exit(code ?? 0);
  });
