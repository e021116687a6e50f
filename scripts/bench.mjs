#!/usr/bin/env node
// `npm run bench`: figures, not tests. Runs every apps/server/bench/*.bench.ts in turn, then, when the
// web app is built, prints the gzipped size of the JavaScript its first page loads, then Lighthouse's
// performance and accessibility scores for the sign-in page, the public admission form and the parent home.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { runLighthouseBench } from "./lighthouse-bench.mjs";
import { ensureWebBuild } from "./web-build.mjs";

const root = new URL("..", import.meta.url).pathname;
const server = join(root, "apps/server");
const benches = readdirSync(join(server, "bench"))
  .filter((f) => f.endsWith(".bench.ts"))
  .sort();

let failed = false;
for (const file of benches) {
  console.log(`\n=== ${file}`);
  const r = spawnSync(process.execPath, ["--import", "tsx", join("bench", file)], { cwd: server, stdio: "inherit" });
  if (r.status !== 0) {
    console.error(`${file} failed (exit ${r.status ?? r.signal})`);
    failed = true;
  }
}

// Both web figures measure the current sources: build first when the build is older.
ensureWebBuild();
const dist = join(root, "apps/web/dist");
console.log("\n=== web app: JavaScript the sign-in page loads");
if (!existsSync(join(dist, "index.html"))) {
  console.log("apps/web/dist is not built; run npm run build to measure it.");
} else {
  const html = readFileSync(join(dist, "index.html"), "utf8");
  // The entry scripts and the chunks index.html preloads: what the browser fetches before any lazy route.
  const urls = new Set();
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = tag.match(/\bsrc="([^"]+)"/)?.[1];
    if (src) urls.add(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const href = tag.match(/\bhref="([^"]+)"/)?.[1];
    if (href && /\brel="modulepreload"/.test(tag)) urls.add(href);
  }
  let raw = 0;
  let gz = 0;
  for (const url of urls) {
    const path = join(dist, url.replace(/^\//, "").split("?")[0]);
    if (!existsSync(path)) {
      console.log(`  ${url}: not in dist (external?), not counted`);
      continue;
    }
    const bytes = readFileSync(path);
    const zipped = gzipSync(bytes).length;
    raw += bytes.length;
    gz += zipped;
    console.log(`  ${url.padEnd(48)} ${(bytes.length / 1024).toFixed(1).padStart(8)} kB  ${(zipped / 1024).toFixed(1).padStart(7)} kB gzipped`);
  }
  console.log(
    `  ${`total (${urls.size} file${urls.size === 1 ? "" : "s"})`.padEnd(48)} ${(raw / 1024).toFixed(1).padStart(8)} kB  ${(gz / 1024).toFixed(1).padStart(7)} kB gzipped`,
  );
}
console.log("\n=== web app: Lighthouse on a simulated mid-range phone");
if (!(await runLighthouseBench())) failed = true;
process.exit(failed ? 1 : 0);
