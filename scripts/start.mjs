#!/usr/bin/env node
// `npm start`: builds the web app when its build is missing or older than its sources, then
// serves it and the API from one port (PORT, default 3001) on the embedded database by default.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { ensureChromium } from "./ensure-chromium.mjs";
import { ensureWebBuild } from "./web-build.mjs";

const root = new URL("..", import.meta.url).pathname;
ensureWebBuild();
// Receipts, report cards and letters are printed by Chromium: without one the rest still runs and
// a print says what is missing.
if (!ensureChromium())
  console.warn("Printing PDFs needs Chromium: install it (apt-get install chromium) or set CHROMIUM_PATH; the server finds it at the next print.");

const server = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], { cwd: join(root, "apps/server"), stdio: "inherit", env: process.env });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code) => process.exit(code ?? 0));
