import { z } from "zod";
import { StudentBrief } from "../academics/student.js";
import { defineAction, IdParams } from "../action.js";
import * as field from "../fields.js";
import { defineResource } from "../resource.js";
import { Gender, IdList, RowId } from "../values.js";

/** What a hall is for: a student sleeps in one dormitory and sits in one study hall at a time. */
export const HallKind = z.enum(["dormitory", "study_hall"]);
export type HallKind = z.infer<typeof HallKind>;

export const hallResource = defineResource({
  path: "hall",
  module: "halls",
  i18n: "halls:hall",
  fields: {
    name: field.text().required().search().sort().column("name").summary(),
    kind: field.choice(HallKind).required().filter().column("status"),
    capacity: field.int(1, 5000).required().sort().column("number"),
    /** The staff member who keeps the hall and is told of its absentees. */
    wardenId: field.ref("user").filter(),
    wardenName: field.readOnly(z.string().nullable()).column(),
    /** Boys' or girls' hall: a student of the other is refused. */
    gender: field.choice(Gender).filter().column(),
    studentCount: field.readOnly(z.number()).column("number"),
    notes: field.longText(),
  },
  defaultSort: "name",
});
export type HallRow = z.infer<typeof hallResource.row>;

/** A student in a hall, with since when. */
export const HallStudent = StudentBrief.extend({ since: z.string() });
export type HallStudent = z.infer<typeof HallStudent>;

export const hallStudents = defineAction({
  method: "GET",
  path: "/admin/api/hall/students/:id",
  module: "halls",
  permission: ["halls", "view"],
  family: "scoped",
  summary: "The students of a hall",
  params: IdParams,
  reply: z.object({ message: z.string(), hall: hallResource.row, rows: z.array(HallStudent), count: z.number().int() }),
  errors: [404],
});

export const HallBulkUpdate = z.object({
  id: RowId,
  studentIds: IdList(5000),
  /** Make these the hall's only students (the rest leave it); otherwise they are added. */
  replace: z.boolean().default(false),
});

/** A student who left another hall of the same kind for this one. */
export const HallMove = z.object({ studentId: RowId, name: z.string(), fromHallId: RowId, fromHall: z.string() });
export type HallMove = z.infer<typeof HallMove>;

export const bulkUpdateHall = defineAction({
  method: "POST",
  path: "/admin/api/hall/bulk-update",
  module: "halls",
  permission: ["halls", "edit"],
  summary: "Put many students in a hall in one transaction (a student in another hall of the same kind is moved)",
  description:
    "All or none. A student is in one hall of a kind at a time (a unique index): one in another dormitory is moved here and named in `moved`. " +
    "More students than the hall's capacity is a 409 naming the hall and its capacity; a student of the other gender than the hall's is a 400.",
  body: HallBulkUpdate,
  reply: z.object({ message: z.string(), added: z.number().int(), removed: z.number().int(), moved: z.array(HallMove), count: z.number().int() }),
  errors: [404, 409],
  refreshes: ["hall"],
});

export const removeHallStudent = defineAction({
  method: "POST",
  path: "/admin/api/hall/remove-student",
  module: "halls",
  permission: ["halls", "edit"],
  summary: "Take one student out of a hall",
  body: z.object({ id: RowId, studentId: RowId }),
  reply: z.object({ message: z.string(), count: z.number().int() }),
  errors: [404],
  refreshes: ["hall"],
});
