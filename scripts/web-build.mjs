// The web app's production build, made when it is missing or older than its sources (npm start,
// the Lighthouse bench).
import { spawnSync } from "node:child_process";
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

/** Builds apps/web/dist when it is stale; exits the process when the build fails. */
export function ensureWebBuild() {
  const index = join(web, "dist/index.html");
  const sources = Math.max(
    newest(join(web, "src")),
    newest(join(web, "public")),
    statSync(join(web, "index.html")).mtimeMs,
    statSync(join(web, "vite.config.ts")).mtimeMs,
  );
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  console.log("Building the web app...");
  // Always a production build: a shell's NODE_ENV=development would ship React's development runtime.
  const r = spawnSync("npm", ["run", "build", "-w", "apps/web"], { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
