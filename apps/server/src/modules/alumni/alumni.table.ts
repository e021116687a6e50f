import { date, foreignKey, integer, text, uniqueIndex } from "drizzle-orm/pg-core";
import { tenantTable } from "../../platform/tenancy/tenant-table.js";
import { students } from "../students/students.table.js";

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
    uniqueIndex("alumni_student_key").on(t.tenantId, t.studentId),
    foreignKey({ name: "alumni_student_fk", columns: [t.tenantId, t.studentId], foreignColumns: [students.tenantId, students.id] }),
  ],
);
export type AlumnusRecord = typeof alumni.$inferSelect;
