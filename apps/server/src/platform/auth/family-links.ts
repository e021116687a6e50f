import { and, count, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { notFound } from "../http/errors.js";
import { declareFamilyLink, type FamilyCaller, type FamilyLink, familyLinks } from "../tenancy/family-scope.js";
import type { TenantScope } from "../tenancy/tenant-scope.js";
import { roles } from "./roles.table.js";
import { guardians, profiles, users } from "./users.table.js";

/** The ids of the students linked to the caller as guardian, as a sub-select. */
export const linkedStudentIds = (caller: FamilyCaller) =>
  sql`(select ${guardians.studentId} from ${guardians} where ${guardians.tenantId} = ${caller.tenantId} and ${guardians.userId} = ${caller.userId})`;

/**
 * The builders of a table's family link (platform/tenancy/family-scope.ts), declared beside the
 * table: `declareFamilyLink(hifzLogs, family.through(hifzLogs.hafizId, hafiz))`.
 */
export const family = {
  ...familyLinks,
  /** Rows about the student in `column` (a null column: about no child, so not a family's). */
  student: (column: AnyPgColumn) => familyLinks.rows(`${column.name} is a linked student`, (c) => inArray(column, linkedStudentIds(c))),
  /**
   * Rows that meet `link` and are about no child or one of the family's (a message sent to a
   * parent about a child no longer linked to them is not theirs to read).
   */
  aboutOwnChildren: (link: FamilyLink, studentColumn: AnyPgColumn) =>
    familyLinks.rows(
      `${link.kind === "rows" ? link.describe : link.kind}, about no child or one of the family's`,
      (c) => and(familyLinks.condition(link, c), or(isNull(studentColumn), inArray(studentColumn, linkedStudentIds(c)))) as SQL,
    ),
  /** Rows made for the family's mobile number (an application a guardian sent before they had an account). */
  mobile: (column: AnyPgColumn) =>
    familyLinks.rows(`${column.name} is the family's mobile`, (c) =>
      inArray(column, sql`(select ${users.mobile} from ${users} where ${users.tenantId} = ${c.tenantId} and ${users.id} = ${c.userId})`),
    ),
};

/** The school's staff: users with a profile whose role reaches every student. */
const staffUserIds = (c: FamilyCaller) =>
  sql`(select ${profiles.userId} from ${profiles} inner join ${roles} on ${and(eq(roles.tenantId, profiles.tenantId), eq(roles.id, profiles.roleId))} where ${and(eq(profiles.tenantId, c.tenantId), eq(roles.linkedStudentsOnly, false))})`;

// A family sees itself, the school's staff (its children's teachers, the office) and the other
// guardians of its own children; never another family's people or numbers.
declareFamilyLink(
  users,
  familyLinks.rows(
    "the family's user, the staff, or a guardian of the family's children",
    (c) =>
      or(
        eq(users.id, c.userId),
        inArray(users.id, staffUserIds(c)),
        inArray(
          users.id,
          sql`(select ${guardians.userId} from ${guardians} where ${guardians.tenantId} = ${c.tenantId} and ${guardians.studentId} in ${linkedStudentIds(c)})`,
        ),
      ) as SQL,
  ),
);
declareFamilyLink(profiles, familyLinks.through(profiles.userId, users));
declareFamilyLink(guardians, family.student(guardians.studentId));
declareFamilyLink(roles, familyLinks.school);

/**
 * For a call about one student (an action declaring `family: { student }`): in a family's scope,
 * a student who is not one of its children answers 404 before anything else is read. Staff and
 * an absent value pass: the call's own lookups are scoped as usual.
 */
export async function requireFamilyStudent(scope: TenantScope, value: unknown) {
  if (!scope.family || value === undefined || value === null || value === "") return;
  const id = Number(value);
  const [row] = Number.isSafeInteger(id)
    ? await scope.db
        .select({ n: count() })
        .from(guardians)
        .where(and(eq(guardians.tenantId, scope.tenantId), eq(guardians.userId, scope.family.userId), eq(guardians.studentId, id)))
    : [];
  if (!row?.n) throw notFound("Student");
}
