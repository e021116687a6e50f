// @vitest-environment node
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain script of the repository, with no type declarations.
import { findLocaleProblems } from "../../../../scripts/locale-keys.mjs";

const web = fileURLToPath(new URL("../..", import.meta.url));

describe("the texts the screens ask for", () => {
  it("exist in some language and get every {{placeholder}} they hold", () => {
    expect(findLocaleProblems(web)).toEqual([]);
  });
});
