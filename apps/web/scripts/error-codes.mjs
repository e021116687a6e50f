#!/usr/bin/env node
// Lists the error codes the server can send (badRequest/conflict/authFailure/AppError/`code:` in
// apps/server/src) that public/locales/en/errors.json does not translate yet. Exit 1 when any.
//   node apps/web/scripts/error-codes.mjs
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const web = new URL("..", import.meta.url).pathname;
const serverSrc = join(web, "../server/src");

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [p] : [];
  });
}

const patterns = [
  /\b(?:badRequest|conflict|authFailure)\(\s*"([a-z][a-z0-9_.-]*)"/g,
  /\bnew AppError\(\s*[^,]+,\s*"([a-z][a-z0-9_.-]*)"/g,
  /\bcode: "([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*)"/g,
];
const codes = new Set(["session_expired", "forbidden", "not_found", "internal", "validation", "network", "bad_request", "media_type", "too_large"]);
for (const f of files(serverSrc)) {
  const text = readFileSync(f, "utf8");
  for (const re of patterns) for (const m of text.matchAll(re)) codes.add(m[1]);
  // assertNameFree(..., "Course") makes course.name_taken.
  for (const m of text.matchAll(/assertNameFree\([^)]*?"([A-Z][A-Za-z ]+)"/g)) codes.add(`${m[1].toLowerCase().replace(/ /g, "_")}.name_taken`);
}

const flat = (o, pre = "", out = new Set()) => {
  for (const [k, v] of Object.entries(o)) typeof v === "object" && v ? flat(v, `${pre}${k}.`, out) : out.add(pre + k);
  return out;
};
const known = flat(JSON.parse(readFileSync(join(web, "public/locales/en/errors.json"), "utf8")));
const missing = [...codes].filter((c) => !known.has(c)).sort();
const unused = [...known].filter((c) => !codes.has(c)).sort();
console.log(`server error codes: ${codes.size}; translated: ${codes.size - missing.length}; missing: ${missing.length}`);
if (missing.length) console.log(`missing:\n  ${missing.join("\n  ")}`);
if (unused.length) console.log(`in errors.json but not seen in the server (client-side or older): ${unused.join(", ")}`);
process.exit(missing.length ? 1 : 0);
