// @vitest-environment node
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain script of the repository, with no type declarations.
import { webCrossings } from "../../../scripts/import-boundaries.mjs";

// What two features share lives in lib/ or ui/: a feature that needs another's part moves the
// part there, and no crossing is left to untangle.
describe("the web app's features keep to themselves", () => {
  it("import no other feature and no area", () => {
    expect(webCrossings(fileURLToPath(new URL(".", import.meta.url)))).toEqual([]);
  });
});
