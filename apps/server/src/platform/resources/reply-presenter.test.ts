import { listReply } from "@taleem/contract";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { testApp } from "../../../test/harness.js";
import { presenterOf } from "./reply-presenter.js";
import { registeredResources } from "./serve-resource.js";

/**
 * The compiled presenter stands in for zod's parse of every reply a resource serves: for any row
 * the server could build (dates as Date objects, nulls, joined arrays, keys the reply must not
 * carry), its JSON is byte for byte what zod's parse gave.
 */
await testApp();

type Def = { type: string; [k: string]: unknown };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** A value a server-built row could hold where `schema` is, in one of two variants (`alt`: nulls, other choices). */
function sampleOf(schema: z.ZodType, alt: boolean, depth = 0): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case "string":
      return alt ? "Zainab ٹیسٹ" : "2026-03-01 10:30";
    case "number":
      return alt ? 0 : 42;
    case "boolean":
      return alt;
    case "enum": {
      const values = Object.values(def.entries as Record<string, string>);
      return alt ? values.at(-1) : values[0];
    }
    case "literal":
      return (def.values as unknown[])[0];
    case "nullable":
      return alt ? null : sampleOf(def.innerType as z.ZodType, alt, depth);
    case "union": {
      const options = def.options as z.ZodType[];
      return sampleOf((alt ? options.at(-1) : options[0]) as z.ZodType, alt, depth);
    }
    case "optional":
    case "default":
      return alt ? undefined : sampleOf(def.innerType as z.ZodType, alt, depth);
    case "array":
      return depth > 2 ? [] : [sampleOf(def.element as z.ZodType, alt, depth + 1), sampleOf(def.element as z.ZodType, !alt, depth + 1)];
    case "record": {
      const value = defOf(def.valueType as z.ZodType).type === "unknown" ? null : sampleOf(def.valueType as z.ZodType, alt, depth + 1);
      return value === null ? { b: 1, a: [true, "x"], c: { nested: null } } : { b: value, a: sampleOf(def.valueType as z.ZodType, !alt, depth + 1) };
    }
    case "object": {
      const shape = def.shape as Record<string, z.ZodType>;
      // A row straight from the table carries more than its reply: those keys must not leave
      // (unless the object is strict, where zod would refuse them).
      const strict = def.catchall && defOf(def.catchall as z.ZodType).type === "never";
      const row: Record<string, unknown> = strict ? {} : { tenantId: 7, passwordHash: "secret" };
      for (const [k, s] of Object.entries(shape).reverse()) row[k] = sampleOf(s, alt, depth + 1);
      return row;
    }
    case "pipe": {
      // Instant and time of day: what the database hands over (a Date, a time with seconds).
      const candidates = alt ? ["07:45:00", new Date(Date.UTC(2026, 2, 1, 4, 5, 6, 789))] : [new Date(Date.UTC(2026, 2, 1, 4, 5, 6, 789)), "07:45:00"];
      return candidates.find((c) => schema.safeParse(c).success) ?? candidates[0];
    }
    default:
      return undefined;
  }
}

/** What zod made of the value, or the error it threw. */
const viaZod = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? JSON.stringify(r.data) : "invalid";
};
const viaPresenter = (schema: z.ZodType, value: unknown) => {
  try {
    return JSON.stringify(presenterOf(schema)(value));
  } catch {
    return "invalid";
  }
};

const compared = new Set<string>();

describe("compiled reply presenter", () => {
  it.each(registeredResources().map((r) => [r.definition.path, r.definition] as const))("%s: a list reply is what zod's parse gave", (_path, def) => {
    const schema = listReply(def.row).passthrough();
    for (const alt of [false, true]) {
      const rows = [sampleOf(def.row, alt), sampleOf(def.row, !alt)];
      const reply = { message: "Fetched", rows, count: 2, activeRoles: 3 };
      const zodJson = viaZod(schema, reply);
      // A row this generator cannot make valid (a refined or strict nested shape) proves nothing either way.
      if (zodJson === "invalid") continue;
      compared.add(def.path);
      expect(viaPresenter(schema, reply)).toBe(zodJson);
      expect(viaPresenter(z.object({ message: z.string(), data: def.row }), { data: rows[0], message: "ok" })).toBe(
        viaZod(z.object({ message: z.string(), data: def.row }), { data: rows[0], message: "ok" }),
      );
    }
  });

  it("was compared on nearly every resource", () => {
    expect(compared.size).toBeGreaterThanOrEqual(registeredResources().length - 2);
  });

  it("shapes dates, times, defaults and unknown keys as zod does, and leaves what it does not know to zod", () => {
    const schema = z.object({
      at: z.preprocess((v) => (v instanceof Date ? v.toISOString() : v), z.string()),
      tags: z.array(z.string()).default([]),
      either: z.union([z.string(), z.number()]),
      inner: z.object({ keep: z.string() }).strict().nullable(),
    });
    const value = { extra: 1, inner: { keep: "k" }, either: 3, at: new Date(0) };
    expect(viaPresenter(schema, value)).toBe(viaZod(schema, value));
    expect(JSON.parse(viaPresenter(schema, value))).toEqual({ at: "1970-01-01T00:00:00.000Z", tags: [], either: 3, inner: { keep: "k" } });
    expect(viaPresenter(schema, { ...value, inner: { keep: "k", more: 1 } })).toBe("invalid");
  });
});
