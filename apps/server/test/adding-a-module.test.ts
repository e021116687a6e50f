import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CRUD_ACTIONS, MODULES } from "@taleem/contract";
import { describe, expect, it } from "vitest";
import { MODULE_MANIFESTS } from "../src/modules/index.js";
import type { ModuleManifest } from "../src/platform/modules/define-module.js";

/**
 * docs/adding-a-module.md's steps, held to the code where a test can: a step the code stops
 * needing, or one it needs and the page does not say, fails here.
 */
const root = fileURLToPath(new URL("../../../", import.meta.url));
const modulesDir = `${root}apps/server/src/modules`;
const LANGUAGES = ["en", "ta", "ur", "ar", "ml"];

/** Keys of MODULES no module folder serves yet, and why; the page names each. */
const KEYS_WITHOUT_A_MODULE: Record<string, string> = {
  reports: "a right the roles editor offers for the reports still to come",
};

const folders = readdirSync(modulesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const doc = readFileSync(`${root}docs/adding-a-module.md`, "utf8");
const steps = doc.slice(doc.indexOf("## The steps"), doc.indexOf("## 1."));

describe("adding a module, as docs/adding-a-module.md says", () => {
  it("has a manifest in every module folder, each in MODULE_MANIFESTS once and keyed by its folder", async () => {
    const found: ModuleManifest[] = [];
    for (const folder of folders) {
      const file = `${modulesDir}/${folder}/${folder}.module.ts`;
      expect(existsSync(file), `${folder}/${folder}.module.ts`).toBe(true);
      const exported = Object.values(await import(file)) as ModuleManifest[];
      expect(exported, `${folder}/${folder}.module.ts exports one manifest`).toHaveLength(1);
      expect(exported[0]!.key).toBe(folder);
      found.push(exported[0]!);
    }
    expect([...MODULE_MANIFESTS].sort((a, b) => a.key.localeCompare(b.key))).toEqual(found);
    expect(new Set(MODULE_MANIFESTS).size).toBe(MODULE_MANIFESTS.length);
  });

  it("has a manifest for every key of MODULES, but those listed as served by no module yet", () => {
    const keys = new Set(MODULE_MANIFESTS.map((m) => m.key));
    const unserved = Object.keys(MODULES).filter((k) => !keys.has(k));
    expect(unserved.sort()).toEqual(Object.keys(KEYS_WITHOUT_A_MODULE).sort());
    for (const key of unserved) expect(steps, `the page names ${key}`).toContain(`\`${key}\``);
  });

  it("names every module and every action of its own in the roles editor, in all five languages", () => {
    const actions = new Set(Object.values(MODULES).flat());
    for (const lang of LANGUAGES) {
      const texts = JSON.parse(readFileSync(`${root}apps/web/public/locales/${lang}/roles.json`, "utf8"));
      expect(Object.keys(texts.modules).sort(), lang).toEqual(Object.keys(MODULES).sort());
      for (const action of [...CRUD_ACTIONS, ...actions]) expect(texts.actions[action], `${lang}: actions.${action}`).toBeTruthy();
    }
  });

  it("names in its steps only files and folders that are there (lessons standing for <module>)", () => {
    const paths = [...steps.matchAll(/`((?:apps|packages)\/[^`\s]+)`/g)].map((m) => m[1]!);
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) {
      const langs = path.includes("<lang>") ? LANGUAGES : ["en"];
      for (const lang of langs) {
        const real = path.replaceAll("<lang>", lang).replace(/<(module|area|thing)>/g, "lessons");
        expect(existsSync(`${root}${real}`), `${path} (${real})`).toBe(true);
      }
    }
  });
});
