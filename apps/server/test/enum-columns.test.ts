import { getTableName } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { registeredResources } from "../src/platform/resources/serve-resource.js";
import { testApp } from "./harness.js";

/**
 * A choice the contract offers (a field built with `field.choice(SomeEnum)`) and the column that
 * stores it allow the same values: a value the screen offers and the table refuses is a 500, one
 * the table takes and the contract does not know is a reply the app cannot show. The columns
 * keep their own lists (a table file need not import the contract's value types), so this holds
 * them equal, for every resource served, with no edit when one is added.
 */
await testApp();

const WRAPPERS = [z.ZodOptional, z.ZodNullable, z.ZodDefault, z.ZodReadonly, z.ZodCatch];
function unwrap(schema: unknown): unknown {
  let s = schema;
  for (let i = 0; i < 10; i++) {
    const wrapper = WRAPPERS.find((w) => s instanceof w);
    if (wrapper) s = (s as z.ZodOptional).unwrap();
    else if (s instanceof z.ZodPipe) s = s.in;
    else return s;
  }
  return s;
}

/** Each resource's fields that are a choice and are stored in a column with an enumeration. */
const pairs = registeredResources().flatMap((r) => {
  const shape = r.definition.row.shape as Record<string, unknown>;
  const columns = r.table as unknown as Record<string, PgColumn | undefined>;
  return Object.entries(shape).flatMap(([key, schema]) => {
    const choice = unwrap(schema);
    const column = columns[key];
    if (!(choice instanceof z.ZodEnum) || !column?.enumValues?.length) return [];
    return [{ name: `${r.definition.path}.${key} (${getTableName(r.table)}.${column.name})`, offered: choice.options as string[], stored: column.enumValues }];
  });
});

describe("a choice the contract offers is one its column stores", () => {
  it("finds the choices to check", () => {
    expect(pairs.length).toBeGreaterThan(25);
  });

  it.each(pairs.map((p) => [p.name, p] as const))("%s", (_name, p) => {
    expect([...p.stored].sort()).toEqual([...p.offered].sort());
  });
});
