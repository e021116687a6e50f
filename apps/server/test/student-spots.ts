import { z } from "zod";

/**
 * Where a reply's schema holds students, for the family-scope suite: it reads every such place of a
 * reply to check that a family's role is shown its own children and no other.
 *
 * Where a reply carries students: a path of keys ("*" for each item of a list) to a student row
 * (`id` of a row with an `admissionNo`), a student's record (`studentId`) or a list of student ids
 * (`studentIds`).
 */
export interface StudentSpot {
  path: string[];
  key: "id" | "studentId" | "studentIds";
}

const WRAPPERS = [z.ZodOptional, z.ZodNullable, z.ZodDefault, z.ZodReadonly, z.ZodCatch];

function unwrap(schema: unknown): unknown {
  let s = schema;
  for (let i = 0; i < 10; i++) {
    const wrapper = WRAPPERS.find((w) => s instanceof w);
    if (wrapper) s = (s as z.ZodOptional).unwrap();
    else if (s instanceof z.ZodPipe) s = s.out instanceof z.ZodTransform ? s.in : s.out;
    else return s;
  }
  return s;
}

/** Every place a reply schema holds students, found once when a call is served. */
export function studentSpots(schema: unknown): StudentSpot[] {
  const out: StudentSpot[] = [];
  const walk = (node: unknown, path: string[]) => {
    if (path.length > 8) return;
    const s = unwrap(node);
    if (s instanceof z.ZodArray) return walk(s.element, [...path, "*"]);
    if (!(s instanceof z.ZodObject)) return;
    const shape = s.shape as Record<string, unknown>;
    // A record that names its student (an alumni row also shows the admission number) before a student's own row.
    if ("studentId" in shape) out.push({ path, key: "studentId" });
    else if ("admissionNo" in shape && "id" in shape) out.push({ path, key: "id" });
    if ("studentIds" in shape && unwrap(shape.studentIds) instanceof z.ZodArray) out.push({ path, key: "studentIds" });
    for (const [k, v] of Object.entries(shape)) if (k !== "studentIds") walk(v, [...path, k]);
  };
  walk(schema, []);
  return out;
}

/** The student ids a reply shows at the declared spots. */
export function studentIdsIn(reply: unknown, spots: StudentSpot[]): number[] {
  const out: number[] = [];
  const visit = (node: unknown, path: string[], key: StudentSpot["key"]) => {
    if (node === null || typeof node !== "object") return;
    if (!path.length) {
      const v = (node as Record<string, unknown>)[key];
      for (const id of Array.isArray(v) ? v : [v]) if (typeof id === "number") out.push(id);
      return;
    }
    const [head, ...rest] = path as [string, ...string[]];
    if (head === "*") for (const item of node as unknown[]) visit(item, rest, key);
    else visit((node as Record<string, unknown>)[head], rest, key);
  };
  for (const s of spots) visit(reply, s.path, s.key);
  return out;
}
