import { readFileSync } from "node:fs";
import { LANGUAGES } from "@taleem/contract";
import { describe, expect, it } from "vitest";
import { STANDARD_LEAVE_TYPES } from "../src/modules/attendance/leave.service.js";
import { STANDARD_PRAYERS, STANDARD_SALAAH_OPTIONS } from "../src/modules/attendance/salaah.service.js";
import { STANDARD_RECITATION_METRICS, STANDARD_RECITATION_TYPES } from "../src/modules/hifz/recitation.service.js";
import { STANDARD_TASK_TYPES } from "../src/modules/tasks/tasks.service.js";
import type { AnyStandardRows } from "../src/platform/resources/standard-rows.js";

/** The web app's names of the standard rows, by group (apps/web/src/ui/reference-name.ts reads them). */
const names = (language: string) =>
  JSON.parse(readFileSync(new URL(`../../web/public/locales/${language}/standard.json`, import.meta.url), "utf8")) as Record<string, Record<string, string>>;

const GROUPS: Record<string, AnyStandardRows> = {
  taskTypes: STANDARD_TASK_TYPES,
  prayers: STANDARD_PRAYERS,
  salaahOptions: STANDARD_SALAAH_OPTIONS,
  recitationTypes: STANDARD_RECITATION_TYPES,
  recitationMetrics: STANDARD_RECITATION_METRICS,
  leaveTypes: STANDARD_LEAVE_TYPES,
};

describe("the standard rows the app names in the reader's language", () => {
  it("are named in English exactly as a school is given them: a school's own name is one that differs", () => {
    const en = names("en");
    for (const [group, set] of Object.entries(GROUPS)) {
      expect(en[group], group).toEqual(Object.fromEntries(set.rows.map((r) => [r.builtinKey, r.name])));
    }
  });

  it("are named in every language the app speaks", () => {
    const keys = (texts: Record<string, Record<string, string>>) =>
      Object.fromEntries(Object.entries(texts).map(([g, byKey]) => [g, Object.keys(byKey).sort()]));
    const en = keys(names("en"));
    for (const language of LANGUAGES) {
      const texts = names(language);
      expect(keys(texts), language).toEqual(en);
      expect(
        Object.values(texts).flatMap((byKey) => Object.values(byKey).filter((v) => !v.trim())),
        language,
      ).toEqual([]);
    }
  });
});
