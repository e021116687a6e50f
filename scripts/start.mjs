#!/usr/bin/env node
// `npm start`: builds the web app when its build is missing or older than its sources, then
// serves it and the API from one port (PORT, default 3001) on the embedded database by default.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const web = join(root, "apps/web");

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === "node_modules" || e.name === "dist") continue;
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const index = join(web, "dist/index.html");
const stale = !existsSync(index) || statSync(index).mtimeMs < Math.max(newest(join(web, "src")), newest(join(web, "public")));
if (stale) {
  console.log("Building the web app...");
  // Always a production build: a shell's NODE_ENV=development would ship React's development runtime.
  const r = spawnSync("npm", ["run", "build", "-w", "apps/web"], { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const server = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], { cwd: join(root, "apps/server"), stdio: "inherit", env: process.env });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code) => process.exit(code ?? 0));
