#!/usr/bin/env node
// `npm test`: every test. Chromium first (found or installed): the server suite prints PDFs with it
// and the browser tests drive it. Then the contract's own tests (the Quran's structure), the server
// suite (on PGlite, or PostgreSQL with DATABASE_URL), the web unit tests, and the browser tests,
// which build the web app into a folder of their own first (apps/web/e2e/global-setup.ts).
import { spawnSync } from "node:child_process";

const root = new URL("..", import.meta.url).pathname;
const steps = [
  ["Chromium", "node", ["scripts/ensure-chromium.mjs"]],
  ["contract tests", "npm", ["run", "test", "-w", "packages/contract"]],
  ["server tests", "npm", ["run", "test", "-w", "apps/server"]],
  ["web unit tests", "npm", ["run", "test", "-w", "apps/web"]],
  ["browser tests", "npm", ["run", "e2e", "-w", "apps/web"]],
];
for (const [name, cmd, args] of steps) {
  console.log(`\n=== ${name}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit" });
  if (r.status !== 0) {
    console.error(`\n${name} failed`);
    process.exit(r.status ?? 1);
  }
}
