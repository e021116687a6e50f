import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { importLayout, LayoutFile, layoutProblems } from "../modules/hifz/layout-import.js";
import { type Command, Refused, UsageError, userPath } from "./command.js";
import { withDatabase } from "./database.js";

/** A woff2 file begins with these four bytes. */
const WOFF2 = Buffer.from("wOF2");

export const layoutCommands: Command[] = [
  {
    words: ["layout", "import"],
    usage: "FILE --font FONT.woff2 [--replace] [--partial]",
    positionals: ["FILE"],
    summary:
      "Import a line-by-line mushaf (15-line Madani, IndoPak 13, 15 or 16 lines) from a JSON file of its pages, lines and words, with its font and licence (docs/quran-layouts.md); every problem is reported and nothing is written while there is one",
    options: { font: { type: "string" }, replace: { type: "boolean" }, partial: { type: "boolean" } },
    examples: ["npm run cli -- layout import indopak-15.json --font indopak-nastaleeq.woff2"],
    async run({ values, positionals }, { config, print }) {
      const file = userPath(positionals[0]!);
      if (typeof values.font !== "string") throw new UsageError("Give the layout's font with --font FONT.woff2.");
      const fontPath = userPath(values.font);
      for (const f of [file, fontPath]) if (!existsSync(f)) throw new Refused(`There is no file ${f}.`);
      const font = await readFile(fontPath);
      if (!font.subarray(0, 4).equals(WOFF2)) throw new Refused(`${fontPath} is not a woff2 font.`);
      let raw: unknown;
      try {
        raw = JSON.parse(await readFile(file, "utf8"));
      } catch (e) {
        throw new Refused(`${file} is not JSON: ${(e as Error).message}`);
      }
      const parsed = LayoutFile.safeParse(raw);
      if (!parsed.success)
        throw new Refused(
          `${file} is not a layout file:\n${parsed.error.issues
            .slice(0, 20)
            .map((i) => `  ${i.path.join(".")}: ${i.message}`)
            .join("\n")}`,
        );
      const problems = layoutProblems(parsed.data, { partial: values.partial === true });
      if (problems.length) throw new Refused(`Nothing was imported:\n${problems.map((p) => `  ${p}`).join("\n")}`);
      const done = await withDatabase(config, (db) => importLayout(db, parsed.data, font, { replace: values.replace === true }));
      if ("refused" in done) throw new Refused(done.refused);
      print(`Imported ${parsed.data.name} (${parsed.data.title}): ${done.pages} pages, ${done.lines} lines, ${done.words} words.`);
    },
  },
];
