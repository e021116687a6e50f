#!/usr/bin/env node
// The import rules that keep modules apart, read from the sources:
// - server: a module reads another module's tables through that module's services, never by
//   importing its `*.table.ts` (table files may reference each other's columns), and no two
//   modules import each other; no table file nor module imports db/client.ts, which opens the
//   database and so imports every table (a table or a service takes the `Db` type from
//   db/db-types.ts: importing the opener made one import loop of nearly the whole server), and
//   nothing the opener imports, however indirectly, imports it back; the platform (what knows
//   no school) imports no module: modules build on it;
// - web: a feature never imports another feature, nor an area (features sit below the areas
//   that show them; what several share lives in lib/ and ui/).
// Tests, fixtures and benches are exempt: they may reach into anything.
//
//   node scripts/import-boundaries.mjs       prints one line per crossing, exits 1 if any
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

// \`import x from "./y"\`, \`export { x } from "./y"\` and a bare \`import "./y"\` (client.ts's of schema.ts).
const IMPORT = /(?:(?:import|export)\b[^'"]*?\bfrom\s+|\bimport\s+)["'](\.{1,2}\/[^"']+)["']/g;
const SUPPORT = /\.(test|fixture|bench|e2e)\.tsx?$|fixture\.tsx?$/;

function sources(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (/\.tsx?$/.test(name) && !SUPPORT.test(name)) out.push(path);
  }
  return out;
}

/** Each source file under `root` with the files (relative to `root`) it imports. */
function importsUnder(root) {
  return sources(root).map((file) => ({
    file: relative(root, file),
    targets: [...readFileSync(file, "utf8").matchAll(IMPORT)].map((m) => relative(root, normalize(join(dirname(file), m[1])))),
  }));
}

/** The files that `start` (a path without its extension) imports, however indirectly, and that import it. */
function loopsThrough(graph, start) {
  const bare = (path) => path.replace(/\.(js|tsx?)$/, "");
  const targetsOf = new Map(graph.map(({ file, targets }) => [bare(file), targets.map(bare)]));
  const reached = new Set();
  const next = [start];
  while (next.length) {
    for (const target of targetsOf.get(next.pop()) ?? []) {
      if (reached.has(target)) continue;
      reached.add(target);
      next.push(target);
    }
  }
  return graph.filter(({ file }) => reached.has(bare(file)) && targetsOf.get(bare(file)).includes(start)).map(({ file }) => file);
}

/** Crossings of the server's modules (`src` is apps/server/src). */
export function serverCrossings(src) {
  const crossings = [];
  const uses = new Map();
  const graph = importsUnder(src);
  for (const file of loopsThrough(graph, "db/client")) crossings.push(`${file} imports db/client.js, which imports it back`);
  for (const { file, targets } of graph) {
    const [top, mine] = file.split("/");
    if (top === "modules" || /\.tables?\.ts$/.test(file)) {
      for (const target of targets) if (/^db\/client(\.js)?$/.test(target)) crossings.push(`${file} imports the database's opener ${target}`);
    }
    // The platform knows no school's module: a module builds on it, never the reverse (tests aside).
    if (top === "platform" && !file.endsWith(".test.ts")) {
      for (const target of targets) if (target.startsWith("modules/")) crossings.push(`${file} (platform) imports the module ${target}`);
    }
    if (top !== "modules") continue;
    for (const target of targets) {
      const [targetTop, theirs] = target.split("/");
      if (targetTop !== "modules" || theirs === mine) continue;
      if (!uses.has(mine)) uses.set(mine, new Set());
      uses.get(mine).add(theirs);
      if (/\.table(\.js)?$/.test(target) && !file.endsWith(".table.ts")) crossings.push(`${file} imports the table ${target}`);
    }
  }
  for (const [a, theirs] of uses) {
    for (const b of theirs) if (a < b && uses.get(b)?.has(a)) crossings.push(`modules ${a} and ${b} import each other`);
  }
  return crossings.sort();
}

/** Crossings of the web app's features (`src` is apps/web/src). */
export function webCrossings(src) {
  const crossings = [];
  for (const { file, targets } of importsUnder(src)) {
    const [top, mine] = file.split("/");
    if (top !== "features") continue;
    for (const target of targets) {
      const [targetTop, theirs] = target.split("/");
      if (targetTop === "features" && theirs !== mine) crossings.push(`${file} imports ${target}`);
      if (targetTop === "areas") crossings.push(`${file} imports the area's ${target}`);
    }
  }
  return crossings.sort();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const found = [...serverCrossings(join(root, "apps/server/src")), ...webCrossings(join(root, "apps/web/src"))];
  for (const line of found) console.log(line);
  console.log(found.length ? `${found.length} crossing(s)` : "No module crosses another's boundary.");
  process.exit(found.length ? 1 : 0);
}
