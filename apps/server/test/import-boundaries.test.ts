import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain script of the repository, with no type declarations.
import { serverCrossings } from "../../../scripts/import-boundaries.mjs";

/**
 * The crossings still to untangle (pairs of modules that import each other). Remove a line when
 * its crossing is gone; never add one: a new module reads another's rows through that module's
 * services. No table file nor module imports db/client.ts (the `Db` type is in db/db-types.ts),
 * and nothing client.ts imports imports it back.
 */
const LEFT_TO_UNTANGLE = ["modules academics and students import each other", "modules records and settings import each other"];

describe("the server's modules keep to their own tables", () => {
  it("import no other module's tables and no module imports one that imports it, beyond those left to untangle", () => {
    expect(serverCrossings(fileURLToPath(new URL("../src", import.meta.url)))).toEqual(LEFT_TO_UNTANGLE);
  });
});

/** The crossings of a made-up source tree (path -> text). */
function crossingsOf(files: Record<string, string>): string[] {
  const src = mkdtempSync(join(tmpdir(), "boundaries-"));
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(src, path)), { recursive: true });
      writeFileSync(join(src, path), text);
    }
    return serverCrossings(src);
  } finally {
    rmSync(src, { recursive: true, force: true });
  }
}

describe("the platform", () => {
  it("counts a platform file that imports a module as a crossing", () => {
    expect(
      crossingsOf({
        "platform/tenancy/provision.ts": 'import { MODULE_MANIFESTS } from "../../modules/index.js";\n',
        "modules/index.ts": "export const MODULE_MANIFESTS = [];\n",
      }),
    ).toEqual(["platform/tenancy/provision.ts (platform) imports the module modules/index.js"]);
  });
});

describe("the database's opener", () => {
  it("counts a table that imports it, and the loop that makes, as crossings", () => {
    expect(
      crossingsOf({
        "db/client.ts": 'import "./schema.js";\nexport type Db = unknown;\n',
        "db/schema.ts": 'export * from "../modules/notes/notes.table.js";\n',
        "modules/notes/notes.table.ts": 'import type { Db } from "../../db/client.js";\nexport const notes = (db: Db) => db;\n',
      }),
    ).toEqual([
      "modules/notes/notes.table.ts imports db/client.js, which imports it back",
      "modules/notes/notes.table.ts imports the database's opener db/client.js",
    ]);
  });
});
