#!/usr/bin/env node
// Texts a reader would see as a raw key ("modules.records"), as "{{entity}}", or in English:
// - a text the web app asks for that no language has, or a {{placeholder}} a call leaves unfilled;
// - a text one language has and another lacks (a whole file, a key, a plural), or whose
//   placeholders differ between languages: the same check serves the server's own tables of
//   texts (`findParityProblems`).
//
//   node scripts/locale-keys.mjs [apps/web]      prints one line per problem, exits 1 if any
//
// It reads t("ns:key", {...}) and t("key", {...}) calls with a literal key; a key without a
// namespace belongs to the nearest useTranslation("ns") or useTranslation(["ns", ...]) above
// it. Keys built at run time (t(`x.${y}`)) and calls with a defaultValue are not checked here;
// the keys a resource's screens build from its fields are given by the caller (`neededKeys`).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const LANGUAGES = ["en", "ta", "ur", "ar", "ml"];
/** i18next's own options, never placeholders a text must be given. */
const BUILT_IN = new Set(["count", "context", "defaultValue", "ns", "lng", "returnObjects", "interpolation"]);
const PLURALS = ["zero", "one", "two", "few", "many", "other"];

function flatten(obj, prefix, out) {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === "object" && !Array.isArray(v)) flatten(v, key, out);
    else out.set(key, String(v));
  }
  return out;
}

/** Every language's texts: language -> namespace -> key -> text. */
function loadTexts(webDir) {
  const texts = new Map();
  for (const lng of LANGUAGES) {
    const dir = join(webDir, "public/locales", lng);
    const byNs = new Map();
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
      byNs.set(file.slice(0, -5), flatten(JSON.parse(readFileSync(join(dir, file), "utf8")), "", new Map()));
    }
    texts.set(lng, byNs);
  }
  return texts;
}

/** The texts of one key in each language that has it (a plural key counts by its forms). */
function textsOf(texts, ns, key) {
  const found = [];
  for (const lng of LANGUAGES) {
    const keys = texts.get(lng).get(ns);
    if (!keys) continue;
    if (keys.has(key)) found.push(keys.get(key));
    for (const p of PLURALS) if (keys.has(`${key}_${p}`)) found.push(keys.get(`${key}_${p}`));
  }
  return found;
}

function sourceFiles(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

/** The text from `open` (a "{") to its matching "}", or null. */
function braced(src, open) {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    const c = src[i];
    if (c === '"' || c === "'" || c === "`") {
      const end = src.indexOf(c, i + 1);
      if (end < 0) return null;
      i = end;
    } else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return src.slice(open, i + 1);
  }
  return null;
}

/** The names an object literal gives at its top level, or null when a spread may give any. */
function givenNames(literal) {
  const inner = literal.slice(1, -1);
  let depth = 0;
  let part = "";
  const parts = [];
  for (const c of inner) {
    if ("{([".includes(c)) depth++;
    if ("})]".includes(c)) depth--;
    if (c === "," && depth === 0) {
      parts.push(part);
      part = "";
    } else part += c;
  }
  parts.push(part);
  const names = new Set();
  for (const p of parts.map((s) => s.trim()).filter(Boolean)) {
    if (p.startsWith("...")) return null;
    const m = /^["']?([A-Za-z_$][\w$]*)["']?\s*(:|$)/.exec(p);
    if (m) names.add(m[1]);
  }
  return names;
}

const placeholders = (text) => [...text.matchAll(/\{\{\s*-?\s*([A-Za-z_$][\w$]*)[^}]*\}\}/g)].map((m) => m[1]);
/** `{{name}}` (the web app's) and `{name}` (the server's); `{{Entity}}` is `{{entity}}` capitalised, which scripts without capitals leave out. */
const anyPlaceholders = (text) => [...String(text).matchAll(/\{\{?\s*-?\s*([A-Za-z_$][\w$]*)[^{}]*\}\}?/g)].map((m) => m[1].toLowerCase());
const pluralStem = (key) => key.replace(new RegExp(`_(${PLURALS.join("|")})$`), "");

const RIGHT_TO_LEFT = new Set(["ur", "ar"]);
/**
 * A number with a Latin unit ("5 MB") in a right-to-left text, not held left to right by an
 * isolate (U+2066 ... U+2069) or a mark (U+200E): the bidi algorithm draws it "MB 5".
 */
const unitOutsideIsolate = (text) => String(text).match(/(?:^|[^\u2066\u200E\d.])(\d+(?:[.,]\d+)?\s?[A-Za-z]{2,})/)?.[1];

/**
 * Texts one language has and another lacks, empty texts, texts whose placeholders differ from
 * the first language's, and right-to-left texts with a number and Latin unit drawn back to front:
 * `texts` is language -> key -> text. A plural counts once, by its stem, with the placeholders of
 * all its forms (languages have different plural forms).
 */
