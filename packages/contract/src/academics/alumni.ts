import { z } from "zod";
import * as field from "../fields.js";
import { defineResource } from "../resource.js";

/** A former student: when they left, where they went, how to reach them. */
export const alumniResource = defineResource({
  path: "alumni",
  module: "students",
  i18n: "students:alumni",
  fields: {
    /** The student record, when the school has one; its name is used when none is given. */
    studentId: field.ref("student"),
    admissionNo: field.readOnly(z.string().nullable()),
    name: field.text().required().search().sort().column("name").summary(),
    nameNative: field.nativeText().search(),
    yearOfLeaving: field.int(1900, 2200).required().filter().sort().column("year"),
    leftOn: field.date(),
    destination: field.text(300).search().column(),
    occupation: field.text().column(),
    mobile: field.phone().search().column("phone"),
    email: field.email(),
    address: field.longText(500),
    notes: field.longText(),
  },
  defaultSort: "-yearOfLeaving",
  refine: (create) => create.partial({ name: true }).refine((b) => b.name || b.studentId, { message: "Give the name, or choose the student", path: ["name"] }),
});
export type AlumnusRow = z.infer<typeof alumniResource.row>;
