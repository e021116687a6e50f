import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { RequestContext } from "../actions/request-context.js";
import { guardians } from "../auth/users.table.js";
import { notFound } from "../http/errors.js";

/**
 * Whose students a role reaches, in one place: a role with `linkedStudentsOnly` (the built-in
 * Parent, or a school's own parent-area role that says so) reaches only the students linked to its
 * holder in `guardians`. Lists that page in SQL scope their rows with `linkedStudentScope`; every
 * reply of the engine (served actions and resources) then passes through `keepLinkedStudents`,
 * which drops whatever other students the reply still carries, found from its declared schema.
 */

/** Row scoping by a student column; undefined (no restriction) for a role that reaches every student. */
export function linkedStudentScope(ctx: Pick<RequestContext, "principal" | "scope">, studentId: AnyPgColumn): SQL | undefined {
  const p = ctx.principal;
  if (!p.linkedStudentsOnly) return undefined;
  return inArray(
    studentId,
    ctx.scope.db
      .select({ id: guardians.studentId })
      .from(guardians)
      .where(and(eq(guardians.tenantId, p.tenantId), eq(guardians.userId, p.userId))),
  );
}

/**
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

/** The ids of the students linked to the caller. */
async function linkedIds(ctx: Pick<RequestContext, "principal" | "scope">): Promise<Set<number>> {
  const p = ctx.principal;
  const rows = await ctx.scope.db
    .select({ id: guardians.studentId })
    .from(guardians)
    .where(and(eq(guardians.tenantId, p.tenantId), eq(guardians.userId, p.userId)));
  return new Set(rows.map((r) => r.id));
}

type Node = Record<string, unknown>;

/**
 * A reply as a linked-only caller may see it: lists lose the rows of other students (a `count`
 * beside a list drops with them), a lone record of another student answers 404 (so a change to it
 * rolls back), id lists keep the linked ids. A record about no student (`studentId` null: a notice
 * to the whole school) stays. Other callers' replies pass unchanged, without a query.
 */
export async function keepLinkedStudents<R>(ctx: Pick<RequestContext, "principal" | "scope">, spots: readonly StudentSpot[], reply: R): Promise<R> {
  if (!spots.length || !ctx.principal.linkedStudentsOnly || reply === null || typeof reply !== "object") return reply;
  const linked = await linkedIds(ctx);
  const reaches = (record: unknown, key: "id" | "studentId") => {
    const id = (record as Node | null)?.[key];
    return id === null || id === undefined ? key === "studentId" : linked.has(Number(id));
  };
  const visit = (node: unknown, path: string[], key: StudentSpot["key"]): boolean => {
    if (node === null || typeof node !== "object") return true;
    if (!path.length) {
      if (key === "studentIds") {
        const ids = (node as Node).studentIds;
        if (Array.isArray(ids)) (node as Node).studentIds = ids.filter((id) => linked.has(Number(id)));
        return true;
      }
      return reaches(node, key);
    }
    const [head, ...rest] = path as [string, ...string[]];
    if (head === "*") return true;
    const child = (node as Node)[head];
    if (Array.isArray(child) && rest[0] === "*") {
      const kept = child.filter((item) => visit(item, rest.slice(1), key));
      const removed = child.length - kept.length;
      if (removed) {
        (node as Node)[head] = kept;
        const count = (node as Node).count;
        if (typeof count === "number") (node as Node).count = Math.max(0, count - removed);
      }
      return true;
    }
    if (!visit(child, rest, key)) throw notFound("Student");
    return true;
  };
  for (const spot of spots) {
    if (Array.isArray(reply) && spot.path[0] === "*") {
      const kept = reply.filter((item) => visit(item, spot.path.slice(1), spot.key));
      reply.splice(0, reply.length, ...kept);
    } else if (!visit(reply, spot.path, spot.key)) throw notFound("Student");
  }
  return reply;
}
