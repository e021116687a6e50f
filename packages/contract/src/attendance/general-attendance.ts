import { z } from "zod";
import { defineAction, IdParams } from "../action.js";
import * as field from "../fields.js";
import { defineResource } from "../resource.js";
import { DateOnly, IdList, RowId, Status } from "../values.js";

/**
 * The school's own registers (general attendance): an event, a hostel night roll, a trip. Each
 * has a type, the students on it (its entries) and a record per student per date.
 */

export const GENERAL_MARKS = ["present", "absent", "late", "excused"] as const;
export const GeneralMark = z.enum(GENERAL_MARKS);
export type GeneralMark = z.infer<typeof GeneralMark>;

export const generalAttendanceTypeResource = defineResource({
  path: "general-attendance/type",
  module: "attendance",
  i18n: "salaah:generalTypes",
  fields: {
    name: field.text(80).required().search().sort().column().summary(),
    nameNative: field.nativeText(80).column(),
    status: field.choice(Status).default("active").filter().column("status"),
  },
  defaultSort: "name",
});

const registerFields = {
  name: field.text(120).required().search().sort().column().summary(),
  typeId: field.ref("general-attendance/type").required().filter(),
  typeName: field.readOnly(z.string()).column(),
  startDate: field.date().required().filter("range").sort().column("date"),
  /** Empty: one day (the start date). */
  endDate: field.date().column("date"),
  note: field.longText(500),
  /** Who is on the register. */
  studentIds: field.shaped(IdList(2000), z.array(z.number())),
  entryCount: field.readOnly(z.number()).column("number"),
  status: field.choice(Status).default("active").filter().column("status"),
};

export const generalAttendanceResource = defineResource({
  path: "general-attendance",
  module: "attendance",
  i18n: "salaah:registers",
  fields: registerFields,
  defaultSort: "-startDate",
  refine: (create) => create.refine((b) => !b.endDate || b.endDate >= b.startDate, { message: "The register ends before it starts", path: ["endDate"] }),
});
export type GeneralAttendanceRow = z.infer<typeof generalAttendanceResource.row>;

const OneRegister = z.object({ message: z.string(), data: generalAttendanceResource.row });

export const getGeneralAttendance = defineAction({
  method: "GET",
  path: "/admin/api/general-attendance/:id",
  module: "attendance",
  permission: ["attendance", "view"],
  family: "scoped",
  summary: "One register of the school's own",
  params: IdParams,
  reply: OneRegister,
  errors: [404],
});

export const updateGeneralAttendance = defineAction({
  method: "PUT",
  path: "/admin/api/general-attendance/:id",
  module: "attendance",
  permission: ["attendance", "edit"],
  summary: "Update a register of the school's own (its students too, when studentIds is given)",
  params: IdParams,
  body: generalAttendanceResource.update.omit({ id: true }),
  reply: OneRegister,
  errors: [404, 409],
  refreshes: ["general-attendance"],
});

/** The students on a register, with their mark of `date` when one is asked for. */
export const generalAttendanceEntries = defineAction({
  method: "GET",
  path: "/admin/api/general-attendance/:id/entries",
  module: "attendance",
  permission: ["attendance", "view"],
  family: "scoped",
  summary: "The students on a register, with each one's mark of a date",
  params: IdParams,
  query: z.object({ date: DateOnly.optional() }),
  reply: z.object({
    message: z.string(),
    count: z.number().int(),
    rows: z.array(
      z.object({
        studentId: RowId,
        admissionNo: z.string(),
        name: z.string(),
        nameNative: z.string().nullable(),
        mark: GeneralMark.nullable(),
        note: z.string().nullable(),
      }),
    ),
  }),
  errors: [404],
});

/** POST {id}/records: a day's marks of the register in one upsert; the same marks twice change nothing. */
export const saveGeneralRecords = defineAction({
  method: "POST",
  path: "/admin/api/general-attendance/:id/records",
  module: "attendance",
  permission: ["attendance", "add"],
  summary: "Mark a register for one date in one call",
  description: "Body {generalAttendanceId, date, entries: [{studentId, mark, note?}]}: one multi-row upsert; students must be on the register.",
  params: IdParams,
  body: z.object({
    generalAttendanceId: RowId.optional(),
    date: DateOnly,
    entries: z
      .array(z.object({ studentId: RowId, mark: GeneralMark, note: z.string().trim().max(200).nullish() }))
      .min(1)
      .max(2000)
      .refine((e) => new Set(e.map((x) => x.studentId)).size === e.length, "A student is listed twice"),
  }),
  reply: z.object({ message: z.string(), saved: z.number().int(), changed: z.number().int() }),
  errors: [404],
  refreshes: ["general-attendance"],
});

export const updateGeneralAttendanceType = defineAction({
  method: "PUT",
  path: "/admin/api/general-attendance/type/:id",
  module: "attendance",
  permission: ["attendance", "edit"],
  summary: "Update a type of the school's own registers",
  params: IdParams,
  body: generalAttendanceTypeResource.update.omit({ id: true }),
  reply: z.object({ message: z.string(), data: generalAttendanceTypeResource.row }),
  errors: [404, 409],
  refreshes: ["general-attendance/type"],
});
