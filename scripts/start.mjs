#!/usr/bin/env node
// `npm start`: builds the web app when its build is missing or older than its sources, then
// serves it and the API from one port (PORT, default 3001) on the embedded database by default.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { ensureWebBuild } from "./web-build.mjs";

const root = new URL("..", import.meta.url).pathname;
ensureWebBuild();

const server = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], { cwd: join(root, "apps/server"), stdio: "inherit", env: process.env });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code) => process.exit(code ?? 0));
