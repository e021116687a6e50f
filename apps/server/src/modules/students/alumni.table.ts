import { date, foreignKey, index, integer, text, uniqueIndex } from "drizzle-orm/pg-core";
import { family } from "../../platform/auth/family-links.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { declareReference } from "../../platform/tenancy/references.js";
import { searchIndex, tenantTable, textSortIndex } from "../../platform/tenancy/tenant-table.js";
import { uniqueMeaning } from "../../platform/tenancy/unique-constraints.js";
import { students } from "./students.table.js";

/** A former student: year of leaving, where they went, how to reach them. */
export const alumni = tenantTable(
  "alumni",
  {
    studentId: integer(),
    name: text().notNull(),
    nameNative: text(),
    yearOfLeaving: integer().notNull(),
    leftOn: date({ mode: "string" }),
    destination: text(),
    occupation: text(),
    mobile: text(),
    email: text(),
    address: text(),
    notes: text(),
  },
  (t) => [
    uniqueIndex(uniqueMeaning("alumni_student_key", { code: "alumni.exists", message: "This student already has an alumni record.", field: "studentId" })).on(
      t.tenantId,
      t.studentId,
    ),
    foreignKey({ name: "alumni_student_fk", columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }),
    textSortIndex("alumni_name_idx", t.tenantId, t.name, t.id),
    index("alumni_year_idx").on(t.tenantId, t.yearOfLeaving, t.id),
    searchIndex("alumni_search_idx", t.name, t.nameNative, t.destination, t.mobile),
  ],
);
declareReference(alumni, alumni.studentId, students, "alumni");

// How the table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(alumni, family.student(alumni.studentId));
