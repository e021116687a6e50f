import { z } from "zod";
import { RowId } from "../admin/common.js";
import { Email, Mobile } from "../admin/users.js";
import { defineResource } from "../resource.js";
import { DateOnly, updateOf } from "./common.js";

/** A former student: when they left, where they went, how to reach them. */
export const AlumnusRow = z.object({
  id: z.number(),
  studentId: z.number().nullable(),
  admissionNo: z.string().nullable(),
  name: z.string(),
  nameNative: z.string().nullable(),
  yearOfLeaving: z.number(),
  leftOn: z.string().nullable(),
  destination: z.string().nullable(),
  occupation: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type AlumnusRow = z.infer<typeof AlumnusRow>;
const alumnusFields = {
  /** The student record, when the school has one; its name is used when none is given. */
  studentId: RowId.nullish(),
  name: z.string().trim().min(1).max(120),
  nameNative: z.string().trim().max(120).nullish(),
  yearOfLeaving: z.number().int().min(1900).max(2200),
  leftOn: DateOnly.nullish(),
  destination: z.string().trim().max(300).nullish(),
  occupation: z.string().trim().max(120).nullish(),
  mobile: Mobile.nullish(),
  email: Email.nullish(),
  address: z.string().trim().max(500).nullish(),
  notes: z.string().trim().max(2000).nullish(),
};
export const AlumnusCreate = z.object({ ...alumnusFields, name: alumnusFields.name.optional() }).refine((b) => b.name || b.studentId, {
  message: "Give the name, or choose the student",
  path: ["name"],
});
export const AlumnusUpdate = updateOf(alumnusFields);

export const alumniResource = defineResource({
  path: "alumni",
  module: "students",
  i18n: "alumni",
  row: AlumnusRow,
  create: AlumnusCreate,
  update: AlumnusUpdate,
  filters: { yearOfLeaving: "exact" },
  search: ["name", "nameNative", "destination", "mobile"],
  sortable: ["name", "yearOfLeaving", "createdAt"],
  defaultSort: "-yearOfLeaving",
  columns: [
    { key: "name", sortable: true },
    { key: "yearOfLeaving", kind: "number", sortable: true },
    { key: "destination" },
    { key: "occupation" },
    { key: "mobile" },
  ],
  fields: [
    { key: "studentId", kind: "select", ref: { resource: "student", label: "name" } },
    { key: "name", kind: "text" },
    { key: "nameNative", kind: "text" },
    { key: "yearOfLeaving", kind: "number", required: true },
    { key: "leftOn", kind: "date" },
    { key: "destination", kind: "text" },
    { key: "occupation", kind: "text" },
    { key: "mobile", kind: "phone" },
    { key: "email", kind: "email" },
    { key: "address", kind: "textarea" },
    { key: "notes", kind: "textarea" },
  ],
});
