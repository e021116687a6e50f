// @vitest-environment node

import { fileURLToPath } from "node:url";
import type { ResourceDefinition } from "@taleem/contract";
import * as contract from "@taleem/contract";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain script of the repository, with no type declarations.
import { findLocaleProblems, findParityProblems } from "../../../../scripts/locale-keys.mjs";
import { resourceTextKeys } from "./resource/resource-texts";

const web = fileURLToPath(new URL("../..", import.meta.url));

const isResource = (value: unknown): value is ResourceDefinition =>
  !!value && typeof value === "object" && "i18n" in value && "fields" in value && "columns" in value && "filters" in value;
const resources = (Object.values(contract) as unknown[]).filter(isResource);

describe("the texts the screens ask for", () => {
  it("exist in every language alike, get every {{placeholder}} they hold, and cover every resource's fields and filters", () => {
    expect(resources.length).toBeGreaterThan(40);
    const needed = resources.flatMap((r) => resourceTextKeys(r).map((keys) => ({ keys, from: `the ${r.path} resource` })));
    expect(findLocaleProblems(web, needed)).toEqual([]);
  });

  it("finds a text one language lacks, an empty one, and a placeholder a language changes", () => {
    const texts = new Map([
      [
        "en",
        new Map([
          ["a", "Hello {{name}}"],
          ["b", "Bye"],
          ["c_one", "{{count}} day"],
          ["c_other", "{{count}} days"],
        ]),
      ],
      [
        "ur",
        new Map([
          ["a", "سلام {{who}}"],
          ["c_other", "{{count}} دن"],
          ["b", " "],
        ]),
      ],
      [
        "ar",
        new Map([
          ["a", "مرحبا {{name}}"],
          ["c_zero", "لا أيام"],
          ["c_few", "{{count}} أيام"],
        ]),
      ],
    ]);
    expect(findParityProblems(texts)).toEqual(["a: ur has {who} where en has {name}", "b: missing in ar", "b: empty in ur"]);
  });

  it("finds a number and Latin unit a right-to-left text would draw back to front", () => {
    const texts = new Map([
      [
        "en",
        new Map([
          ["size", "At most 5 MB"],
          ["kept", "At most 5 MB"],
        ]),
      ],
      [
        "ur",
        new Map([
          ["size", "زیادہ سے زیادہ 5 MB"],
          ["kept", "زیادہ سے زیادہ \u20665 MB\u2069"],
        ]),
      ],
      [
        "ta",
        new Map([
          ["size", "அதிகபட்சம் 5 MB"],
          ["kept", "அதிகபட்சம் 5 MB"],
        ]),
      ],
    ]);
    expect(findParityProblems(texts)).toEqual(['size: ur draws "5 MB" back to front (hold it in U+2066 ... U+2069)']);
  });
});