export function findParityProblems(texts, label = "") {
  const byStem = new Map();
  for (const [lng, keys] of texts) {
    const stems = new Map();
    for (const [key, text] of keys) {
      const stem = pluralStem(key);
      const found = stems.get(stem) ?? { names: new Set(), empty: false, unit: undefined };
      for (const p of anyPlaceholders(text)) if (!BUILT_IN.has(p)) found.names.add(p);
      if (!String(text).trim()) found.empty = true;
      if (RIGHT_TO_LEFT.has(lng)) found.unit ??= unitOutsideIsolate(text);
      stems.set(stem, found);
    }
    byStem.set(lng, stems);
  }
  const [first, ...others] = [...texts.keys()];
  const everyStem = new Set([...byStem.values()].flatMap((stems) => [...stems.keys()]));
  const problems = [];
  for (const stem of [...everyStem].sort()) {
    const lacking = [...texts.keys()].filter((lng) => !byStem.get(lng).has(stem));
    if (lacking.length) problems.push(`${label}${stem}: missing in ${lacking.join(", ")}`);
    for (const lng of [...texts.keys()]) if (byStem.get(lng).get(stem)?.empty) problems.push(`${label}${stem}: empty in ${lng}`);
    for (const lng of [...texts.keys()]) {
      const unit = byStem.get(lng).get(stem)?.unit;
      if (unit) problems.push(`${label}${stem}: ${lng} draws "${unit}" back to front (hold it in U+2066 ... U+2069)`);
    }
    const model = byStem.get(first).get(stem);
    if (!model) continue;
    const names = [...model.names].sort().join(", ");
    for (const lng of others) {
      const theirs = byStem.get(lng).get(stem);
      if (theirs && [...theirs.names].sort().join(", ") !== names) {
        problems.push(`${label}${stem}: ${lng} has {${[...theirs.names].sort().join(", ")}} where ${first} has {${names}}`);
      }
    }
  }
  return problems;
}

/** The web app's texts, language by language, as one key space ("ns:key"). */
function webTexts(texts) {
  const out = new Map();
  for (const [lng, byNs] of texts) {
    const keys = new Map();
    for (const [ns, inNs] of byNs) for (const [key, text] of inNs) keys.set(`${ns}:${key}`, text);
    out.set(lng, keys);
  }
  return out;
}

/**
 * Every problem of the web app's texts. `neededKeys` are texts the screens build at run time
 * ("ns:fields.fromDateFrom" from a resource's filters, say): each is one key or its fallbacks
 * (`keys`, any of which will do), with where it comes from.
 */
export function findLocaleProblems(webDir, neededKeys = []) {
  const texts = loadTexts(webDir);
  const problems = findParityProblems(webTexts(texts));
  const exists = (full) => {
    const colon = full.indexOf(":");
    return textsOf(texts, full.slice(0, colon), full.slice(colon + 1)).length > 0;
  };
  for (const { keys, from } of neededKeys) if (!keys.some(exists)) problems.push(`${from}: "${keys[0]}" is in no language`);
  const CALL = /\bt\(\s*(["'])([^"'`$\n]+?)\1\s*([,)])/g;
  const USE = /useTranslation\(\s*(?:\[\s*)?["']([\w-]+)["']/g;
  for (const file of sourceFiles(join(webDir, "src"))) {
    const src = readFileSync(file, "utf8");
    const uses = [...src.matchAll(USE)].map((m) => ({ at: m.index, ns: m[1] }));
    const where = (i) => `${relative(resolve(webDir, "../.."), file)}:${src.slice(0, i).split("\n").length}`;
    for (const m of src.matchAll(CALL)) {
      const raw = m[2];
      const colon = raw.indexOf(":");
      const ns = colon > 0 ? raw.slice(0, colon) : uses.filter((u) => u.at < m.index).at(-1)?.ns;
      if (!ns || !texts.get("en").has(ns)) continue;
      const key = colon > 0 ? raw.slice(colon + 1) : raw;
      let given = new Set();
      if (m[3] === ",") {
        const rest = src.slice(m.index + m[0].length).match(/^\s*/)[0].length + m.index + m[0].length;
        given = src[rest] === "{" ? givenNames(braced(src, rest) ?? "{...x}") : null;
      }
      if (given?.has("defaultValue")) continue;
      const found = textsOf(texts, ns, key);
      if (!found.length) {
        problems.push(`${where(m.index)}: "${ns}:${key}" is in no language`);
        continue;
      }
      if (given === null) continue;
      const wanted = new Set(found.flatMap(placeholders).filter((p) => !BUILT_IN.has(p)));
      for (const p of wanted) if (!given.has(p)) problems.push(`${where(m.index)}: "${ns}:${key}" has {{${p}}}, which the call does not give`);
    }
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const webDir = resolve(process.argv[2] ?? "apps/web");
  const problems = findLocaleProblems(webDir);
  for (const p of problems) console.log(p);
  console.log(problems.length ? `${problems.length} problem(s)` : "Every text the code asks for exists and gets its placeholders.");
  process.exit(problems.length ? 1 : 0);
}
